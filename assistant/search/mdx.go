package search

import (
	"strings"
)

// Section is one part of a page: the lead (the text before the first heading) or a heading and
// the text under it, up to the next heading of any level.
type Section struct {
	Heading string   // heading text, "" for the lead
	Anchor  string   // slug of the heading, unique in the page; "" for the lead
	Level   int      // heading level 1–6, 0 for the lead
	Parents []string // headings of the enclosing sections, outermost first
	Text    string   // cleaned text; code blocks kept as fenced blocks
}

// Sections cleans an MDX or Markdown page and splits it by heading; sections[0] is the lead.
//
// Frontmatter (YAML), ESM import/export statements, JSX tags, expressions
// and HTML comments are removed; the text between tags and text-bearing attributes (title,
// description, name, label, ...) are kept. The title is the frontmatter's, or else a leading
// level-1 heading, which then opens the lead rather than a section.
func Sections(body string) (title string, frontmatter map[string]string, sections []Section) {
	body = strings.ReplaceAll(strings.TrimPrefix(body, "\ufeff"), "\r\n", "\n")
	frontmatter, body = parseFrontmatter(body)
	s := splitter{title: frontmatter["title"], slugs: map[string]int{}, literalScan: 2*len(body) + maxExpr}
	s.sections = []Section{{}}
	s.run(body)
	return s.title, frontmatter, s.sections
}

// parseFrontmatter reads a leading "---" block of YAML.
func parseFrontmatter(body string) (map[string]string, string) {
	fm := map[string]string{}
	if !strings.HasPrefix(body, "---\n") {
		return fm, body
	}
	rest := body[4:]
	end := closingFence(rest)
	if end < 0 {
		return fm, body
	}
	fm = frontmatterFields(rest[:end])
	rest = rest[end:]
	if i := strings.IndexByte(rest, '\n'); i >= 0 {
		return fm, rest[i+1:]
	}
	return fm, ""
}

// closingFence finds the offset of the line "---" (or "...") that ends frontmatter.
func closingFence(s string) int {
	for off := 0; off < len(s); {
		line, _, _ := strings.Cut(s[off:], "\n")
		if t := strings.TrimRight(line, " \t"); t == "---" || t == "..." {
			return off
		}
		off += len(line) + 1
	}
	return -1
}

func unquote(v string) string {
	if len(v) >= 2 && (v[0] == '"' || v[0] == '\'') && v[len(v)-1] == v[0] {
		v = v[1 : len(v)-1]
		if v0 := `\` + `"`; strings.Contains(v, v0) {
			v = strings.ReplaceAll(v, v0, `"`)
		}
	}
	return v
}
