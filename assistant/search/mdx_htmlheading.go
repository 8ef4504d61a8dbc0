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
	start, k, open, level, id, ok := headingOpen(lines, i)
	if !ok || i < unclosed[level] {
		return htmlHead{}, false
	}
	last, at, end, stop, ok := headingClose(lines, k, open, level)
	if !ok {
		unclosed[level] = stop
		return htmlHead{}, false
	}
	h = htmlHead{level: level, id: id, before: line[:start], last: last, after: lines[last][end:]}
	if last == k {
		h.raw = lines[k][open:at]
	} else {
		h.raw = lines[k][open:] + "\n" + strings.Join(lines[k+1:last], "\n") + "\n" + lines[last][:at]
	}
	return h, true
}

// maxTagLines bounds the lines a heading's opening tag may span: "<h2\n  id=\"x\"\n>" is read
// as "<h2 id=\"x\">" (MDX reads a tag over lines), within maxTag bytes.
const maxTagLines = 10

// headingOpen finds the opening tag of an HTML heading at the start of lines[i], past its
// indentation and the tags ahead of it: where it starts in lines[i], the index k of the line it
// ends on and its end there, its level and its id.
func headingOpen(lines []string, i int) (start, k, end, level int, id string, ok bool) {
	line := lines[i]
	p := len(line) - len(strings.TrimLeft(line, " \t"))
	for p < len(line) && line[p] == '<' {
		var tagID string
		attr := func(a mdx.Attr) {
			if a.Name == "id" {
				tagID = strings.TrimSpace(a.Text())
			}
		}
		t, n, ok := mdx.ScanTag(mdx.Window(line[p:], maxTag), attr)
		if !ok && openHeadingName(line[p:]) {
			k, end, level, ok := headingOverLines(lines, i, p, attr)
			return p, k, end, level, tagID, ok
		}
		if !ok || t.Name == "code" || t.Name == "pre" {
			return 0, 0, 0, 0, "", false
		}
		if l := htmlLevels[t.Name]; l > 0 && !t.Closing && !t.Self {
			return p, i, p + n, l, tagID, true
		}
		p += n
		p += len(line[p:]) - len(strings.TrimLeft(line[p:], " \t"))
	}
	return 0, 0, 0, 0, "", false
}

// openHeadingName reports whether s, a tag the line does not close, starts with a heading's
// name and nothing else ("<h2", "<h3 id=\"x\"", ...): its tag may go on on the next lines.
func openHeadingName(s string) bool {
	return len(s) >= 3 && htmlLevels[s[1:3]] > 0 && (len(s) == 3 || mdx.IsSpace(s[3]))
}

// headingOverLines reads the heading tag that opens at lines[i][p:] and does not end on its
// line, over at most maxTagLines lines and maxTag bytes: the index of the line it ends on, its
// end there and its level. A code fence ends it.
func headingOverLines(lines []string, i, p int, attr func(mdx.Attr)) (k, end, level int, ok bool) {
	var b strings.Builder
	b.WriteString(mdx.Window(lines[i][p:], maxTag))
	for j := i + 1; j < len(lines) && j-i < maxTagLines && b.Len() < maxTag; j++ {
		if mdx.FenceOf(lines[j]) != "" {
			return 0, 0, 0, false
		}
		b.WriteByte('\n')
		b.WriteString(mdx.Window(lines[j], maxTag-b.Len()))
	}
	t, n, ok := mdx.ScanTag(b.String(), attr)
	if !ok || t.Closing || t.Self || htmlLevels[t.Name] == 0 {
		return 0, 0, 0, false
	}
	k, off := i, p
	for n > len(lines[k])-off { // the line the tag ends on, and its end there
		n -= len(lines[k]) - off + 1
		k, off = k+1, 0
	}
	return k, off + n, htmlLevels[t.Name], true
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
