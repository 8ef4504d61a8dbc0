package gaps_test

import (
	"slices"
	"strings"
	"testing"

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
