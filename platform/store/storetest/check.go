package storetest

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/schemas/event"
)

// ms is what a store keeps of a time: UTC, whole milliseconds.
func ms(t time.Time) time.Time { return t.UTC().Truncate(time.Millisecond) }

// storedFeedback is f as a store returns it.
func storedFeedback(f event.Feedback) event.Feedback {
	f.CreatedAt, f.UpdatedAt = ms(f.CreatedAt), ms(f.UpdatedAt)
	return f
}

// storedConversation is c as a store returns it: times in UTC milliseconds, sources never nil.
func storedConversation(c event.Conversation) event.Conversation {
	c.Timestamp = ms(c.Timestamp)
	if c.Sources == nil {
		c.Sources = []event.Citation{}
	}
	return c
}

func sameFeedback(t *testing.T, what string, got, want event.Feedback) {
	t.Helper()
	want = storedFeedback(want)
	if !reflect.DeepEqual(got, want) || got.CreatedAt.Location() != time.UTC || got.UpdatedAt.Location() != time.UTC {
		t.Errorf("%s:\n got %s\nwant %s", what, js(got), js(want))
	}
}

func sameConversation(t *testing.T, what string, got, want event.Conversation) {
	t.Helper()
	want = storedConversation(want)
	if !reflect.DeepEqual(got, want) || got.Timestamp.Location() != time.UTC || got.Sources == nil {
		t.Errorf("%s:\n got %s\nwant %s", what, js(got), js(want))
	}
}

func sameFeedbackList(t *testing.T, what string, got, want []event.Feedback) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("%s: %d records, want %d: got ids %v, want %v", what, len(got), len(want), fbIDs(got), fbIDs(want))
		return
	}
	for i := range got {
		sameFeedback(t, what, got[i], want[i])
	}
}

func sameConversationList(t *testing.T, what string, got, want []event.Conversation) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("%s: %d records, want %d: got ids %v, want %v", what, len(got), len(want), convIDs(got), convIDs(want))
		return
	}
	for i := range got {
		sameConversation(t, what, got[i], want[i])
	}
}

func fbIDs(fs []event.Feedback) []string {
	ids := make([]string, len(fs))
	for i, f := range fs {
		ids[i] = f.ID
	}
	return ids
}

func convIDs(cs []event.Conversation) []string {
	ids := make([]string, len(cs))
	for i, c := range cs {
		ids[i] = c.ID
	}
	return ids
}

func js(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return err.Error()
	}
	return string(b)
}
