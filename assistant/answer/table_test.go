package answer_test

import (
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/text"

	"github.com/lectern-dev/lectern/assistant/answer"
)

// quotedTables parses md as GitHub-flavoured Markdown and returns each table inside a quote as
// rows of cell texts, the header row first.
func quotedTables(md string) [][][]string {
	src := []byte(md)
	doc := goldmark.New(goldmark.WithExtensions(extension.Table)).Parser().Parse(text.NewReader(src))
	var out [][][]string
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		tb, ok := n.(*east.Table)
		if !ok || !entering {
			return ast.WalkContinue, nil
		}
		if _, quoted := tb.Parent().(*ast.Blockquote); !quoted {
			return ast.WalkContinue, nil
		}
		var rows [][]string
		for r := tb.FirstChild(); r != nil; r = r.NextSibling() {
			var cells []string
			for c := r.FirstChild(); c != nil; c = c.NextSibling() {
				cells = append(cells, strings.TrimSpace(nodeText(c, src)))
			}
			rows = append(rows, cells)
		}
		out = append(out, rows)
		return ast.WalkSkipChildren, nil
	})
	return out
}

// TestAnswerQuotesTables: a table in the section is quoted as a Markdown table (the search's
// cleaned text drops the delimiter row; an excerpt may start inside the table), not as a run of
// pipes in a paragraph.
func TestAnswerQuotesTables(t *testing.T) {
	tests := []struct {
		name, text string
		want       [][]string
		whole      string // the section's whole text, "" when unknown
	}{
		{
			"header and rows, no delimiter row",
			"Each plan has its own limit.\n\n| Plan | Requests per minute |\n| Free | 100 |\n| Team | 1000 |\n\nLimits apply per key.",
			[][]string{{"Plan", "Requests per minute"}, {"Free", "100"}, {"Team", "1000"}},
			"",
		},
		{
			"a delimiter row kept",
			"| Plan | Requests per minute |\n| --- | ---: |\n| Free | 100 |",
			[][]string{{"Plan", "Requests per minute"}, {"Free", "100"}},
			"",
		},
		{
			"an excerpt that starts inside the table",
			"… | Free | 100 requests per minute |\n| Team | 1000 requests per minute |\n\nLimits apply per key.",
			[][]string{{"", ""}, {"Free", "100 requests per minute"}, {"Team", "1000 requests per minute"}},
			"",
		},
		{
			"an excerpt that starts inside the table, its header in the section's text",
			"… | Free | 100 requests per minute |\n| Team | 1000 requests per minute |\n\nLimits apply per key.",
			[][]string{{"Plan", "Limit"}, {"Free", "100 requests per minute"}, {"Team", "1000 requests per minute"}},
			"Each plan has its own limit.\n\n| Plan | Limit |\n| :-- | --: |\n| Free | 100 requests per minute |\n| Team | 1000 requests per minute |\n\nLimits apply per key.",
		},
		{
			"an excerpt that starts at the table's header",
			"… | Plan | Limit |\n| Free | 100 requests per minute |",
			[][]string{{"Plan", "Limit"}, {"Free", "100 requests per minute"}},
			"Each plan has its own limit.\n\n| Plan | Limit |\n| Free | 100 requests per minute |",
		},
		{
			"escaped pipes stay in their cell",
			"| Operator | Meaning |\n| `a \\| b` | either requests per minute limit |",
			[][]string{{"Operator", "Meaning"}, {"a | b", "either requests per minute limit"}},
			"",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := answer.Source{Title: "Rate limits", Section: "Plans", Path: "/limits", URL: "/limits#plans", Text: tc.text, Whole: tc.whole}
			md, _, _ := generate(t, answer.Prompt{Question: "requests per minute limit of each plan", Sources: []answer.Source{s}})
			tables := quotedTables(md)
			if len(tables) != 1 {
				t.Fatalf("%d quoted tables in\n%s", len(tables), md)
			}
			if got, want := tables[0], tc.want; !equalRows(got, want) {
				t.Errorf("table %q, want %q\n%s", got, want, md)
			}
		})
	}
}

// nodeText is the text of n's inline children.
func nodeText(n ast.Node, src []byte) string {
	var b strings.Builder
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering {
			switch t := c.(type) {
			case *ast.Text:
				b.Write(t.Segment.Value(src))
			case *ast.String:
				b.Write(t.Value)
			}
		}
		return ast.WalkContinue, nil
	})
	return b.String()
}

func equalRows(a, b [][]string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if strings.Join(a[i], "\x00") != strings.Join(b[i], "\x00") {
			return false
		}
	}
	return true
}
