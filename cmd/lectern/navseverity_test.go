package main

import (
	"context"
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/sitedocs"
)

// TestNavValidateAndTheServedSiteSayTheSame: a listed page whose file Mintlify does not
// publish is one problem in the same words in `lectern nav validate` (an error: exit 1, as
// Mintlify's mint validate fails) and in the served site's problems (/readyz?verbose, the
// site problems metric: a warning, the site serves the rest, as Mintlify's build warns and
// deploys). A listed page whose MDX ends inside a construct it opened is the same: an error
// and a warning in the same words (Mintlify's build does not render it; the site serves the
// rest).
func TestNavValidateAndTheServedSiteSayTheSame(t *testing.T) {
	lemon, err := os.ReadFile("../../assistant/markdown/testdata/lemondata-unclosed/ko/api-reference/chat/create-completion.mdx")
	if err != nil {
		t.Fatal(err)
	}
	lemonJa, err := os.ReadFile("../../assistant/markdown/testdata/lemondata-unclosed/ja/api-reference/cache/cache-management.mdx")
	if err != nil {
		t.Fatal(err)
	}
	shanone, err := os.ReadFile("../../assistant/markdown/testdata/shanone-quote/integrations/elevenlabs.mdx")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		files map[string]string
		want  []string // in each problem's message, one problem each
	}{
		{"a page without a file", map[string]string{"docs.json": `{"navigation": {"pages": ["index", "guides/missing"]}}`},
			[]string{`page "guides/missing" has no file; create guides/missing.mdx or guides/missing.md;`}},
		{"a typo of a page", map[string]string{"docs.json": `{"navigation": {"pages": ["index", "quickstat", "quickstart"]}}`, "quickstart.mdx": "# Quickstart"},
			[]string{`page "quickstat" has no file; did you mean "quickstart"?`}},
		{"a file the ignore patterns leave out", map[string]string{"docs.json": `{"navigation": {"pages": ["index", "drafts/plan"]}}`,
			".mintignore": "drafts/\n", "drafts/plan.mdx": "# Plan"},
			[]string{`page "drafts/plan": its file drafts/plan.mdx is ignored (`}},
		{"a translation's gap", map[string]string{"docs.json": `{"navigation": {"languages": [{"language": "en", "pages": ["index"]}, {"language": "es", "pages": ["es/index"]}]}}`},
			[]string{`page "es/index" has no file;`}},
		// ngrok lists "agent/index" and again "agent", which has no file of its own: the served
		// site took the second listing for the first (one URL) and did not warn of it.
		{"a page listed by its folder's index and again by its folder (ngrok)", map[string]string{"docs.json": `{"navigation": {"groups": [{"group": "Tunnels", "pages": ["index", "agent/index"]}, {"group": "CLI", "pages": ["agent"]}]}}`,
			"agent/index.mdx": "---\ntitle: Agent\n---\n\nThe agent.\n"},
			[]string{`page "agent" has no file of its own; agent/index.mdx answers at its URL`}},
		// MDX that ends inside a construct: Mintlify's build does not render the page.
		{"a page ending inside a tag (LemonData)", map[string]string{"docs.json": `{"navigation": {"pages": ["index", "ko/api-reference/chat/create-completion"]}}`,
			"ko/api-reference/chat/create-completion.mdx": string(lemon)},
			[]string{`page "ko/api-reference/chat/create-completion": its file ko/api-reference/chat/create-completion.mdx ends inside the tag <ParamField on line 61, which has no closing '>'; MDX cannot compile it`}},
		{"a page ending inside an expression and one inside a code fence", map[string]string{"docs.json": `{"navigation": {"pages": ["index", "expr", "fence"]}}`,
			"expr.mdx": "# Expr\n\nHello {user.name\n", "fence.md": "---\ntitle: Fence\n---\n\n<Steps>\n<Step title=\"Run\">\n```bash\nmake\n</Step>\n</Steps>\n"},
			[]string{`page "expr": its file expr.mdx ends inside the expression { on line 3, which has no closing '}';`,
				"page \"fence\": its file fence.md ends inside the code fence ``` on line 7, which never closes, inside the <Step>,"}},
		{"a page whose element never closes", map[string]string{"docs.json": `{"navigation": {"pages": ["index", "el"]}}`, "el.mdx": "<Note>\n  Text.\n"},
			[]string{`page "el": its file el.mdx ends inside the element <Note> on line 1, which has no closing tag;`}},
		// MDX that MDX rejects in its middle: Mintlify's build does not render the page either.
		{"a closing tag that closes nothing (LemonData)", map[string]string{"docs.json": `{"navigation": {"pages": ["index", "ja/api-reference/cache/cache-management"]}}`,
			"ja/api-reference/cache/cache-management.mdx": string(lemonJa)},
			[]string{`page "ja/api-reference/cache/cache-management": its file ja/api-reference/cache/cache-management.mdx has the closing tag </CodeGroup> on line 66, which closes no element open there; MDX cannot compile it`}},
		// MDX stops at the quote inside the title, not at the </Accordion> two lines on.
		{"a quote inside a quoted title (Shanone)", map[string]string{"docs.json": `{"navigation": {"pages": ["index", "integrations/elevenlabs"]}}`,
			"integrations/elevenlabs.mdx": string(shanone)},
			[]string{`page "integrations/elevenlabs": its file integrations/elevenlabs.mdx has the tag <Accordion on line 13, where …ect conversion tools return "processing" ends with a quote that stands where MDX expects an attribute's name: a quote inside a quoted value ends the value; write the value in the other quotes or as an expression ({"..."}); MDX cannot compile it`}},
		{"a comment, a line break, an image and an autolink", map[string]string{"docs.json": `{"navigation": {"pages": ["index", "comment", "br", "img", "autolink"]}}`,
			"comment.mdx": "---\ntitle: C\n---\n\nText.\n\n<!-- TODO -->\n", "br.md": "One<br>two.\n", "img.mdx": "<Frame>\n<img src=\"/a.png\">\n</Frame>\n",
			"autolink.mdx": "See <https://example.com>.\n"},
			[]string{`page "comment": its file comment.mdx has an HTML comment (<!--) on line 7, which MDX does not read: write {/* ... */};`,
				`page "br": its file br.md has the <br> on line 1, which MDX reads as an element never closed: end it with />;`,
				`page "img": its file img.mdx has the <img src="/a.png"> on line 2, which MDX reads as an element never closed: end it with />;`,
				`page "autolink": its file autolink.mdx has the autolink <https://example.com> on line 1, which MDX does not read: write a link, [text](url), or the bare URL;`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{"index.mdx": "---\ntitle: Home\n---\n\nHello.\n"}
			for name, body := range tc.files {
				files[name] = body
			}
			dir := writeSite(t, files)
			code, out, errOut := runNav("validate", "--json", dir)
			var rep navReport
			if err := json.Unmarshal([]byte(out), &rep); err != nil || code != 1 {
				t.Fatalf("nav validate = %d, %v\n%s%s", code, err, out, errOut)
			}
			docs, err := sitedocs.Load(context.Background(), dir)
			if err != nil {
				t.Fatal(err)
			}
			for _, want := range tc.want {
				i := slices.IndexFunc(rep.Errors, func(e struct{ Path, Message, File string }) bool { return strings.Contains(e.Message, want) })
				if i < 0 {
					t.Fatalf("nav validate has no error %q: %+v", want, rep.Errors)
				}
				served := "warning: " + rep.Errors[i].Path + ": " + rep.Errors[i].Message
				if !slices.Contains(docs.Problems, served) {
					t.Errorf("the served site's problems %q\nlack nav validate's error as a warning, in the same words:\n%q", docs.Problems, served)
				}
			}
		})
	}
}

// TestNavValidateAcceptsWhatMDXReads: MDX's own forms (a {/* comment */}, <br />, <img ... />,
// a link) and HTML, comments and autolinks inside code are no problem to either report.
func TestNavValidateAcceptsWhatMDXReads(t *testing.T) {
	dir := writeSite(t, map[string]string{"docs.json": `{"name": "Home", "theme": "mint", "colors": {"primary": "#0D9373"}, "navigation": {"pages": ["index"]}}`,
		"index.mdx": "---\ntitle: Home\n---\n\n{/* TODO */}\n\nOne<br />two <img src=\"/a.png\" /> [site](https://example.com)\n\n<hr />\n\n" +
			"Write `<!-- x -->` or `<br>`:\n\n```html\n<!-- x -->\n<br>\n</div>\n```\n"})
	code, out, errOut := runNav("validate", "--json", dir)
	var rep navReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil || code != 0 || len(rep.Errors) > 0 {
		t.Fatalf("nav validate = %d, %v\n%s%s", code, err, out, errOut)
	}
	docs, err := sitedocs.Load(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range docs.Problems {
		if strings.Contains(p, "MDX") {
			t.Errorf("a problem of MDX the page does not have: %s", p)
		}
	}
}

// TestNavValidateAndTheServedSiteWarnAlike: a listed page that uses a component nothing
// defines (ngrok's <ActionOverview />), which Mintlify's build renders as nothing, is a
// warning in the same words in `lectern nav validate` (exit 0) and in the served site's
// problems; a component the page imports or defines, or one of Mintlify's, is none.
func TestNavValidateAndTheServedSiteWarnAlike(t *testing.T) {
	dir := writeSite(t, map[string]string{"docs.json": `{"name": "Home", "theme": "mint", "colors": {"primary": "#0D9373"}, "navigation": {"pages": ["index", "deny"]}}`,
		"index.mdx":          "---\ntitle: Home\n---\n\nimport Intro from \"/snippets/intro.mdx\";\nexport const Hero = () => <p>Hi</p>;\n\n<Intro />\n<Hero />\n<Note>Hello.</Note>\n",
		"snippets/intro.mdx": "Intro.\n",
		"deny.mdx":           "---\ntitle: Deny\n---\n\n<ActionOverview />\n<ActionConfig />\n"})
	code, out, errOut := runNav("validate", "--json", dir)
	var rep navReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil || code != 0 {
		t.Fatalf("nav validate = %d, %v\n%s%s", code, err, out, errOut)
	}
	want := `page "deny": its file deny.mdx uses <ActionOverview> and <ActionConfig>, which are neither one of Mintlify's components nor imported nor defined in the page or its snippets;`
	var found []string
	for _, w := range rep.Warnings {
		if strings.Contains(w.Message, "Mintlify's components") {
			found = append(found, "warning: "+w.Path+": "+w.Message)
		}
	}
	if len(found) != 1 || !strings.Contains(found[0], want) {
		t.Fatalf("nav validate's component warnings %q, want one with %q", found, want)
	}
	docs, err := sitedocs.Load(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(docs.Problems, found[0]) {
		t.Errorf("the served site's problems %q\nlack nav validate's warning, in the same words:\n%q", docs.Problems, found[0])
	}
}
