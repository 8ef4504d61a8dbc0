package export_test

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/query/export"
	"github.com/lectern-dev/lectern/schemas/event"
)

// fields marshals v as the route does and returns the first record of list as a map, so a
// test tells a field left out from a field set to null.
func fields(t *testing.T, v any, list string) map[string]any {
	t.Helper()
	raw, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("marshal: %v", err)
	}
	var page map[string]json.RawMessage
	if err := json.Unmarshal(raw, &page); err != nil {
		t.Fatalf("unmarshal %s: %v", raw, err)
	}
	var records []map[string]any
	if err := json.Unmarshal(page[list], &records); err != nil || len(records) != 1 {
		t.Fatalf("%s: want one record, got %s (%v)", list, raw, err)
	}
	return records[0]
}

// want says a field's expected JSON: absent, null, or this value.
type want struct {
	absent bool
	value  any // nil means null
}

func checkFields(t *testing.T, got map[string]any, wants map[string]want) {
	t.Helper()
	for name, w := range wants {
		v, ok := got[name]
		switch {
		case w.absent && ok:
			t.Errorf("%s = %v, want it left out", name, v)
		case !w.absent && !ok:
			t.Errorf("%s left out, want %v (Mintlify's schema requires it)", name, w.value)
		case !w.absent && v != w.value:
			t.Errorf("%s = %#v, want %#v", name, v, w.value)
		}
	}
}

// TestFeedbackRecordFields: Mintlify's FeedbackResponse requires contact (a string or null) on
// contextual feedback and on thumbs-only feedback, which "shares the same schema as contextual
// feedback" (its feedback export page); code snippet and agent feedback carry it only when given.
func TestFeedbackRecordFields(t *testing.T) {
	yes := true
	at := time.Date(2024, 5, 1, 12, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		name string
		rec  event.Feedback
		want map[string]want
	}{
		{"contextual without contact", event.Feedback{Source: event.SourceContextual, Helpful: &yes},
			map[string]want{"contact": {}, "helpful": {value: true}, "code": {absent: true}}},
		{"contextual with contact", event.Feedback{Source: event.SourceContextual, Helpful: &yes, Contact: "a@example.com"},
			map[string]want{"contact": {value: "a@example.com"}}},
		{"code snippet", event.Feedback{Source: event.SourceCodeSnippet, Code: "ls", Lang: "bash"},
			map[string]want{"contact": {absent: true}, "helpful": {absent: true}, "code": {value: "ls"}, "filename": {value: ""}, "lang": {value: "bash"}}},
		{"thumbs only", event.Feedback{Source: event.SourceThumbsOnly, Helpful: &yes},
			map[string]want{"contact": {}, "helpful": {value: true}, "code": {absent: true}}},
		{"agent with contact", event.Feedback{Source: event.SourceAgent, Contact: "ops@example.com"},
			map[string]want{"contact": {value: "ops@example.com"}, "helpful": {absent: true}}},
		{"agent without contact", event.Feedback{Source: event.SourceAgent},
			map[string]want{"contact": {absent: true}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.rec.ID, tc.rec.Path, tc.rec.CreatedAt, tc.rec.UpdatedAt = "01JV3QA2M4T7X9B1C3D5E7G9HK", "/a", at, at
			tc.rec.Status = event.StatusPending
			got := fields(t, export.FeedbackJSON(store.FeedbackPage{Records: []event.Feedback{tc.rec}}), "feedback")
			checkFields(t, got, tc.want)
		})
	}
}

// TestConversationRecordFields: Mintlify's AssistantConversationsResponse requires
// queryCategory and pageUrl on every conversation, null when there is none.
func TestConversationRecordFields(t *testing.T) {
	at := time.Date(2024, 5, 1, 12, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		name string
		rec  event.Conversation
		want map[string]want
	}{
		{"neither", event.Conversation{},
			map[string]want{"queryCategory": {}, "pageUrl": {}, "aborted": {absent: true}}},
		{"both", event.Conversation{QueryCategory: "Get started", PageURL: "/introduction"},
			map[string]want{"queryCategory": {value: "Get started"}, "pageUrl": {value: "/introduction"}}},
		{"aborted", event.Conversation{Aborted: true, ResolutionStatus: event.Resolution("aborted")},
			map[string]want{"aborted": {value: true}, "resolutionStatus": {value: "aborted"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.rec.ID, tc.rec.ThreadID, tc.rec.Timestamp = "01JV3QA2M4T7X9B1C3D5E7G9HK", "thr_01JV3QA2M4T7X9B1C3D5E7G9HK", at
			got := fields(t, export.ConversationJSON(store.ConversationPage{Records: []event.Conversation{tc.rec}}), "conversations")
			checkFields(t, got, tc.want)
			if s, ok := got["sources"].([]any); !ok || len(s) != 0 {
				t.Errorf("sources = %#v, want []", got["sources"])
			}
		})
	}
}
