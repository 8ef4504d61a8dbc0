package search

import (
	"strconv"
	"strings"

	"github.com/lectern-dev/lectern/assistant/internal/mdx"
)

// splitter walks the lines of a page body and fills its sections.
type splitter struct {
	title       string
	sections    []Section
	slugs       map[string]int
	prose       strings.Builder // prose lines not yet cleaned
	text        strings.Builder // cleaned text of the current section
	stack       []Section       // open headings, for Parents
	seenHead    bool
	unclosed    [7]int // per HTML heading level, see htmlHeadingAt
	literalScan int    // what literal may still read (see there)
}

func (s *splitter) run(body string) {
	lines := strings.Split(body, "\n")
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		switch {
		case mdx.IsESM(line):
			i = skipESM(lines, i)
		case mdx.FenceOf(line) != "":
			i = s.code(lines, i)
		case strings.HasPrefix(strings.TrimLeft(line, " \t"), "{`"):
			if last, ok := s.literal(lines, i); ok {
				i = last
				continue
			}
			s.prose.WriteString(line)
			s.prose.WriteByte('\n')
		default:
			if last, ok := s.codeBlockLiteral(lines, i); ok {
				i = last
				continue
			}
			if level := setextLevel(line); level > 0 && s.prose.Len() > 0 {
				if text := s.takeParagraph(); text != "" {
					s.heading(level, text)
					continue
				}
			}
			if next, ok := s.htmlHeading(lines, i); ok {
				i = next
				continue
			}
			if level, text := atxHeading(line); level > 0 {
				s.heading(level, text)
				continue
			}
			s.prose.WriteString(line)
			s.prose.WriteByte('\n')
		}
	}
	s.finish()
}

// flushProse cleans the pending prose into the section text.
func (s *splitter) flushProse() {
	if s.prose.Len() == 0 {
		return
	}
	s.appendText(cleanProse(s.prose.String()))
	s.prose.Reset()
}

func (s *splitter) appendText(t string) {
	if t = strings.TrimSpace(t); t == "" {
		return
	}
	if s.text.Len() > 0 {
		s.text.WriteString("\n\n")
	}
	s.text.WriteString(t)
}

// finish closes the current section.
func (s *splitter) finish() {
	s.flushProse()
	s.sections[len(s.sections)-1].Text = s.text.String()
	s.text.Reset()
}

// heading closes the current section and opens one for the heading.
func (s *splitter) heading(level int, raw string) {
	raw, id := explicitID(raw)
	s.open(level, headingText(raw), id)
}

// headingText is a heading's text: its Markdown and tags cleaned away (their text attributes
// too, cleaner.bare), on one line (an HTML heading's or a setext heading's may be written over
// several).
func headingText(raw string) string {
	c := cleaner{budget: 2*len(raw) + 64<<10, bare: true}
	c.inline(raw)
	return strings.Join(strings.Fields(strings.ReplaceAll(tidyLines(c.b.String()), "`", "")), " ")
}

// open closes the current section and opens one for a heading; id, when given, is its anchor.
func (s *splitter) open(level int, text, id string) {
	if !s.seenHead && level == 1 && s.title == "" {
		s.seenHead = true
		s.title = text
		return
	}
	s.seenHead = true
	s.finish()
	for len(s.stack) > 0 && s.stack[len(s.stack)-1].Level >= level {
		s.stack = s.stack[:len(s.stack)-1]
	}
	if id == "" {
		id = Slug(text)
	}
	sec := Section{Heading: text, Anchor: s.unique(id), Level: level, Parents: headings(s.stack)}
	s.stack = append(s.stack, sec)
	s.sections = append(s.sections, sec)
}

// unique makes an anchor unique in the page as Mintlify's build does: the second "a" is
// "a-2", the third "a-3", skipping any suffixed anchor already taken.
func (s *splitter) unique(slug string) string {
	n := s.slugs[slug]
	s.slugs[slug] = n + 1
	if n == 0 {
		return slug
	}
	for suffix := n + 1; ; suffix++ {
		cand := slug + "-" + strconv.Itoa(suffix)
		if _, taken := s.slugs[cand]; !taken {
			s.slugs[cand] = 1
			return cand
		}
	}
}

func headings(stack []Section) []string {
	if len(stack) == 0 {
		return nil
	}
	out := make([]string, len(stack))
	for i, sec := range stack {
		out[i] = sec.Heading
	}
	return out
}
