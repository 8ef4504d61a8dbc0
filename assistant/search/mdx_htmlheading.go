package search

import (
	"strconv"
	"strings"

	"github.com/lectern-dev/lectern/assistant/internal/mdx"
)

// htmlLevels are the HTML heading elements: "<h2 id=...>Title</h2>" opens a section as "## Title"
// does (Mintlify renders it as a heading; its id, when it has one, is the anchor).
var htmlLevels = map[string]int{"h1": 1, "h2": 2, "h3": 3, "h4": 4, "h5": 5, "h6": 6}

// maxHTMLHeading bounds how far a heading's closing tag is looked for (its content may hold an
// expression over many lines, as Agno's home page's <h1> does).
const maxHTMLHeading = 32 << 10

// htmlHead is an HTML heading that opens at the start of a line.
type htmlHead struct {
	level  int
	id     string
	before string // the tags ahead of it on its line ("<a href=...>" around a card's heading)
	raw    string // its content as written
	last   int    // the index of the line it closes on
	after  string // what follows its closing tag on that line
}

// htmlHeadingAt reads an HTML heading that opens lines[i], after its indentation and any other
// tags; ok is false when there is none, or it does not close within maxHTMLHeading.
// unclosed[level] is the line up to which an earlier search found no closing tag of that
// level: a heading that opens before it is taken as unclosed without a search, which keeps a
// page of unclosed headings linear.
func htmlHeadingAt(lines []string, i int, unclosed *[7]int) (h htmlHead, ok bool) {
	line := lines[i]
	start, open, level, id, ok := headingOpen(line)
	if !ok || i < unclosed[level] {
		return htmlHead{}, false
	}
	last, at, end, stop, ok := headingClose(lines, i, open, level)
	if !ok {
		unclosed[level] = stop
		return htmlHead{}, false
	}
	h = htmlHead{level: level, id: id, before: line[:start], last: last, after: lines[last][end:]}
	if last == i {
		h.raw = line[open:at]
	} else {
		h.raw = line[open:] + "\n" + strings.Join(lines[i+1:last], "\n") + "\n" + lines[last][:at]
	}
	return h, true
}

// headingOpen finds the opening tag of an HTML heading at the start of line, past its
// indentation and the tags ahead of it: the tag's offsets, its level and its id.
func headingOpen(line string) (start, end, level int, id string, ok bool) {
	p := len(line) - len(strings.TrimLeft(line, " \t"))
	for p < len(line) && line[p] == '<' {
		var tagID string
		t, n, ok := mdx.ScanTag(mdx.Window(line[p:], maxTag), func(a mdx.Attr) {
			if a.Name == "id" {
				tagID = strings.TrimSpace(a.Text())
			}
		})
		if !ok || t.Name == "code" || t.Name == "pre" {
			return 0, 0, 0, "", false
		}
		if l := htmlLevels[t.Name]; l > 0 && !t.Closing && !t.Self {
			return p, p + n, l, tagID, true
		}
		p += n
		p += len(line[p:]) - len(strings.TrimLeft(line[p:], " \t"))
	}
	return 0, 0, 0, "", false
}

// headingClose finds "</hN>" from lines[i][from:] on: the index of its line and its offsets in
// it; without one, stop is the line the search ended before. A code fence ends the search: a
// heading holds none.
func headingClose(lines []string, i, from, level int) (last, at, end, stop int, ok bool) {
	closing := "</h" + strconv.Itoa(level)
	budget := maxHTMLHeading
	j := i
	for ; j < len(lines) && budget > 0; j, from = j+1, 0 {
		if j > i && mdx.FenceOf(lines[j]) != "" {
			return 0, 0, 0, j, false
		}
		w := mdx.Window(lines[j][from:], budget)
		budget -= len(w) + 1
		if at, end, ok := closeOnLine(w, closing); ok {
			return j, from + at, from + end, 0, true
		}
	}
	return 0, 0, 0, j, false
}

// htmlHeading opens a section for an HTML heading at lines[i] and returns the index of the
// line to go on from; the rest of the line the heading closes on is read as a line of its own.
func (s *splitter) htmlHeading(lines []string, i int) (next int, ok bool) {
	h, ok := htmlHeadingAt(lines, i, &s.unclosed)
	if !ok {
		return i, false
	}
	text := headingText(h.raw)
	if text == "" {
		return i, false
	}
	if strings.TrimSpace(h.before) != "" {
		s.prose.WriteString(h.before + "\n")
	}
	s.open(h.level, text, h.id)
	lines[h.last] = h.after
	return h.last - 1, true
}

// closeOnLine finds the closing tag ("</h2>", "</h2 >") on a line, outside inline code.
func closeOnLine(w, closing string) (at, end int, ok bool) {
	ticks := 0
	for k := 0; ; {
		x := strings.Index(w[k:], closing)
		if x < 0 {
			return 0, 0, false
		}
		ticks += strings.Count(w[k:k+x], "`")
		k += x + len(closing)
		if r := strings.TrimLeft(w[k:], " \t"); ticks%2 == 0 && strings.HasPrefix(r, ">") {
			return k - len(closing), len(w) - len(r) + 1, true
		}
	}
}
