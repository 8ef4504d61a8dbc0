package main

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
)

// The generated sites are written once for the tests that read them (about ten seconds).
var generated = sync.OnceValues(func() (*searchSite, error) {
	repo, err := filepath.Abs("../..")
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "searchsite-test-")
	if err != nil {
		return nil, err
	}
	return writeSearchSites(repo, dir)
})

func TestMain(m *testing.M) {
	code := m.Run()
	if s, err := generated(); err == nil {
		_ = os.RemoveAll(filepath.Dir(s.controls))
	}
	os.Exit(code)
}

func searchSites(t *testing.T) *searchSite {
	t.Helper()
	s, err := generated()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// controlLine finds a control's field in a page's frontmatter.
var controlLine = regexp.MustCompile(`(?m)^(hidden|noindex|searchable|boost|groups):`)

func TestSearchSitesHoldTheSamePages(t *testing.T) {
	s := searchSites(t)
	if len(s.pages) != searchSitePages {
		t.Fatalf("%d pages, want %d", len(s.pages), searchSitePages)
	}
	files := func(root string) []string {
		var out []string
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				rel, _ := filepath.Rel(root, p)
				out = append(out, rel)
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	cf, pf := files(s.controls), files(s.plain)
	if !slices.Equal(cf, pf) {
		t.Fatalf("the sites hold different files: %d and %d", len(cf), len(pf))
	}
	withControls := 0
	for _, f := range pf {
		if !strings.HasSuffix(f, ".mdx") && !strings.HasSuffix(f, ".md") {
			continue
		}
		plain, err := os.ReadFile(filepath.Join(s.plain, f))
		if err != nil {
			t.Fatal(err)
		}
		if start, end := frontmatterEnd(plain); start >= 0 && controlLine.Match(plain[start:end]) {
			t.Errorf("%s keeps a control in the plain site: %q", f, controlLine.Find(plain[start:end]))
		}
		ctl, err := os.ReadFile(filepath.Join(s.controls, f))
		if err != nil {
			t.Fatal(err)
		}
		if start, end := frontmatterEnd(ctl); start >= 0 && controlLine.Match(ctl[start:end]) {
			withControls++
		}
		// Outside the controls' lines the two copies are the same page.
		if !bytes.Equal(stripControls(ctl), plain) {
			t.Errorf("%s: the two sites' copies differ beyond the controls", f)
		}
	}
	if withControls < 100 {
		t.Errorf("%d pages of the controls site set a control in their frontmatter, want at least 100", withControls)
	}
}

func TestSearchSiteQuestions(t *testing.T) {
	s := searchSites(t)
	if len(s.questions) < 150 {
		t.Fatalf("%d questions, want the tuning half (187)", len(s.questions))
	}
	tree, err := resolveSite(s.controls)
	if err != nil {
		t.Fatal(err)
	}
	urls := map[string]bool{}
	for _, p := range tree.Pages {
		urls[p.URL] = true
	}
	with := 0
	for _, q := range s.questions {
		if q.currentPath == "" {
			continue
		}
		with++
		if !urls[q.currentPath] {
			t.Errorf("question %q: currentPath %s is no page of the site", q.q, q.currentPath)
		}
	}
	if with < 10 {
		t.Errorf("%d questions are asked from a page, want at least 10", with)
	}
}

func TestCheckSearchSitesRefusesASiteWithoutItsControls(t *testing.T) {
	s := searchSites(t)
	if _, md, err := checkSearchSites(s.controls, s.plain); err != nil || len(md) < 1000 {
		t.Fatalf("the generated sites: %v, %d Markdown pages", err, len(md))
	}
	// Each case changes one file of the shared sites, and puts it back after.
	cases := []struct {
		name   string
		file   string // of the plain site ("" the controls site's docs.json)
		change func(t *testing.T) []byte
		want   string
	}{
		{"controls site without languages", "", func(t *testing.T) []byte {
			return readFile(t, filepath.Join(s.plain, "docs.json"))
		}, "languages"},
		{"a hidden page in the plain site", s.pages[0] + ".mdx", func(t *testing.T) []byte {
			return append([]byte("---\nhidden: true\n---\n"), readFile(t, filepath.Join(s.plain, s.pages[0]+".mdx"))...)
		}, "the plain site's page"},
		{"plain site with the controls' navigation", "docs.json", func(t *testing.T) []byte {
			return readFile(t, filepath.Join(s.controls, "docs.json"))
		}, "the plain site's page"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			file := filepath.Join(s.plain, c.file)
			if c.file == "" {
				file = filepath.Join(s.controls, "docs.json")
			}
			was := readFile(t, file)
			t.Cleanup(func() {
				if err := os.WriteFile(file, was, 0o600); err != nil {
					t.Fatal(err)
				}
			})
			if err := os.WriteFile(file, c.change(t), 0o600); err != nil {
				t.Fatal(err)
			}
			_, _, err := checkSearchSites(s.controls, s.plain)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %v, want one naming %q", err, c.want)
			}
		})
	}
}

func readFile(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestPageRewrites(t *testing.T) {
	cases := []struct {
		name, in, want string
		rewrite        func([]byte) []byte
	}{
		{"an absolute import moves under the prefix",
			"---\ntitle: A\n---\nimport X from \"/snippets/x.mdx\";\nimport Y from './y.mdx';\n```js\nimport z from \"/z\"\n```\n",
			"---\ntitle: A\n---\nimport X from \"/zylon/snippets/x.mdx\";\nimport Y from './y.mdx';\n```js\nimport z from \"/z\"\n```\n",
			func(b []byte) []byte { return underPrefix(b, "zylon/") }},
		{"an absolute OpenAPI document moves under the prefix",
			"---\nopenapi: '/api/openapi.json POST /scrape'\n---\nopenapi: /x\n",
			"---\nopenapi: '/alter/api/openapi.json POST /scrape'\n---\nopenapi: /x\n",
			func(b []byte) []byte { return underPrefix(b, "alter/") }},
		{"a relative OpenAPI document stays",
			"---\nopenapi: ../spec.json post /rpc\n---\n",
			"---\nopenapi: ../spec.json post /rpc\n---\n",
			func(b []byte) []byte { return underPrefix(b, "trails/") }},
		{"the controls' lines go, nested lines stay",
			"---\ntitle: A\nhidden: true\nnoindex: true\nboost: 3\nsearchable: false\ngroups: [\"admin\"]\nseo:\n  hidden: x\n---\nhidden: true\n",
			"---\ntitle: A\nseo:\n  hidden: x\n---\nhidden: true\n",
			stripControls},
		{"no frontmatter, nothing to strip", "hidden: true\n", "hidden: true\n", stripControls},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := string(c.rewrite([]byte(c.in))); got != c.want {
				t.Errorf("got\n%s\nwant\n%s", got, c.want)
			}
		})
	}
}

func TestAddControls(t *testing.T) {
	// Files whose hash selects each injected control, found by trying names.
	found := map[string]string{}
	for i := 0; len(found) < len(injected) && i < 100_000; i++ {
		name := "p" + strings.Repeat("x", i%7) + string(rune('a'+i%26)) + "/" + string(rune('a'+(i/26)%26)) + ".mdx"
		out := string(addControls(name, []byte("---\ntitle: A\n---\nBody.\n")))
		for _, c := range injected {
			if _, ok := found[c.line]; !ok && strings.Contains(out, "\n"+c.line+"\n") {
				found[c.line] = name
				if !strings.HasSuffix(out, "\ntitle: A\n---\nBody.\n") || !strings.HasPrefix(out, "---\n") {
					t.Errorf("%s: the page around the controls changed: %q", name, out)
				}
			}
		}
	}
	for _, c := range injected {
		name, ok := found[c.line]
		if !ok {
			t.Errorf("no file name selects %q", c.line)
			continue
		}
		// A page that sets the field keeps its own value.
		key, _, _ := strings.Cut(c.line, ":")
		own := "---\n" + key + ": own\n---\n"
		if got := string(addControls(name, []byte(own))); strings.Count(got, key+":") != 1 {
			t.Errorf("%s: %q set twice: %q", name, key, got)
		}
		// A page without frontmatter (a snippet) is left as it is.
		if got := string(addControls(name, []byte("Body.\n"))); got != "Body.\n" {
			t.Errorf("%s without frontmatter: %q", name, got)
		}
	}
}
