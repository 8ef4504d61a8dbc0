// Package llmstxt writes a site's llms.txt and llms-full.txt in Mintlify's documented format
// (llmstxt.org): the site's name and description, its agent instructions, a section per
// navigation group listing each page's Markdown URL with its description, the OpenAPI and
// AsyncAPI specs, and the navigation's external links under "Optional"; llms-full.txt holds
// every listed page whole. Only the default version and language are listed; the catalog's
// InLLMs flag (the indexing rules) decides the pages.
package llmstxt

import (
	"fmt"
	"net/url"
	"path"
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
	sections := s.sections()
	head, tail := s.head(), s.tail()
	out := render(head, sections, tail, "")
	if utf8.RuneCountInString(out) <= MaxChars {
		return out
	}
	return shorten(head, sections, tail)
}

// shorten fits the file into MaxChars as Mintlify documents it: descriptions are shortened
// first, then entries are dropped from the end and a note lists what was left out.
func shorten(head string, sections []section, tail string) string {
	for _, limit := range []int{150, 80, 40, 0} {
		cut := cutDescriptions(sections, limit)
		if out := render(head, cut, tail, ""); utf8.RuneCountInString(out) <= MaxChars {
			return out
		}
	}
	kept := cutDescriptions(sections, 0)
	total := count(kept)
	for n := total - 1; n >= 0; n-- {
		shown, omitted := keepFirst(kept, n)
		if out := render(head, shown, tail, note(omitted)); utf8.RuneCountInString(out) <= MaxChars {
			return out
		}
	}
	return cutText(render(head, nil, "", note(kept)), MaxChars)
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

// sections groups the listed pages by navigation section, in navigation order; pages of
// one section listed apart stay apart.
func (s Site) sections() []section {
	var out []section
	for _, p := range s.Catalog.LLMsPages() {
		name := p.Section
		if name == "" {
			name = "Docs"
		}
		if len(out) == 0 || out[len(out)-1].name != name {
			out = append(out, section{name: name})
		}
		last := &out[len(out)-1]
		last.entries = append(last.entries, entry{title: oneLine(p.Title), url: PageURL(s.Base, p.URL), description: description(p.Description, maxDescription)})
	}
	return out
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
