package search_test

import (
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/search"
)

// TestCutDescriptionNotRepeated reproduces a rehearsal on Scalev's docs (rehearse33,
// testdata/scalev): a description that is the page's first paragraph cut short with "..." was
// put before that paragraph, so the result's text and the model-free answer said the sentence
// twice, once cut. A description the text already holds, whole or cut, is not put before it.
func TestCutDescriptionNotRepeated(t *testing.T) {
	ix := search.Build(dirPages(t, "testdata/scalev", 1))
	tests := []struct {
		q, path string
		lead    string // how the result's text begins
		once    string // said once in it
	}{
		{"pembeli tidak bisa buka link akses produk digital 404", "/id/link-akses-404",
			"Apabila Anda menerima keluhan dari salah satu customer", "Apabila Anda menerima keluhan"},
	}
	for _, tt := range tests {
		res := ix.Search(search.Query{Text: tt.q, Limit: 1})
		if len(res) == 0 || res[0].Path != tt.path {
			t.Errorf("%q: %v, want %s first", tt.q, resultPaths(res), tt.path)
			continue
		}
		text := res[0].Text
		if !strings.HasPrefix(text, tt.lead) {
			t.Errorf("%s: the text begins %.80q, want %q", tt.path, text, tt.lead)
		}
		if n := strings.Count(text, tt.once); n != 1 {
			t.Errorf("%s: the text says %q %d times, want once:\n%.400s", tt.path, tt.once, n, text)
		}
	}
}
