package markdown_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/lectern-dev/lectern/assistant/markdown"
)

// TestExpressionBeforeClosingTag: an expression that runs over lines and ends just before a
// closing tag (`}</style>`) is a block of its own inside its element, and the tag closes the
// element. Dub's help articles (the search evaluation's dub site) show screenshots through
// snippets/components/image-link.jsx, whose <style>{`...`}</style> ran on as text: the
// template literal's backtick made </style> look like code, and the style element took the
// image, its link and its label with it, which the Markdown dropped.
func TestExpressionBeforeClosingTag(t *testing.T) {
	dir := filepath.Join("..", "search", "testdata", "eval", "dub")
	site := func(p string) (string, bool) {
		b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(p)))
		return string(b), err == nil
	}
	page, ok := site("help/article/dub-links.mdx")
	if !ok {
		t.Fatal("dub-links.mdx missing")
	}
	tests := []struct {
		name, src string
		want      []string // in order
		not       []string
	}{
		{name: "dub: an ImageLink's image and link", src: page,
			want: []string{"[View analytics demo ↗](https://d.to/stats/try)", "![Dub's Analytics dashboard](/images/dub-links/analytics.png)"},
			not:  []string{"@media", "drop-shadow"}},
		{name: "a style's template literal", src: "<div>\n  <style>{`\n    .a { color: red; }\n  `}</style>\n  Hello\n</div>\n\nAfter.\n",
			want: []string{"Hello\n\nAfter."}, not: []string{"color"}},
		{name: "a string literal's text stays", src: "<div>\n<p>{`two\nlines`}</p>\nHello\n</div>\n", want: []string{"two\nlines", "Hello"}},
		{name: "text after it: inline, as before", src: "<Note>\n{`a`} and b</Note>\n", want: []string{"a and b"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			inOrder(t, markdown.Body(tt.src, "", site), tt.want, tt.not)
		})
	}
}
