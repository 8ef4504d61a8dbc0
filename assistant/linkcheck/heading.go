package linkcheck

import (
	"strconv"
	"strings"
	"unicode"

	"github.com/lectern-dev/lectern/assistant/internal/mdx"
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
		s.page.IDs[counted(s.headings, headingID(search.Slug(plain)))] = true
	}
}

// counted is slugifyWithCounter's id: the first of a slug as it is, the n-th "slug-n".
func counted(seen map[string]int, slug string) string {
	seen[slug]++
	if n := seen[slug]; n > 1 {
		return slug + "-" + strconv.Itoa(n)
	}
	return slug
}

// titleID records the id Mintlify's remarkComponentIds gives a component from its title when
// it has no id: a Tab the title's slug ("tab-2" for its second), an Accordion or View
// generateComponentId's ("parameters", then "parameters-1").
func (s *scanner) titleID(name string, attrs []mdx.Attr) {
	if name != "Tab" && name != "Accordion" && name != "View" {
		return
	}
	title := ""
	for _, a := range attrs {
		switch {
		case a.Name == "id":
			return
		case a.Name == "title" && a.Kind == mdx.Quoted:
			title = a.Value
		}
	}
	if title == "" {
		return
	}
	if name == "Tab" {
		s.page.IDs[counted(s.tabs, headingID(search.Slug(plainText(title))))] = true
		return
	}
	base := componentID(plainText(title))
	n := s.components[name+"\x00"+base]
	s.components[name+"\x00"+base]++
	if n > 0 {
		base += "-" + strconv.Itoa(n)
	}
	s.page.IDs[base] = true
}

// componentID is @sindresorhus/slugify of a title whose first ':' is a '-' (generateComponentId):
// "&" is "and", then lower case, every run of characters other than a-z and 0-9 one '-'.
// Letters outside ASCII are left out (slugify transliterates them; this does not).
func componentID(title string) string {
	title = strings.Replace(title, ":", "-", 1)
	return slugifyDecamelize(strings.ReplaceAll(strings.ToLower(title), "&", " and "))
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
