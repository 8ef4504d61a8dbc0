package search_test

import (
	"os"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/search"
)

// TestSectionsHTMLHeadings: an HTML heading (<h2>, <h3 className=...>, as custom landing
// pages and many MDX pages write them) opens a section as a Markdown heading does; its id,
// when it has one, is the anchor (as Mintlify links it), and its inline children are text.
func TestSectionsHTMLHeadings(t *testing.T) {
	type sec struct {
		Heading, Anchor string
		Level           int
		Text            string
	}
	tests := []struct {
		name, body string
		want       []sec // lead first
	}{
		{"id is the anchor, inline children text", "Lead.\n<h2 id=\"install-step\" className=\"mt-4\">Install <code>lectern</code> with <a href=\"/cli\">the <strong>CLI</strong></a></h2>\nBody.",
			[]sec{{Text: "Lead."}, {"Install lectern with the CLI", "install-step", 2, "Body."}}},
		{"no id: the slug", "<h3 className=\"text-base\">Get Started</h3>\nGo.",
			[]sec{{}, {"Get Started", "get-started", 3, "Go."}}},
		{"indented, over lines, with an expression", "<section>\n  <h2 className=\"x\">\n    Multi-Agent Systems\n    {/* cursor */}\n    {(() => { return <span style={{a: 1}} /> })()}\n  </h2>\n  <p>Text</p>\n</section>",
			[]sec{{}, {"Multi-Agent Systems", "multi-agent-systems", 2, "Text"}}},
		{"inside a link card on one line", "<a href=\"/x\"><h3>Card</h3></a>\nAbout it.",
			[]sec{{}, {"Card", "card", 3, "About it."}}},
		{"what follows on its line is the section's", "<div>\n<h4 id='q'>Question</h4><p>Answer.</p>\n</div>",
			[]sec{{}, {"Question", "q", 4, "Answer."}}},
		{"two on a line", "<h2>A</h2><h3>B</h3>b",
			[]sec{{}, {"A", "a", 2, ""}, {"B", "b", 3, "b"}}},
		{"Markdown and HTML headings share anchors", "## Setup\nx\n<h2>Setup</h2>\ny",
			[]sec{{}, {"Setup", "setup", 2, "x"}, {"Setup", "setup-2", 2, "y"}}},
		{"h1 without a frontmatter title is the title", "<h1>Guide</h1>\nIntro",
			[]sec{{Text: "Intro"}}},
		{"never closed: text", "<h2>Never closed\nmore", []sec{{Text: "Never closed\nmore"}}},
		{"empty: no section", "<h2 id=\"x\"></h2>\nText", []sec{{Text: "Text"}}},
		{"self-closing: no section", "<h2 />\nText", []sec{{Text: "Text"}}},
		{"a component named H2 is no HTML heading", "<H2>Big</H2>\nText", []sec{{Text: "Big\nText"}}},
		{"in inline code: text", "`<h2>` is a heading tag", []sec{{Text: "`<h2>` is a heading tag"}}},
		{"closing tag in inline code", "<h3>Use `</h3>` to close</h3>\nx", []sec{{}, {"Use </h3> to close", "use-%3C/h3%3E-to-close", 3, "x"}}},
		{"in a code fence: code", "```html\n<h2>Title</h2>\n```", []sec{{Text: "```html\n<h2>Title</h2>\n```"}}},
		{"a fence ends the search for the closing tag", "<h2>Open\n```\n</h2>\n```", []sec{{Text: "Open\n\n```\n</h2>\n```"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, secs := search.Sections(tt.body)
			var got []sec
			for _, s := range secs {
				got = append(got, sec{s.Heading, s.Anchor, s.Level, s.Text})
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("sections\n got %+v\nwant %+v", got, tt.want)
			}
		})
	}
}

// TestAgnoHomeSections: Agno's home page (agno-agi/docs@402a4aa5 index.mdx, the Markdown
// renderer's testdata) writes its headings in HTML, <h1 className=...> and <h3 className=...>:
// each starts a section, so a search hit's anchor and snippet point into the page, not at the
// whole page as one section.
func TestAgnoHomeSections(t *testing.T) {
	src, err := os.ReadFile("../markdown/testdata/agno-landing/index.mdx")
	if err != nil {
		t.Fatal(err)
	}
	_, _, secs := search.Sections(string(src))
	var heads []string
	for _, s := range secs[1:] {
		heads = append(heads, s.Anchor)
	}
	want := []string{"multi-agent-systems-that-learn", "get-started", "agentos", "production", "get-started-2", "sdk", "agent-os", "production-2", "community"}
	if !reflect.DeepEqual(heads, want) {
		t.Fatalf("anchors %q, want %q", heads, want)
	}
	ix := search.Build([]search.Page{{URL: "/index", Body: string(src)}})
	tests := []struct{ query, url, snippet string }{
		{"Discord community", "/index#community", "Discord"},
		{"first agent SDK", "/index#get-started", "Explore the SDK and build your first Agent."},
		{"control plane", "/index#agent-os", "Control Plane"},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			res := ix.Search(search.Query{Text: tt.query})
			if len(res) == 0 {
				t.Fatal("no result")
			}
			if res[0].URL != tt.url || !strings.Contains(res[0].Snippet, tt.snippet) {
				t.Errorf("first hit %s %q, want %s with %q", res[0].URL, res[0].Snippet, tt.url, tt.snippet)
			}
		})
	}
}

// headingTag is a whole HTML heading tag, not escaped ("0\\</h3>" is text); code, escapes,
// entities and emphasis ("<*h1>" reads "<h1>") can write one as text.
var headingTag = regexp.MustCompile(`(^|[^\\])</?h[1-6]([ \t][^<>]*)?>`)

// FuzzSectionsHTMLHeadings fuzzes the splitter alone (FuzzSections also builds and searches an
// index, which leaves it few runs in a short fuzz) from pages with HTML headings: no panic,
// unique anchors, headings on one line, and no heading's tag left in one's text.
func FuzzSectionsHTMLHeadings(f *testing.F) {
	if src, err := os.ReadFile("../markdown/testdata/agno-landing/index.mdx"); err == nil {
		f.Add(string(src))
	}
	for _, s := range []string{"<h2 id=\"a\">A</h2>b", "<div>\n  <h3 className=\"x\">\n    T {/* c */}\n  </h3><p>b</p>\n</div>",
		"<a href=\"/x\"><h4>C</h4></a>", "<h1>`</h1>`</h1>\n<h2>\n```\n</h2>\n```", "## A\n<h2>A</h2>\n<h2 id=\"a-1\">B</h2>", "<h2\n  id=\"a\"\n>A</h2>b\n<h3\n<h4\n>C</h4>"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, body string) {
		_, _, secs := search.Sections(body)
		anchors := map[string]bool{}
		for _, s := range secs[1:] {
			if anchors[s.Anchor] {
				t.Errorf("anchor %q twice", s.Anchor)
			}
			anchors[s.Anchor] = true
			if strings.Contains(s.Heading, "\n") || s.Heading != strings.TrimSpace(s.Heading) {
				t.Errorf("heading %q", s.Heading)
			}
			if headingTag.MatchString(s.Heading) && !strings.ContainsAny(body, "`*_~\\&") {
				t.Errorf("tag left in heading %q", s.Heading)
			}
		}
	})
}
