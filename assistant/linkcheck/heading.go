package linkcheck

import (
	"strconv"
	"strings"
	"unicode"

	"github.com/lectern-dev/lectern/assistant/search"
)

// headingID is the id Mintlify's link checker compares a fragment with (cleanHeadingId).
func headingID(id string) string { return search.HeadingID(id) }

// heading returns the text of an ATX heading line ("## Setup" → "Setup").
func heading(line string) (string, bool) {
	n := 0
	for n < len(line) && line[n] == '#' {
		n++
	}
	if n == 0 || n > 6 || n < len(line) && line[n] != ' ' && line[n] != '\t' {
		return "", false
	}
	text := strings.TrimSpace(line[n:])
	if t := strings.TrimRight(text, "#"); t != text && (t == "" || strings.HasSuffix(t, " ")) {
		text = strings.TrimSpace(t)
	}
	return text, true
}

// heading records a heading's id: a custom one ("## Setup {#install}") or its slug.
func (s *scanner) heading(text string) {
	if i := strings.LastIndex(text, "{#"); i >= 0 && strings.HasSuffix(text, "}") {
		if id := text[i+2 : len(text)-1]; id != "" && !strings.ContainsAny(id, " {}") {
			s.page.IDs[headingID(id)] = true
			return
		}
	}
	if plain := plainText(text); plain != "" {
		s.page.IDs[headingID(search.Slug(plain))] = true
	}
}

// plainText is a heading's text without its inline markup: a link's text without its
// destination, code spans' backticks, emphasis marks and tags.
func plainText(text string) string {
	var b strings.Builder
	for i := 0; i < len(text); i++ {
		switch c := text[i]; c {
		case '`', '*':
		case '\\':
			if i+1 < len(text) {
				i++
				b.WriteByte(text[i])
			}
		case ']':
			if i+1 < len(text) && text[i+1] == '(' {
				if k := strings.IndexByte(text[i:], ')'); k > 0 {
					i += k
				}
			}
		case '[':
		case '<':
			if k := strings.IndexByte(text[i:], '>'); k > 0 && i+1 < len(text) && (text[i+1] == '/' || unicode.IsLetter(rune(text[i+1]))) {
				i += k
				continue
			}
			b.WriteByte(c)
		default:
			b.WriteByte(c)
		}
	}
	return strings.TrimSpace(b.String())
}

// paramFieldID is @mintlify/common's generateParamFieldId: "param-" and the name, with "_n"
// for its n-th repeat, slugified with decamelize (userId → param-user-id).
func paramFieldID(name string, count int) string {
	s := "param-" + name
	if count > 0 {
		s += "_" + strconv.Itoa(count)
	}
	return slugifyDecamelize(s)
}

// slugifyDecamelize is @sindresorhus/slugify with decamelize and "-": a lower-case letter or
// digit followed by an upper-case one split, then lower case, every run of characters other
// than a-z and 0-9 one '-', none at either end.
func slugifyDecamelize(s string) string {
	var b strings.Builder
	rs := []rune(s)
	for i, r := range rs {
		if i > 0 && unicode.IsUpper(r) && (unicode.IsLower(rs[i-1]) || unicode.IsDigit(rs[i-1])) {
			b.WriteRune(' ')
		}
		b.WriteRune(r)
	}
	var out strings.Builder
	dash := false
	for _, r := range strings.ToLower(b.String()) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			if dash && out.Len() > 0 {
				out.WriteByte('-')
			}
			dash = false
			out.WriteRune(r)
			continue
		}
		dash = true
	}
	return out.String()
}
