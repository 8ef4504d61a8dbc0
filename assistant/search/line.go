package search

import (
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/lectern-dev/lectern/platform/cjk"
)

// The window of a result's one-line preview, in characters (runes).
const (
	lineLen    = 160 // at most this many characters of text, besides the "…" marks
	lineBefore = 40  // of them, at most this many before the first match
	maxLineIn  = 32 << 10
)

// line makes a result's one-line preview from its section's text: the text on one line (code
// fences dropped, every run of spaces and line breaks one space), windowed to lineLen characters
// starting up to lineBefore characters before the first word matching the query (at the start
// when no word does), cut at word boundaries with "…" where text was left out. Matches are the
// places of the matching words in the window, in order, apart (words that overlap or touch are
// one).
func (ix *Index) line(sc *scratch, text string) Line {
	flat := oneLine(text[:cutAt(text, maxLineIn)])
	first, spans := -1, sc.lineSpans[:0]
	sc.an.wordsAt(flat, func(w []byte, _ bool, at int) {
		t := sc.an.normalize(w)
		if t == nil {
			return
		}
		if id, ok := ix.terms[string(t)]; ok && sc.slot[id] > 0 {
			// A word that starts inside or at the end of the last mark joins it: a CJK word's
			// pairs overlap by a character, and are one mark.
			if n, end := len(spans), wordEnd(flat, at); n > 0 && at <= spans[n-1].End {
				spans[n-1].End = max(spans[n-1].End, end)
			} else {
				spans = append(spans, Span{Start: at, End: end})
			}
			if first < 0 {
				first = at
			}
		}
	})
	sc.lineSpans = spans
	from, to := lineWindow(flat, max(first, 0))
	out := Line{Text: flat[from:to], Matches: []Span{}}
	var lead string
	if from > 0 {
		lead = "… "
	}
	shift := utf16Len(lead)
	for _, s := range spans {
		if s.Start >= from && s.End <= to {
			out.Matches = append(out.Matches, Span{Start: shift + utf16Len(flat[from:s.Start]), End: shift + utf16Len(flat[from:s.End])})
		}
	}
	out.Text = lead + out.Text
	if to < len(flat) {
		out.Text += " …"
	}
	return out
}

// lineWindow returns the byte range of flat to show around the match at byte first.
func lineWindow(flat string, first int) (int, int) {
	from := first
	for n := 0; n < lineBefore && from > 0; n++ {
		_, size := utf8.DecodeLastRuneInString(flat[:from])
		from -= size
	}
	if from > 0 {
		if i := strings.IndexByte(flat[from:first], ' '); i >= 0 {
			from += i + 1 // start on a word
		}
	}
	to, n := from, 0
	for to < len(flat) && n < lineLen {
		_, size := utf8.DecodeRuneInString(flat[to:])
		to += size
		n++
	}
	if to < len(flat) {
		if i := strings.LastIndexByte(flat[from:to], ' '); i > 0 && from+i > first {
			to = from + i // end on a word
		}
	}
	return from, to
}

// oneLine drops code fence lines and turns every run of white space into one space: plain
// text, as the discovery route's snippet is, so code spans lose their backticks, a list item,
// quote or heading its marker, and a table is read as its cells, its delimiter row dropped and each row's cells joined by " · " and ended
// by ";" ("| `MONTHLY` | Facturation mensuelle |" is "MONTHLY · Facturation mensuelle;").
func oneLine(text string) string {
	var b strings.Builder
	b.Grow(len(text))
	word := func(f string) {
		if f = strings.ReplaceAll(f, "`", ""); f == "" {
			return
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(f)
	}
	for line := range strings.Lines(text) {
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~") || tableDelimiter(t) {
			continue
		}
		if !strings.HasPrefix(t, "|") {
			for i, f := range strings.Fields(line) {
				if i > 0 || !blockMarker(f) {
					word(f)
				}
			}
			continue
		}
		var cells []string
		for _, c := range strings.Split(strings.Trim(t, "|"), "|") {
			if c = strings.Join(strings.Fields(c), " "); c != "" {
				cells = append(cells, c)
			}
		}
		if len(cells) > 0 {
			word(strings.Join(cells, " · ") + ";")
		}
	}
	return b.String()
}

// blockMarker reports whether f, a line's first word, is the marker of a list item ("-", "*",
// "+"), a quote (">") or a heading ("##"), which plain text leaves out.
func blockMarker(f string) bool {
	return f == "-" || f == "*" || f == "+" || f == ">" || strings.Trim(f, "#") == ""
}

// tableDelimiter reports whether t, a trimmed line, is a table's delimiter row ("| --- | :-: |").
func tableDelimiter(t string) bool {
	return strings.HasPrefix(t, "|") && strings.Contains(t, "-") && strings.Trim(t, "|-: \t") == ""
}

// wordEnd returns where the word starting at byte at of s ends; a CJK word is a pair of
// characters (the analyzer's bigram).
func wordEnd(s string, at int) int {
	if r, n := utf8.DecodeRuneInString(s[at:]); cjk.Is(r) {
		if r2, n2 := utf8.DecodeRuneInString(s[at+n:]); cjk.Is(r2) {
			return at + n + n2
		}
		return at + n
	}
	for at < len(s) {
		r, n := utf8.DecodeRuneInString(s[at:])
		if !isWordRune(r) {
			break
		}
		at += n
	}
	return at
}

// cutAt returns n, or less so that s[:n] ends on a character boundary; len(s) when shorter.
func cutAt(s string, n int) int {
	if len(s) <= n {
		return len(s)
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return n
}

// utf16Len counts the UTF-16 code units of s.
func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		n += utf16.RuneLen(r)
	}
	return n
}
