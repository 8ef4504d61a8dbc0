package markdown_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/markdown"
)

// readSite reads a testdata site's files as a page's snippet reader does.
func readSite(dir string) func(string) (string, bool) {
	return func(p string) (string, bool) {
		b, err := os.ReadFile(filepath.Join("testdata", dir, filepath.FromSlash(strings.TrimPrefix(p, "/"))))
		return string(b), err == nil
	}
}

// inOrder fails unless every want is in got, in order, and no not is.
func inOrder(t *testing.T, got string, want, not []string) {
	t.Helper()
	rest := got
	for _, w := range want {
		i := strings.Index(rest, w)
		if i < 0 {
			t.Fatalf("%q not found (in order) in:\n%s", w, got)
		}
		rest = rest[i+len(w):]
	}
	for _, n := range not {
		if strings.Contains(got, n) {
			t.Errorf("%q in:\n%s", n, got)
		}
	}
}

// TestCustomLandingPage: a custom landing page (mode: custom) is made of layout, HTML and
// components defined in the page; what a reader sees on it (headings, paragraphs, card titles
// and links) is its Markdown, its layout, styles, scripts and drawings are not. Agno's home
// page defines its components above its text, one with a <style> whose CSS is a template
// literal over many lines: its statement was taken to run to the end of the page, and the page
// was left with nothing.
func TestCustomLandingPage(t *testing.T) {
	agno, ok := readSite("agno-landing")("index.mdx")
	if !ok {
		t.Fatal("testdata/agno-landing/index.mdx missing")
	}
	layoutOnly := []string{"className", "<div", "<section", "<span", "<svg", "<path", "<style", "code-tab-btn", "useState", "export const", "{/*"}
	tests := []struct {
		name, src string
		want      []string
	}{
		{"agno-agi/docs@402a4aa5 index.mdx", agno, []string{
			"Agno", "[Read the docs](/introduction)", "[Try AgentOS](https://os.agno.com)",
			"# Multi-Agent Systems That Learn",
			"- [Get Started](/introduction): Explore the SDK and build your first Agent.",
			"- [AgentOS](/agent-os/introduction): Turn your Agents into a production-ready API.",
			"Build with agno", "### SDK", "- [Teams](/teams/overview)", "### Community", "- [X (Twitter)](https://x.com/AgnoAgi)",
			"© 2025 Agno Inc. All rights reserved.", "[https://github.com/agno-agi/agno](https://github.com/agno-agi/agno)"}},
		{"a component defined in the page", "---\nmode: custom\n---\n\nexport const Hero = ({ title, href }) => (\n  <a className=\"p-6\" href={href}>\n    <h3 className=\"font-medium\">\n      {title}\n    </h3>\n  </a>\n);\n\n<div className=\"grid\">\n  <Hero title=\"Webhooks\" href=\"/webhooks\" />\n</div>\n",
			[]string{"[Webhooks](/webhooks)"}},
		{"a template literal at depth zero", "export const css = `\n.a { color: red; }\n}\n`;\n\n<div className=\"x\">\n  <p>Still here.</p>\n</div>\n",
			[]string{"Still here."}},
		{"an import shadows a page's export of its name", "import { Hero } from \"/snippets/none.jsx\";\nexport const Hero = () => (<p>Local</p>);\n\n<Hero />\n\nAfter.",
			[]string{"After."}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := markdown.Body(tc.src, "Welcome to Agno", nil)
			inOrder(t, got, tc.want, append(layoutOnly, "Local"))
		})
	}
}

// TestConditionalJSX: a snippet component writes a prop under a condition,
// `{sub ? <p className="u-sub">{sub}</p> : null}` (Upstash's SectionHead): the JSX is its
// text when the prop is given, nothing when it is not. A prop given as JSX is text too.
func TestConditionalJSX(t *testing.T) {
	page, ok := readSite("upstash-landing")("introduction.mdx")
	if !ok {
		t.Fatal("testdata/upstash-landing/introduction.mdx missing")
	}
	comp := "export const Head = ({ title, sub, tag }) => (\n  <div>\n    <h2>{title}</h2>\n    {sub ? <p className=\"s\">{sub}</p> : null}\n    {tag && (<p>Tag: {tag}</p>)}\n  </div>\n);\n"
	read := func(p string) (string, bool) { return comp, p == "/snippets/head.jsx" }
	use := func(tag string) string { return "import { Head } from \"/snippets/head.jsx\";\n\n" + tag + "\n" }
	tests := []struct {
		name, src string
		read      func(string) (string, bool)
		want, not []string
	}{
		{"upstash/docs@ef0ce438 introduction.mdx", page, readSite("upstash-landing"),
			[]string{"Products", "## Pick a product and start building", "See [pricing](https://upstash.com/pricing) for each product's plans, billing, and limits.",
				"Agent Resources", "## Build with AI agents", "Tools to manage and build on Upstash from coding agents and LLMs.", "Concepts", "## How Upstash works"},
			[]string{"u-sub", "? <p", ": null", "<>"}},
		{"given", use(`<Head title="T" sub="Sub text." tag="new" />`), read, []string{"## T", "Sub text.", "Tag: new"}, nil},
		{"not given", use(`<Head title="T" />`), read, []string{"## T"}, []string{"Tag:", "null", "?"}},
		{"given empty", use(`<Head title="T" sub="" />`), read, []string{"## T"}, []string{"null", "?"}},
		{"jsx prop as an attribute has no text", "export const L = ({ label }) => (<a href=\"/x\" title={label}>Go</a>);\n\n<L label={<b>Bold</b>} />\n", nil,
			[]string{"[Go](/x)"}, []string{"Bold"}},
		{"a condition on an unknown name stays an expression", "{ready ? <p>Ready</p> : null}\n\nAfter.", nil, []string{"After."}, []string{"Ready"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			inOrder(t, markdown.Body(tc.src, "Get Started", tc.read), tc.want, tc.not)
		})
	}
}

// TestLineBreak: <br /> is a Markdown hard line break (OpenClaw's home page breaks its tagline
// with it), except in a table's cell, which Markdown cannot break, and a heading.
func TestLineBreak(t *testing.T) {
	openclaw, ok := readSite("openclaw-home")("index.md")
	if !ok {
		t.Fatal("testdata/openclaw-home/index.md missing")
	}
	tests := []struct {
		name, src string
		want, not []string
	}{
		{"openclaw/docs@c0a8fa9a docs/index.md", openclaw,
			[]string{"Zalo, and more.**\\\nSend a message, get an agent response from your pocket. Run one Gateway across channel plugins, WebChat, and mobile nodes.\\\nDeveloped in the open by the [OpenClaw Foundation](https://openclaw.org), a non-profit."},
			[]string{"<br"}},
		{"mid-line", "One<br>two<br/>three", []string{"One\\\ntwo\\\nthree"}, []string{"<br"}},
		{"at the end", "<p>\n  Last line.<br />\n</p>", []string{"Last line."}, []string{"<br", "\\"}},
		{"before a blank line", "Map the changes. <br />\n\nNext.", []string{"Map the changes.\n\nNext."}, []string{"<br", "\\"}},
		{"two in a row: a new paragraph", "> Available on all plans.<br /><br />\n> **Parameters**: rule<br/>\n> Next<br /> <br> line", []string{"> Available on all plans.\n>\n> **Parameters**: rule\\\n> Next\n>\n> line"}, []string{"<br", "\\\n>\n"}},
		{"two in a list item", "- **Regex Match**: Checks the text.<br /><br />\n  **Parameters**: rule\n- Next: one<br/><br/>two", []string{"- **Regex Match**: Checks the text.\n\n  **Parameters**: rule\n- Next: one\n\n  two"}, []string{"<br"}},
		{"space before it", "Multi-cloud deployments (AWS + GCP) <br />\nGeographic distribution", []string{"(AWS + GCP)\\\nGeographic"}, nil},
		{"in a table cell", "| a | b |\n|---|---|\n| one<br />two | x |", []string{"| one<br />two | x |"}, nil},
		{"in a heading", "## Fast<br />and small\n\nText", []string{"## Fast and small\n\nText"}, []string{"<br"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			inOrder(t, markdown.Body(tc.src, "OpenClaw", nil), tc.want, tc.not)
		})
	}
}

// TestHardLineBreakOfTwoSpaces: a line of a paragraph that ends in two spaces or more is a
// Markdown hard line break (CommonMark's, which remark and so Mintlify's pages read), written
// as a backslash, which no trim of line ends takes: Zylon's checklist stays four lines and
// Trails' numbered steps keep their title on a line of its own, as Nango's integration pages
// keep a guide's description under its link (NangoHQ/nango@2f4c0af6, docs/api-integrations/
// hubspot.mdx, line 74). Where the paragraph ends, or the next line starts a block of its
// own, a table's row or a heading, two spaces break nothing, and nothing is written.
func TestHardLineBreakOfTwoSpaces(t *testing.T) {
	read := func(p string) string {
		b, err := os.ReadFile("../search/testdata/eval/" + p)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	tests := []struct {
		name, src string
		want, not []string
	}{
		{"zylon en/user-manual/quick-start-guide.mdx", read("zylon/en/user-manual/quick-start-guide.mdx"),
			[]string{"✅ **Created and organized** your first project\\\n✅ **Connected knowledge sources** so Zylon can help with real work\\\n" +
				"✅ **Had AI conversations** with citations and context\\\n✅ **Used automated workflows** for complex document tasks"},
			[]string{"document tasks\\", "credentials\\"}},
		{"trails overview/1-click-payments.mdx", read("trails/overview/1-click-payments.mdx"),
			[]string{"1. **User Initiates Payment**\\\n   The user clicks \"Buy\""}, nil},
		{"a link and its description (Nango)", "- [How to register your own OAuth app](/oauth-app)  \nRegister an OAuth app and obtain credentials\n\nOfficial docs.",
			[]string{"- [How to register your own OAuth app](/oauth-app)\\\nRegister an OAuth app and obtain credentials\n\nOfficial docs."}, nil},
		{"at a paragraph's end", "Last line.  \n\nNext.", []string{"Last line.\n\nNext."}, []string{"\\"}},
		{"at the page's end", "Last line.  \n", []string{"Last line."}, []string{"\\"}},
		{"before a list item", "Steps:  \n- one  \n1. two", []string{"Steps:\n- one\n1. two"}, []string{"\\"}},
		{"a table's row and a heading", "| a | b |  \n|---|---|  \n| x | y |\n\n## Title  \nText", []string{"| a | b |\n|---|---|\n| x | y |"}, []string{"\\"}},
		{"one space", "One \ntwo", []string{"One\ntwo"}, []string{"\\"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			inOrder(t, markdown.Body(tc.src, "T", nil), tc.want, tc.not)
		})
	}
}
