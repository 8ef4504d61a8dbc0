package markdown

import (
	"strings"

	"github.com/lectern-dev/lectern/assistant/internal/mdx"
)

// unrendered returns the opening tag of an element whose component the page imports but that
// Lectern cannot draw (its function computes what it returns: hoop.dev's quickstarts are one
// `<ConnectionTemplate config={{...}} />` whose prop holds the connection's description and
// credentials), as written, in a jsx code block: Mintlify's Markdown export keeps every element
// as written (@mintlify/common, transformContentForMarkdown), so an agent reads the data its
// props carry. An element without attributes has none to keep.
func (r *renderer) unrendered(n *node) []string {
	t := n.tag
	if len(t.attrs)+len(t.exprs)+len(t.bare) == 0 || n.from < 0 || n.from >= len(r.src) {
		return nil
	}
	_, end, ok := parseTag(r.src[n.from:])
	if !ok {
		return nil
	}
	lineStart := strings.LastIndexByte(r.src[:n.from], '\n') + 1
	pad := len(r.src[lineStart:n.from]) - len(strings.TrimLeft(r.src[lineStart:n.from], " \t"))
	lines := strings.Split(r.src[n.from:n.from+end], "\n")
	for i := 1; i < len(lines); i++ {
		lines[i] = mdx.Dedent(lines[i], pad)
	}
	return []string{fenced("jsx", strings.Join(lines, "\n"))}
}
