package markdown

import (
	"strings"

	"github.com/lectern-dev/lectern/assistant/internal/mdx"
)

// Bounds of what one construct may span: a tag that runs on past them is text.
const (
	maxTag  = 64 << 10 // a JSX or HTML tag with its attributes (an inline SVG icon can pass 16 KiB)
	maxExpr = 16 << 10 // an MDX expression
	maxSpan = 4 << 10  // an inline code span
)

// tag is one JSX or HTML tag.
type tag struct {
	name    string // "Note", "Tree.Folder", "img"; "" for a fragment "<>"
	closing bool   // "</Name>"
	self    bool   // "<Name />"
	attrs   map[string]string
	exprs   map[string]string // attributes whose value is an expression that is not a literal ("{home.tf}"), as written
	bare    map[string]bool   // attributes given without a value ("required")
}

// attr returns an attribute's text value, "" when absent or not text.
func (t *tag) attr(name string) string { return t.attrs[name] }

// has reports whether the tag carries the attribute, with or without a value.
func (t *tag) has(name string) bool {
	_, ok := t.attrs[name]
	return ok || t.bare[name]
}

// parseTag parses the tag at s[0] ('<') and returns it with the offset after it.
func parseTag(s string) (tag, int, bool) {
	var t tag
	mt, end, ok := mdx.ScanTag(mdx.Window(s, maxTag), t.add)
	if !ok {
		return tag{}, 0, false
	}
	t.name, t.closing, t.self = mt.Name, mt.Closing, mt.Self
	return t, end, true
}

// add records an attribute: its text value (a braced one that is not a literal is ""), or that
// it was given without one.
func (t *tag) add(a mdx.Attr) {
	if a.Kind == mdx.NoValue {
		if t.bare == nil {
			t.bare = map[string]bool{}
		}
		t.bare[a.Name] = true
		return
	}
	if t.attrs == nil {
		t.attrs = map[string]string{}
	}
	t.attrs[a.Name] = a.Text()
	if a.Kind == mdx.Braced && t.attrs[a.Name] == "" {
		if t.exprs == nil {
			t.exprs = map[string]string{}
		}
		t.exprs[a.Name] = a.Value
		delete(t.attrs, a.Name)
	}
}

// isName reports whether s is a plain identifier such as "id" or "user_id".
func isName(s string) bool {
	if s == "" || !mdx.IsLetter(s[0]) && s[0] != '_' {
		return false
	}
	for k := 0; k < len(s); k++ {
		if c := s[k]; !mdx.IsLetter(c) && !mdx.IsDigit(c) && c != '_' && c != '-' {
			return false
		}
	}
	return true
}

// text returns an attribute as the text a reader sees: a quoted value, or a JSX one
// (label={<><Icon icon="code" /><span>Function Calling</span></>}: Pipecat's recipes) as
// its inline Markdown, on one line; "" for any other expression.
func (t *tag) text(name string) string {
	if v, ok := t.attrs[name]; ok {
		return inline(v)
	}
	x, ok := jsxProp(t.exprs[name])
	if !ok {
		return ""
	}
	return strings.Join(strings.Fields(inline(string(x))), " ")
}
