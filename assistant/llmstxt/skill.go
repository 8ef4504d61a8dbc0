package llmstxt

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/lectern-dev/lectern/assistant/internal/text"
	"github.com/lectern-dev/lectern/assistant/sitedocs"
)

// Bounds of a generated skill.md (agentskills.io: a name of at most 64 characters, a
// description of at most 1,024). The file goes whole into an agent's context, so it is kept
// far smaller than llms.txt: pages past MaxSkillBytes are counted, not listed.
const (
	MaxSkillBytes  = 32 << 10
	maxSkillName   = 64
	maxSkillDesc   = 1024
	skillPageLimit = 1 << 30 // "every page of a section"
)

// MCP is what a generated skill.md says of the site's MCP server.
type MCP struct {
	URL   string // the server's URL: base + "/mcp"
	Key   bool   // it needs the site's assistant key as a Bearer token
	Tools []Tool
}

// Tool is one tool of the MCP server.
type Tool struct{ Name, Description string }

// GeneratedSkill returns the skill.md Lectern serves for a site without a skill file of its
// own: Mintlify writes that file with a model, Lectern builds it from what the site says of
// itself. Its frontmatter names the site (a slug of docs.json's name) and describes it
// (docs.json's description, else a sentence of the name and the top navigation's labels);
// its body says how to use the docs (the MCP server and its tools, llms.txt, llms-full.txt,
// any page as .md, the API specs) and what they cover: the sections of llms.txt with their
// pages' titles, within MaxSkillBytes. The same site and base give the same bytes.
func GeneratedSkill(s Site, server MCP) sitedocs.Skill {
	name := skillName(s)
	w := s.words()
	desc := s.skillDescription(w)
	head := "---\nname: " + name + "\ndescription: " + strconv.Quote(desc) + "\n---\n\n# " + oneLine(s.title()) + "\n\n" + desc + "\n"
	sections := s.sections()
	llms := s.llmsFit(sections)
	head += s.usage(server, w, llms)
	body := head + coverage(sections, MaxSkillBytes-len(head), w, llms.listing())
	return sitedocs.Skill{Name: name, Description: desc, Content: cutBytes(body, MaxSkillBytes)}
}

// title is the site's docs.json name, else the name it is known by.
func (s Site) title() string {
	if name := strings.TrimSpace(s.Catalog.Name); name != "" {
		return name
	}
	return s.Name
}

// skillName is the agentskills.io name: lowercase letters, digits and single hyphens, neither
// first nor last, at most 64 characters; "docs" when the site's name has no such character.
func skillName(s Site) string {
	name := text.Slug(s.title())
	if len(name) > maxSkillName {
		name = strings.TrimRight(name[:maxSkillName], "-")
	}
	if name == "" {
		return "docs"
	}
	return name
}

// skillDescription is docs.json's description on one line, else (in w's language) "{name}: documentation
// covering {the top navigation's labels}.", at most 1,024 characters. A navigation whose pages all
// sit under one outer label (a single tab, often named "Documentation") is described by the labels
// one level in, its groups: "documentation covering Documentation" says nothing.
func (s Site) skillDescription(w skillWords) string {
	if d := oneLine(strings.ToValidUTF8(s.Catalog.Description, "")); d != "" {
		return description(d, maxSkillDesc)
	}
	title := oneLine(strings.ToValidUTF8(s.title(), ""))
	pages := s.Catalog.LLMsPages()
	labels := navLabels(pages, 0)
	if inner := navLabels(pages, 1); len(labels) == 1 && len(inner) > 1 {
		labels = inner
	}
	for n := len(labels); n > 0; n-- {
		d := fmt.Sprintf(w.covering, title, joinAnd(labels[:n], w))
		if n < len(labels) {
			d = fmt.Sprintf(w.covering, title, strings.Join(labels[:n], w.sep)+w.andMore)
		}
		if utf8.RuneCountInString(d) <= maxSkillDesc {
			return d
		}
	}
	return description(fmt.Sprintf(w.docs, title), maxSkillDesc)
}

// navLabels are the distinct navigation labels of the pages at depth (0 the outermost), in
// their order.
func navLabels(pages []*sitedocs.CatalogPage, depth int) []string {
	var out []string
	seen := map[string]bool{}
	for _, p := range pages {
		if len(p.SectionPath) <= depth {
			continue
		}
		if l := oneLine(p.SectionPath[depth]); l != "" && !seen[l] {
			seen[l] = true
			out = append(out, l)
		}
	}
	return out
}

// joinAnd joins labels as a sentence of w's language lists them: "A", "A and B", "A, B and C".
func joinAnd(labels []string, w skillWords) string {
	if len(labels) < 2 {
		return strings.Join(labels, "")
	}
	return strings.Join(labels[:len(labels)-1], w.sep) + w.and + labels[len(labels)-1]
}

// usage says how an agent reads the docs.
func (s Site) usage(server MCP, w skillWords, llms llmsFile) string {
	var b strings.Builder
	b.WriteString("\n## " + w.use + "\n\n")
	auth := ""
	if server.Key {
		auth = ", with the site's assistant key as `Authorization: Bearer`"
	}
	fmt.Fprintf(&b, "- Search and read them with the MCP server at %s (Streamable HTTP%s). Its tools:\n", server.URL, auth)
	for _, t := range server.Tools {
		fmt.Fprintf(&b, "  - `%s`: %s\n", t.Name, oneLine(t.Description))
	}
	fmt.Fprintf(&b, "- %s; %s.\n", llms.line(), s.llmsFullLine())
	b.WriteString("- Every page is Markdown at its URL with `.md` appended")
	if pages := s.Catalog.LLMsPages(); len(pages) > 0 {
		b.WriteString(" (for example " + PageLink(s.Base, pages[0].URL) + ")")
	}
	b.WriteString(".\n")
	var specs strings.Builder
	s.specs(&specs, "OpenAPI", s.Catalog.Specs)
	s.specs(&specs, "AsyncAPI", s.Catalog.AsyncAPI)
	b.WriteString(strings.ReplaceAll(specs.String(), "\n## ", "\n### "))
	return b.String()
}

// llmsFit says what the site's llms.txt holds: the site's own file (own), or the generated
// one and what it gave up to fit MaxChars.
func (s Site) llmsFit(sections []section) llmsFile {
	if s.Catalog.LLMsTxt != "" {
		return llmsFile{base: s.Base, own: true}
	}
	_, f := s.generated(sections)
	return llmsFile{base: s.Base, fit: f}
}

// llmsFile is what a skill.md may say of the site's llms.txt.
type llmsFile struct {
	base string
	own  bool // the site's own file, served in place of the generated one (as Mintlify serves it)
	fit  fit  // the generated file's
}

// line says what the site's llms.txt holds: every page with its description when Lectern
// generates it and it fits; the site's own file holds what its writers put in it, which may be
// a few pages or another language's. A generated file over MaxChars lists every page with
// descriptions shortened, or its first pages only (apinizer's 1,411 pages lost their
// descriptions, and the skill said "with its description": rehearse34).
func (f llmsFile) line() string {
	switch {
	case f.own:
		return f.base + "/llms.txt is the site's own guide to its docs for agents"
	case f.fit == fitDescriptions:
		return f.base + fmt.Sprintf("/llms.txt lists every page, descriptions shortened to fit its %d characters", MaxChars)
	case f.fit == fitPages:
		return f.base + fmt.Sprintf("/llms.txt lists the pages that fit its %d characters and counts the rest by section", MaxChars)
	}
	return f.base + "/llms.txt lists every page with its description"
}

// llmsFullLine says what the site's llms-full.txt holds, as llmsFile.line says it of llms.txt.
func (s Site) llmsFullLine() string {
	if s.Catalog.LLMsFullTxt != "" {
		return s.Base + "/llms-full.txt is the site's own full text for agents"
	}
	return s.Base + "/llms-full.txt holds every page whole"
}

// listing says where the pages a skill.md leaves out are found: llms.txt when it lists every
// page; else (the site's own file, or a generated one cut short) the MCP server, which
// searches every page.
func (f llmsFile) listing() listing {
	if f.own || f.fit == fitPages {
		return listing{all: "the MCP server searches and reads every page", rest: "the MCP server searches them"}
	}
	return listing{all: "llms.txt lists every page", rest: "llms.txt lists them"}
}

// listing is where the pages left out of a skill.md's coverage are found: every page (all),
// and a section's pages past those listed (rest).
type listing struct{ all, rest string }

// coverage lists the sections with their pages' titles in at most limit bytes: every page
// if they fit, else the first pages of each section and a count of the rest, else each
// section's page count, and past that a count of the sections left out.
func coverage(sections []section, limit int, w skillWords, where listing) string {
	head := "\n## " + w.cover + "\n"
	for _, keep := range []int{skillPageLimit, 50, 20, 10, 5, 2, 1, 0} {
		var b strings.Builder
		b.WriteString(head)
		fits := true
		for _, sec := range sections {
			writeSection(&b, sec, keep, where)
			if b.Len() > limit {
				fits = false
				break
			}
		}
		if fits {
			return b.String()
		}
	}
	return coverageCut(head, sections, limit, where)
}

// coverageCut writes each section's page count while they fit, then how many were left out and
// where every page is found.
func coverageCut(head string, sections []section, limit int, where listing) string {
	var b strings.Builder
	b.WriteString(head)
	for i, sec := range sections {
		var one strings.Builder
		writeSection(&one, sec, 0, where)
		rest := fmt.Sprintf("\n%d more sections are not listed here; %s.\n", len(sections)-i, where.all)
		if b.Len()+one.Len()+len(rest)+64 > limit {
			b.WriteString(rest)
			return b.String()
		}
		b.WriteString(one.String())
	}
	return b.String()
}

// writeSection writes a section's heading and the titles of its first keep pages.
func writeSection(b *strings.Builder, sec section, keep int, where listing) {
	b.WriteString("\n### " + oneLine(sec.name) + "\n\n")
	for i, e := range sec.entries {
		if i == keep {
			fmt.Fprintf(b, "- %d more pages (%s)\n", len(sec.entries)-keep, where.rest)
			return
		}
		b.WriteString("- [" + e.title + "](" + e.url + ")\n")
	}
}

// cutBytes keeps whole lines of s within n bytes.
func cutBytes(s string, n int) string {
	if len(s) <= n {
		return s
	}
	s = s[:n]
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		return s[:i+1]
	}
	return strings.ToValidUTF8(s, "")
}
