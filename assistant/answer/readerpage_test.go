package answer_test

import (
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/answer"
)

// TestFitReaderPage checks that the reader's page comes out of the sources' budget, not on top
// of it: its line counts in the prompt's bytes, and its excerpt, last of the sources, is the
// first cut; the search's sources are cut only once it is gone.
func TestFitReaderPage(t *testing.T) {
	p := answer.Prompt{
		Site: "acme", Question: "Why does my webhook never arrive?",
		Sources: []answer.Source{
			{Title: "Webhooks", URL: "/webhooks", Path: "/webhooks", Text: strings.Repeat("w", 2000)},
			{Title: "Webhooks from Acme", URL: "/guides/webhooks-from-acme", Path: "/guides/webhooks-from-acme", Text: strings.Repeat("r", 2000), Reader: true},
		},
		Reader: &answer.ReaderPage{Title: "Webhooks\nfrom Acme", URL: "/docs/guides/webhooks-from-acme"},
	}
	without := p
	without.Reader = nil
	if line := answer.MessageBytes(&p) - answer.MessageBytes(&without); line <= len(p.Reader.URL) {
		t.Fatalf("the reader's page line counts %d bytes in the prompt", line)
	}
	full := answer.MessageBytes(&p)
	for _, tc := range []struct {
		name           string
		budget         int // bytes
		search, reader int // the excerpts' bytes kept
	}{
		{"everything fits", full, 2000, 2000},
		{"the reader's excerpt is cut first", full - 500, 2000, 1500},
		{"then the search's", full - 2500, 1500, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := answer.Fit(p, tc.budget/4)
			if n := answer.MessageBytes(&got); n > tc.budget/4*4 {
				t.Fatalf("%d bytes after Fit; budget %d", n, tc.budget/4*4)
			}
			if s, r := len(got.Sources[0].Text), len(got.Sources[1].Text); s < tc.search-4 || s > tc.search || r < tc.reader-4 || r > tc.reader {
				t.Errorf("excerpts of %d and %d bytes, want about %d and %d", s, r, tc.search, tc.reader)
			}
		})
	}
}
