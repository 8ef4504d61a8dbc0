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

// TestFitSkills: what the docs team adds gives way after the excerpts: the loaded skills (the
// last loaded first), then the instructions, then the end of the skill list.
func TestFitSkills(t *testing.T) {
	p := answer.Prompt{
		Site: "acme", Question: "How do I rotate keys?",
		Sources:      []answer.Source{{Title: "Keys", URL: "/keys", Text: strings.Repeat("k", 2000)}},
		Instructions: strings.Repeat("i", 1000),
		Skills: []answer.Skill{
			{Slug: "one", Name: "One", Description: strings.Repeat("1", 300)},
			{Slug: "two", Name: "Two", Description: strings.Repeat("2", 300)},
		},
		Loaded: []answer.SkillCall{
			{ID: "call_1", Slug: "one", Loaded: true, Result: strings.Repeat("a", 3000)},
			{ID: "call_2", Slug: "two", Loaded: true, Result: strings.Repeat("b", 3000)},
		},
	}
	full := answer.MessageBytes(&p)
	for _, tc := range []struct {
		name                  string
		budget                int // bytes, a multiple of 4
		source, first, second int // bytes kept of each
		instructions, skills  int
	}{
		{"everything fits", (full + 3) / 4 * 4, 2000, 3000, 3000, 1000, 2},
		{"the excerpts first", (full - 1000) / 4 * 4, -1, 3000, 3000, 1000, 2},
		{"then the last loaded skill", (full - 2000 - 1500) / 4 * 4, 0, 3000, -1, 1000, 2},
		{"then the instructions", (full - 2000 - 6000 - 500) / 4 * 4, 0, 0, 0, -1, 2},
		{"then the skill list", (full - 2000 - 6000 - 1000 - 200) / 4 * 4, 0, 0, 0, 0, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := answer.Fit(p, tc.budget/4)
			if n := answer.MessageBytes(&got); n > tc.budget {
				t.Fatalf("%d bytes after Fit; budget %d", n, tc.budget)
			}
			kept := []struct {
				what      string
				got, want int
				whole     int
			}{
				{"excerpt", len(got.Sources[0].Text), tc.source, 2000},
				{"first skill", len(got.Loaded[0].Result), tc.first, 3000},
				{"second skill", len(got.Loaded[1].Result), tc.second, 3000},
				{"instructions", len(got.Instructions), tc.instructions, 1000},
				{"listed skills", len(got.Skills), tc.skills, 2},
			}
			for _, k := range kept {
				// -1: cut, but not to nothing.
				if (k.want == -1 && (k.got == 0 || k.got >= k.whole)) || (k.want != -1 && k.got != k.want) {
					t.Errorf("%s: %d kept, want %d (of %d)", k.what, k.got, k.want, k.whole)
				}
			}
			if got.Question != p.Question {
				t.Error("the question changed")
			}
		})
	}
	if len(p.Loaded[1].Result) != 3000 || len(p.Instructions) != 1000 || len(p.Skills) != 2 {
		t.Error("Fit changed its argument")
	}
}
