package storetest

import (
	"strings"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/schemas/event"
)

// gapCutQuestions are the questions of testGapQuestionsCut: past the cut in characters of
// one to four bytes, one whose cut falls inside a run of three-byte characters past 4,096
// bytes, one of exactly store.MaxGapQueryChars characters and a short one.
var gapCutQuestions = []struct{ name, query string }{
	{"ASCII", strings.Repeat("why does the webhook retry ", 200)},
	{"two-byte characters", strings.Repeat("é", store.MaxGapQueryChars+1)},
	{"three-byte characters", strings.Repeat("日本語", 2000)},
	{"four-byte characters", strings.Repeat("😀?", 3000)},
	{"a character past the cut", strings.Repeat("a", store.MaxGapQueryChars-1) + "日本"},
	{"exactly the cut", strings.Repeat("ß", store.MaxGapQueryChars)},
	{"short", "how do I rotate my API keys?"},
}

// firstChars is s cut to its first n characters (code points).
func firstChars(s string, n int) string {
	for i := range s {
		if n == 0 {
			return s[:i]
		}
		n--
	}
	return s
}

// testGapQuestionsCut: the gaps read each question, unanswered or rated down, to its first
// store.MaxGapQueryChars characters, cut by the store (not read whole and cut by the caller),
// in characters, not bytes; a question no longer than that comes back whole.
func testGapQuestionsCut(t *testing.T, s Store) {
	g := NewGen(71)
	var b store.Batch
	want := map[string]string{} // by turn id: the unanswered ones and the rated ones
	for i, q := range gapCutQuestions {
		at := day0.Add(time.Duration(i) * time.Minute)
		un := g.Conversation("pc", at)
		un.ThreadID, un.Query, un.ResolutionStatus = "thr-unanswered-"+g.text(1), q.query, event.Unanswered
		rated := g.Conversation("pc", at.Add(time.Second))
		rated.ThreadID, rated.Query, rated.ResolutionStatus = "thr-rated-"+g.text(1), q.query, event.Answered
		f := g.Feedback("pc", at.Add(2*time.Second))
		f.ThreadID, f.Helpful, f.Source = rated.ThreadID, ptr(false), event.SourceThumbsOnly
		b.Conversations = append(b.Conversations, un, rated)
		b.Feedback = append(b.Feedback, f)
		want[un.ID], want[rated.ID] = firstChars(q.query, store.MaxGapQueryChars), firstChars(q.query, store.MaxGapQueryChars)
	}
	write(t, s, b)
	got, err := s.GapSignals(t.Context(), "pc", store.Range{From: day0, To: day0.Add(24 * time.Hour)})
	if err != nil {
		t.Fatalf("GapSignals: %v", err)
	}
	read := map[string]string{}
	for _, u := range got.Unanswered {
		read[u.ID] = u.Query
	}
	for _, r := range got.RatedDown {
		read[r.TurnID] = r.Query
	}
	if len(read) != len(want) {
		t.Fatalf("%d unanswered and rated questions read, want %d", len(read), len(want))
	}
	for i, c := range b.Conversations {
		q := gapCutQuestions[i/2]
		if r, w := read[c.ID], want[c.ID]; r != w {
			t.Errorf("%s (%d characters, %s): read %d characters, %d bytes; want its first %d characters, %d bytes",
				q.name, len([]rune(q.query)), map[bool]string{true: "unanswered", false: "rated down"}[i%2 == 0],
				len([]rune(r)), len(r), len([]rune(w)), len(w))
		}
	}
}
