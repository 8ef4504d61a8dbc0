package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/lectern-dev/lectern/schemas/docsjson"
)

// Figure 11's site: searchSitePages pages of real documentation, arranged as a multilingual site
// that uses every search and indexing control, and the same pages without them.
//
// The pages are the public Mintlify sites of the search evaluation
// (assistant/search/testdata/eval), which nobody on the team wrote: firecrawl's and alter's in
// the site languages, zylon's English and Spanish ones, then the English-only trails, continue
// and cline in navigation order until searchSitePages. firecrawl keeps its own structure: two
// versions per language, v1 hidden with hidden-but-searchable tabs, hidden groups, and the pages
// its frontmatter marks hidden or noindex. The others sit under a folder of their own
// (alter/, zylon/, ...), in the default version.
const (
	searchSitePages = 2_000
	// evalDir holds the sites and questions, from the repository root.
	evalDir = "assistant/search/testdata/eval"
)

// searchSiteLanguages are the site's languages, the default first.
var searchSiteLanguages = []string{"en", "es", "fr", "ja"}

// searchSources are the evaluation sites the site takes pages from, in order, with the folder
// each sits under. firecrawl stays at the root: its pages name snippets and OpenAPI documents
// by absolute paths.
var searchSources = []struct{ name, title, prefix string }{
	{"firecrawl", "Firecrawl", ""},
	{"alter", "Alter", "alter/"},
	{"zylon", "Zylon", "zylon/"},
	{"trails", "Trails", "trails/"},
	{"continue", "Continue", "continue/"},
	{"cline", "Cline", "cline/"},
}

// The controls the bench adds to pages chosen by a hash of their file (no evaluation site uses
// them): one page in injectEvery of each.
var injected = []struct {
	line  string
	every uint32
	seed  uint32
}{
	{"boost: 2", 41, 0},
	{"searchable: false", 59, 1},
	{"noindex: true", 67, 2},
	{"hidden: true", 73, 3},
	{"groups: [\"admin\"]", 89, 4},
}

// controlKeys are the frontmatter fields of the controls, which the baseline's pages lose.
var controlKeys = []string{"hidden", "noindex", "searchable", "boost", "groups"}

// searchEntry is one page of the site: where the navigation lists it.
type searchEntry struct {
	file     string // from the site root, with its extension
	language string
	version  string // "v2" (the default) or "v1"
	tab      string
	group    string
	kind     entryKind
}

// entryKind is how the page's source hides it.
type entryKind int

const (
	shown            entryKind = iota
	hiddenSearchable           // under a hidden tab with searchable: true
	hiddenParent               // under a hidden group (or the hidden version)
)

// searchSite is the generated pair of sites and what to ask them.
type searchSite struct {
	controls, plain string // the site with every control, and the same pages without
	pages           []string
	mdPages         []string       // pages both serve as Markdown to anyone: in search on the controls site, for no user group
	questions       []siteQuestion // the evaluation's tuning questions
	summary         string
}

// siteQuestion is one question and the page the reader is on ("" for none).
type siteQuestion struct {
	q, currentPath string
}

// writeSearchSites writes both sites under dir from the repository's evaluation sites.
func writeSearchSites(repo, dir string) (*searchSite, error) {
	src := filepath.Join(repo, evalDir)
	s := &searchSite{controls: filepath.Join(dir, "controls"), plain: filepath.Join(dir, "plain")}
	var entries []searchEntry
	for _, so := range searchSources {
		es, err := sourceEntries(filepath.Join(src, so.name), so.prefix, so.title)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", so.name, err)
		}
		entries = append(entries, es...)
		pages := map[string]bool{}
		for _, e := range es {
			pages[e.file] = true
		}
		if err := copySource(filepath.Join(src, so.name), so.prefix, pages, s); err != nil {
			return nil, fmt.Errorf("copy %s: %w", so.name, err)
		}
	}
	if len(entries) < searchSitePages {
		return nil, fmt.Errorf("the evaluation sites hold %d pages in the site's languages, want %d", len(entries), searchSitePages)
	}
	// The pages past searchSitePages stay as files no navigation lists.
	entries = entries[:searchSitePages]
	if err := writeDocsJSON(s.controls, controlsNav(entries), true); err != nil {
		return nil, err
	}
	if err := writeDocsJSON(s.plain, plainNav(entries), false); err != nil {
		return nil, err
	}
	for _, e := range entries {
		s.pages = append(s.pages, strings.TrimSuffix(strings.TrimSuffix(e.file, ".mdx"), ".md"))
	}
	qs, err := tuningQuestions(filepath.Join(src, "questions.json"))
	if err != nil {
		return nil, err
	}
	s.questions = qs
	sum, md, err := checkSearchSites(s.controls, s.plain)
	if err != nil {
		return nil, err
	}
	s.summary, s.mdPages = sum, md
	return s, nil
}

// sourceEntries lists a source site's pages in the site's languages, in navigation order.
func sourceEntries(dir, prefix, title string) ([]searchEntry, error) {
	site, err := docsjson.Load(dir)
	if err != nil {
		return nil, err
	}
	tree, _, err := site.ResolvePartial()
	if err != nil {
		return nil, err
	}
	var out []searchEntry
	for _, p := range tree.Pages {
		lang := p.Language
		if lang == "" {
			lang = "en"
		}
		if p.File == "" || p.Index.Rule.Unpublished() || p.Index.Rule == docsjson.RuleListedElsewhere ||
			!slices.Contains(searchSiteLanguages, lang) {
			continue
		}
		e := searchEntry{file: prefix + p.File, language: lang, version: "v2", group: "Pages"}
		if p.Version != "" && p.Version != tree.DefaultVersion() {
			e.version = p.Version
		}
		if e.version != "v2" && e.version != "v1" {
			return nil, fmt.Errorf("page %s: version %q (the site has v2 and v1)", p.File, p.Version)
		}
		crumbs := slices.DeleteFunc(slices.Clone(p.Breadcrumbs), func(c string) bool { return c == p.Version || c == p.Language })
		if n := len(p.Groups); n > 0 {
			e.group = p.Groups[n-1]
		}
		e.tab = title
		if len(crumbs) > len(p.Groups) {
			if prefix == "" {
				e.tab = crumbs[0]
			} else {
				e.tab = title + " · " + crumbs[0]
			}
		}
		switch p.Index.Rule {
		case docsjson.RuleSearchable:
			e.kind = hiddenSearchable
		case docsjson.RuleHiddenParent:
			e.kind = hiddenParent
		}
		out = append(out, e)
	}
	return out, nil
}

// skipDir reports whether a source folder holds a language the site does not have.
func skipDir(rel string) bool {
	switch rel {
	case "pt-BR", "zh", "de", "pt":
		return true
	}
	return false
}

// copySource copies a source site's files under prefix into both sites: the navigation's pages
// with the controls added (controls) or removed (plain), absolute paths into the site moved
// under prefix; everything else (snippets, OpenAPI documents) as it is but for those paths.
func copySource(dir, prefix string, pages map[string]bool, s *searchSite) error {
	return filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if skipDir(rel) {
				return filepath.SkipDir
			}
			return nil
		}
		if rel == "docs.json" || rel == "SOURCE" {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		file := prefix + rel
		withControls, without := data, data
		if ext := path.Ext(rel); ext == ".mdx" || ext == ".md" {
			if prefix != "" {
				data = underPrefix(data, prefix)
			}
			withControls, without = data, data
			if pages[file] {
				withControls, without = addControls(file, data), stripControls(data)
			}
		}
		if err := writeFile(filepath.Join(s.controls, file), withControls); err != nil {
			return err
		}
		return writeFile(filepath.Join(s.plain, file), without)
	})
}

func writeFile(p string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	return os.WriteFile(p, data, 0o600)
}

// absImport and absOpenAPI find a page's paths from the site root: a snippet import (an MDX
// statement, outside code blocks) and an endpoint's OpenAPI document (in the frontmatter).
var (
	absImport  = regexp.MustCompile(`^(import\s.*?\sfrom\s+["'])/`)
	absOpenAPI = regexp.MustCompile(`^(openapi:\s*["']?)/`)
)

// underPrefix moves a page's paths from the site root under prefix, where its site now sits.
func underPrefix(data []byte, prefix string) []byte {
	start, end := frontmatterEnd(data)
	lines := strings.SplitAfter(string(data), "\n")
	fence, at := "", 0
	for i, line := range lines {
		inFrontmatter := at >= start && at < end
		at += len(line)
		trimmed := strings.TrimSpace(line)
		switch {
		case inFrontmatter:
			lines[i] = absOpenAPI.ReplaceAllString(line, "${1}/"+prefix)
		case fence != "":
			if strings.HasPrefix(trimmed, fence) {
				fence = ""
			}
		case strings.HasPrefix(trimmed, "```") || strings.HasPrefix(trimmed, "~~~"):
			fence = trimmed[:3]
		default:
			lines[i] = absImport.ReplaceAllString(line, "${1}/"+prefix)
		}
	}
	return []byte(strings.Join(lines, ""))
}

// frontmatterEnd returns where a page's frontmatter lines start and where its closing "---"
// line starts, or -1, -1 without frontmatter.
func frontmatterEnd(data []byte) (start, end int) {
	if !bytes.HasPrefix(data, []byte("---\n")) && !bytes.HasPrefix(data, []byte("---\r\n")) {
		return -1, -1
	}
	start = bytes.IndexByte(data, '\n') + 1
	for i := start; i < len(data); {
		j := bytes.IndexByte(data[i:], '\n')
		line := data[i:]
		if j >= 0 {
			line = data[i : i+j]
		}
		if strings.TrimRight(string(line), "\r \t") == "---" {
			return start, i
		}
		if j < 0 {
			break
		}
		i += j + 1
	}
	return -1, -1
}

// addControls adds the frontmatter lines of the injected controls a page's hash selects, to a
// page with frontmatter that does not set them itself.
func addControls(file string, data []byte) []byte {
	h := fnv.New32a()
	h.Write([]byte(file))
	sum := h.Sum32()
	var lines []string
	for _, c := range injected {
		if (sum+c.seed)%c.every == 0 {
			key, _, _ := strings.Cut(c.line, ":")
			if hasKey(data, key) {
				continue
			}
			lines = append(lines, c.line)
		}
	}
	if len(lines) == 0 {
		return data
	}
	start, _ := frontmatterEnd(data)
	if start < 0 {
		return data
	}
	return slices.Concat(data[:start], []byte(strings.Join(lines, "\n")+"\n"), data[start:])
}

// hasKey reports whether a page's frontmatter sets key.
func hasKey(data []byte, key string) bool {
	start, end := frontmatterEnd(data)
	if start < 0 {
		return false
	}
	for _, line := range strings.Split(string(data[start:end]), "\n") {
		if k, _, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == key && !strings.HasPrefix(line, " ") {
			return true
		}
	}
	return false
}

// stripControls removes the controls' frontmatter lines (the page's own hidden and noindex).
func stripControls(data []byte) []byte {
	start, end := frontmatterEnd(data)
	if start < 0 {
		return data
	}
	var kept []string
	for _, line := range strings.SplitAfter(string(data[start:end]), "\n") {
		k, _, ok := strings.Cut(line, ":")
		if ok && !strings.HasPrefix(line, " ") && slices.Contains(controlKeys, strings.TrimSpace(k)) {
			continue
		}
		kept = append(kept, line)
	}
	return slices.Concat(data[:start], []byte(strings.Join(kept, "")), data[end:])
}

// navGroup and navTab are the docs.json elements the site's navigation is made of.
type navGroup struct {
	Group  string   `json:"group"`
	Hidden bool     `json:"hidden,omitempty"`
	Boost  float64  `json:"boost,omitempty"`
	Tag    string   `json:"tag,omitempty"`
	Pages  []string `json:"pages"`
}

type navTab struct {
	Tab        string      `json:"tab"`
	Hidden     bool        `json:"hidden,omitempty"`
	Searchable *bool       `json:"searchable,omitempty"`
	Groups     []*navGroup `json:"groups"`
}

// tabsOf arranges entries into tabs and groups in their order; key names the tab of an entry
// and the group within it.
func tabsOf(entries []searchEntry, tabKey, groupKey func(searchEntry) string) []*navTab {
	var tabs []*navTab
	byTab := map[string]*navTab{}
	byGroup := map[string]*navGroup{}
	for _, e := range entries {
		tk := tabKey(e)
		t, ok := byTab[tk]
		if !ok {
			t = &navTab{Tab: e.tab}
			byTab[tk] = t
			tabs = append(tabs, t)
		}
		gk := tk + "\x00" + groupKey(e)
		g, ok := byGroup[gk]
		if !ok {
			g = &navGroup{Group: e.group}
			byGroup[gk] = g
			t.Groups = append(t.Groups, g)
		}
		g.Pages = append(g.Pages, strings.TrimSuffix(strings.TrimSuffix(e.file, ".mdx"), ".md"))
	}
	return tabs
}

// controlsNav is the navigation with every control: languages, versions (v1 hidden), tabs
// hidden but searchable, hidden groups, boosts (0.5 on a changelog's group, 1.5 on the first
// group of each language) and a tag on some groups.
func controlsNav(entries []searchEntry) map[string]any {
	var langs []map[string]any
	for _, lang := range searchSiteLanguages {
		var versions []map[string]any
		for _, v := range []string{"v2", "v1"} {
			in := slices.DeleteFunc(slices.Clone(entries), func(e searchEntry) bool { return e.language != lang || e.version != v })
			if len(in) == 0 {
				continue
			}
			tabs := tabsOf(in,
				func(e searchEntry) string { return fmt.Sprintf("%s\x00%v", e.tab, e.kind == hiddenSearchable) },
				func(e searchEntry) string {
					return fmt.Sprintf("%s\x00%v", e.group, e.kind == hiddenParent && v == "v2")
				})
			for i, t := range tabs {
				for j, g := range t.Groups {
					first := g.Pages[0]
					kind := entryOf(in, first).kind
					if kind == hiddenSearchable {
						t.Hidden, t.Searchable = true, ptr(true)
					}
					if kind == hiddenParent && v == "v2" {
						g.Hidden = true
					}
					switch {
					case strings.Contains(first, "/changelog"):
						g.Boost = 0.5 // Mintlify's example: a changelog ranks below the guides
					case i == 0 && j == 0 && v == "v2":
						g.Boost = 1.5
					}
					if (i+j)%9 == 4 {
						g.Tag = "New"
					}
				}
			}
			ver := map[string]any{"version": v, "tabs": tabs}
			if v == "v2" {
				ver["default"] = true
			} else {
				ver["hidden"] = true
			}
			versions = append(versions, ver)
		}
		l := map[string]any{"language": lang, "versions": versions}
		if lang == searchSiteLanguages[0] {
			l["default"] = true
		}
		langs = append(langs, l)
	}
	return map[string]any{"languages": langs}
}

// entryOf finds the entry of a navigation page.
func entryOf(entries []searchEntry, page string) searchEntry {
	for _, e := range entries {
		if strings.TrimSuffix(strings.TrimSuffix(e.file, ".mdx"), ".md") == page {
			return e
		}
	}
	return searchEntry{}
}

// plainNav is the navigation without controls: the same pages in the same tabs, a group per
// source group, language and version, nothing hidden, no languages, no versions.
func plainNav(entries []searchEntry) map[string]any {
	tabs := tabsOf(entries,
		func(e searchEntry) string { return e.tab },
		func(e searchEntry) string { return e.group + "\x00" + e.language + "\x00" + e.version })
	for _, t := range tabs {
		for _, g := range t.Groups {
			e := entryOf(entries, g.Pages[0])
			g.Group += " (" + e.language + " " + e.version + ")"
		}
	}
	return map[string]any{"tabs": tabs}
}

func ptr[T any](v T) *T { return &v }

// writeDocsJSON writes a site's docs.json; the controls site states seo.indexing.
func writeDocsJSON(dir string, nav map[string]any, controls bool) error {
	cfg := map[string]any{"$schema": "https://mintlify.com/docs.json", "theme": "mint", "name": "Search bench",
		"colors": map[string]string{"primary": "#0D9373"}, "navigation": nav}
	if controls {
		cfg["seo"] = map[string]string{"indexing": "navigable"}
	}
	data, err := json.MarshalIndent(cfg, "", " ")
	if err != nil {
		return err
	}
	return writeFile(filepath.Join(dir, "docs.json"), data)
}

// tuningQuestions reads the evaluation's tuning half (a speed bench needs no held-out part),
// each with the reader's page moved to where its site sits here; a page in a language the site
// does not have is left out (the question is asked from no page).
func tuningQuestions(file string) ([]siteQuestion, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var qs []struct {
		Site, Q, CurrentPath, Language, Split string
	}
	if err := json.Unmarshal(data, &qs); err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	var out []siteQuestion
	for _, q := range qs {
		if q.Split != "tune" {
			continue
		}
		sq := siteQuestion{q: q.Q}
		if q.CurrentPath != "" && slices.Contains(searchSiteLanguages, q.Language) {
			for _, so := range searchSources {
				if so.name == q.Site {
					sq.currentPath = "/" + strings.TrimSuffix(so.prefix, "/") + q.CurrentPath
					sq.currentPath = strings.Replace(sq.currentPath, "//", "/", 1)
				}
			}
		}
		out = append(out, sq)
	}
	if len(out) < 100 {
		return nil, fmt.Errorf("%s: %d tuning questions, want at least 100", file, len(out))
	}
	return out, nil
}

// checkSearchSites checks that the two sites are what figure 11 says: searchSitePages pages
// each, the controls site with four languages, two versions and every control in use, the
// plain one with none; it returns a summary and the pages both serve as Markdown.
func checkSearchSites(controls, plain string) (string, []string, error) {
	ct, err := resolveSite(controls)
	if err != nil {
		return "", nil, err
	}
	pt, err := resolveSite(plain)
	if err != nil {
		return "", nil, err
	}
	rules := map[docsjson.Rule]int{}
	boosted, grouped := 0, 0
	var md []string
	for _, p := range ct.Pages {
		rules[p.Index.Rule]++
		if p.Boost > 0 {
			boosted++
		}
		if len(p.UserGroups) > 0 {
			grouped++
		}
		if p.Index.Search && len(p.UserGroups) == 0 && p.URL != "/" {
			md = append(md, strings.TrimPrefix(p.URL, "/"))
		}
	}
	var errs []error
	if n := len(ct.Pages); n != searchSitePages {
		errs = append(errs, fmt.Errorf("the controls site lists %d pages, want %d", n, searchSitePages))
	}
	if n := len(pt.Pages); n != searchSitePages {
		errs = append(errs, fmt.Errorf("the plain site lists %d pages, want %d", n, searchSitePages))
	}
	if got := ct.Languages(); !slices.Equal(got, searchSiteLanguages) {
		errs = append(errs, fmt.Errorf("the controls site's languages are %v, want %v", got, searchSiteLanguages))
	}
	if got := ct.Versions(); len(got) != 2 {
		errs = append(errs, fmt.Errorf("the controls site's versions are %v, want two", got))
	}
	for _, r := range []docsjson.Rule{docsjson.RuleSearchable, docsjson.RuleHiddenParent, docsjson.RuleNoindex,
		docsjson.RuleHidden, docsjson.RuleNotSearchable, docsjson.RuleListed} {
		if rules[r] == 0 {
			errs = append(errs, fmt.Errorf("no page of the controls site is indexed by rule %s", r))
		}
	}
	if boosted == 0 || grouped == 0 {
		errs = append(errs, fmt.Errorf("the controls site has %d boosted pages and %d for a user group, want some of each", boosted, grouped))
	}
	for _, p := range pt.Pages {
		if p.Index.Rule != docsjson.RuleListed && p.Index.Rule != docsjson.RuleListedElsewhere || p.Boost > 0 || len(p.UserGroups) > 0 || p.Language != "" || p.Version != "" {
			errs = append(errs, fmt.Errorf("the plain site's page %s has a control (rule %s, boost %g, groups %v, language %q, version %q)",
				p.File, p.Index.Rule, p.Boost, p.UserGroups, p.Language, p.Version))
			break
		}
	}
	if len(md) == 0 {
		errs = append(errs, errors.New("no page of the controls site is in search"))
	}
	search := 0
	for _, p := range ct.Pages {
		if p.Index.Search {
			search++
		}
	}
	sum := fmt.Sprintf("%d pages in %v, versions %v; in search: %d (%s)", len(ct.Pages), ct.Languages(), ct.Versions(), search, ruleCounts(rules))
	return sum, md, errors.Join(errs...)
}

func resolveSite(dir string) (*docsjson.Tree, error) {
	site, err := docsjson.Load(dir)
	if err != nil {
		return nil, err
	}
	tree, _, err := site.ResolvePartial()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", dir, err)
	}
	return tree, nil
}

// ruleCounts prints how many pages each indexing rule decided.
func ruleCounts(rules map[docsjson.Rule]int) string {
	var parts []string
	for r, n := range rules {
		parts = append(parts, fmt.Sprintf("%s %d", r, n))
	}
	slices.Sort(parts)
	return strings.Join(parts, ", ")
}
