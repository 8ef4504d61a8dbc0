package search

import (
	"regexp"
	"strings"
	"unicode"
)

// Slug makes a heading's anchor: the id Mintlify's page gives the heading in the browser.
// Mintlify's build slugs the heading text (mintlifySlug), and its Heading component cleans
// that id when it renders (cleanHeadingID), so "Vérifier avant l'analyse" is
// "vérifier-avant-l-analyse", "What's new in v2.0?" is "whats-new-in-v2-0" and
// "Split configuration with $ref" is "split-configuration-with-$ref". The characters a URL's
// fragment cannot hold bare (% < > # and the like) are percent-encoded, so the anchor is a
// valid fragment that a browser decodes to the id; other characters, "ü" or "日本語" too,
// stay as they are.
func Slug(heading string) string {
	return fragmentEscaper.Replace(cleanHeadingID(mintlifySlug(heading)))
}

// fragmentEscaper encodes the ASCII characters RFC 3986 does not allow bare in a fragment
// (space, " # % < > \ ^ ` { | }); [ ] are gone from an id already.
var fragmentEscaper = strings.NewReplacer(" ", "%20", `"`, "%22", "#", "%23", "%", "%25", "<", "%3C",
	">", "%3E", `\`, "%5C", "^", "%5E", "`", "%60", "{", "%7B", "|", "%7C", "}", "%7D")

// mintlifySlug is @mintlify/common's slugify (on @sindresorhus/slugify 2.2.0): the heading
// lowercased, each run of white space one '-', then percent-encoded as JavaScript's
// encodeURIComponent does. When that encoded anything ("Über", "$ref", "a: b"), the escapes
// stay and each run of other characters (. ! ~ * ' ( ) -) becomes one '-'; otherwise each run
// of characters other than a-z, 0-9 and '_' does. Then a lone "t" or "s" after a word joins it
// ("what-s-new" → "whats-new", a contraction or possessive), and no '-' is left doubled or at
// either end.
func mintlifySlug(heading string) string {
	enc := encodeURIComponent(strings.Join(strings.Fields(strings.ToLower(heading)), "-"))
	other := slugOther
	if strings.Contains(enc, "%") {
		other = slugOtherEncoded
	}
	s := other.ReplaceAllLiteralString(enc, "-")
	s = slugContraction.ReplaceAllString(s, "${1}${2}${3}")
	s = slugDashes.ReplaceAllLiteralString(s, "-")
	s = strings.TrimPrefix(s, "-")
	return strings.TrimSuffix(s, "-")
}

var (
	slugOther        = regexp.MustCompile(`[^a-z\d_]+`)
	slugOtherEncoded = regexp.MustCompile(`[^a-z\dA-Z%_]+`)
	slugContraction  = regexp.MustCompile(`([a-zA-Z\d]+)-([ts])(-|$)`)
	slugDashes       = regexp.MustCompile(`-{2,}`)
)

func asciiAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// encodeURIComponent percent-encodes s as JavaScript's encodeURIComponent does: every byte
// but A-Z a-z 0-9 - _ . ! ~ * ' ( ) as %XX, upper-case.
func encodeURIComponent(s string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if asciiAlnum(c) || strings.IndexByte("-_.!~*'()", c) >= 0 {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(hex[c>>4])
		b.WriteByte(hex[c&15])
	}
	return b.String()
}

// cleanHeadingID is @mintlify/common's cleanHeadingId, which the Heading component applies to
// its id when it renders: the id percent-decoded, then ? , ; : ! ' " ( ) [ ] { } and emoji
// taken out.
func cleanHeadingID(id string) string {
	var b strings.Builder
	b.Grow(len(id))
	for _, r := range percentDecode(id) {
		if strings.ContainsRune(`?,;:!'"()[]{}`, r) || emoji(r) {
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// percentDecode decodes each %XX escape of s (mintlifySlug writes only whole UTF-8
// characters); a '%' without two hex digits stays.
func percentDecode(s string) string {
	if !strings.Contains(s, "%") {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) {
			if v, ok := unhex(s[i+1 : i+3]); ok {
				b = append(b, v)
				i += 2
				continue
			}
		}
		b = append(b, s[i])
	}
	return string(b)
}

func unhex(h string) (byte, bool) {
	var v byte
	for i := 0; i < 2; i++ {
		c := h[i]
		switch {
		case c >= '0' && c <= '9':
			v = v<<4 | (c - '0')
		case c >= 'A' && c <= 'F':
			v = v<<4 | (c - 'A' + 10)
		case c >= 'a' && c <= 'f':
			v = v<<4 | (c - 'a' + 10)
		default:
			return 0, false
		}
	}
	return v, true
}

// emojiRanges holds the pictographs cleanHeadingId's \p{Extended_Pictographic},
// \p{Emoji_Presentation} and \p{Emoji_Modifier(_Base)} match, by block (Go's unicode package
// has no emoji properties): the symbol and pictograph blocks of plane 1, the miscellaneous
// symbols and dingbats, arrows and the other pictographs of plane 0 that are emoji.
var emojiRanges = &unicode.RangeTable{
	R16: []unicode.Range16{
		{Lo: 0x00a9, Hi: 0x00a9, Stride: 1}, {Lo: 0x00ae, Hi: 0x00ae, Stride: 1},
		{Lo: 0x200d, Hi: 0x200d, Stride: 1}, {Lo: 0x203c, Hi: 0x203c, Stride: 1},
		{Lo: 0x2049, Hi: 0x2049, Stride: 1}, {Lo: 0x2122, Hi: 0x2122, Stride: 1},
		{Lo: 0x2139, Hi: 0x2139, Stride: 1}, {Lo: 0x2194, Hi: 0x2199, Stride: 1},
		{Lo: 0x21a9, Hi: 0x21aa, Stride: 1}, {Lo: 0x231a, Hi: 0x231b, Stride: 1},
		{Lo: 0x2328, Hi: 0x2328, Stride: 1}, {Lo: 0x23cf, Hi: 0x23cf, Stride: 1},
		{Lo: 0x23e9, Hi: 0x23f3, Stride: 1}, {Lo: 0x23f8, Hi: 0x23fa, Stride: 1},
		{Lo: 0x24c2, Hi: 0x24c2, Stride: 1}, {Lo: 0x25aa, Hi: 0x25ab, Stride: 1},
		{Lo: 0x25b6, Hi: 0x25b6, Stride: 1}, {Lo: 0x25c0, Hi: 0x25c0, Stride: 1},
		{Lo: 0x25fb, Hi: 0x25fe, Stride: 1}, {Lo: 0x2600, Hi: 0x27bf, Stride: 1},
		{Lo: 0x2934, Hi: 0x2935, Stride: 1}, {Lo: 0x2b05, Hi: 0x2b07, Stride: 1},
		{Lo: 0x2b1b, Hi: 0x2b1c, Stride: 1}, {Lo: 0x2b50, Hi: 0x2b50, Stride: 1},
		{Lo: 0x2b55, Hi: 0x2b55, Stride: 1}, {Lo: 0x3030, Hi: 0x3030, Stride: 1},
		{Lo: 0x303d, Hi: 0x303d, Stride: 1}, {Lo: 0x3297, Hi: 0x3297, Stride: 1},
		{Lo: 0x3299, Hi: 0x3299, Stride: 1}, {Lo: 0xfe0e, Hi: 0xfe0f, Stride: 1},
	},
	R32: []unicode.Range32{
		{Lo: 0x1f000, Hi: 0x1faff, Stride: 1},
	},
}

func emoji(r rune) bool {
	return unicode.Is(emojiRanges, r)
}
