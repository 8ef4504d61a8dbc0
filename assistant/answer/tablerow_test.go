package answer_test

import (
	"os"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/answer"
	"github.com/lectern-dev/lectern/assistant/search"
)

// TestAnswerCompletesCutTableRow: the search's excerpt of Firecrawl's error table (its docs,
// assistant/search/testdata/eval/firecrawl, SOURCE there) can end inside a row, which then lost
// its last cells (the 413 row under a question about 408, the second 429 row under one about
// 422); the section's whole text completes that one row (the row before it says which of two
// rows that start alike it is) and adds no other. Without the whole text, or when it does not
// hold the row, the row stays as the excerpt has it. A completed row that makes the table too
// long to quote is left out as the other rows are, marked "…", never quoted cut.
func TestAnswerCompletesCutTableRow(t *testing.T) {
	body, err := os.ReadFile("../search/testdata/eval/firecrawl/api-reference/errors.mdx")
	if err != nil {
		t.Fatal(err)
	}
	ix := search.Build([]search.Page{{URL: "/api-reference/errors", Body: string(body)}})
	hit := func(q, lastRow string) search.Result {
		rs := ix.Search(search.Query{Text: q})
		if len(rs) == 0 {
			t.Fatalf("%q: no result", q)
		}
		last := rs[0].Snippet[strings.LastIndexByte(rs[0].Snippet, '\n')+1:]
		if !strings.HasPrefix(last, lastRow) || strings.HasSuffix(last, "|") {
			t.Fatalf("%q: excerpt %q, want it to end inside the row %q (else this proves nothing)", q, rs[0].Snippet, lastRow)
		}
		return rs[0]
	}
	const q408, q422, q429 = "408 request timeout", "is a 422 unprocessable entity error retryable", "429 rate limit or concurrency limit"
	r408, r422 := hit(q408, "| 413 |"), hit(q422, "| 429 | `Concurrency limit reached`")
	whole := r408.Text
	rateRow := whole[strings.Index(whole, "| 429 | `Rate"):]
	rateRow = rateRow[:strings.IndexByte(rateRow, '\n')]
	full413 := []string{"413", "Payload Too Large", "Request body exceeded the maximum allowed size.", "Reduce the payload (e.g. shorter schema, fewer URLs per batch).", "No"}
	concurrency := []string{"429", "Concurrency limit reached", "Concurrent browser limit for your plan reached.", "Wait for in-flight jobs to finish, lower concurrency, or upgrade your plan.", "Yes, with backoff"}
	tests := []struct {
		name, q, text, whole string
		last                 []string // the quote's last row; nil: no quoted row is cut
		complete             bool     // last is the whole row, else the excerpt's cut one
	}{
		{"408: the section's text completes the 413 row", q408, r408.Snippet, whole, full413, true},
		{"408: no section text", q408, r408.Snippet, "", full413, false},
		{"408: the section's text lacks the row", q408, r408.Snippet, "| HTTP | Meaning |\n| 200 | OK |", full413, false},
		{"the row before tells which 429 row", q429, "… " + rateRow + "\n| 429 | …", whole, concurrency, true},
		{"422: the second 429 row is whole or left out", q422, r422.Snippet, whole, nil, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := answer.Source{Title: r408.Title, Section: r408.Section, Path: r408.Path, URL: r408.URL, Text: tc.text, Whole: tc.whole}
			md, _, _ := generate(t, answer.Prompt{Question: tc.q, Sources: []answer.Source{s}})
			tables := quotedTables(md)
			if len(tables) != 1 || len(tables[0]) < 2 {
				t.Fatalf("%d quoted tables in\n%s", len(tables), md)
			}
			rows := tables[0]
			if tc.last == nil {
				for _, row := range rows[1:] {
					if row[0] != "…" && row[len(row)-1] == "" {
						t.Errorf("row %q quoted cut\n%s", row, md)
					}
				}
				return
			}
			if want := strings.Count(tc.text, "\n") + 2; len(rows) != want {
				t.Errorf("%d rows, want %d: the header and the excerpt's, no other\n%s", len(rows), want, md)
			}
			last := rows[len(rows)-1]
			if got := strings.Join(last, "|") == strings.Join(tc.last, "|"); got != tc.complete {
				t.Errorf("last row %q, want complete %v (%q)\n%s", last, tc.complete, tc.last, md)
			}
		})
	}
}
