package answer_test

import (
	"os"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/answer"
	"github.com/lectern-dev/lectern/assistant/search"
)

// TestAnswerQuotesTableHeaderOfExcerpt: when the search's excerpt starts inside a table (a real
// error-code table: Firecrawl's docs, assistant/search/testdata/eval/firecrawl, SOURCE there),
// the quoted rows get the table's own header back from the section's whole text; only without
// that text, or when it does not hold the excerpt's rows, the header stays empty.
func TestAnswerQuotesTableHeaderOfExcerpt(t *testing.T) {
	body, err := os.ReadFile("../search/testdata/eval/firecrawl/api-reference/errors.mdx")
	if err != nil {
		t.Fatal(err)
	}
	const q = "what does the 413 payload too large error mean"
	rs := search.Build([]search.Page{{URL: "/api-reference/errors", Body: string(body)}}).Search(search.Query{Text: q})
	if len(rs) == 0 || !strings.HasPrefix(rs[0].Snippet, "… | 413") {
		t.Fatalf("results %+v: want the first excerpt to start inside the table at the 413 row (else this proves nothing)", rs)
	}
	r := rs[0]
	header := []string{"HTTP", "error (typical message)", "Cause", "Remedy", "Retryable"}
	tests := []struct {
		name, whole string
		header      []string
	}{
		{"the section's text holds the table", r.Text, header},
		{"no section text", "", []string{"", "", "", "", ""}},
		{"the section's text lacks the rows", "| HTTP | Meaning |\n| 200 | OK |", []string{"", "", "", "", ""}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := answer.Source{Title: r.Title, Section: r.Section, Path: r.Path, URL: r.URL, Text: r.Snippet, Whole: tc.whole, Match: r.Match, Words: r.Words}
			md, _, a := generate(t, answer.Prompt{Question: q, Sources: []answer.Source{s}})
			if len(a.Cited) != 1 {
				t.Fatalf("cited %v, want the errors page\n%s", citedPaths(a), md)
			}
			tables := quotedTables(md)
			if len(tables) != 1 || len(tables[0]) < 2 {
				t.Fatalf("%d quoted tables in\n%s", len(tables), md)
			}
			if got := tables[0][0]; strings.Join(got, "|") != strings.Join(tc.header, "|") {
				t.Errorf("header %q, want %q\n%s", got, tc.header, md)
			}
			if row := tables[0][1]; len(row) != len(header) || row[0] != "413" {
				t.Errorf("first row %q, want the 413 row under the header\n%s", row, md)
			}
		})
	}
}
