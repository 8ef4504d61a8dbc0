package answer

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// unit is a piece of a section a passage is made of: a sentence, or a block quoted whole (a
// code block or a table).
type unit struct {
	text    string
	block   bool
	item    bool   // the sentence starts a list item ("- Run it", "2. Restart"): quoted on a line of its own
	of      int    // the list item the sentence is in: 1 + the index of the unit that starts it; 0 for none
	opens   bool   // the sentence starts a paragraph: after a list item, quoted as a paragraph of its own
	table   bool   // the block is a table
	title   bool   // a paragraph that titles what follows (an Accordion's or a Step's): quoted on a line of its own, never alone
	caption string // the title line over a block (a tab's, "Python"), quoted with it and never alone
	gap     bool   // the passage left out what comes between the unit before it and this one: quoted with "…" between
}

// size is the bytes a unit takes in a quote.
func (u unit) size() int { return len(u.text) + len(u.caption) }

// units splits a section's text into sentences, code blocks and tables, in order. A code
// block runs from a fence line (three or more backticks or tildes) to the first line of the
// same character at least as long, as in CommonMark; one left open is closed with its own
// fence. A table is a run of lines that start with "|" (see table). whole is the section's
// whole text when text is an excerpt of it ("" when unknown): a table the excerpt starts
// inside takes its header from there.
func units(text, whole string) []unit {
	var out []unit
	lines := strings.SplitAfter(text, "\n")
	var prose strings.Builder
	for i := 0; i < len(lines); i++ {
		if tableRow(lines[i]) {
			rest, title := caption(prose.String())
			out = appendSentences(out, rest)
			prose.Reset()
			j := i
			for j < len(lines) && tableRow(lines[j]) {
				j++
			}
			atEnd := strings.TrimSpace(strings.Join(lines[j:], "")) == ""
			out = append(out, unit{text: table(lines[i:j], whole, atEnd), block: true, table: true, caption: title})
			i = j - 1
			continue
		}
		fence := openingFence(lines[i])
		if cut := strings.TrimPrefix(lines[i], ellipsis); fence == "" && cut != lines[i] {
			// An excerpt that starts at a fence ("… ```shell"): the block is quoted whole.
			if fence = openingFence(cut); fence != "" {
				lines[i] = cut
			}
		}
		if fence == "" {
			prose.WriteString(lines[i])
			continue
		}
		rest, title := caption(prose.String())
		out = appendSentences(out, rest)
		prose.Reset()
		j := i + 1
		for j < len(lines) && !closingFence(lines[j], fence) {
			j++
		}
		block := strings.TrimRight(strings.Join(lines[i:min(j+1, len(lines))], ""), "\n")
		if j >= len(lines) {
			block += "\n" + fence
		}
		out = append(out, unit{text: strings.TrimSpace(block), block: true, caption: title})
		i = j
	}
	return appendSentences(out, prose.String())
}

// maxCaption is the longest line taken for a block's title.
const maxCaption = 60

// caption cuts the title of the block that follows prose off its end: the last paragraph when
// it is one short line that ends no sentence, as the search's text writes a tab's or a code
// group's title ("Python"). Quoted alone, such a line says nothing.
func caption(prose string) (rest, title string) {
	t := strings.TrimRight(prose, " \t\n")
	i := strings.LastIndex(t, "\n\n")
	if last := strings.TrimSpace(t[i+1:]); isTitle(last) {
		return t[:max(i, 0)], last
	}
	return prose, ""
}

// isTitle reports whether a paragraph is a title: one short line of words that ends no
// sentence and starts no list item (a line of code, "`pip install x`", is no title).
func isTitle(para string) bool {
	if para == "" || len(para) > maxCaption || strings.Contains(para, "\n") || listMarker(para) {
		return false
	}
	first, _ := utf8.DecodeRuneInString(para)
	last, _ := utf8.DecodeLastRuneInString(para)
	return (unicode.IsLetter(first) || unicode.IsDigit(first)) && !strings.ContainsRune(".!?:;,。？！：`", last)
}

// ellipsis marks text the search's excerpt left out.
const ellipsis = "… "

// tableRow reports whether line is a row of a Markdown table: it starts with "|" (after the
// excerpt's "… " when the excerpt begins inside the table).
func tableRow(line string) bool {
	return strings.HasPrefix(strings.TrimPrefix(strings.TrimLeft(line, " "), ellipsis), "|")
}

// table writes rows as a GitHub-flavoured Markdown table: the first row is the header, and the
// delimiter row, which the search's cleaned text leaves out, is put back after it. An excerpt
// that starts inside a table ("… | 413 | ...") has lost the header: it is taken from the
// section's whole text when that holds the table (see header), else it gets an empty one. An
// excerpt that ends inside a table (atEnd: nothing follows the rows) may have cut its last row
// short: that row is completed from the whole text (see completeRow).
func table(rows []string, whole string, atEnd bool) string {
	for i, r := range rows {
		rows[i] = strings.TrimSpace(r)
	}
	cutStart := strings.HasPrefix(rows[0], ellipsis)
	rows[0] = strings.TrimPrefix(rows[0], ellipsis)
	if atEnd {
		rows[len(rows)-1] = completeRow(rows, whole)
	}
	if cutStart {
		head, found := header(rows[0], whole)
		if !found {
			head = []string{"|" + strings.Repeat("  |", len(cells(rows[0])))}
		}
		rows = append(head, rows...)
	}
	if len(rows) < 2 || !delimiterRow(rows[1]) {
		cols := len(cells(rows[0]))
		rows = append(rows[:1], append([]string{"|" + strings.Repeat(" --- |", cols)}, rows[1:]...)...)
	}
	return strings.Join(rows, "\n")
}

// header returns the header row (and its delimiter row, when the text keeps one) of the table
// of whole that holds row, the first row of an excerpt: none when row is that header itself.
// found is false when whole holds no such row (an excerpt cut inside a row ends it with "…",
// and matches the row it starts).
func header(row, whole string) (head []string, found bool) {
	lines := strings.Split(whole, "\n")
	cut := strings.TrimSuffix(row, "…")
	for i, l := range lines {
		if l = strings.TrimSpace(l); l != row && (cut == row || !tableRow(l) || !strings.HasPrefix(l, cut)) {
			continue
		}
		h := i
		for h > 0 && tableRow(lines[h-1]) {
			h--
		}
		if h == i {
			return nil, true
		}
		head = []string{strings.TrimSpace(lines[h])}
		if d := strings.TrimSpace(lines[h+1]); h+1 < i && delimiterRow(d) {
			head = append(head, d)
		}
		return head, true
	}
	return nil, false
}

// completeRow returns the last of rows, the excerpt's last line, whole when the excerpt cut it
// short ("| 429 | `Rate limit exceeded` | Too many …", its last cells lost): the one table row
// of whole that it starts and that follows the row before it in rows (when there is one). Only
// the rest of that one row is added; a row whole does not hold, or two rows it could be, stay
// as they are.
func completeRow(rows []string, whole string) string {
	last := rows[len(rows)-1]
	if whole == "" || closedRow(last) {
		return last
	}
	cut := strings.TrimSpace(strings.TrimSuffix(last, "…"))
	prev := ""
	if len(rows) > 1 {
		prev = rows[len(rows)-2]
	}
	lines := strings.Split(whole, "\n")
	found := ""
	for i, l := range lines {
		l = strings.TrimSpace(l)
		if len(l) <= len(cut) || !tableRow(l) || !strings.HasPrefix(l, cut) {
			continue
		}
		if prev != "" && rowBefore(lines, i) != prev {
			continue
		}
		if found != "" && found != l {
			return last // two rows start so: which one the excerpt cut is unknown
		}
		found = l
	}
	if found == "" {
		return last
	}
	return found
}

// rowBefore returns the line before lines[i], past a delimiter row (the search's cleaned text
// has none, a whole text may keep it), or "".
func rowBefore(lines []string, i int) string {
	for i--; i >= 0; i-- {
		if l := strings.TrimSpace(lines[i]); !tableRow(l) || !delimiterRow(l) {
			return l
		}
	}
	return ""
}

// closedRow reports whether a table row ends with its closing pipe (an unescaped one).
func closedRow(row string) bool {
	return strings.HasSuffix(row, "|") && !strings.HasSuffix(row, `\|`)
}

// cells splits a table row at its unescaped pipes, without the outer ones.
func cells(row string) []string {
	row = strings.TrimSpace(row)
	row = strings.TrimPrefix(row, "|")
	if strings.HasSuffix(row, "|") && !strings.HasSuffix(row, `\|`) {
		row = row[:len(row)-1]
	}
	var out []string
	start := 0
	for i := 0; i < len(row); i++ {
		switch row[i] {
		case '\\':
			i++
		case '|':
			out = append(out, row[start:i])
			start = i + 1
		}
	}
	return append(out, row[start:])
}

// delimiterRow reports whether row is a table's delimiter row ("| --- | :-: |").
func delimiterRow(row string) bool {
	for _, c := range cells(row) {
		c = strings.TrimSpace(c)
		if c == "" || strings.Trim(c, ":-") != "" || !strings.Contains(c, "-") {
			return false
		}
	}
	return true
}

// openingFence returns the fence that opens a code block on line ("```", "~~~~", ...), or "".
func openingFence(line string) string {
	t := strings.TrimLeft(line, " ")
	if len(line)-len(t) > 3 || len(t) < 3 || (t[0] != '`' && t[0] != '~') {
		return ""
	}
	n := len(t) - len(strings.TrimLeft(t, t[:1]))
	if n < 3 || (t[0] == '`' && strings.Contains(t[n:], "`")) {
		return ""
	}
	return t[:n]
}

// closingFence reports whether line closes a block opened by fence.
func closingFence(line, fence string) bool {
	t := strings.TrimSpace(line)
	return len(t) >= len(fence) && strings.Trim(t, fence[:1]) == ""
}

// appendSentences splits prose at sentence ends, paragraph breaks and list items.
func appendSentences(out []unit, text string) []unit {
	of := 0 // the list item the prose is in (unit.of)
	for _, para := range strings.Split(text, "\n\n") {
		if t := strings.TrimSpace(para); isTitle(t) {
			out = append(out, unit{text: t, title: true})
			continue
		}
		// An indented paragraph carries on the list item before it: it opens no paragraph.
		opens := !strings.HasPrefix(strings.TrimLeft(para, "\n"), " ") && !strings.HasPrefix(strings.TrimLeft(para, "\n"), "\t")
		if opens {
			of = 0
		}
		for _, chunk := range listItems(para) {
			if cut := strings.TrimPrefix(strings.TrimLeft(chunk, "\n"), ellipsis); cut != strings.TrimLeft(chunk, "\n") && listMarker(cut) {
				chunk = cut // an excerpt that starts at a list item ("… - Within"): the item is quoted whole
			}
			item := listMarker(chunk)
			if item {
				of = len(out) + 1
			}
			chunk = strings.Join(strings.Fields(chunk), " ")
			for chunk != "" {
				n := sentenceEnd(chunk)
				if s := strings.TrimSpace(chunk[:n]); s != "" {
					out = append(out, unit{text: s, item: item, of: of, opens: opens})
					item, opens = false, false
				}
				chunk = strings.TrimSpace(chunk[n:])
			}
		}
	}
	return out
}

// listItems cuts a paragraph before each line that starts a list item, so that an item's
// lines stay together and apart from the next item's.
func listItems(para string) []string {
	var out []string
	start := 0
	for i := 0; i < len(para); {
		end := strings.IndexByte(para[i:], '\n')
		if end < 0 {
			end = len(para) - i
		}
		if i > start && listMarker(para[i:i+end]) {
			out = append(out, para[start:i])
			start = i
		}
		i += end + 1
	}
	return append(out, para[start:])
}

// listMarker reports whether line starts a Markdown list item: "-", "*" or "+", or a number of
// at most nine digits with "." or ")", then a space.
func listMarker(line string) bool {
	t := strings.TrimLeft(line, " \t")
	if len(t) >= 2 && strings.IndexByte("-*+", t[0]) >= 0 && t[1] == ' ' {
		return true
	}
	n := 0
	for n < len(t) && n < 10 && t[n] >= '0' && t[n] <= '9' {
		n++
	}
	return n > 0 && n < 10 && n+1 < len(t) && (t[n] == '.' || t[n] == ')') && t[n+1] == ' '
}

// sentenceEnd returns the length of the first sentence of s: up to ". ", "? " or "! " followed
// by a capital, a digit or markup (abbreviations such as "e.g. foo" do not end one), or up to
// a Chinese or Japanese full stop, question or exclamation mark ("。", "？", "！"), which need
// no space after them.
func sentenceEnd(s string) int {
	for i, r := range s {
		if (r == '。' || r == '？' || r == '！') && i+utf8.RuneLen(r) < len(s) {
			if latin := latinEnd(s[:i]); latin >= 0 {
				return latin
			}
			return i + utf8.RuneLen(r)
		}
	}
	if n := latinEnd(s); n >= 0 {
		return n
	}
	return len(s)
}

// latinEnd returns the length of the first sentence of s that ends with ". ", "? " or "! "
// before a capital, a digit or markup, or -1.
func latinEnd(s string) int {
	for i := 0; i+2 < len(s); i++ {
		if (s[i] == '.' || s[i] == '?' || s[i] == '!') && s[i+1] == ' ' {
			if s[i] == '.' && listNumber(s[:i]) {
				continue // "1. Stop the service": the number of a step, not a sentence
			}
			r, _ := utf8.DecodeRuneInString(s[i+2:])
			if unicode.IsUpper(r) || unicode.IsDigit(r) || strings.ContainsRune("`*[(\"'", r) {
				return i + 1
			}
		}
	}
	return -1
}

// listNumber reports whether s is the number of an ordered list item ("1", "12"): the text
// before its dot, at the start of a paragraph or after the sentence before it.
func listNumber(s string) bool {
	if s == "" || len(s) > 9 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// Limits of one passage.
const (
	passageUnits  = 3   // sentences or blocks quoted per section
	passageBytes  = 900 // longest quote, blocks included
	maxBlockBytes = 600 // longer code blocks and tables are left out
)

// passage picks the units of a section that best match the question's terms: the best one
// (most terms; the earlier on ties) and the one after it, which usually carries on its thought
// (unless it is a title, which starts another topic),
// then the next best; at most one block (code or table), in their original order. When nothing in the
// text matches (the section matched by its title or breadcrumbs) it takes the opening units.
func passage(text, whole string, q query) []unit {
	us := units(text, whole)
	scores := make([]int, len(us))
	var order []int // units with matches, best first
	for i, u := range us {
		if u.table && u.size() > maxBlockBytes {
			us[i].text = rows(u.text, q, maxBlockBytes-len(u.caption))
			u = us[i]
		}
		if u.block && u.size() > maxBlockBytes {
			continue
		}
		if scores[i] = q.matches(u.text); scores[i] > 0 {
			order = insertScored(order, i, func(a, b int) bool { return scores[a] > scores[b] })
		}
	}
	p := picker{us: us, picked: make([]bool, len(us))}
	if len(order) == 0 {
		for i := range min(2, len(us)) {
			p.add(i)
		}
		return p.unitsOr(0)
	}
	p.add(order[0])
	if next := order[0] + 1; next < len(us) && !us[next].title { // a title starts another topic
		p.add(next)
	}
	for _, i := range order[1:] {
		p.add(i)
	}
	p.wholeList()
	return p.unitsOr(order[0])
}

// unitsOr returns the picked units or, when none could be picked (every unit that matches is a
// title over another title: the cards of a CardGroup, each a title and a one-line description
// that ends no sentence), the card that holds unit i.
func (p *picker) unitsOr(i int) []unit {
	if p.n > 0 || i >= len(p.us) {
		return p.units()
	}
	return card(p.us, i)
}

// card returns the card that unit i belongs to in its run of titles, which pairs them from the
// run's start (title, description, title, description): its title, and its description as
// text. A title with no line after it is quoted as text.
func card(us []unit, i int) []unit {
	start := i
	for start > 0 && us[start-1].title {
		start--
	}
	start += (i - start) / 2 * 2
	if start+1 >= len(us) || !us[start+1].title {
		return []unit{{text: us[i].text}}
	}
	return []unit{us[start], {text: us[start+1].text}}
}

// picker collects the units of a passage within its limits.
type picker struct {
	us     []unit
	picked []bool
	desc   []bool // a card's description, quoted as text under its title (see takeCard)
	n      int
	bytes  int
	block  bool
	more   int // the first unit of a list's items wholeList left out past its bounds; 0 for none
}

// add picks unit i if it exists, is not picked yet and fits.
func (p *picker) add(i int) {
	if i >= len(p.us) || p.picked[i] || p.n >= passageUnits {
		return
	}
	p.take(i)
}

// take picks unit i if it exists, is not picked yet and fits in bytes, and reports whether it
// is picked. A later sentence of a list item brings the item's first sentence along when it
// fits (even past passageUnits). A sentence that introduces what follows it ("Either:", "Run this:") brings the unit
// after it along, even past passageUnits: quoted alone, it would point at something the quote
// left out, so when that unit does not fit, or there is none (the search's excerpt may end at
// "Sellers MUST return `submitted` when:", before the list it announces), the sentence is not
// picked either (unless it is the passage's first).
func (p *picker) take(i int) bool {
	if c, ok := cardStart(p.us, i); ok {
		return p.takeCard(c)
	}
	if !p.takeUnit(i) {
		return false
	}
	if u := p.us[i]; u.of != 0 && !u.item && !p.picked[u.of-1] {
		p.takeUnit(u.of - 1) // the item's first sentence: "This is typical..." says of what
	}
	return true
}

// takeUnit is take without the head of a list item.
func (p *picker) takeUnit(i int) bool {
	if i >= len(p.us) {
		return false
	}
	if p.picked[i] {
		return true
	}
	u := p.us[i]
	if (u.block && (p.block || u.size() > maxBlockBytes)) || (p.n > 0 && p.bytes+u.size() > passageBytes) {
		return false
	}
	first, block := p.n == 0, p.block
	p.picked[i], p.n, p.bytes, p.block = true, p.n+1, p.bytes+u.size(), p.block || u.block
	switch {
	case u.block:
		return true
	case u.title: // only over what it titles
		if i+1 < len(p.us) && !p.us[i+1].title && p.take(i+1) {
			return true
		}
	case !introduces(u.text) || p.take(i+1) || first:
		return true
	}
	p.picked[i], p.n, p.bytes, p.block = false, p.n-1, p.bytes-u.size(), block
	return false
}

// cardStart returns the title of the card unit i is part of when i is in a run of titles that
// pairs them from its start (title, description, title, description), as the search's text
// writes a CardGroup whose cards hold one line that ends no sentence ("上下文窗口" over "128K").
// ok is false for a title that is not part of such a pair: quoted alone, a lone title says
// nothing, and one over prose is taken with that prose (takeUnit).
func cardStart(us []unit, i int) (int, bool) {
	if i >= len(us) || !us[i].title {
		return 0, false
	}
	start, end := i, i
	for start > 0 && us[start-1].title {
		start--
	}
	for end+1 < len(us) && us[end+1].title {
		end++
	}
	c := start + (i-start)/2*2
	return c, c+1 <= end
}

// takeCard picks the card that starts at unit c, its title and its description, as one unit of
// the passage, if it fits.
func (p *picker) takeCard(c int) bool {
	if p.picked[c] {
		return true
	}
	size := p.us[c].size() + p.us[c+1].size()
	if p.n > 0 && p.bytes+size > passageBytes {
		return false
	}
	if p.desc == nil {
		p.desc = make([]bool, len(p.us))
	}
	p.picked[c], p.picked[c+1], p.desc[c+1] = true, true, true
	p.n, p.bytes = p.n+1, p.bytes+size
	return true
}

// introduces reports whether a sentence ends with a colon: it announces what comes next.
func introduces(s string) bool {
	return strings.HasSuffix(s, ":") || strings.HasSuffix(s, "：")
}

// units returns the picked units in their original order, each one that does not follow the
// one before it in the section marked as after a gap.
func (p *picker) units() []unit {
	var out []unit
	last := -1
	for i, ok := range p.picked {
		if ok {
			u := p.us[i]
			u.gap = last >= 0 && i > last+1
			u.title = u.title && (p.desc == nil || !p.desc[i])
			out, last = append(out, u), i
		}
	}
	if p.more > last {
		out = append(out, unit{text: gapMark, opens: true}) // the list's items left out
	}
	return out
}

// insertScored inserts v into s keeping it sorted by before; equal elements keep their order.
func insertScored[T any](s []T, v T, before func(a, b T) bool) []T {
	i := len(s)
	for i > 0 && before(v, s[i-1]) {
		i--
	}
	s = append(s, v)
	copy(s[i+1:], s[i:])
	s[i] = v
	return s
}
