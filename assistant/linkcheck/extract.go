// Package linkcheck finds the broken internal links of a docs site as Mintlify's link checker
// (`mint broken-links`, @mintlify/link-rot) finds them: the links of every .mdx and .md file
// the site publishes, each resolved against the site's files and folders, its redirects and
// the endpoint pages its OpenAPI specs generate, and with CheckAnchors its fragment against
// the target page's heading ids.
package linkcheck

import (
	"sort"
	"strings"

	"github.com/lectern-dev/lectern/assistant/internal/mdx"
)

// Kind is where a link is written.
type Kind uint8

const (
	Markdown Kind = iota // [text](dest)
	Image                // ![alt](dest)
	Href                 // <a href> or <Card href>
	Src                  // <img src> or <source src>
	Import               // import ... from "dest" (read with CheckSnippets)
)

// Link is one link of a page, as written.
type Link struct {
	Dest string
	Line int // 1-based
	Kind Kind
}

// Page is what a page's MDX gives the checker: its links and the ids a fragment can name.
type Page struct {
	Links []Link
	IDs   map[string]bool // heading ids (HeadingID form) and components' ids
	// Truncated is set when the page held more than MaxLinks links; the rest are not read.
	Truncated bool
}

// MaxLinks bounds the links read from one page.
const MaxLinks = 10000

// maxTagBytes bounds how far a tag is read past its '<'.
const maxTagBytes = 64 << 10

// The components whose id attribute Mintlify's page does not put on an element
// (@mintlify/common COMPONENTS_WITHOUT_ID), and those whose id it cleans
// (COMPONENTS_WITH_CLEANED_ID).
var (
	componentsWithoutID = setOf("Info", "Warning", "Note", "Tip", "Check", "Danger", "Callout",
		"AccordionGroup", "Card", "CardGroup", "Tabs", "CodeGroup", "Column", "Columns", "CustomCode",
		"CustomComponent", "DynamicCustomComponent", "Expandable", "Frame", "GitHub", "Github", "Icon",
		"Latex", "Mermaid", "Panel", "Popup", "Prompt", "RequestExample", "ResponseExample",
		"SnippetGroup", "Steps", "Tile", "Tooltip", "Tree", "FileTree", "Variation", "Visibility", "MDX",
		"Badge", "Color", "ZoomImage")
	componentsCleanedID = setOf("Heading", "Step", "Update")
	paramFields         = setOf("ParamField", "Param", "ResponseField")
	paramNameAttrs      = []string{"query", "path", "body", "header", "name"}
)

func setOf(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}

// Scan reads a page's MDX: its Markdown links and images, the href of <a> and <Card>, the src
// of <img> and <source>, its import sources, and the ids its headings and components carry.
// Frontmatter, code (fenced or in backticks), HTML comments and expressions hold no links.
func Scan(src string) Page {
	s := scanner{src: src, page: Page{IDs: map[string]bool{}}, params: map[string]int{},
		headings: map[string]int{}, tabs: map[string]int{}, components: map[string]int{}}
	s.lineStarts = append(s.lineStarts, 0)
	for i := 0; i < len(src); i++ {
		if src[i] == '\n' {
			s.lineStarts = append(s.lineStarts, i+1)
		}
	}
	s.run()
	return s.page
}

type scanner struct {
	src        string
	lineStarts []int
	page       Page
	params     map[string]int // ParamField names seen, for their ids' suffixes
	headings   map[string]int // heading slugs seen, for their ids' suffixes
	tabs       map[string]int // Tab slugs seen
	components map[string]int // Accordion and View ids seen
}

func (s *scanner) lineOf(pos int) int {
	return sort.Search(len(s.lineStarts), func(i int) bool { return s.lineStarts[i] > pos })
}

func (s *scanner) add(dest string, pos int, kind Kind) {
	if dest == "" { // the page itself, never broken
		return
	}
	if len(s.page.Links) >= MaxLinks {
		s.page.Truncated = true
		return
	}
	s.page.Links = append(s.page.Links, Link{Dest: dest, Line: s.lineOf(pos), Kind: kind})
}

func lineEnd(s string, pos int) int {
	if k := strings.IndexByte(s[pos:], '\n'); k >= 0 {
		return pos + k
	}
	return len(s)
}

// next returns the offset of the line after the one that holds pos.
func next(s string, pos int) int {
	if e := lineEnd(s, pos); e < len(s) {
		return e + 1
	}
	return len(s)
}

func (s *scanner) run() {
	pos := s.frontmatter()
	for pos < len(s.src) {
		end := lineEnd(s.src, pos)
		line := s.src[pos:end]
		inner := strings.TrimLeft(line, " \t>")
		switch {
		case mdx.FenceOf(inner) != "":
			pos = s.skipFence(pos, mdx.FenceOf(inner))
		case mdx.IsESM(line):
			pos = s.esm(pos)
		default:
			if h, ok := heading(inner); ok {
				s.heading(h)
			}
			pos = s.inline(pos, end)
		}
	}
}

// frontmatter returns the offset after a leading "---" block.
func (s *scanner) frontmatter() int {
	if !strings.HasPrefix(s.src, "---") || strings.TrimRight(s.src[:lineEnd(s.src, 0)], " \t\r") != "---" {
		return 0
	}
	for pos := next(s.src, 0); pos < len(s.src); pos = next(s.src, pos) {
		if strings.TrimRight(s.src[pos:lineEnd(s.src, pos)], " \t\r") == "---" {
			return next(s.src, pos)
		}
	}
	return 0
}

func (s *scanner) skipFence(pos int, fence string) int {
	for pos = next(s.src, pos); pos < len(s.src); pos = next(s.src, pos) {
		if mdx.ClosesFence(strings.TrimLeft(s.src[pos:lineEnd(s.src, pos)], " \t>"), fence) {
			return next(s.src, pos)
		}
	}
	return len(s.src)
}

// esm reads an import or export statement over its lines; an import's source is a link
// (CheckSnippets checks it).
func (s *scanner) esm(pos int) int {
	var b mdx.Brackets
	start := pos
	for pos < len(s.src) {
		end := lineEnd(s.src, pos)
		goesOn := b.Line(s.src[pos:end])
		pos = next(s.src, pos)
		if !goesOn {
			break
		}
	}
	stmt := s.src[start:pos]
	if strings.HasPrefix(stmt, "import ") {
		if src, ok := importSource(stmt); ok {
			s.add(src, start, Import)
		}
	}
	return pos
}

// importSource is the string after an import's "from", or of a bare import.
func importSource(stmt string) (string, bool) {
	rest := strings.TrimSpace(strings.TrimPrefix(stmt, "import "))
	if i := strings.LastIndex(rest, " from "); i >= 0 {
		rest = strings.TrimSpace(rest[i+len(" from "):])
	}
	rest = strings.TrimRight(strings.TrimSpace(rest), ";")
	if len(rest) < 2 || (rest[0] != '"' && rest[0] != '\'') {
		return "", false
	}
	end := strings.IndexByte(rest[1:], rest[0])
	if end < 0 {
		return "", false
	}
	return rest[1 : 1+end], true
}
