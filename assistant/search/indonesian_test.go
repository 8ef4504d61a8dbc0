package search_test

import (
	"slices"
	"testing"

	"github.com/lectern-dev/lectern/assistant/search"
)

// TestIndonesianWordForms reproduces a rehearsal on B3's Indonesian pages (rehearse42,
// testdata/b3): Indonesian had stop words and no stemmer, so a question's "verifikasinya"
// ("its verification") met no page saying "verifikasi", and "dikirimkan" none saying "kirim" or
// "dikirim". Snowball's Indonesian stemmer (platform/lang) now reads each as its stem.
func TestIndonesianWordForms(t *testing.T) {
	pages := dirPages(t, "testdata/b3", 2)
	for i := range pages {
		pages[i].Language = "id"
	}
	ix := search.Build(pages)
	const login, transactions = "/id/learn/troubleshooting/login-and-account-access", "/id/learn/troubleshooting/transactions-and-wallet-issues"
	for _, tt := range []struct {
		q    string
		want []string
	}{
		{"verifikasinya", []string{login, transactions}},
		{"dikirimkan", []string{login, transactions}},
	} {
		got := resultPaths(ix.Search(search.Query{Text: tt.q, Limit: 5, Filter: search.Filter{Language: "id"}}))
		for _, w := range tt.want {
			if !slices.Contains(got, w) {
				t.Errorf("%q: %v, want %s among them", tt.q, got, w)
			}
		}
	}
}
