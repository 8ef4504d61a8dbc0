package search_test

import (
	"context"
	"math"
	"slices"
	"testing"

	"github.com/lectern-dev/lectern/assistant/search"
	"github.com/lectern-dev/lectern/assistant/sitedocs"
)

// readerSite is a small site where a question about retries ranks the errors page first and the
// rate limits page second; the changelog holds none of the question's words.
var readerSite = []search.Page{
	{URL: "/errors", Title: "Errors", Body: "## Retrying\n\nRetry a failed request after a pause: retry 500 and 503 errors with exponential backoff, never retry 401 errors.\n"},
	{URL: "/rate-limits", Title: "Rate limits", Body: "## Limits\n\nPast the limit a request fails with 429. Retry after the pause the Retry-After header names.\n"},
	{URL: "/quickstart", Title: "Quickstart", Body: "## Start\n\nSend your first request with the key from the dashboard.\n"},
	{URL: "/changelog", Title: "Changelog", Body: "## March\n\nThe dashboard shows invoices.\n"},
}

// TestReaderPagePrior checks the reader's page's prior: it lifts the reader's page when it is
// among the candidates and the prior is above 1, and changes nothing else.
func TestReaderPagePrior(t *testing.T) {
	ix := search.Build(readerSite)
	const q = "which failed requests should I retry"
	base := resultPaths(ix.Search(search.Query{Text: q}))
	if len(base) < 2 || base[0] != "/errors" || base[1] != "/rate-limits" || slices.Contains(base, "/changelog") {
		t.Fatalf("the fixture must rank /errors then /rate-limits and not /changelog, got %v", base)
	}
	lifted := append([]string{"/rate-limits"}, slices.DeleteFunc(slices.Clone(base), func(p string) bool { return p == "/rate-limits" })...)
	for _, tc := range []struct {
		name  string
		page  string
		prior float64
		want  []string
	}{
		{"reader's page second, a large prior: first", "/rate-limits", 1e3, lifted},
		{"reader's page already first", "/errors", 7, base},
		{"no prior", "/rate-limits", 0, base},
		{"prior 1", "/rate-limits", 1, base},
		{"prior below 1", "/rate-limits", 0.1, base},
		{"prior NaN", "/rate-limits", math.NaN(), base},
		{"prior +Inf", "/rate-limits", math.Inf(1), base},
		{"no reader's page", "", 7, base},
		{"a page the site lacks", "/nowhere", 7, base},
		{"reader's page not a candidate: not added", "/changelog", 1e6, base},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := resultPaths(ix.Search(search.Query{Text: q, ReaderPage: tc.page, ReaderPrior: tc.prior}))
			if !slices.Equal(got, tc.want) {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
}

// TestReaderPageOnARealSite asks a question of reader.json's tuning half from the page that
// answers it on Continue's docs (testdata/eval/continue, SOURCE: continuedev/continue@d0a3c0b6
// docs/): without the prior another CLI page ranks first, with the prior the evaluation chose
// on the tuning half (7) the reader's page does; asked from an unrelated page, the prior changes
// nothing.
func TestReaderPageOnARealSite(t *testing.T) {
	docs, err := sitedocs.Load(context.Background(), "testdata/eval/continue")
	if err != nil {
		t.Fatal(err)
	}
	ix := search.Build(docs.Pages)
	const q = "which one wins if I pass a flag on the command line but my saved permissions say something else"
	const answer = "/cli/tool-permissions"
	for _, tc := range []struct {
		name      string
		from      string
		prior     float64
		wantFirst bool
	}{
		{"from its page, no prior", answer, 0, false},
		{"from its page, prior 7", answer, 7, true},
		{"from another page, prior 7", "/customize/prompts", 7, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := ix.Search(search.Query{Text: q, ReaderPage: tc.from, ReaderPrior: tc.prior})
			got := resultPaths(res)
			if first := len(got) > 0 && got[0] == answer; first != tc.wantFirst {
				t.Errorf("%s first: %v, want %v (got %v)", answer, first, tc.wantFirst, got[:min(3, len(got))])
			}
			if !slices.Contains(got[:min(5, len(got))], answer) {
				t.Errorf("%s not in the first five: %v", answer, got)
			}
		})
	}
}
