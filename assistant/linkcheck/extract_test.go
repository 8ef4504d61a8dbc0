package linkcheck_test

import (
	"reflect"
	"testing"

	"github.com/lectern-dev/lectern/assistant/linkcheck"
)

func TestScanLinks(t *testing.T) {
	type L = linkcheck.Link
	tests := []struct {
		name string
		src  string
		want []L
	}{
		{"markdown link and image", "See [setup](/guides/setup) and ![logo](/images/logo.png).",
			[]L{{"/guides/setup", 1, linkcheck.Markdown}, {"/images/logo.png", 1, linkcheck.Image}}},
		{"relative with anchor and title", "x\n[a](../install#step-2 \"Install\")",
			[]L{{"../install#step-2", 2, linkcheck.Markdown}}},
		{"angle destination", "[a](<my page.mdx>)", []L{{"my page.mdx", 1, linkcheck.Markdown}}},
		{"frontmatter holds none", "---\nurl: [x](/no)\n---\n[a](/yes)", []L{{"/yes", 4, linkcheck.Markdown}}},
		{"fenced code ignored", "```md\n[a](/no)\n```\n[b](/yes)", []L{{"/yes", 4, linkcheck.Markdown}}},
		{"fence inside a component", "<Note>\n  ```\n  [a](/no)\n  ```\n</Note>", nil},
		{"inline code ignored", "`[a](/no)` and [b](/yes)", []L{{"/yes", 1, linkcheck.Markdown}}},
		{"double backtick span", "``a ` [x](/no) `` [b](/yes)", []L{{"/yes", 1, linkcheck.Markdown}}},
		{"escaped bracket", `\[a](/no)`, nil},
		{"no opening bracket", "text](/no)", nil},
		{"card and anchor href", "<Card title=\"A\" href=\"/a\">x</Card>\n<a href='/b'>b</a>",
			[]L{{"/a", 1, linkcheck.Href}, {"/b", 2, linkcheck.Href}}},
		{"href on a tag over lines", "<Card\n  title=\"A\"\n  href=\"/a\"\n/>\n[b](/b)",
			[]L{{"/a", 1, linkcheck.Href}, {"/b", 5, linkcheck.Markdown}}},
		{"expression href is not read", `<Card href={"/a"} />`, nil},
		{"other components' href is not read", `<Button href="/a" />`, nil},
		{"img and source src", "<img src=\"/i.png\" />\n<video><source src=\"/v.mp4\" /></video>",
			[]L{{"/i.png", 1, linkcheck.Src}, {"/v.mp4", 2, linkcheck.Src}}},
		{"links inside a component", "<Note>\n  See [a](/a).\n</Note>", []L{{"/a", 2, linkcheck.Markdown}}},
		{"html comment ignored", "<!-- [a](/no)\n[b](/no) -->\n[c](/yes)", []L{{"/yes", 3, linkcheck.Markdown}}},
		{"expression ignored", "{/* [a](/no) */}\n[c](/yes)", []L{{"/yes", 2, linkcheck.Markdown}}},
		{"import source", "import Snip from '/snippets/a.mdx';\n\n[c](/yes)",
			[]L{{"/snippets/a.mdx", 1, linkcheck.Import}, {"/yes", 3, linkcheck.Markdown}}},
		{"autolink", "<https://example.com> [c](/yes)", []L{{"/yes", 1, linkcheck.Markdown}}},
		{"nested brackets", "[![alt](/i.png)](/target)",
			[]L{{"/i.png", 1, linkcheck.Image}, {"/target", 1, linkcheck.Markdown}}},
		{"space in destination is no link", "[a](/how-to/choose- language) [b](/yes \"title\")",
			[]L{{"/yes", 1, linkcheck.Markdown}}},
		{"link text over lines", "- [Inspect and replay\n  requests](/agent/inspect/) for x",
			[]L{{"/agent/inspect/", 2, linkcheck.Markdown}}},
		{"no bracket in the paragraph before", "[a]\n\nb](/no)", nil},
		{"parentheses in destination", "[a](/api/(v1))", []L{{"/api/(v1)", 1, linkcheck.Markdown}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := linkcheck.Scan(tt.src).Links
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Scan(%q).Links = %v, want %v", tt.src, got, tt.want)
			}
		})
	}
}

func TestScanIDs(t *testing.T) {
	tests := []struct {
		name string
		src  string
		id   string
		want bool
	}{
		{"heading slug", "## Getting Started", "getting-started", true},
		{"heading with code and link", "## The `init` [command](/cli)", "the-init-command", true},
		{"heading punctuation", "### What's new in v2.0?", "whats-new-in-v2-0", true},
		{"custom heading id", "## Install {#setup}", "setup", true},
		{"custom id replaces the slug", "## Install {#setup}", "install", false},
		{"heading in code is none", "```\n## Fake\n```", "fake", false},
		{"component id", `<div id="pricing-table" />`, "pricing-table", true},
		{"id of an element in a paragraph is not collected", "- <a id=\"ext\"></a>**External**: text", "ext", false},
		{"id of an element on its own line", "<a id=\"ext\"></a>", "ext", true},
		{"callout id is not an anchor", `<Note id="n1">x</Note>`, "n1", false},
		{"step id cleaned", `<Step id="a:b" title="x">y</Step>`, "ab", true},
		{"param field", `<ParamField path="userId" type="string">x</ParamField>`, "param-user-id", true},
		{"param field repeat", "<ParamField body=\"name\" />\n<ParamField body=\"name\" />", "param-name-1", true},
		{"no such heading", "## One", "two", false},
		{"repeated heading", "## Example\n## Example", "example-2", true},
		{"tab title", `<Tab title="Checkout API Route">x</Tab>`, "checkout-api-route", true},
		{"accordion title", `<Accordion title="Parameters">x</Accordion>`, "parameters", true},
		{"repeated accordion", "<Accordion title=\"Parameters\">x</Accordion>\n<Accordion title=\"Parameters\">y</Accordion>", "parameters-1", true},
		{"accordion with an id has only it", `<Accordion title="Parameters" id="p">x</Accordion>`, "parameters", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := linkcheck.Scan(tt.src).IDs[tt.id]; got != tt.want {
				t.Errorf("Scan(%q).IDs[%q] = %v, want %v (ids %v)", tt.src, tt.id, got, tt.want, linkcheck.Scan(tt.src).IDs)
			}
		})
	}
}

func TestResolve(t *testing.T) {
	tests := []struct {
		dest, file string
		want       linkcheck.Target
		internal   bool
	}{
		{"/guides/setup", "index.mdx", linkcheck.Target{Path: "guides/setup"}, true},
		{"/guides/setup/", "index.mdx", linkcheck.Target{Path: "guides/setup"}, true},
		{"/guides/setup.mdx?tab=1", "index.mdx", linkcheck.Target{Path: "guides/setup.mdx"}, true},
		{"./setup#step-2", "guides/intro.mdx", linkcheck.Target{Path: "guides/setup", Fragment: "step-2", HasAnchor: true}, true},
		{"../install", "guides/deep/intro.mdx", linkcheck.Target{Path: "guides/install"}, true},
		{"setup", "guides/intro.mdx", linkcheck.Target{Path: "setup"}, true}, // not "./": from the root
		{"#overview", "guides/intro.mdx", linkcheck.Target{Path: "guides/intro.mdx", Fragment: "overview", HasAnchor: true}, true},
		{"/", "guides/intro.mdx", linkcheck.Target{Path: "guides/intro.mdx"}, true},
		{"/caf%C3%A9#r%C3%A9sum%C3%A9", "index.mdx", linkcheck.Target{Path: "café", Fragment: "résumé", HasAnchor: true}, true},
		{"/bad%zz", "index.mdx", linkcheck.Target{Path: "bad%zz"}, true},
		{"/page#", "index.mdx", linkcheck.Target{Path: "page"}, true},
		{"https://example.com/x", "index.mdx", linkcheck.Target{}, false},
		{"mailto:a@b.c", "index.mdx", linkcheck.Target{}, false},
		{"vscode://open", "index.mdx", linkcheck.Target{}, false},
		{"data:image/png;base64,AA", "index.mdx", linkcheck.Target{}, false},
	}
	for _, tt := range tests {
		t.Run(tt.dest, func(t *testing.T) {
			got, internal := linkcheck.Resolve(tt.dest, tt.file)
			if internal != tt.internal || got != tt.want {
				t.Errorf("Resolve(%q, %q) = %+v, %v; want %+v, %v", tt.dest, tt.file, got, internal, tt.want, tt.internal)
			}
		})
	}
}

func FuzzScan(f *testing.F) {
	for _, s := range []string{"[a](/b)", "<Card href=\"/x\">", "```\n[a](b)", "<!--", "{", "`` [a](b", "## H {#x}",
		"---\n", "import a from 'b'", "![x](<y", "<a\nhref='x'", "[a](b(c)"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		p := linkcheck.Scan(src)
		last := 0
		for _, l := range p.Links {
			if l.Line < 1 || l.Line < last {
				t.Fatalf("Scan(%q): link %+v out of order or before line 1", src, l)
			}
			last = l.Line
			if l.Dest == "" {
				t.Fatalf("Scan(%q): empty destination", src)
			}
		}
		if len(p.Links) > linkcheck.MaxLinks {
			t.Fatalf("Scan(%q): %d links", src, len(p.Links))
		}
	})
}
