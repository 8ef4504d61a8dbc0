package answer_test

import (
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/answer"
)

func TestFitOrder(t *testing.T) {
	p := answer.Prompt{
		Site: "acme", Question: "How do I rotate keys?",
		Sources: []answer.Source{{Title: "Keys", URL: "/keys", Text: strings.Repeat("k", 2000)}},
		History: []answer.Turn{{Question: "old", Answer: strings.Repeat("o", 3000)}, {Question: "recent", Answer: strings.Repeat("r", 3000)}},
		Context: []answer.ContextItem{{Type: "code", Value: strings.Repeat("a", 3000)}, {Type: "code", Value: strings.Repeat("b", 3000)}},
	}
	full := answer.MessageBytes(&p)
	for _, tc := range []struct {
		name          string
		budget        int  // bytes
		history       int  // turns kept
		lastCut       bool // the last context item is shortened, the first kept whole
		sourcesIntact bool
	}{
		{"everything fits", full, 2, false, true},
		{"oldest turn goes first", full - 100, 1, false, true},
		{"then the last context item shrinks", full - 6100 - 1000, 0, true, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := answer.Fit(p, (tc.budget+3)/4)
			if n := answer.MessageBytes(&got); n > (tc.budget+3)/4*4 {
				t.Fatalf("%d bytes after Fit; budget %d", n, tc.budget)
			}
			if len(got.History) != tc.history {
				t.Errorf("kept %d turns, want %d", len(got.History), tc.history)
			}
			if tc.history == 1 && got.History[0].Question != "recent" {
				t.Errorf("kept turn %q; the oldest must go first", got.History[0].Question)
			}
			if got.Question != p.Question {
				t.Error("the question changed")
			}
			if tc.sourcesIntact && got.Sources[0].Text != p.Sources[0].Text {
				t.Error("the excerpts were cut before the history and the context")
			}
			if tc.lastCut && (len(got.Context) != 2 || len(got.Context[0].Value) != 3000 || len(got.Context[1].Value) >= 3000) {
				t.Errorf("context %d items; want the first whole and the last shortened", len(got.Context))
			}
			if !tc.lastCut && (len(got.Context) != 2 || len(got.Context[1].Value) != 3000) {
				t.Error("the context was cut while dropping turns was enough")
			}
		})
	}
	// A budget below the excerpts themselves cuts the excerpts, never the question.
	tiny := answer.Fit(p, 300)
	if tiny.Question != p.Question || len(tiny.History) != 0 || len(tiny.Context) != 0 || len(tiny.Sources[0].Text) >= 2000 {
		t.Errorf("tiny budget: question %q, %d turns, %d context, excerpt %d bytes", tiny.Question, len(tiny.History), len(tiny.Context), len(tiny.Sources[0].Text))
	}
	if p.History[0].Question != "old" || len(p.Context[1].Value) != 3000 {
		t.Error("Fit changed its argument")
	}
}
