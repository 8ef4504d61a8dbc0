package markdown

import (
	"strings"

	"github.com/lectern-dev/lectern/assistant/internal/mdx"
)

// node is one block of a parsed page: Markdown lines, a fenced code block, or an element
// (a JSX component or an HTML block) with its children.
type node struct {
	kind     nodeKind
	lines    []string // text: the lines as written (indentation kept); code: the content lines
	fence    string   // code: the opening fence ("```", "~~~~")
	info     string   // code: the info string (language, title, attributes)
	indent   int      // code: the fence's indentation
	midLine  bool     // text: its first line with content began after a tag on its line ("<h2>A</h2> after")
	started  bool     // text: a line with content has been added
	tag      tag      // element
	children []*node  // element
	from, to int      // element: where its opening tag starts and its closing tag (or its self-closing tag) ends in the body; to is 0 for one never closed
}

type nodeKind int

const (
	textNode nodeKind = iota
	codeNode
	elemNode
)

// parser splits a page body (frontmatter removed) into a tree of nodes. It reads MDX as MDX
// reads it: a line that starts with a component or an HTML block tag opens an element whose
// content runs to its closing tag; indentation never makes code (MDX has no indented code);
// import and export statements, comments and expressions are not content.
type parser struct {
	s       string
	pos     int
	root    *node
	stack   []*node
	imports map[string]string // component name → imported file, for snippets
	named   map[string]importRef
}

// parse parses a page body; it returns its tree, its snippet imports (a default import of an
// .mdx or .md file: name → file) and its named imports (`import { TF, home } from ...`).
func parse(body string) (*node, map[string]string, map[string]importRef) {
	p := &parser{s: body, root: &node{kind: elemNode}, imports: map[string]string{}}
	p.stack = []*node{p.root}
	p.run()
	return p.root, p.imports, p.named
}

func (p *parser) top() *node { return p.stack[len(p.stack)-1] }

// line returns the text from pos to the end of its line.
func (p *parser) line() string {
	rest := p.s[p.pos:]
	if i := strings.IndexByte(rest, '\n'); i >= 0 {
		return rest[:i]
	}
	return rest
}

// next moves pos past the current line.
func (p *parser) next() {
	if i := strings.IndexByte(p.s[p.pos:], '\n'); i >= 0 {
		p.pos += i + 1
		return
	}
	p.pos = len(p.s)
}

func (p *parser) run() {
	for p.pos < len(p.s) {
		line := p.line()
		t := strings.TrimLeft(line, " \t")
		indent := len(line) - len(t)
		switch {
		case t == "":
			p.text(line)
			p.next()
		case len(p.stack) == 1 && indent == 0 && mdx.IsESM(t):
			p.esm()
		case mdx.FenceOf(t) != "":
			p.code(indent)
		case strings.HasPrefix(t, "<!--"):
			p.comment(indent)
		case t[0] == '{' && p.expression(indent):
		case t[0] == '<' && p.flowTag(indent):
		default:
			p.textLine(line)
		}
	}
}

// text adds a line to the current element's last text node (or a new one).
func (p *parser) text(line string) {
	el := p.top()
	var n *node
	if k := len(el.children); k > 0 && el.children[k-1].kind == textNode {
		n = el.children[k-1]
	} else {
		n = &node{kind: textNode}
		el.children = append(el.children, n)
	}
	if !n.started && strings.TrimSpace(line) != "" {
		n.started = true
		n.midLine = p.pos > 0 && p.s[p.pos-1] != '\n'
	}
	n.lines = append(n.lines, line)
}

// textLine adds a line of Markdown; a closing tag of an open element at its end ("...text</Note>")
// is left for the next step, and the text before it kept.
func (p *parser) textLine(line string) {
	if cut := p.trailingClose(line); cut > 0 {
		p.text(line[:cut])
		p.pos += cut
		return
	}
	if cut := p.headingEnd(line); cut > 0 {
		p.text(line[:cut])
		p.pos += cut
		return
	}
	p.text(line)
	p.next()
}

// headingEnd returns the offset in line of the closing tag of the HTML heading being read, or
// 0: a heading's text ends there, and what follows on the line ("<h3>T</h3><p>body</p>") is
// the heading's sibling, not more of its text.
func (p *parser) headingEnd(line string) int {
	name := p.top().tag.name
	if !isHTMLHeading(name) {
		return 0
	}
	closing := "</" + name
	for i := 0; ; i += len(closing) {
		k := strings.Index(line[i:], closing)
		if k < 0 {
			return 0
		}
		i += k
		if t, _, ok := parseTag(line[i:]); ok && t.closing && t.name == name && !inCodeSpan(line[:i]) {
			return i
		}
	}
}

// isHTMLHeading reports whether name is an HTML heading element, h1 to h6.
func isHTMLHeading(name string) bool {
	return len(name) == 2 && name[0] == 'h' && name[1] >= '1' && name[1] <= '6'
}

// trailingClose returns the offset in line of a closing tag of an open element that only
// closing tags and spaces follow, or 0.
func (p *parser) trailingClose(line string) int {
	if len(p.stack) == 1 {
		return 0
	}
	cut := 0
	for end := len(strings.TrimRight(line, " \t")); end > 0; {
		i := strings.LastIndex(line[:end], "</")
		if i <= 0 {
			break
		}
		t, n, ok := parseTag(line[i:])
		if !ok || !t.closing || i+n != end || !p.open(t.name) || inCodeSpan(line[:i]) {
			break
		}
		cut = i
		end = len(strings.TrimRight(line[:i], " \t"))
	}
	if strings.TrimSpace(line[:cut]) == "" {
		return 0
	}
	return cut
}

// open reports whether an element of that name is open.
func (p *parser) open(name string) bool {
	for _, el := range p.stack[1:] {
		if el.tag.name == name {
			return true
		}
	}
	return false
}

// inCodeSpan reports whether s ends inside an inline code span (an odd run of backticks).
func inCodeSpan(s string) bool { return strings.Count(s, "`")%2 == 1 }

// esm skips an import or export statement, recording the component a snippet import names.
func (p *parser) esm() {
	start := p.pos
	var stmt mdx.Brackets
	for p.pos < len(p.s) {
		open := stmt.Line(p.line())
		p.next()
		if !open {
			break
		}
	}
	p.recordImport(p.s[start:p.pos])
}

// recordImport notes `import Name from "/snippets/file.mdx"`.
func (p *parser) recordImport(stmt string) {
	rest, ok := strings.CutPrefix(strings.TrimSpace(stmt), "import ")
	if !ok {
		return
	}
	name, from, ok := strings.Cut(rest, " from ")
	name = strings.TrimSpace(name)
	from = strings.TrimSuffix(strings.TrimSpace(from), ";")
	if list, isList := strings.CutPrefix(name, "{"); ok && isList {
		p.recordNamed(list, from)
		return
	}
	if !ok || !isName(name) || strings.ContainsAny(name, ".-") {
		return
	}
	if file, ok := mdx.StringLiteral(from); ok && (strings.HasSuffix(file, ".mdx") || strings.HasSuffix(file, ".md")) {
		p.imports[name] = file
	}
}

// recordNamed notes the names of `import { A, B as C } from "/snippets/file.mdx"` (list is what
// follows the "{"): a snippet file's exported values and components (.mdx, .md, .jsx, .js).
func (p *parser) recordNamed(list, from string) {
	file, ok := mdx.StringLiteral(from)
	if !ok || !strings.HasSuffix(file, ".mdx") && !strings.HasSuffix(file, ".md") && !strings.HasSuffix(file, ".jsx") && !strings.HasSuffix(file, ".js") {
		return
	}
	list, _, _ = strings.Cut(list, "}")
	for _, item := range strings.Split(list, ",") {
		exported, local, renamed := strings.Cut(strings.TrimSpace(item), " as ")
		exported = strings.TrimSpace(exported)
		if !renamed {
			local = exported
		}
		if local = strings.TrimSpace(local); isIdent(exported) && isIdent(local) {
			if p.named == nil {
				p.named = map[string]importRef{}
			}
			p.named[local] = importRef{file: file, name: exported}
		}
	}
}

// code adds the fenced code block that opens on the current line.
func (p *parser) code(indent int) {
	open := strings.TrimLeft(p.line(), " \t")
	fence := mdx.FenceOf(open)
	n := &node{kind: codeNode, fence: fence, info: strings.TrimSpace(open[len(fence):]), indent: indent}
	p.next()
	for p.pos < len(p.s) {
		line := p.line()
		p.next()
		if mdx.ClosesFence(line, fence) {
			break
		}
		n.lines = append(n.lines, mdx.Dedent(line, indent))
	}
	el := p.top()
	el.children = append(el.children, n)
}

// codeBlockCode is the code of Mintlify's <CodeBlock> component, given as a string
// (<CodeBlock language="sh">{`talosctl version`}</CodeBlock>): a fenced block in the
// component's language (its language prop, else lang) with its filename, without the blank
// lines a template literal starts and ends with.
func codeBlockCode(t *tag, code string, indent int) *node {
	lang := t.attr("language")
	if lang == "" {
		lang = t.attr("lang")
	}
	info := strings.TrimSpace(lang + " " + t.attr("filename"))
	lines := strings.Split(strings.TrimRight(code, " \t\n"), "\n")
	for len(lines) > 1 && strings.TrimSpace(lines[0]) == "" {
		lines = lines[1:]
	}
	fence := "```"
	for strings.Contains(code, fence) {
		fence += "`"
	}
	return &node{kind: codeNode, fence: fence, info: info, indent: indent, lines: lines}
}

// comment skips an HTML comment.
func (p *parser) comment(indent int) {
	rest := p.s[p.pos+indent:]
	end := strings.Index(rest, "-->")
	p.text("") // what follows starts a new paragraph
	if end < 0 {
		p.pos = len(p.s)
		return
	}
	p.pos += indent + end + 3
	p.restOfLine()
}

// restOfLine moves past the rest of the line when only spaces remain on it.
func (p *parser) restOfLine() {
	if strings.TrimSpace(p.line()) == "" {
		p.next()
	}
}

// expression skips an expression block ({/* comment */}, {props.x}); a string literal's text
// stays. It reports false when the brace does not open a whole expression.
func (p *parser) expression(indent int) bool {
	at := p.pos + indent
	end := mdx.SkipExpr(mdx.Window(p.s[at:], maxExpr), 0)
	if end < 0 {
		return false
	}
	inner := strings.TrimSpace(p.s[at+1 : at+end-1])
	after := p.s[at+end:]
	if i := strings.IndexByte(after, '\n'); i >= 0 {
		after = after[:i]
	}
	if strings.TrimSpace(after) != "" && !p.closesOnly(after) {
		return false // text follows on the line: an inline expression
	}
	if lit, ok := mdx.StringLiteral(inner); ok {
		if el := p.top(); el.tag.name == "CodeBlock" {
			el.children = append(el.children, codeBlockCode(&el.tag, lit, indent))
		} else {
			p.text(strings.Repeat(" ", indent) + lit)
		}
	}
	p.text("")
	p.pos = at + end
	p.restOfLine()
	return true
}

// closesOnly reports whether s (the rest of a line) holds only closing tags of open elements:
// an expression before them (`}</style>` ending a template literal of many lines) is a
// block of its own, and the tags close what it is in. Read as text, a template literal's
// backtick made the closing tag look like code, and the element ran on over the rest of
// its parent (Dub's ImageLink, whose <style>{`...`}</style> hid the image and its link).
func (p *parser) closesOnly(s string) bool {
	s = strings.TrimSpace(s)
	for s != "" {
		t, n, ok := parseTag(s)
		if !ok || !t.closing || !p.open(t.name) {
			return false
		}
		s = strings.TrimSpace(s[n:])
	}
	return true
}

// flowTag handles a tag at the start of a line: it opens, closes or (self-closing) adds an
// element when the tag is a component or an HTML block; it reports false for text.
func (p *parser) flowTag(indent int) bool {
	at := p.pos + indent
	t, n, ok := parseTag(p.s[at:])
	_, imported := p.imports[t.name] // a snippet imported under a lower-case name is a component too
	if !ok || !isFlow(t.name) && !imported && !(p.aloneElement(t, at+n) && endsLine(p.s[at+n:])) {
		return false
	}
	if t.closing && !p.open(t.name) {
		p.pos = at + n // a stray closing tag: dropped
		p.text("")
		p.restOfLine()
		return true
	}
	p.pos = at + n
	switch {
	case t.closing:
		for len(p.stack) > 1 {
			el := p.stack[len(p.stack)-1]
			p.stack = p.stack[:len(p.stack)-1]
			el.to = at + n
			if el.tag.name == t.name {
				break
			}
		}
	case t.self || isVoid(t.name):
		el := p.top()
		el.children = append(el.children, &node{kind: elemNode, tag: t, from: at, to: at + n})
	case len(p.stack) > maxNesting: // its content stays in the element around it
		el := p.top()
		el.children = append(el.children, &node{kind: elemNode, tag: t, from: at})
	default:
		el := &node{kind: elemNode, tag: t, from: at}
		parent := p.top()
		parent.children = append(parent.children, el)
		p.stack = append(p.stack, el)
	}
	p.restOfLine()
	return true
}

// maxNesting bounds how deeply elements nest: each level of a callout or a list item
// re-indents or re-quotes all it holds, so a page of unclosed tags ("<Note>" on each of 2,000
// lines) cost time and Markdown in the square of its depth (13 s for 16 KiB). An element
// opened deeper is kept empty and its content stays where it is, as deep as the bound.
const maxNesting = 64

// isFlow reports whether a tag at the start of a line opens a block: a component (other than
// the inline ones) or an HTML block element.
func isFlow(name string) bool {
	if name == "" {
		return true // a fragment
	}
	if isUpper(name[0]) {
		return !inlineComponents[name]
	}
	return htmlBlocks[strings.ToLower(name)]
}

// aloneElement reports whether t, alone on its line (ending at p.s[end]), is an element whose
// content is blocks: an HTML element written as one (`<a href=...>` above a card's content),
// or an element of another lower-case name, which MDX renders with its content (Helius's
// `<hide>` around a section of 14 API pages, helius-labs/docs@3a53273) when its closing tag
// follows. Left as text, its tags stayed in the Markdown, and a heading right after one was
// raw HTML to a Markdown reader.
func (p *parser) aloneElement(t tag, end int) bool {
	name := strings.ToLower(t.name)
	if htmlTags[name] {
		return true
	}
	if !customName(t.name) {
		return false
	}
	if t.closing {
		return p.open(t.name)
	}
	return t.self || strings.Contains(mdx.Window(p.s[end:], maxElement), "</"+t.name+">")
}

// maxElement bounds how far after an element's opening tag its closing tag is looked for.
const maxElement = 256 << 10

// customName reports whether name is a lower-case element name: letters, digits and hyphens,
// starting with a letter ("hide", "my-widget"); not a component, a member ("a.b") or a
// namespaced name ("https:").
func customName(name string) bool {
	if name == "" || name[0] < 'a' || name[0] > 'z' {
		return false
	}
	for i := 1; i < len(name); i++ {
		if c := name[i]; !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}

// endsLine reports whether only spaces remain on the line s starts.
func endsLine(s string) bool {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	return strings.TrimSpace(s) == ""
}

// htmlTags are HTML elements that start a block when their tag is alone on its line
// ("<a href=...>" above a card's content); with text after them on the line they are inline.
var htmlTags = map[string]bool{
	"a": true, "span": true, "button": true, "form": true, "label": true, "dl": true, "dt": true, "dd": true,
	"caption": true, "b": true, "strong": true, "em": true, "i": true, "code": true, "small": true, "font": true,
}

func isUpper(c byte) bool { return c >= 'A' && c <= 'Z' }

// inlineComponents are components that sit inside a line of text.
var inlineComponents = map[string]bool{"Icon": true, "Tooltip": true, "Badge": true, "Color": true, "Kbd": true}

// htmlBlocks are the HTML elements that start a block when a line starts with them.
var htmlBlocks = map[string]bool{
	"div": true, "p": true, "img": true, "video": true, "iframe": true, "figure": true, "figcaption": true,
	"picture": true, "source": true, "details": true, "summary": true, "section": true, "center": true,
	"table": true, "thead": true, "tbody": true, "tr": true, "td": true, "th": true, "ul": true, "ol": true,
	"li": true, "br": true, "hr": true, "blockquote": true, "pre": true, "audio": true, "h1": true, "h2": true,
	"h3": true, "h4": true, "h5": true, "h6": true, "article": true, "aside": true, "header": true, "footer": true,
	"main": true, "nav": true, "object": true, "embed": true, "svg": true, "style": true, "script": true,
}

// isVoid reports whether an HTML element has no closing tag.
func isVoid(name string) bool {
	switch strings.ToLower(name) {
	case "img", "br", "hr", "source", "embed", "input", "meta", "link", "wbr", "col", "area", "track":
		return true
	}
	return false
}
