package gaps_test

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/query/gaps"
)

// TestTermsReadTheFirst4KiB: a text's words are read in its first 4 KiB, as the assistant's
// search reads a question, so the up to 1,000 unanswered questions of 32,000 characters a
// public key can leave cost the content gaps no more than questions of 4 KiB; a text cut
// inside a character loses that character only.
func TestTermsReadTheFirst4KiB(t *testing.T) {
	pad := strings.Repeat("a ", 2048) // 4096 bytes of one-letter words, none a term
	for _, tc := range []struct{ name, text, late string }{
		{"word", pad + "webhook", "webhook"},
		{"chinese pair", pad + "路线", "路线"},
		{"korean pair", pad + "비밀", "비밀"},
		{"cut inside a character", strings.Repeat("a ", 2047) + "a路线", "路线"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := gaps.Terms(tc.text); slices.Contains(got, tc.late) {
				t.Errorf("Terms holds %q, which starts past the text's first 4096 bytes", tc.late)
			}
			if got := gaps.Terms(strings.Repeat("a ", 2000) + tc.late); !slices.Contains(got, tc.late) {
				t.Errorf("Terms = %q, want %q, within the first 4096 bytes", got, tc.late)
			}
		})
	}
}

// TestClusterLongCJKText: a text of one long run of Chinese characters that shares no word is
// a topic of its own shown by that run (cut at 4 KiB), and two texts that share a pair inside
// long runs meet on the stretch they share.
func TestClusterLongCJKText(t *testing.T) {
	var b strings.Builder
	for i := range 5000 {
		b.WriteRune(rune(0x4e00 + (i*7919)%20000))
	}
	long := b.String()
	got := gaps.Cluster([]string{long})
	if len(got) != 1 || len(got[0].Terms) != 1 || !strings.HasPrefix(long, got[0].Terms[0]) || len(got[0].Terms[0]) > 4096 || len(got[0].Terms[0]) < 4090 {
		t.Fatalf("Cluster(one long run) = %d topics, terms of %d bytes; want one topic shown by the run's first 4 KiB", len(got), len(got[0].Terms[0]))
	}
	run := []rune(long)
	a, c := string(run[100:400])+"重置密码", "重置密码"+string(run[500:700])
	if got := gaps.Cluster([]string{a, c}); len(got) != 1 || got[0].Key != "重置密码" {
		t.Errorf("Cluster(two long runs sharing 重置密码) = %+v; want one topic 重置密码", got)
	}
}

// TestClusterWorkBoundedInTermsPassedOver: in a topic of texts of long runs of Chinese, every
// pair of a run has the whole run as its form, so all but one are passed over when the topic's
// terms are chosen; Cluster looks at a bounded number of them, so its allocations do not grow
// with the runs' length (they grew by three for each pair: 1,000 unanswered questions of 32,000
// characters made the content gaps take 50 s).
func TestClusterWorkBoundedInTermsPassedOver(t *testing.T) {
	allocs := func(n int) float64 {
		var a, b strings.Builder
		for i := range n { // every pair of a sorts before every pair of b
			a.WriteRune(rune(0x4e00 + (i*7919)%8000))
			b.WriteRune(rune(0x7000 + (i*104729+13)%8000))
		}
		texts := []string{"共享 " + a.String(), "共享 " + b.String()}
		return testing.AllocsPerRun(3, func() { gaps.Cluster(texts) })
	}
	short, long := allocs(300), allocs(1200)
	t.Logf("allocations: %.0f (runs of 300), %.0f (1,200)", short, long)
	if long-short > 300 {
		t.Errorf("Cluster made %.0f allocations for two runs of 300 characters and %.0f for runs of 1,200: the work grows with the pairs passed over", short, long)
	}
}

// TestRankShowsAQuestionsFirst4KiB: a question the assistant could not answer, or whose answer
// was rated down, is stored whole (up to 32,000 characters); a gap reads and shows its first
// 4 KiB, in its texts and its threads' evidence, so 1,000 of them are no 100 MB answer.
func TestRankShowsAQuestionsFirst4KiB(t *testing.T) {
	long := strings.Repeat("重置密码", 2700) // 32,400 bytes
	sig := store.GapSignals{
		Unanswered: []store.GapTurn{{ID: "t1", ThreadID: "thr_a", Query: long, At: at(1)}},
		RatedDown:  []store.GapRating{{FeedbackID: "f1", ThreadID: "thr_b", TurnID: "t2", Query: "x" + long, At: at(2)}},
	}
	gs := gaps.Rank(sig, gaps.DefaultOptions())
	if len(gs) == 0 {
		t.Fatal("no gaps")
	}
	for _, g := range gs {
		if len(g.Title) > 4096 {
			t.Errorf("gap %.40q: title of %d bytes", g.Key, len(g.Title))
		}
		for _, q := range g.Queries {
			if len(q.Text) > 4096 || !utf8.ValidString(q.Text) {
				t.Errorf("gap %.40q: text of %d bytes (valid UTF-8: %v); want at most 4096", g.Key, len(q.Text), utf8.ValidString(q.Text))
			}
		}
		for _, th := range g.Threads {
			asked := map[string]string{"thr_a": long, "thr_b": "x" + long}[th.ThreadID]
			if len(th.Query) > 4096 || len(th.Query) < 4093 || !strings.HasPrefix(asked, th.Query) || !utf8.ValidString(th.Query) {
				t.Errorf("gap %.40q, thread %s: question of %d bytes; want its first 4096 bytes or fewer, whole characters", g.Key, th.ThreadID, len(th.Query))
			}
		}
	}
}
