package markdown_test

import (
	"testing"

	"github.com/lectern-dev/lectern/assistant/markdown"
)

// TestHTMLHeadings: an HTML heading is a Markdown heading of its level with its inline children
// as Markdown; its text ends at its closing tag, and what follows on the line is its sibling.
// Inside a line (a link card written on one line) it is its text.
func TestHTMLHeadings(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"attributes and inline children", "<h2 id=\"install\" className=\"mt-4\">Install <code>lectern</code> with <a href=\"/cli\">the <strong>CLI</strong></a></h2>\n\nBody.",
			"## Install `lectern` with [the **CLI**](/cli)\n\nBody."},
		{"over lines", "<h4>\n  Multi\n  line\n</h4>\n\nNext", "#### Multi line\n\nNext"},
		{"a sibling after the closing tag", "<div>\n<h3>Title</h3><p>Body.</p>\n</div>\n\nNext", "### Title\n\nBody.\n\nNext"},
		{"text after the closing tag", "<h2>A</h2> after\n\nNext", "## A\n\nafter\n\nNext"},
		{"closing tag in inline code", "<h3>Use `</h3>` to close</h3>\n\nNext", "### Use `</h3>` to close\n\nNext"},
		{"in a link on one line", "<a href=\"/x\"><h3>Card</h3></a>\n\nNext", "[Card](/x)\n\nNext"},
		// Raydium's home pages (raydium-io/raydium-docs-v1@127e3ac, 14 languages) break their
		// headline: a heading's line cannot break, so the break is a space, not "\" in the text.
		{"a line break inside", "<h1 className=\"rd-headline\">Build, integrate, and trade<br/>on Raydium.</h1>\n\nNext", "# Build, integrate, and trade on Raydium.\n\nNext"},
		{"a line break before its own line", "<h2>\n  One<br />\n  two\n</h2>", "## One two"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := markdown.Body(tc.src, "Page", nil); got != tc.want {
				t.Errorf("got\n%q\nwant\n%q", got, tc.want)
			}
		})
	}
}
