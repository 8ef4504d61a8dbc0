package answer_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/answer"
	"github.com/lectern-dev/lectern/assistant/search"
)

// TestAnswerQuotesWholeList: when the quoted passage is a list item, the list is quoted whole
// (with the sentence that introduces it), up to 8 items or about 1,200 bytes, ended with "…"
// past that. Flashduty's "数据源选择" (testdata/lists, SOURCE there), read through the search,
// was quoted as its first item's three sentences: the second of the two ways to bind a data
// source was lost.
func TestAnswerQuotesWholeList(t *testing.T) {
	body, err := os.ReadFile("testdata/lists/flashduty-monitors-quickstart.zh.mdx")
	if err != nil {
		t.Fatal(err)
	}
	const q = "数据源名称通配怎么匹配"
	rs := search.Build([]search.Page{{URL: "/zh/monitors/quickstart/quickstart", Body: string(body)}}).Search(search.Query{Text: q})
	if len(rs) == 0 || rs[0].Section != "数据源选择" {
		t.Fatalf("results %+v: want the section 数据源选择 first", rs)
	}
	r := rs[0]
	flashduty := answer.Source{Title: r.Title, Section: r.Section, Path: r.Path, URL: r.URL, Text: r.Snippet, Whole: r.Text, Match: r.Match, Words: r.Words}
	var long strings.Builder
	long.WriteString("Nodes take these settings:\n")
	for i := range 12 {
		fmt.Fprintf(&long, "- Setting %d: the node's setting number %d, which the workflow reads.\n", i+1, i+1)
	}
	var wide strings.Builder
	wide.WriteString("Retries:\n")
	for i := range 4 {
		fmt.Fprintf(&wide, "- Retry rule %d: %s\n", i+1, strings.Repeat("the rule applies to every failed node ", 10))
	}
	tests := []struct {
		name, question string
		src            answer.Source
		want           []string // runs the quote holds, in this order
		not            string   // what it must not hold ("" for nothing)
	}{
		{"flashduty: both ways", q, flashduty, []string{
			"> Monitors 支持一个规则生效到多个数据源，提供两种绑定方式：\n> - 名称通配：",
			"\n> - 精确匹配：从下拉列表中按 ID 选择具体数据源，不受数据源改名影响。"}, ""},
		{"past 8 items: cut with an ellipsis", "what is setting 2 of a node", nodes(long.String()), []string{
			"> Nodes take these settings:\n> - Setting 1:", "> - Setting 8: the node's setting number 8, which the workflow reads.\n>\n> …"}, "Setting 9"},
		{"past 1,200 bytes: cut with an ellipsis", "what does retry rule 1 apply to", nodes(wide.String()), []string{
			"> - Retry rule 1:", "> - Retry rule 3:", "\n>\n> …"}, "Retry rule 4"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			md, _, a := generate(t, answer.Prompt{Question: tc.question, Sources: []answer.Source{tc.src}})
			if len(a.Cited) != 1 {
				t.Fatalf("cited %v, want the section\n%s", citedPaths(a), md)
			}
			rest := md
			for _, w := range tc.want {
				i := strings.Index(rest, w)
				if i < 0 {
					t.Fatalf("answer\n%s\nwant it to quote, in order\n%q", md, tc.want)
				}
				rest = rest[i+len(w):]
			}
			if tc.not != "" && strings.Contains(md, tc.not) {
				t.Errorf("answer\n%s\nquotes %q, past the list's bound", md, tc.not)
			}
		})
	}
}

func nodes(s string) answer.Source {
	return answer.Source{Title: "Nodes", Section: "Settings", Path: "/nodes", URL: "/nodes#settings", Match: 0.8, Text: strings.TrimSpace(s)}
}
