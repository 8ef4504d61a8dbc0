package export

import "github.com/lectern-dev/lectern/platform/store"

// FeedbackJSON exposes the feedback envelope to the tests, as the value the route writes.
func FeedbackJSON(p store.FeedbackPage) any { return feedbackEnvelope(p) }

// ConversationJSON exposes the conversation envelope to the tests, as the value the route writes.
func ConversationJSON(p store.ConversationPage) any { return conversationEnvelope(p) }
