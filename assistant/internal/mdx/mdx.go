// Package mdx holds the lexical pieces of MDX that both of the assistant's MDX readers need:
// the search index's cleaner (search.Sections) and the Markdown renderer (markdown.Body). It
// finds where a construct starts and ends (ESM statements, code fences, JSX and HTML tags with
// their attributes, expressions, string literals, autolinks) and leaves what the construct means
// to the reader: which attributes are text to index, which tags are components to render.
//
// Everything here works on byte offsets into the caller's string and allocates nothing, so the
// search index can keep its section offsets and its allocation budget.
package mdx

// IsLetter reports whether c is an ASCII letter.
func IsLetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

// IsDigit reports whether c is an ASCII digit.
func IsDigit(c byte) bool { return c >= '0' && c <= '9' }

// IsSpace reports whether c is a space, a tab or a line break.
func IsSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// Window returns s cut to at most n bytes: the lookahead a construct may scan.
func Window(s string, n int) string { return s[:min(len(s), n)] }
