package linkcheck

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// literalURL returns the URL a GFM autolink literal makes of the start of text
// ("https://example.com/a." is "https://example.com/a"), as Mintlify's Markdown parser
// (micromark's gfm-autolink-literal) reads it: "http://" or "https://" in any case, a domain
// that starts with neither punctuation nor space and has no underscore in its last two labels,
// then everything up to a space or '<', less the punctuation that trails it (a ')' only when
// unbalanced, "&amp;" whole). "" when text starts with none. The caller checks that no ASCII
// letter comes before it.
func literalURL(text string) string {
	n := 0
	switch {
	case len(text) >= 8 && strings.EqualFold(text[:8], "https://"):
		n = 8
	case len(text) >= 7 && strings.EqualFold(text[:7], "http://"):
		n = 7
	default:
		return ""
	}
	end := strings.IndexFunc(text[n:], func(r rune) bool { return r == '<' || unicode.IsSpace(r) })
	if end < 0 {
		end = len(text)
	} else {
		end += n
	}
	lit := trimTrail(text[:end], n)
	domain := lit[n:]
	if first, _ := utf8.DecodeRuneInString(domain); domain == "" || punctuation(first) {
		return ""
	}
	if d := strings.IndexFunc(domain, func(r rune) bool { return r != '-' && r != '.' && r != '_' && punctuation(r) }); d >= 0 {
		domain = domain[:d]
	}
	labels := strings.Split(strings.TrimRight(domain, "._"), ".")
	for _, l := range labels[max(0, len(labels)-2):] {
		if strings.Contains(l, "_") {
			return ""
		}
	}
	return lit
}

// trimTrail drops the punctuation that trails a literal URL after its first n bytes (its
// scheme): ! " ' * , . : ; ? _ ~ and ], a ')' with more ')' than '(' before it, and a character
// reference ("&amp;").
func trimTrail(u string, n int) string {
	for len(u) > n {
		switch last := u[len(u)-1]; {
		case strings.IndexByte(`!"'*,.:;?_~]`, last) >= 0:
			if last == ';' {
				if k := strings.LastIndexByte(u, '&'); k >= 0 && k < len(u)-2 && isLetters(u[k+1:len(u)-1]) {
					u = u[:k]
					continue
				}
			}
			u = u[:len(u)-1]
		case last == ')' && strings.Count(u, ")") > strings.Count(u, "("):
			u = u[:len(u)-1]
		default:
			return u
		}
	}
	return u
}

// punctuation is micromark's Unicode punctuation: a character of Unicode's P or S categories.
func punctuation(r rune) bool {
	return unicode.IsPunct(r) || unicode.IsSymbol(r)
}

// isLetters reports whether s is ASCII letters only.
func isLetters(s string) bool {
	for i := 0; i < len(s); i++ {
		if !asciiLetter(s[i]) {
			return false
		}
	}
	return true
}

// asciiLetter reports whether c is an ASCII letter.
func asciiLetter(c byte) bool {
	return c|0x20 >= 'a' && c|0x20 <= 'z'
}
