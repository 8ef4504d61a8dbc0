package markdown

import (
	"slices"
	"strings"

	"github.com/lectern-dev/lectern/assistant/internal/mdx"
)

// importRef is a name imported by name: `import { home as links } from "/snippets/vars.mdx"`
// makes links the export home of that file.
type importRef struct{ file, name string }

// snippetFiles reads snippet files for one page and keeps what each exports, so a page that
// uses one variables file twenty times reads it once.
type snippetFiles struct {
	read    func(path string) (string, bool)
	exports map[string]map[string]export
}

func newSnippetFiles(read func(string) (string, bool)) *snippetFiles {
	return &snippetFiles{read: read}
}

// export returns what ref names, when its file can be read and evaluated.
func (f *snippetFiles) export(ref importRef) (export, bool) {
	if f == nil {
		return export{}, false
	}
	ex, ok := f.exports[ref.file]
	if !ok {
		if f.read == nil {
			return export{}, false
		}
		src, found := f.read(ref.file)
		if found {
			ex = exportsOf(src)
		}
		if f.exports == nil {
			f.exports = map[string]map[string]export{}
		}
		f.exports[ref.file] = ex
	}
	e, ok := ex[ref.name]
	return e, ok
}

// thisPage stands for the page's own file among the files whose exports are kept: no snippet
// path is empty.
const thisPage = ""

// local adds what a page body exports itself (Mintlify's React components defined in the page:
// a custom landing page's `export const HeroCard = ({ title, href }) => (<a href={href}>...)`)
// to the names it imports (named), which keep their meaning where both name one thing.
func (f *snippetFiles) local(body string, imports map[string]string, named map[string]importRef) map[string]importRef {
	ex := exportsOf(body)
	if len(ex) == 0 {
		return named
	}
	if f.exports == nil {
		f.exports = map[string]map[string]export{}
	}
	f.exports[thisPage] = ex
	if named == nil {
		named = map[string]importRef{}
	}
	for name := range ex {
		if _, imported := imports[name]; !imported {
			if _, ok := named[name]; !ok {
				named[name] = importRef{file: thisPage, name: name}
			}
		}
	}
	return named
}

// binder says what the names of an MDX text's expressions stand for: a component's props
// (first), then the names its file imports. A prop the component declares and the tag does
// not give is undefined, which React renders as nothing.
type binder struct {
	props    map[string]any
	declared []string
	named    map[string]importRef
	files    *snippetFiles
	size     int // the length of the text being bound (bind sets it)
}

// eval evaluates an expression that is a name or a chain of member accesses ("home.tf").
func (b binder) eval(expr string) (any, bool) {
	parts := strings.Split(expr, ".")
	for _, p := range parts {
		if !isIdent(p) {
			return nil, false
		}
	}
	v, ok := b.props[parts[0]]
	if !ok {
		ref, named := b.named[parts[0]]
		if !named {
			return nil, false
		}
		e, found := b.files.export(ref)
		if !found || e.isComp {
			return nil, false
		}
		v = e.value
	}
	for _, key := range parts[1:] {
		obj, isObj := v.(map[string]any)
		if !isObj {
			return nil, false
		}
		if v, ok = obj[key]; !ok {
			return nil, false
		}
	}
	return v, true
}

// knows reports whether an expression's name is one the binder answers for, found or not.
func (b binder) knows(expr string) bool {
	root, _, _ := strings.Cut(expr, ".")
	_, prop := b.props[root]
	_, named := b.named[root]
	return prop || named || b.declares(expr)
}

// declares reports whether an expression's name is a prop the component declares.
func (b binder) declares(expr string) bool {
	root, _, _ := strings.Cut(expr, ".")
	return slices.Contains(b.declared, root)
}

// props evaluates a tag's attributes as a component's props: a quoted value as it is, an
// expression by the names of the page (a string literal, or an imported value).
func (b binder) tagProps(t tag) map[string]any {
	props := map[string]any{}
	for k, v := range t.attrs {
		props[k] = v
	}
	for k, expr := range t.exprs {
		if v, ok := b.eval(strings.TrimSpace(expr)); ok {
			props[k] = v
		} else if x, ok := jsxProp(expr); ok {
			props[k] = x
		}
	}
	for k := range t.bare {
		props[k] = "true"
	}
	return props
}

// bind writes the values of the names b knows into text: an expression {name} or {name.key}
// becomes the value's text, and an attribute name={expr} becomes name="value". Expressions b
// does not know, and fenced and inline code, are left as written. A name that evaluates to an
// object is left too: it has no text.
func (b binder) bind(text string) string {
	if !strings.Contains(text, "{") || len(b.props)+len(b.declared)+len(b.named) == 0 {
		return text
	}
	b.size = len(text)
	var out strings.Builder
	fence, inESM := "", false
	scan := 2*len(text) + maxExpr // what templateLines may read in all: an unclosed literal reads maxExpr
	var stmt mdx.Brackets
	lines := slices.Collect(strings.Lines(text))
	for i, off := 0, 0; i < len(lines); off, i = off+len(lines[i]), i+1 {
		line := lines[i]
		switch {
		case inESM: // an import or export statement goes on
			inESM = stmt.Line(line)
			out.WriteString(line)
		case mdx.IsESM(line):
			stmt = mdx.Brackets{}
			inESM = stmt.Line(line)
			out.WriteString(line)
		case fence != "":
			if mdx.ClosesFence(line, fence) {
				fence = ""
			}
			out.WriteString(line)
		case mdx.FenceOf(strings.TrimLeft(line, " \t")) != "":
			fence = mdx.FenceOf(strings.TrimLeft(line, " \t"))
			out.WriteString(line)
		default:
			n := b.conditionalLines(lines[i:])
			if n == 1 {
				n = templateLines(text, off, lines[i:], &scan)
			}
			b.bindLine(&out, strings.Join(lines[i:i+n], ""))
			for range n - 1 {
				off += len(lines[i])
				i++
			}
		}
	}
	return out.String()
}

// maxCondLines bounds the lines a conditional JSX expression may span to be read as one.
const maxCondLines = 10

// conditionalLines returns how many of lines bindLine reads as one: more than one when the
// first expression lines[0] leaves open is a conditional the binder reads that closes on a
// later line, within maxCondLines lines and maxExpr bytes (`{sub && (`, `  <p>{sub}</p>`,
// `)}`), else 1. A code fence ends the search.
func (b binder) conditionalLines(lines []string) int {
	first := lines[0]
	at := openExpr(first)
	if at < 0 {
		return 1
	}
	n := 1
	for n < len(lines) && n < maxCondLines && len(first)-at < maxExpr && mdx.FenceOf(lines[n]) == "" {
		first += mdx.Window(lines[n], maxExpr)
		n++
	}
	end := mdx.SkipExpr(mdx.Window(first, at+maxExpr), at)
	if end < 0 {
		return 1
	}
	if _, ok := b.conditional(strings.TrimSpace(first[at+1 : end-1])); !ok {
		return 1
	}
	return strings.Count(first[:end], "\n") + 1
}

// templateLines returns how many of lines bindLine reads as one when the first expression
// lines[0] leaves open is a template literal that closes on a later line, within maxExpr bytes
// (a <CodeBlock>'s code over several lines), else 1: its substitutions are then read as the
// literal's, not as a "$" before an expression of the page. scan bounds the bytes read over
// all calls of one bind, so a page of unclosed literals stays linear.
func templateLines(text string, off int, lines []string, scan *int) int {
	first := lines[0]
	at := openExpr(first)
	if at < 0 || !strings.HasPrefix(strings.TrimLeft(first[at+1:], " \t"), "`") || *scan <= 0 {
		return 1
	}
	window := mdx.Window(text[off:], at+maxExpr) // lines[0] starts text[off:]
	end := mdx.SkipExpr(window, at)
	if end < 0 {
		*scan -= len(window)
		return 1
	}
	*scan -= end
	return strings.Count(window[:end], "\n") + 1
}

// template returns a template literal expression with each substitution ("${name}") whose
// name b evaluates to text written in as that text, as JavaScript evaluates it; false when it
// substitutes none. A value holding a backtick, a backslash or "${" is left a substitution.
func (b binder) template(expr string) (string, bool) {
	if len(expr) < 2 || expr[0] != '`' || expr[len(expr)-1] != '`' || !strings.Contains(expr, "${") {
		return "", false
	}
	var out strings.Builder
	changed := false
	for rest := expr; ; {
		at := strings.Index(rest, "${")
		if at < 0 {
			out.WriteString(rest)
			break
		}
		end := strings.IndexByte(rest[at:], '}')
		if end < 0 {
			out.WriteString(rest)
			break
		}
		v, ok := b.eval(strings.TrimSpace(rest[at+2 : at+end]))
		text, isText := v.(string)
		if at > 0 && rest[at-1] == '\\' || !ok || !isText || strings.ContainsAny(text, "`\\") || strings.Contains(text, "${") {
			out.WriteString(rest[:at+end+1])
		} else {
			out.WriteString(rest[:at] + text)
			changed = true
		}
		rest = rest[at+end+1:]
	}
	return out.String(), changed
}

// openExpr returns the offset of the first expression's brace on line that the line does not
// close (outside inline code), or -1.
func openExpr(line string) int {
	spans := codeSpans(line)
	for i := 0; i < len(line); i++ {
		if line[i] != '{' || i > 0 && line[i-1] == '\\' || inSpan(spans, i) {
			continue
		}
		end := mdx.SkipExpr(mdx.Window(line, i+maxExpr), i)
		if end < 0 {
			return i
		}
		i = end - 1
	}
	return -1
}

// maxBindGrowth bounds what bind adds to a text: values repeated on a page cannot make it
// grow without end.
const maxBindGrowth = 256 << 10

func (b binder) budget() int { return b.size + maxBindGrowth }

// bindLine is bind for one line outside fenced code.
func (b binder) bindLine(out *strings.Builder, line string) {
	spans := codeSpans(line)
	last := 0
	for i := 0; i < len(line); i++ {
		if line[i] != '{' || i > 0 && line[i-1] == '\\' || inSpan(spans, i) {
			continue
		}
		end := mdx.SkipExpr(mdx.Window(line, i+maxExpr), i)
		if end < 0 {
			break
		}
		expr := strings.TrimSpace(line[i+1 : end-1])
		if then, ok := b.conditional(expr); ok && out.Len()+len(then) <= b.budget() {
			out.WriteString(line[last:i])
			b.bindLine(out, then)
			last, i = end, end-1
			continue
		}
		if lit, ok := b.template(expr); ok && out.Len()+len(lit) <= b.budget() {
			out.WriteString(line[last:i] + "{" + lit + "}")
			last, i = end, end-1
			continue
		}
		if !b.knows(expr) {
			i = end - 1
			continue
		}
		v, ok := b.eval(expr)
		text, isText := v.(string)
		if x, isJSX := v.(jsx); isJSX && (i == 0 || line[i-1] != '=') {
			text, isText = string(x), true // JSX as content; as an attribute's value it has no text
		}
		if ok && !isText || !ok && !b.declares(expr) {
			i = end - 1
			continue
		}
		if out.Len()+len(text) > b.budget() {
			break // a value repeated past the bound stays an expression
		}
		out.WriteString(line[last:i])
		if i > 0 && line[i-1] == '=' {
			out.WriteString(`"` + strings.ReplaceAll(text, `"`, "&quot;") + `"`)
		} else {
			out.WriteString(text)
		}
		last, i = end, end-1
	}
	out.WriteString(line[last:])
}

func inSpan(spans [][2]int, i int) bool {
	for _, s := range spans {
		if i >= s[0] && i < s[1] {
			return true
		}
	}
	return false
}
