package docsjson_test

import (
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/schemas/docsjson"
)

// TestListedPagesIgnored: a page the navigation lists whose file .mintignore (or one of
// Mintlify's default ignores) excludes is not published (organize/mintignore: excluded files
// "aren't indexed for search", "aren't accessible to visitors", and links to them are broken).
// Lectern had indexed such a page as a listed one: a draft listed in docs.json under an ignored
// drafts/ folder was in search, llms.txt and served as Markdown.
func TestListedPagesIgnored(t *testing.T) {
	files := map[string]string{
		".mintignore":                "drafts/\n!drafts/keep.mdx\n*.draft.mdx\n!kept.draft.mdx\n**/internal/**\n",
		"index.mdx":                  "---\ntitle: Home\n---\n",
		"drafts/wip.mdx":             "---\ntitle: WIP\n---\n",
		"drafts/keep.mdx":            "---\ntitle: Keep\n---\n",
		"plan.draft.mdx":             "---\ntitle: Plan\n---\n",
		"kept.draft.mdx":             "---\ntitle: Kept\n---\n",
		"a/internal/x.mdx":           "---\ntitle: X\n---\n",
		"tmp/scratch.mdx":            "---\ntitle: Scratch\n---\n",
		"snippets/faq.mdx":           "---\ntitle: FAQ\n---\n",
		"LICENSE.md":                 "# License\n",
		"guides/build/deploy.mdx":    "---\ntitle: Deploy\n---\n",
		"node_modules/pkg/readme.md": "# Pkg\n",
		"Readme.md":                  "# Readme\n",
		"guides/contribute.md":       "# Contribute\n",
		"guides/contributing.mdx":    "---\ntitle: Contributing\n---\n",
		"AGENTS.md":                  "# Agents\n",
		"Drafts/Old.mdx":             "---\ntitle: Old\n---\n",
	}
	docs := withSettings(`{"pages": ["index", "drafts/wip", "drafts/keep", "plan.draft", "kept.draft", "a/internal/x", "tmp/scratch", "guides/build/deploy", "node_modules/pkg/readme", "snippets/faq", "LICENSE",
		"Readme", "guides/contribute", "guides/contributing", "AGENTS", "Drafts/Old"]}`)
	for _, tc := range []struct {
		url     string
		rule    docsjson.Rule
		pattern string // in the rule's detail and in the validation error
	}{
		{"/", docsjson.RuleListed, ""},
		{"/drafts/wip", docsjson.RuleIgnored, `.mintignore pattern "drafts/"`},
		{"/drafts/keep", docsjson.RuleIgnored, `.mintignore pattern "drafts/"`}, // its folder is excluded: the negation cannot bring it back
		{"/plan.draft", docsjson.RuleIgnored, `.mintignore pattern "*.draft.mdx"`},
		{"/kept.draft", docsjson.RuleListed, ""},
		{"/a/internal/x", docsjson.RuleIgnored, `.mintignore pattern "**/internal/**"`},
		{"/tmp/scratch", docsjson.RuleListed, ""},                                                                // the guide's tmp/ is no default of Mintlify's build
		{"/guides/build/deploy", docsjson.RuleListed, ""},                                                        // nor build/: Dify publishes its listed en/cloud/use-dify/build/ pages
		{"/node_modules/pkg/readme", docsjson.RuleIgnored, `Mintlify's default ignores pattern "node_modules/"`}, // its build's defaults apply
		{"/snippets/faq", docsjson.RuleListed, ""},                                                               // the snippet folders hold no unlisted page; a listed one is not their matter
		{"/LICENSE", docsjson.RuleIgnored, `Mintlify's default ignores pattern "LICENSE.md"`},
		// Mintlify's matcher (node-ignore 7) ignores case by default, its patterns' and .mintignore's.
		{"/Readme", docsjson.RuleIgnored, `Mintlify's default ignores pattern "README.md"`},
		{"/Drafts/Old", docsjson.RuleIgnored, `.mintignore pattern "drafts/"`},
		// getFileCategory: no .md page named README, LICENSE, CONTRIBUTING or CONTRIBUTE, in any folder;
		// an .mdx one is a page, and so is a root AGENTS.md (/AGENTS; Mintlify serves /agents.md too).
		{"/guides/contribute", docsjson.RuleIgnored, `Mintlify's build, which makes no page of a .md file named "contribute.md" (any case)`},
		{"/guides/contributing", docsjson.RuleListed, ""},
		{"/AGENTS", docsjson.RuleListed, ""},
	} {
		t.Run(tc.url, func(t *testing.T) {
			site := loadJSON(t, docs, files)
			tree, err := site.Resolve()
			if err != nil {
				t.Fatal(err)
			}
			var pg *docsjson.Page
			for i := range tree.Pages {
				if tree.Pages[i].URL == tc.url {
					pg = &tree.Pages[i]
				}
			}
			if pg == nil {
				t.Fatalf("%s is not a listed page", tc.url)
			}
			if pg.Index.Rule != tc.rule || pg.Index.Rule.Unpublished() != (tc.pattern != "") {
				t.Errorf("rule %q (unpublished %v), want %q", pg.Index.Rule, pg.Index.Rule.Unpublished(), tc.rule)
			}
			if tc.pattern == "" {
				return
			}
			if pg.Index.Search || pg.Index.Assistant || pg.Index.LLMsTxt || pg.Index.Detail != tc.pattern {
				t.Errorf("indexing %+v, want in nothing, detail %q", pg.Index, tc.pattern)
			}
			found := false
			for _, e := range site.Validate(docsjson.ValidateOptions{}).Errors {
				if strings.Contains(e.Message, strings.TrimPrefix(tc.url, "/")+`": its file `) && strings.Contains(e.Message, tc.pattern) {
					found = true
				}
			}
			if !found {
				t.Errorf("validation does not report %s as ignored (%s)", tc.url, tc.pattern)
			}
		})
	}
}

// TestUnlistedPagesOfBuildFolders: Mintlify's build publishes the unlisted files under the
// folders its guide lists as ignored by default (build, dist, coverage, tmp, temp, .cache): its
// file list skips only the defaults of @mintlify/common and .mintignore. AdCP redirects its
// front door and 320 more paths to the unlisted snapshot under dist/docs/3.1.2/
// (adcontextprotocol/adcp@4439b187), and Lectern warned of 322 destinations that "readers find
// nothing" at and served none of those pages. (That those two redirects shadow the pages the
// latest version lists is a warning of its own: TestRedirectShadowsPage.)
func TestUnlistedPagesOfBuildFolders(t *testing.T) {
	site := loadSite(t, "testdata/sites/adcp-dist/docs.json")
	for _, w := range site.Validate(docsjson.ValidateOptions{}).Warnings {
		if !strings.Contains(w.Message, "redirects apply before pages") {
			t.Errorf("warning %s", w)
		}
	}
	tree, err := site.Resolve()
	if err != nil {
		t.Fatal(err)
	}
	unlisted := map[string]docsjson.Page{}
	for _, p := range site.Unlisted(tree) {
		unlisted[p.URL] = p
	}
	// Each version keeps its pages in a folder of its own under dist/docs/ (docs/ for the
	// latest): an unlisted page there is of that version; the snapshot 3.1.2 is of none.
	for url, version := range map[string]string{"/dist/docs/3.1.2/intro": "", "/dist/docs/3.1.2/quickstart": "",
		"/dist/docs/2.5.3/spec-guidelines": "2.5 (archived)"} {
		if p, ok := unlisted[url]; !ok || !p.Hidden || p.Version != version {
			t.Errorf("%s: unlisted page %v (hidden %v, version %q), want a hidden page of version %q", url, ok, p.Hidden, p.Version, version)
		}
	}

	files := map[string]string{"index.mdx": "# Home"}
	for _, f := range []string{"build/a.mdx", "dist/b.mdx", "coverage/c.mdx", "tmp/e.mdx", "temp/f.mdx",
		"node_modules/g.mdx", "snippets/h.mdx", "README.md", "guides/readme.md", "Node_Modules/i.mdx", "AGENTS.md", "CLAUDE.md", "guides/license.mdx"} {
		files[f] = "# Page"
	}
	site = loadJSON(t, withSettings(`{"pages": ["index"]}`), files)
	if tree, err = site.Resolve(); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range site.Unlisted(tree) {
		got = append(got, p.URL)
	}
	want := []string{"/AGENTS", "/CLAUDE", "/build/a", "/coverage/c", "/dist/b", "/guides/license", "/temp/f", "/tmp/e"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("unlisted pages %q, want %q (node_modules in any case, snippets, README.md and readme.md are none)", got, want)
	}
}
