package markdown

import (
	"regexp"
	"slices"
	"strings"

	"github.com/lectern-dev/lectern/assistant/internal/mdx"
)

// maxSnippetDepth bounds how deeply snippets may include snippets.
const maxSnippetDepth = 4

// renderer writes a parsed page back as Markdown.
type renderer struct {
	src     string // the text the tree was parsed from: its elements' from and to are offsets in it
	imports map[string]string
	named   map[string]importRef // names imported by name: snippet values and components
	files   *snippetFiles
	snippet func(path string) (string, bool)
	depth   int // snippet nesting

	compTags *regexp.Regexp // the tags of the snippets this text uses (inlineComponents), once made
	compDone bool           // compTags is made (nil when the text uses none)
}

// children renders an element's children as Markdown blocks.
func (r *renderer) children(el *node) []string {
	d := childIndent(el)
	var out []string
	for i, n := range el.children {
		if n.kind == textNode && i > 0 && el.children[i-1].kind == codeNode {
			out = append(out, r.text(n, d, true)...) // after a fence: keeps its indentation
			continue
		}
		out = append(out, r.block(n, d)...)
	}
	return out
}

// body renders an element's children as one Markdown string.
func (r *renderer) body(el *node) string { return join(r.children(el)) }

// childIndent is the indentation the children of an element share: the least of its
// text lines' and code fences'.
func childIndent(el *node) int {
	d := -1
	for _, n := range el.children {
		switch n.kind {
		case textNode:
			for _, l := range n.lines {
				if t := strings.TrimLeft(l, " \t"); t != "" && (d < 0 || len(l)-len(t) < d) {
					d = len(l) - len(t)
				}
			}
		case codeNode:
			if d < 0 || n.indent < d {
				d = n.indent
			}
		}
	}
	return max(d, 0)
}

// block renders one node whose siblings share indentation d.
func (r *renderer) block(n *node, d int) []string {
	switch n.kind {
	case textNode:
		return r.text(n, d, false)
	case codeNode:
		return []string{codeBlock(n, d)}
	}
	if ref, ok := r.named[n.tag.name]; ok {
		if e, found := r.files.export(ref); found && e.isComp {
			return r.componentBlocks(e, n.tag, r.componentChildren(n))
		}
	}
	if file, ok := r.imports[n.tag.name]; ok { // an import shadows a built-in of its name (<Note />)
		return r.snippetBlocks(file, n.tag)
	}
	if render, ok := components[n.tag.name]; ok {
		return render(r, n)
	}
	if html, ok := htmlRenders[strings.ToLower(n.tag.name)]; ok && !isUpper(n.tag.name[0]) {
		return html(r, n)
	}
	if _, ok := r.named[n.tag.name]; ok { // a component of a snippet that draws it in code (hooks, helpers, map)
		return append(r.unrendered(n), r.children(n)...)
	}
	return r.children(n)
}

// text renders a text node: its inline components, then its lines (textBlocks). Text that
// began after a tag on its line keeps no indentation.
func (r *renderer) text(n *node, d int, keep bool) []string {
	return textBlocks(r.inlineComponents(n.lines), d, keep && !n.midLine)
}

// textBlocks renders Markdown lines: dedented, inline constructs rewritten, paragraphs
// separated by one blank line. With keep, the first line keeps its indentation relative to
// the siblings (at most 3 spaces, which never make an indented code block), as the other
// lines and code blocks do: a paragraph after a code block in a list item stays in the item
// ("   Then copy…" under "1. Stop…"). Otherwise it starts the block: components put their
// label before it ("**Note:** …").
func textBlocks(lines []string, d int, keep bool) []string {
	var b strings.Builder
	blank := false
	lead := -1
	if !keep {
		lead = 0
	}
	for i, raw := range lines {
		raw = mdx.Dedent(raw, d)
		l := strings.TrimRight(raw, " \t")
		if l == "" {
			blank = b.Len() > 0
			continue
		}
		if hardBreakEnd(raw, l) && continuesParagraph(lines, i) {
			l += "\\" // the author's two spaces: a line break, written as one that no trim takes
		}
		if lead < 0 {
			lead = len(l) - len(strings.TrimLeft(l, " "))
		}
		if b.Len() > 0 {
			b.WriteByte('\n')
			if blank {
				b.WriteByte('\n')
			}
		}
		blank = false
		b.WriteString(l)
	}
	s := strings.TrimSpace(inline(b.String())) // an element that vanished leaves no space behind
	if s == "" {
		return nil
	}
	return []string{strings.Repeat(" ", min(lead, 3)) + collapseBlank(trimLineEnds(s))}
}

// hardBreakEnd reports whether a text line (raw, l without its trailing blanks) ends in a
// Markdown hard line break of two spaces or more, as CommonMark reads one in a paragraph: not
// a table's row or a heading, which no line break continues, nor a line that ends in a
// backslash already.
func hardBreakEnd(raw, l string) bool {
	t := strings.TrimLeft(l, " ")
	return strings.HasSuffix(raw, "  ") && !strings.HasPrefix(t, "|") && !strings.HasPrefix(t, "#") && !strings.HasSuffix(l, "\\")
}

// continuesParagraph reports whether the line after lines[i] goes on with its paragraph: it
// is text, not blank and not what starts a block of its own (a list item, a heading, a quote,
// a table, a code fence, a thematic break, a tag or an expression), after which a line break
// ends nothing and CommonMark drops it.
func continuesParagraph(lines []string, i int) bool {
	if i+1 >= len(lines) {
		return false
	}
	next := strings.TrimSpace(lines[i+1])
	if next == "" || strings.ContainsRune("-*+#>|`~<{=_", rune(next[0])) {
		return false
	}
	digits := len(next) - len(strings.TrimLeft(next, "0123456789"))
	return digits == 0 || digits >= len(next) || (next[digits] != '.' && next[digits] != ')')
}

// trimLineEnds removes the spaces left at the ends of lines where inline content vanished
// ("text <br />"): two of them would make a line break of their own.
func trimLineEnds(s string) string {
	if !strings.Contains(s, " \n") && !strings.Contains(s, "\t\n") && !strings.Contains(s, " \\\n") {
		return s
	}
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		l = strings.TrimRight(l, " \t")
		if hard, ok := strings.CutSuffix(l, "\\"); ok && !strings.HasSuffix(hard, "\\") { // "text \": a line break
			l = strings.TrimRight(hard, " \t") + "\\"
		}
		lines[i] = l
	}
	return strings.Join(lines, "\n")
}

// collapseBlank turns runs of blank lines (left where inline content vanished) into one.
func collapseBlank(s string) string {
	for strings.Contains(s, "\n\n\n") {
		s = strings.ReplaceAll(s, "\n\n\n", "\n\n")
	}
	return s
}

// codeBlock renders a fenced block at its indentation relative to its siblings.
func codeBlock(n *node, d int) string {
	pad := strings.Repeat(" ", max(0, n.indent-d))
	var b strings.Builder
	b.WriteString(pad + n.fence + cleanInfo(n.info) + "\n")
	for _, l := range n.lines {
		if l != "" {
			b.WriteString(pad)
		}
		b.WriteString(l + "\n")
	}
	b.WriteString(pad + n.fence)
	return b.String()
}

// fenceAttrs are the display attributes of Mintlify code blocks given with a value: line
// highlights ({1,3-4}), highlight={...}, focus={...}, icon="...".
var fenceAttrs = regexp.MustCompile(`\s*(\{[^}]*\}|[A-Za-z]+=(\{[^}]*\}|"[^"]*"|'[^']*'))`)

// fenceFlags are the flags of Mintlify code blocks, each a word of the info string of its own
// (@mintlify/common's parseMetaString reads its reserved keys so, "[expandable]" among them):
// "my-wrap.sh" is a title, not the flag wrap.
var fenceFlags = map[string]bool{"wrap": true, "lines": true, "expandable": true, "[expandable]": true, "twoslash": true, "nocopy": true}

// fenceTitle is a code block's title given as an attribute: title="ACS URL".
var fenceTitle = regexp.MustCompile(`(?:^|\s)title=(?:"([^"]*)"|'([^']*)')`)

// cleanInfo keeps the language and title of a code block's info string: a title given as an
// attribute (title="ACS URL") is written as Mintlify's bare title is ("text ACS URL"), as
// Mintlify's Markdown export keeps it and a reader needs it (the field a value goes in).
func cleanInfo(info string) string {
	words := strings.Fields(fenceAttrs.ReplaceAllString(info, ""))
	words = slices.DeleteFunc(words, func(w string) bool { return fenceFlags[w] })
	out := strings.Join(words, " ")
	if m := fenceTitle.FindStringSubmatch(info); m != nil {
		if title := strings.TrimSpace(m[1] + m[2]); title != "" {
			out = strings.TrimSpace(out + " " + title)
		}
	}
	return out
}

// snippetBlocks renders an imported snippet in place, with the tag's attributes as its
// variables (`<MySnippet word="bananas" />` for "My keyword of the day is {word}.").
func (r *renderer) snippetBlocks(file string, t tag) []string {
	if r.snippet == nil || r.depth >= maxSnippetDepth {
		return nil
	}
	src, ok := r.snippet(file)
	if !ok {
		return nil
	}
	_, body := splitFrontmatter(normalize(src))
	return r.sub(body, r.binder().tagProps(t), nil)
}

// componentBlocks renders a snippet's exported component in place: the JSX it returns, with
// the tag's attributes as its props (Prefect's `<TF name="resources" href={home.tf} />`) and
// the blocks of its children where it writes {children}.
func (r *renderer) componentBlocks(e export, t tag, children []string) []string {
	if r.depth >= maxSnippetDepth {
		return nil
	}
	props := r.binder().tagProps(t)
	if len(children) > 0 {
		props["children"] = childrenMark
	}
	blocks := r.sub(e.body, props, e.params)
	if len(children) == 0 {
		return blocks
	}
	return withChildren(blocks, children)
}

// sub renders a snippet's text, its variables bound, one level deeper.
func (r *renderer) sub(text string, props map[string]any, declared []string) []string {
	_, _, named := parse(text)
	text = binder{props: props, declared: declared, named: named, files: r.files}.bind(text)
	root, imports, named := parse(text)
	sub := &renderer{src: text, imports: imports, named: named, files: r.files, snippet: r.snippet, depth: r.depth + 1}
	return sub.children(root)
}

// binder answers for the names this text imports.
func (r *renderer) binder() binder { return binder{named: r.named, files: r.files} }

// join joins blocks with a blank line.
func join(blocks []string) string { return strings.Join(nonEmpty(blocks), "\n\n") }

func nonEmpty(blocks []string) []string {
	out := blocks[:0:0]
	for _, b := range blocks {
		if strings.TrimSpace(b) != "" {
			out = append(out, b)
		}
	}
	return out
}

// indent prefixes every line but the first with pad (blank lines stay empty).
func indent(s, pad string) string {
	lines := strings.Split(s, "\n")
	for i := 1; i < len(lines); i++ {
		if lines[i] != "" {
			lines[i] = pad + lines[i]
		}
	}
	return strings.Join(lines, "\n")
}

// quote renders s as a blockquote.
func quote(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if l == "" {
			lines[i] = ">"
		} else {
			lines[i] = "> " + l
		}
	}
	return strings.Join(lines, "\n")
}

// startsParagraph reports whether a rendered block is a paragraph a label may lead.
func startsParagraph(s string) bool {
	if s == "" {
		return false
	}
	switch s[0] {
	case '#', '-', '*', '+', '>', '|', '`', '~', '!', '<':
		return s[0] == '*' && strings.HasPrefix(s, "**") && !strings.HasPrefix(s, "***")
	}
	i := 0
	for i < len(s) && mdx.IsDigit(s[i]) {
		i++
	}
	return !(i > 0 && i < len(s) && (s[i] == '.' || s[i] == ')'))
}

// item renders a list item: head on the first line, then body, inline after ": " when it is
// one paragraph, else as indented blocks.
func item(marker, head, body string) string {
	pad := strings.Repeat(" ", len(marker))
	switch {
	case body == "":
		return marker + head
	case head == "":
		return marker + indent(body, pad)
	case !strings.Contains(body, "\n\n") && startsParagraph(body):
		return marker + head + ": " + indent(body, pad)
	}
	return marker + head + "\n\n" + pad + indent(body, pad)
}
