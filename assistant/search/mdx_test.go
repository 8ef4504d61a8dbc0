package search_test

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/assistant/search"
)

func TestSectionsCleaning(t *testing.T) {
	tests := []struct {
		name, body string
		want       []string // texts of the sections, lead first
	}{
		{"jsx text kept", "<Note>Do X</Note>", []string{"Do X"}},
		{"text attributes kept", `<Card title="Setup" href="/setup" icon="gear">Configure it.</Card>`, []string{"Setup\nConfigure it."}},
		{"multi-line tag", "<Card\n  title=\"Setup\"\n  href=\"/x\"\n>\n  Body\n</Card>", []string{"Setup\n\nBody"}},
		{"self-closing and fragments", "<Frame />\n<>Inside</>\n<br/>", []string{"Inside"}},
		{"import and export removed", "import { A } from '/a.mdx'\nimport {\n  B,\n} from 'b'\nexport const meta = {\n  x: 1,\n}\n\nText.", []string{"Text."}},
		{"comments removed", "A {/* hidden */} B <!-- gone --> C", []string{"A B C"}},
		{"expression name kept", "GET /users/{id} and {props.name}", []string{"GET /users/{id} and {props.name}"}},
		{"expression code removed", "A {items.map(i => <li>{i}</li>)} B", []string{"A B"}},
		{"string expression kept", `Say {"hello"}`, []string{"Say hello"}},
		{"links and images", "See [the guide](/guides/x \"t\") and ![a diagram](/d.png).", []string{"See the guide and a diagram."}},
		{"reference links", "See [docs][1].\n\n[1]: https://example.com", []string{"See docs."}},
		{"emphasis", "**bold** *it* _em_ ~~old~~ snake_case", []string{"bold it em old snake_case"}},
		{"star bullets stay list items", "Either:\n\n* one `a`\n  **NOTE**: b\n  * two\n+ three", []string{"Either:\n\n* one `a`\nNOTE: b\n* two\n+ three"}},
		{"a lone star is text", "2 * 3 and a *\n*", []string{"2 * 3 and a *\n*"}},
		{"inline code verbatim", "Use `<Note>` and `a*b*c`.", []string{"Use `<Note>` and `a*b*c`."}},
		{"escapes and entities", `1 \* 2 &amp; 3 &lt;4&gt; &nbsp;x`, []string{`1 * 2 & 3 \<4> x`}},
		{"inline HTML separates no words", `You can manage it with the <a href="https://x.example">Prefect CLI</a>, <strong>or</strong> <em>not</em>.<br/>Next`, []string{"You can manage it with the Prefect CLI, or not. Next"}},
		{"less-than kept", "if a < b and x<3", []string{"if a < b and x<3"}},
		{"autolink", "Go to <https://example.com/a>.", []string{"Go to https://example.com/a."}},
		{"spaces around an attribute's =", "<Tab title= \"Configure access\">\nBody\n</Tab>", []string{"Configure access\n\nBody"}},
		{"escaped quote in a string attribute", `<Card title={"A \"B\""}>x</Card>`, []string{"A \"B\"\nx"}},
		{"an e-mail address in brackets is text", "Write to <help@example.com>.", []string{`Write to \<help@example.com>.`}},
		{"table rule dropped", "| a | b |\n|---|:-:|\n| 1 | 2 |", []string{"| a | b |\n| 1 | 2 |"}},
		{"blockquote", "> quoted\n> more", []string{"quoted\nmore"}},
		{"code kept", "```bash npm\nnpm i x\n```", []string{"```bash\nnpm i x\n```"}},
		{"indented code in jsx", "<CodeGroup>\n  ```js a.js\n  const a = 1\n    b()\n  ```\n</CodeGroup>", []string{"```js\nconst a = 1\n  b()\n```"}},
		{"heading inside code is code", "```\n# comment\n```\n## Real", []string{"```\n# comment\n```", ""}},
		{"unclosed fence runs to the end", "```\ncode\n## not a heading", []string{"```\ncode\n## not a heading\n```"}},
		{"tilde fence", "~~~\n~~~ in ``` here\n~~~", []string{"```\n~~~ in ``` here\n```"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, secs := search.Sections(tt.body)
			var got []string
			for _, s := range secs {
				got = append(got, s.Text)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("texts = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestSectionsHeadings(t *testing.T) {
	body := "---\ntitle: \"Webhooks\"\ndescription: 'Get events'\nsidebarTitle: Hooks\n---\nLead.\n\n" +
		"## Verify `signatures` & more!\nA\n### Retries\nB\n## Verify signatures & more\nC\n" +
		"## Custom {#my-id}\nD\n# Top\nE\n#### Deep ####\nF\n#not a heading\n"
	title, fm, secs := search.Sections(body)
	if title != "Webhooks" {
		t.Errorf("title = %q", title)
	}
	wantFM := map[string]string{"title": "Webhooks", "description": "Get events", "sidebarTitle": "Hooks"}
	if !reflect.DeepEqual(fm, wantFM) {
		t.Errorf("frontmatter = %v, want %v", fm, wantFM)
	}
	want := []search.Section{
		{Text: "Lead."},
		{Heading: "Verify signatures & more!", Anchor: "verify-signatures-&-more", Level: 2, Text: "A"},
		{Heading: "Retries", Anchor: "retries", Level: 3, Parents: []string{"Verify signatures & more!"}, Text: "B"},
		{Heading: "Verify signatures & more", Anchor: "verify-signatures-&-more-2", Level: 2, Text: "C"},
		{Heading: "Custom", Anchor: "my-id", Level: 2, Text: "D"},
		{Heading: "Top", Anchor: "top", Level: 1, Text: "E"},
		{Heading: "Deep", Anchor: "deep", Level: 4, Parents: []string{"Top"}, Text: "F\n#not a heading"},
	}
	if !reflect.DeepEqual(secs, want) {
		t.Errorf("sections:\n got %+v\nwant %+v", secs, want)
	}
}

func TestSectionsTitle(t *testing.T) {
	tests := []struct {
		name, body, title string
		sections          int
	}{
		{"frontmatter", "---\ntitle: A\n---\n# B\ntext", "A", 2},
		{"leading h1", "# Guide\nIntro\n## Step\nDo", "Guide", 2},
		{"h1 after h2 is a section", "## Step\nDo\n# Late\nX", "", 3},
		{"no frontmatter end", "---\ntitle: A\nbody", "", 1},
		{"crlf", "---\r\ntitle: A\r\n---\r\n## H\r\nx\r\n", "A", 2},
		{"empty", "", "", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			title, _, secs := search.Sections(tt.body)
			if title != tt.title || len(secs) != tt.sections {
				t.Errorf("title %q, %d sections; want %q, %d", title, len(secs), tt.title, tt.sections)
			}
		})
	}
}

func TestSectionsKeepsRealPages(t *testing.T) {
	for _, p := range loadSite(t) {
		title, _, secs := search.Sections(p.Body)
		if title == "" {
			t.Errorf("%s: no title", p.URL)
		}
		for _, s := range secs {
			for _, bad := range []string{"<Note", "<Card", "</", "import {", "---\ntitle"} {
				if strings.Contains(strings.ReplaceAll(s.Text, "`", ""), bad) && !strings.Contains(s.Text, "```") {
					t.Errorf("%s#%s: %q left in %q", p.URL, s.Anchor, bad, s.Text)
				}
			}
		}
	}
}

// TestSectionsAdversarial checks that unclosed constructs do not make cleaning quadratic.
func TestSectionsAdversarial(t *testing.T) {
	for _, unit := range []string{"{", "<", "<a ", "[", "[a][", "`", "` `", "<https:", "&", "\\", "_", "![", "{`", "<A b={", "<h2>", "<h2>\n", "<h2>`</h2 ", "<a><h3>x</h3"} {
		body := strings.Repeat(unit, (1<<20)/len(unit))
		start := time.Now()
		search.Sections(body)
		if d := time.Since(start); d > 3*time.Second {
			t.Errorf("%q × %d: %v", unit, len(body)/len(unit), d)
		}
	}
}
