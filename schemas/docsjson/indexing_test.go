package docsjson_test

import (
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/schemas/docsjson"
)

// indexingSite uses every row of Mintlify's "Search, SEO, and AI indexing" table, in the shapes
// real sites write: a hidden "Help center" tab marked searchable, a hidden group inside it that
// is not, a hidden group, pages with hidden, noindex and searchable frontmatter, a page listed
// twice, a listed page without a file, and unlisted files (a draft, a snippet, an imported
// fragment, an ignored folder).
const indexingDocs = `{
  "name": "Acme",
  "navigation": {"tabs": [
    {"tab": "Docs", "groups": [
      {"group": "Start", "pages": ["index", "quickstart", "internal-notes", "legacy", "secret", "missing", "sdk-reference"]},
      {"group": "Old", "hidden": true, "pages": ["old/v0", "old/back", "quickstart"]}
    ]},
    {"tab": "Help center", "hidden": true, "searchable": true, "groups": [
      {"group": "Domains", "pages": ["help/domain-taken"]},
      {"group": "Staff", "hidden": true, "pages": ["help/staff-only"]},
      {"group": "Escalations", "hidden": true, "searchable": true, "pages": ["help/escalate"]}
    ]}
  ]}
}`

var indexingFiles = map[string]string{
	"index.mdx":            "---\ntitle: Home\n---\nWelcome.\n",
	"quickstart.mdx":       "---\ntitle: Quickstart\n---\nimport Step from \"/components/step.mdx\"\n\nInstall.\n",
	"internal-notes.mdx":   "---\ntitle: Internal notes\nsearchable: false\n---\nNotes.\n",
	"legacy.mdx":           "---\ntitle: Legacy\nnoindex: true\n---\nOld.\n",
	"secret.mdx":           "---\ntitle: Secret\nhidden: true\n---\nShh.\n",
	"sdk-reference.mdx":    "---\ntitle: SDK reference\nurl: \"https://example.com/sdk/\"\n---\n",
	"old/v0.mdx":           "---\ntitle: v0\n---\nOld API.\n",
	"old/back.mdx":         "---\ntitle: Back\nhidden: false\n---\nStill useful.\n",
	"help/domain-taken.md": "# Domain taken\n",
	"help/staff-only.mdx":  "---\ntitle: Staff only\n---\n",
	"help/escalate.mdx":    "---\ntitle: Escalate\n---\n",
	"drafts/next.mdx":      "---\ntitle: Next\n---\nDraft.\n",
	"orphan.mdx":           "---\ntitle: Orphan\nboost: 2\n---\nNot listed.\n",
	"hidden-orphan.mdx":    "---\ntitle: Hidden orphan\nhidden: true\n---\n",
	"noindex-orphan.mdx":   "---\nnoindex: true\n---\n",
	"snippets/note.mdx":    "A note.\n",
	"_snippets/old.mdx":    "An older snippet.\n",
	"components/step.mdx":  "A step.\n",
	"node_modules/x/a.md":  "# A\n",
	"README.md":            "# Repo\n",
	".mintignore":          "# drafts stay private\ndrafts/\n",
}

type want struct {
	search, llms bool
	rule         docsjson.Rule
}

func TestIndexingRules(t *testing.T) {
	for _, tc := range []struct {
		name  string
		seo   string
		pages map[string]want
	}{
		{name: "navigable", pages: map[string]want{
			"/":                  {true, true, docsjson.RuleListed},
			"/quickstart":        {true, true, docsjson.RuleListed},
			"/internal-notes":    {false, true, docsjson.RuleNotSearchable},
			"/legacy":            {false, false, docsjson.RuleNoindex},
			"/secret":            {false, false, docsjson.RuleHidden},
			"/missing":           {false, false, docsjson.RuleNoFile},
			"/sdk-reference":     {false, false, docsjson.RuleLink},
			"/old/v0":            {false, false, docsjson.RuleHiddenParent},
			"/old/back":          {true, true, docsjson.RuleHiddenFalse},
			"/help/domain-taken": {true, true, docsjson.RuleSearchable},
			"/help/staff-only":   {false, false, docsjson.RuleHiddenParent},
			"/help/escalate":     {true, true, docsjson.RuleSearchable},
			"/orphan":            {false, false, docsjson.RuleUnlisted},
			"/hidden-orphan":     {false, false, docsjson.RuleHidden},
			"/noindex-orphan":    {false, false, docsjson.RuleNoindex},
		}},
		{name: "all", seo: `"seo": {"indexing": "all"},`, pages: map[string]want{
			"/":                  {true, true, docsjson.RuleListed},
			"/internal-notes":    {false, true, docsjson.RuleNotSearchable},
			"/legacy":            {false, false, docsjson.RuleNoindex},
			"/secret":            {true, true, docsjson.RuleIndexingAll},
			"/missing":           {false, false, docsjson.RuleNoFile},
			"/sdk-reference":     {false, false, docsjson.RuleLink},
			"/old/v0":            {true, true, docsjson.RuleIndexingAll},
			"/help/staff-only":   {true, true, docsjson.RuleIndexingAll},
			"/help/domain-taken": {true, true, docsjson.RuleSearchable},
			"/orphan":            {true, true, docsjson.RuleIndexingAll},
			"/hidden-orphan":     {true, true, docsjson.RuleIndexingAll},
			"/noindex-orphan":    {false, false, docsjson.RuleNoindex},
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			docs := indexingDocs
			if tc.seo != "" {
				docs = `{` + tc.seo + docs[1:]
			}
			site := loadJSON(t, docs, indexingFiles)
			tree, err := site.Resolve()
			if err != nil {
				t.Fatal(err)
			}
			all := site.AllPages(tree)
			byURL := map[string]docsjson.Page{}
			for _, pg := range all {
				if pg.Index.Rule == docsjson.RuleListedElsewhere {
					continue
				}
				if _, dup := byURL[pg.URL]; dup {
					t.Errorf("page %s decided twice", pg.URL)
				}
				byURL[pg.URL] = pg
			}
			for url, w := range tc.pages {
				pg, ok := byURL[url]
				if !ok {
					t.Errorf("%s: not among the pages", url)
					continue
				}
				got := want{pg.Index.Search, pg.Index.LLMsTxt, pg.Index.Rule}
				if got != w || pg.Index.Assistant != pg.Index.Search {
					t.Errorf("%s: %+v, want %+v", url, pg.Index, w)
				}
			}
			for _, url := range []string{"/drafts/next", "/snippets/note", "/_snippets/old", "/components/step", "/node_modules/x/a", "/README"} {
				if _, ok := byURL[url]; ok {
					t.Errorf("%s is a page; Mintlify does not publish it", url)
				}
			}
		})
	}
}

func TestIndexingDetailAndDuplicates(t *testing.T) {
	site := loadJSON(t, indexingDocs, indexingFiles)
	tree, err := site.Resolve()
	if err != nil {
		t.Fatal(err)
	}
	var listings []docsjson.Page
	for _, pg := range tree.Pages {
		switch pg.URL {
		case "/quickstart":
			listings = append(listings, pg)
		case "/sdk-reference":
			if pg.Href != "https://example.com/sdk/" || pg.Index.Detail != pg.Href {
				t.Errorf("sdk-reference href %q, detail %q; want the frontmatter's url", pg.Href, pg.Index.Detail)
			}
		case "/old/v0":
			if pg.Index.Detail != "navigation.tabs[0].groups[1]" {
				t.Errorf("old/v0 detail %q, want the hidden group's path", pg.Index.Detail)
			}
		case "/help/domain-taken":
			if pg.Index.Detail != "navigation.tabs[1]" {
				t.Errorf("domain-taken detail %q, want the searchable tab's path", pg.Index.Detail)
			}
		}
	}
	if len(listings) != 2 || listings[0].Index.Rule != docsjson.RuleListed ||
		listings[1].Index.Rule != docsjson.RuleListedElsewhere || listings[1].Index.Detail != listings[0].NavPath {
		t.Errorf("quickstart listings: %+v", listings)
	}
}

// TestIndexingKeepsTheVisibleListing: a page listed first under a hidden group and again in a
// visible one is indexed, at the visible listing.
func TestIndexingKeepsTheVisibleListing(t *testing.T) {
	site := loadJSON(t, `{"navigation": {"groups": [{"group": "Old", "hidden": true, "pages": ["a"]}, {"group": "New", "pages": ["a"]}]}}`,
		map[string]string{"a.mdx": "# A"})
	tree, err := site.Resolve()
	if err != nil {
		t.Fatal(err)
	}
	got := []docsjson.Rule{tree.Pages[0].Index.Rule, tree.Pages[1].Index.Rule}
	if !slices.Equal(got, []docsjson.Rule{docsjson.RuleListedElsewhere, docsjson.RuleListed}) || tree.Pages[0].Index.Detail != "navigation.groups[1].pages[0]" {
		t.Errorf("rules %v (detail %q)", got, tree.Pages[0].Index.Detail)
	}
}

func TestBoostInheritance(t *testing.T) {
	site := loadJSON(t, `{"navigation": {"tabs": [{"tab": "Docs", "boost": 2, "groups": [
	    {"group": "Guides", "pages": ["guide", {"group": "Deep", "boost": 0.5, "pages": ["deep", "deep-boosted"]}]},
	    {"group": "Changelog", "boost": 0.25, "tag": "NEW", "pages": ["changelog"]}]},
	  {"tab": "API", "pages": ["api"]}]}}`,
		map[string]string{"guide.mdx": "", "deep.mdx": "", "deep-boosted.mdx": "---\nboost: 3\ntag: Beta\n---\n", "changelog.mdx": "", "api.mdx": "---\nboost: 0\n---\n"})
	tree, err := site.Resolve()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]float64{"/guide": 2, "/deep": 0.5, "/deep-boosted": 3, "/changelog": 0.25, "/api": 0}
	for _, pg := range tree.Pages {
		if pg.Boost != want[pg.URL] {
			t.Errorf("%s boost %v, want %v", pg.URL, pg.Boost, want[pg.URL])
		}
	}
	if tags := tree.Pages[2].Tags; !slices.Equal(tags, []string{"Beta"}) {
		t.Errorf("deep-boosted tags %v", tags)
	}
	if tags := tree.Pages[3].Tags; !slices.Equal(tags, []string{"NEW"}) {
		t.Errorf("changelog tags %v", tags)
	}
	if probs := tree.PageProblems(); len(probs) != 1 || probs[0].Path != "navigation.tabs[1].pages[0]" {
		t.Errorf("page problems %+v, want the zero boost of api.mdx", probs)
	}
}

func TestDefaultLanguageAndUnlistedLanguage(t *testing.T) {
	site := loadJSON(t, `{"navigation": {"languages": [{"language": "en", "pages": ["a"]}, {"language": "es", "default": true, "pages": ["es/a"]}]}}`,
		map[string]string{"a.mdx": "", "es/a.mdx": "", "es/b.mdx": "", "fr/b.mdx": "", "b.mdx": ""})
	tree, err := site.Resolve()
	if err != nil {
		t.Fatal(err)
	}
	if tree.DefaultLanguage() != "es" {
		t.Errorf("default language %q, want es", tree.DefaultLanguage())
	}
	got := map[string]string{}
	for _, pg := range site.Unlisted(tree) {
		got[pg.URL] = pg.Language
	}
	want := map[string]string{"/es/b": "es", "/fr/b": "", "/b": ""}
	if len(got) != len(want) {
		t.Errorf("unlisted %v, want %v", got, want)
	}
	for u, l := range want {
		if got[u] != l {
			t.Errorf("unlisted %s language %q, want %q", u, got[u], l)
		}
	}
}

// TestUnlistedVersionFromFolder: an unlisted page in the folder a version keeps its pages in
// belongs to that version (Stagehand's old v2/ pages under seo.indexing "all" answered v4's
// questions); a page at the root, in a folder two versions share, or in the folder of a version
// with one listed page belongs to none, and so serves every version.
func TestUnlistedVersionFromFolder(t *testing.T) {
	site := loadJSON(t, `{"seo": {"indexing": "all"}, "navigation": {"versions": [
		{"version": "v4", "pages": ["index", "guides/act", "shared/faq"]},
		{"version": "v3", "pages": ["v3/index", "v3/act", "v3/observe", "shared/faq-v3"]},
		{"version": "v2", "pages": ["v2/index", "v2/act"]},
		{"version": "v1", "pages": ["v1/index"]}]}}`,
		map[string]string{"index.mdx": "", "guides/act.mdx": "", "shared/faq.mdx": "", "shared/faq-v3.mdx": "",
			"v3/index.mdx": "", "v3/act.mdx": "", "v3/observe.mdx": "", "v2/index.mdx": "", "v2/act.mdx": "", "v1/index.mdx": "",
			"v2/best-practices/observe.mdx": "", "v3/old.mdx": "", "v1/old.mdx": "", "shared/old.mdx": "", "old.mdx": "", "guides/old.mdx": ""})
	tree, err := site.Resolve()
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, pg := range site.Unlisted(tree) {
		got[pg.URL] = pg.Version
	}
	want := map[string]string{"/v2/best-practices/observe": "v2", "/v3/old": "v3", "/v1/old": "", "/shared/old": "", "/old": "", "/guides/old": ""}
	if !maps.Equal(got, want) {
		t.Errorf("unlisted pages' versions %v, want %v", got, want)
	}
}

// FuzzPageFiles feeds arbitrary page files and .mintignore files to the resolver and the search
// for unlisted pages: neither may panic, and every page gets a URL and a rule.
func FuzzPageFiles(f *testing.F) {
	f.Add([]byte("---\ntitle: A\nboost: 2\nhidden: false\nsearchable: false\ngroups: [admin]\n---\nbody"), []byte("drafts/\n!drafts/keep.mdx\n**/internal/**\n/root.mdx\n*.draft.mdx\n"))
	f.Add([]byte("---\nboost: [1]\nnoindex: {a: 1}\ngroups: 3\nhidden: ~\n---\n"), []byte("\\#not-a-comment\n!\n/\n**\n"))
	f.Add([]byte("import X from \"../../../etc/x.mdx\"\n"), []byte("[a-\n"))
	f.Fuzz(func(t *testing.T, page, ignore []byte) {
		fsys := siteFS(`{"seo": {"indexing": "all"}, "navigation": {"languages": [{"language": "en", "pages": ["a"]}, {"language": "es", "pages": ["es/a"]}]}}`,
			map[string]string{"a.mdx": string(page), "es/b.mdx": string(page), "drafts/keep.mdx": string(page), "x/internal/y.md": string(page), ".mintignore": string(ignore)})
		site, err := docsjson.LoadFS(fsys, "docs.json")
		if err != nil {
			t.Fatal(err)
		}
		tree, err := site.Resolve()
		if err != nil {
			t.Fatal(err)
		}
		for _, pg := range site.AllPages(tree) {
			if !strings.HasPrefix(pg.URL, "/") || pg.Index.Rule == "" || pg.Boost < 0 {
				t.Fatalf("page %+v", pg)
			}
		}
	})
}

func TestIgnorePatterns(t *testing.T) {
	site := loadJSON(t, `{"navigation": {"pages": ["a"]}}`, map[string]string{
		"a.mdx": "", ".mintignore": "drafts/\n!drafts/keep.mdx\n**/internal/**\n/root-only.mdx\n*.draft.mdx\n# comment\n",
		"drafts/x.mdx": "", "drafts/keep.mdx": "", "deep/internal/y.md": "", "root-only.mdx": "", "sub/root-only.mdx": "",
		"guide.draft.mdx": "", "sub/guide.draft.mdx": "", "kept.mdx": "", ".hidden/z.mdx": "", "sub/README.md": "",
	})
	tree, err := site.Resolve()
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, pg := range site.Unlisted(tree) {
		got = append(got, pg.File)
	}
	slices.Sort(got)
	// drafts/keep.mdx stays ignored: as in git, a file cannot be re-included when its folder is excluded.
	want := []string{"kept.mdx", "sub/root-only.mdx"}
	if !slices.Equal(got, want) {
		t.Errorf("unlisted %v, want %v", got, want)
	}
}

// TestLegacySnippetsAreNoPages: the files of _snippets (what `<Snippet file="..." />` reads)
// are not pages: @mintlify/common's getFileCategory makes them snippets, and the llms.txt of
// Upstash's published site lists none of its 19; under seo.indexing "all" Lectern had indexed
// each as a page of its own.
func TestLegacySnippetsAreNoPages(t *testing.T) {
	dir := filepath.Join("testdata", "sites", "upstash-api")
	site := loadSite(t, dir)
	tree, err := site.Resolve()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range site.AllPages(tree) {
		if strings.HasPrefix(p.URL, "/_snippets/") {
			t.Errorf("%s (%s) is a page: %+v", p.URL, p.File, p.Index)
		}
	}
	if llms, err := os.ReadFile(filepath.Join(dir, "llms.txt")); err != nil || strings.Contains(string(llms), "_snippets") {
		t.Errorf("llms.txt: %v; it should list no file of _snippets", err)
	}
}

// TestSearchableOnTabsAndGroupsOnly: searchable: true keeps the pages of a hidden tab or group
// in search, and of no other element, as Mintlify's help center says ("Tabs and groups support
// the searchable: true opt-in. Versions and other top-level navigation elements don't."; hidden
// on a version, anchor, dropdown, language or product "excludes every page beneath it"); under
// those, seo.indexing "all" alone brings the pages back. nav validate warns of searchable there.
func TestSearchableOnTabsAndGroupsOnly(t *testing.T) {
	tests := []struct {
		name, nav string
		rule      docsjson.Rule
		warning   string // the path of the warning of searchable, "" none
	}{
		{"a hidden tab", `{"tabs": [{"tab": "Docs", "pages": ["a"]}, {"tab": "Help", "hidden": true, "searchable": true, "pages": ["b"]}]}`, docsjson.RuleSearchable, ""},
		{"a hidden group", `{"groups": [{"group": "G", "pages": ["a"]}, {"group": "Help", "hidden": true, "searchable": true, "pages": ["b"]}]}`, docsjson.RuleSearchable, ""},
		{"a hidden version", `{"versions": [{"version": "v2", "pages": ["a"]}, {"version": "v1", "hidden": true, "searchable": true, "pages": ["b"]}]}`,
			docsjson.RuleHiddenParent, "navigation.versions[1].searchable"},
		{"a hidden language", `{"languages": [{"language": "en", "pages": ["a"]}, {"language": "es", "hidden": true, "searchable": true, "pages": ["b"]}]}`,
			docsjson.RuleHiddenParent, "navigation.languages[1].searchable"},
		{"a hidden anchor", `{"anchors": [{"anchor": "A", "pages": ["a"]}, {"anchor": "B", "hidden": true, "searchable": true, "pages": ["b"]}]}`,
			docsjson.RuleHiddenParent, "navigation.anchors[1].searchable"},
		{"a hidden dropdown", `{"dropdowns": [{"dropdown": "A", "pages": ["a"]}, {"dropdown": "B", "hidden": true, "searchable": true, "pages": ["b"]}]}`,
			docsjson.RuleHiddenParent, "navigation.dropdowns[1].searchable"},
		{"a hidden product", `{"products": [{"product": "A", "pages": ["a"]}, {"product": "B", "hidden": true, "searchable": true, "pages": ["b"]}]}`,
			docsjson.RuleHiddenParent, "navigation.products[1].searchable"},
		{"a searchable group in a hidden version", `{"versions": [{"version": "v2", "pages": ["a"]}, {"version": "v1", "hidden": true, "groups": [{"group": "Help", "hidden": true, "searchable": true, "pages": ["b"]}]}]}`,
			docsjson.RuleSearchable, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			site := loadJSON(t, `{"name": "T", "theme": "mint", "colors": {"primary": "#0D9373"}, "navigation": `+tc.nav+`}`,
				map[string]string{"a.mdx": "# A", "b.mdx": "# B"})
			tree, err := site.Resolve()
			if err != nil {
				t.Fatal(err)
			}
			var b *docsjson.Page
			for i := range tree.Pages {
				if tree.Pages[i].URL == "/b" {
					b = &tree.Pages[i]
				}
			}
			if b == nil {
				t.Fatalf("no page /b in %+v", tree.Pages)
			}
			if b.Index.Rule != tc.rule || b.Index.Search != (tc.rule == docsjson.RuleSearchable) {
				t.Errorf("/b rule %s (search %v), want %s", b.Index.Rule, b.Index.Search, tc.rule)
			}
			var warned []string
			for _, w := range site.Validate(docsjson.ValidateOptions{}).Warnings {
				if strings.HasSuffix(w.Path, ".searchable") {
					warned = append(warned, w.Path)
				}
			}
			if want := []string{tc.warning}; tc.warning == "" && len(warned) > 0 || tc.warning != "" && !slices.Equal(warned, want) {
				t.Errorf("searchable warnings at %q, want %q", warned, tc.warning)
			}
		})
	}
}
