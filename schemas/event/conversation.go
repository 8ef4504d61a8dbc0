package event

import "time"

// Resolution says whether the assistant found an answer in the docs.
type Resolution string

// Resolution states; docs teams use unanswered questions to find content gaps.
const (
	Answered   Resolution = "answered"
	Unanswered Resolution = "unanswered"
	// Aborted: the reader left before the answer was complete. Such turns say nothing about
	// whether the docs cover the question, so they count as neither answered nor unanswered.
	Aborted Resolution = "aborted"
)

// Citation is a page the assistant cited.
type Citation struct {
	Title string `json:"title"`
	URL   string `json:"url"`
}

// Conversation is one assistant turn: the reader's question and the reply.
type Conversation struct {
	ID               string     `json:"id"`
	ProjectID        string     `json:"projectId"`
	Domain           string     `json:"domain"`
	ThreadID         string     `json:"threadId"`
	Timestamp        time.Time  `json:"timestamp"`
	Query            string     `json:"query"`
	Response         string     `json:"response"`
	Sources          []Citation `json:"sources"`
	QueryCategory    string     `json:"queryCategory,omitempty"`
	ResolutionStatus Resolution `json:"resolutionStatus"`
	PageURL          string     `json:"pageUrl,omitempty"`
	FP               string     `json:"fp,omitempty"`
	Aborted          bool       `json:"aborted,omitempty"`
	Caller           Caller     `json:"caller,omitempty"` // web, api or other
	Client           string     `json:"client,omitempty"` // the integration X-Lectern-Client named, for Caller other
}
