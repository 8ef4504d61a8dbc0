// Package llmstxt writes a site's llms.txt and llms-full.txt in Mintlify's documented format
// (llmstxt.org): the site's name and description, its agent instructions, a section per
// navigation group listing each page's Markdown URL with its description, the OpenAPI and
// AsyncAPI specs, and the navigation's external links under "Optional"; llms-full.txt holds
// every listed page whole. Only the default version and language are listed; the catalog's
// InLLMs flag (the indexing rules) decides the pages. GeneratedSkill (skill.go) writes, from
// the same sections, the skill.md of a site that has no skill file of its own.
package llmstxt

import (
	"cmp"
	"fmt"
	"net/url"
	"path"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/lectern-dev/lectern/assistant/markdown"
	"github.com/lectern-dev/lectern/assistant/sitedocs"
)

// MaxChars bounds a generated llms.txt, as Mintlify bounds it.
const MaxChars = 100_000

// maxDescription bounds a page's description in llms.txt.
const maxDescription = 300

// Site is what the files say of the site beyond its catalog.
type Site struct {
	Catalog *sitedocs.Catalog
	Name    string // used when docs.json names no site
	Base    string // the site's root URL, with no trailing slash: "https://docs.acme.com", "http://host/sites/acme"
	// Feedback: the site takes agents' feedback at Base + "/feedback" (lectern.yaml
	// agentFeedback), which every page's Markdown says (FeedbackInstructions).
	Feedback bool
}

// PageURL is the URL of a page's Markdown: base + path + ".md" ("/index.md" for the root).
func PageURL(base, url string) string {
	if url == "/" || url == "" {
		url = "/index"
	}
	return base + url + ".md"
}

// entry is one line of a section.
type entry struct{ title, url, description string }

type section struct {
	name    string
	entries []entry
}

// LLMsTxt returns the site's llms.txt: the custom file at the docs root when there is one,
// else the generated index, within MaxChars.
func LLMsTxt(s Site) string {
	if s.Catalog.LLMsTxt != "" {
		return s.Catalog.LLMsTxt
	}
	out, _ := s.generated(s.sections())
	return out
}

// fit says what the generated llms.txt gave up to stay within MaxChars.
type fit int

const (
	fitWhole        fit = iota // nothing: every page with its whole description
	fitDescriptions            // descriptions, shortened or left out; every page is listed
	fitPages                   // pages: the first are listed, a note counts the rest by section
)

// generated renders the generated llms.txt of the site's sections and says how it fits.
func (s Site) generated(sections []section) (string, fit) {
	head, tail := s.head(), s.tail()
	out := render(head, sections, tail, "")
	if utf8.RuneCountInString(out) <= MaxChars {
		return out, fitWhole
	}
	return shorten(head, sections, tail)
}

// shorten fits the file into MaxChars as Mintlify documents it: descriptions are shortened
// first, then entries are dropped from the end and a note lists what was left out.
func shorten(head string, sections []section, tail string) (string, fit) {
	for _, limit := range []int{150, 80, 40, 0} {
		cut := cutDescriptions(sections, limit)
		if out := render(head, cut, tail, ""); utf8.RuneCountInString(out) <= MaxChars {
			return out, fitDescriptions
		}
	}
	kept := cutDescriptions(sections, 0)
	fits := func(n int) (string, bool) {
		shown, omitted := keepFirst(kept, n)
		out := render(head, shown, tail, note(omitted))
		return out, utf8.RuneCountInString(out) <= MaxChars
	}
	// The most pages that fit, found by halving: the file grows with the pages listed (a page
	// moved to the note takes its line and adds at most its section's count line). Trying one
	// count after another from the top rendered the file 10,000 times for a 10,000-page site:
	// 36 s for its first llms.txt.
	best, found := "", false
	for lo, hi := 0, count(kept)-1; lo <= hi; {
		mid := lo + (hi-lo)/2
		if out, ok := fits(mid); ok {
			best, found, lo = out, true, mid+1
		} else {
			hi = mid - 1
		}
	}
	if found {
		return best, fitPages
	}
	return cutText(render(head, nil, "", note(kept)), MaxChars), fitPages
}

// head is the title, description and agent instructions.
func (s Site) head() string {
	c := s.Catalog
	name := strings.TrimSpace(c.Name)
	if name == "" {
		name = s.Name
	}
	var b strings.Builder
	b.WriteString("# " + oneLine(name) + "\n")
	if d := strings.TrimSpace(c.Description); d != "" {
		b.WriteString("\n> " + oneLine(d) + "\n")
	}
	if block := markdown.Instructions(c.Instructions); block != "" {
		b.WriteString("\n" + block + "\n")
	}
	return b.String()
}

// sections groups the listed pages by navigation section: each section once, with all its
// pages in navigation order, a group before the groups nested in it, in the order of their
// first pages. A group's own pages stay together when a nested group interrupts them (the
// nested group follows as a section of its own), and a heading is never repeated: a heading
// that two parts of the navigation share (two products' "Nodes" groups) names the label
// where their paths part ("Cloud › Nodes", "Self-Host › Nodes"). Parsers of llms.txt key
// sections by heading, so a repeated heading would hide the pages of one of them.
func (s Site) sections() []section {
	var out []section
	var paths [][]string
	var first []int // by section: the first page listed in it or in a group nested in it
	index := map[string]int{}
	pages := s.Catalog.LLMsPages()
	for n, p := range pages {
		path := sectionPath(p)
		i, ok := index[pathKey(path)]
		if !ok {
			i = len(out)
			index[pathKey(path)] = i
			out = append(out, section{name: path[len(path)-1]})
			paths, first = append(paths, path), append(first, n)
		}
		out[i].entries = append(out[i].entries, entry{title: oneLine(p.Title), url: PageLink(s.Base, p.URL), description: description(p.Description, maxDescription)})
	}
	for n, p := range pages { // a group goes before the groups nested in it
		path := sectionPath(p)
		for k := len(path) - 1; k > 0; k-- {
			if j, ok := index[pathKey(path[:k])]; ok {
				first[j] = min(first[j], n)
			}
		}
	}
	for i, name := range headings(paths) {
		out[i].name = name
	}
	order := make([]int, len(out))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		return cmp.Or(cmp.Compare(first[a], first[b]), cmp.Compare(len(paths[a]), len(paths[b])))
	})
	sorted := make([]section, len(out))
	for i, j := range order {
		sorted[i] = out[j]
	}
	return sorted
}

func pathKey(path []string) string { return strings.Join(path, "\x1f") }

// sectionPath is the path of a page's section; "Docs" for a page in none.
func sectionPath(p *sitedocs.CatalogPage) []string {
	if len(p.SectionPath) == 0 {
		return []string{"Docs"}
	}
	return p.SectionPath
}

// headings names each section by its last label; sections that share one are named by the
// label where their paths part and their own ("Cloud › Nodes"), or, if that is shared too,
// by their whole path.
func headings(paths [][]string) []string {
	names := make([]string, len(paths))
	byName := map[string][]int{}
	for i, p := range paths {
		names[i] = oneLine(p[len(p)-1])
		byName[names[i]] = append(byName[names[i]], i)
	}
	for _, same := range byName {
		if len(same) < 2 {
			continue
		}
		d := parting(paths, same)
		seen := map[string]int{}
		for _, i := range same {
			if p := paths[i]; d < len(p)-1 {
				names[i] = oneLine(p[d]) + " › " + names[i]
			}
			seen[names[i]]++
		}
		for _, i := range same {
			if seen[names[i]] > 1 {
				names[i] = oneLine(strings.Join(paths[i], " › "))
			}
		}
	}
	return names
}

// parting is the first position at which the paths of the sections same differ.
func parting(paths [][]string, same []int) int {
	first := paths[same[0]]
	for d := 0; ; d++ {
		for _, i := range same {
			if p := paths[i]; d >= len(p) || d >= len(first) || p[d] != first[d] {
				return d
			}
		}
	}
}

// tail lists the specs and the external links.
func (s Site) tail() string {
	var b strings.Builder
	s.specs(&b, "OpenAPI", s.Catalog.Specs)
	s.specs(&b, "AsyncAPI", s.Catalog.AsyncAPI)
	if len(s.Catalog.Links) > 0 {
		b.WriteString("\n## Optional\n\n")
		for _, l := range s.Catalog.Links {
			label := oneLine(l.Label)
			if label == "" {
				label = l.URL
			}
			fmt.Fprintf(&b, "- [%s](%s)\n", label, l.URL)
		}
	}
	return b.String()
}

// specs writes a section of spec links, each named by its file name without extension: a
// site path is linked under the site's root, a URL as it is.
func (s Site) specs(b *strings.Builder, kind string, refs []string) {
	if len(refs) == 0 {
		return
	}
	b.WriteString("\n## " + kind + " Specs\n\n")
	for _, ref := range refs {
		link, file := s.Base+"/"+(&url.URL{Path: ref}).EscapedPath(), ref
		if u, err := url.Parse(ref); err == nil && u.Scheme != "" && u.Host != "" {
			link, file = ref, u.Path
		}
		name := strings.TrimSuffix(path.Base(file), path.Ext(file))
		if name == "" || name == "/" || name == "." {
			name = strings.ToLower(kind)
		}
		fmt.Fprintf(b, "- [%s](%s)\n", name, link)
	}
}

// render writes the file.
func render(head string, sections []section, tail, note string) string {
	var b strings.Builder
	b.WriteString(head)
	for _, sec := range sections {
		b.WriteString("\n## " + oneLine(sec.name) + "\n\n")
		for _, e := range sec.entries {
			b.WriteString("- [" + e.title + "](" + e.url + ")")
			if e.description != "" {
				b.WriteString(": " + e.description)
			}
			b.WriteByte('\n')
		}
	}
	b.WriteString(tail)
	b.WriteString(note)
	return b.String()
}

// note lists the sections whose pages were left out.
func note(omitted []section) string {
	if count(omitted) == 0 {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "\n## Omitted\n\nThis file is limited to %d characters: %d more pages are not listed here. llms-full.txt holds every page.\n\n", MaxChars, count(omitted))
	for _, sec := range omitted {
		fmt.Fprintf(&b, "- %s: %d pages\n", oneLine(sec.name), len(sec.entries))
	}
	return b.String()
}

func count(sections []section) int {
	n := 0
	for _, s := range sections {
		n += len(s.entries)
	}
	return n
}

// keepFirst splits the sections after their first n entries.
func keepFirst(sections []section, n int) (shown, omitted []section) {
	for _, s := range sections {
		switch {
		case n >= len(s.entries):
			shown = append(shown, s)
			n -= len(s.entries)
		case n > 0:
			shown = append(shown, section{name: s.name, entries: s.entries[:n]})
			omitted = append(omitted, section{name: s.name, entries: s.entries[n:]})
			n = 0
		default:
			omitted = append(omitted, s)
		}
	}
	return shown, omitted
}

func cutDescriptions(sections []section, limit int) []section {
	out := make([]section, len(sections))
	for i, s := range sections {
		out[i] = section{name: s.name, entries: make([]entry, len(s.entries))}
		for j, e := range s.entries {
			e.description = description(e.description, limit)
			out[i].entries[j] = e
		}
	}
	return out
}

// description is the first paragraph of a page description on one line, cut at limit
// characters (at a word, with "...").
func description(d string, limit int) string {
	para, _, _ := strings.Cut(strings.TrimSpace(strings.ReplaceAll(d, "\r\n", "\n")), "\n\n")
	para = oneLine(para)
	if utf8.RuneCountInString(para) <= limit {
		return para
	}
	if limit < 10 {
		return ""
	}
	r := []rune(para)[:limit-3]
	s := string(r)
	if i := strings.LastIndexByte(s, ' '); i > len(s)/2 {
		s = s[:i]
	}
	return strings.TrimRight(s, " ,;:.") + "..."
}

// cutText keeps at most n characters of s.
func cutText(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n])
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
