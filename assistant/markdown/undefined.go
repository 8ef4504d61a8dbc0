package markdown

import (
	"slices"
	"strings"

	"github.com/lectern-dev/lectern/assistant/internal/mdx"
)

// A page that uses a component nothing defines renders without it on Mintlify: its build
// (@mintlify/common's remarkMdxRemoveUnknownJsx) replaces each element whose name is neither
// one of the components its renderer provides nor a component the page exports with the
// comment "Component X does not exist", content and all. ngrok's traffic-policy action pages
// (ngrok/ngrok-docs-v2@61df6a6) are made of <ActionOverview />, <ActionConfig /> and others
// that only their former site defined, so they render nearly empty, there and in Lectern's
// Markdown and search.

// mintlifyComponents are the components Mintlify's renderer provides: the capitalised names of
// @mintlify/common's allowedComponents (mdx/utils.js), those its componentIds.js lists (which
// the client renders), and the legacy <Snippet file="..."> its prebuild inlines.
var mintlifyComponents = map[string]bool{}

func init() {
	for _, name := range strings.Fields(`
		Accordion AccordionGroup ApiPlayground Badge Callout Card CardGroup Check CodeBlock CodeGroup
		Color Color.Item Color.Row Column Columns CustomCode CustomComponent Danger
		DynamicCustomComponent Expandable FileTree Frame GitHub GitHub.Repo Github Github.Repo
		Heading Icon Info Latex Link MDX MDXContentController Mermaid Note OptimizedFrame
		OptimizedImage OptimizedVideo Panel Param ParamField Popup Prompt RequestExample
		ResponseExample ResponseField Snippet SnippetGroup Step Steps Tab Table Tabs Tile Tip
		Tooltip Tree Tree.File Tree.Folder Update Variation View Visibility Warning ZoomImage`) {
		mintlifyComponents[name] = true
	}
}

// maxDefiningSnippets bounds the snippet files read for the names they define, per page.
const maxDefiningSnippets = 32

// Undefined returns the components a page file (src, frontmatter included) uses as elements,
// in the order of their first use, that are neither Mintlify's nor imported nor defined by the
// page (`export const X = ...`, `export function X`) nor by an MDX snippet it imports (snippet
// reads one; nil reads none). Mintlify's build inlines the snippets first and then removes
// unknown components, so the elements of the MDX snippets the page imports (and those they
// import) count too, after the page's own, and every import and export statement of those
// snippets defines as the page's do. Elements in code, expressions and attribute values are
// not read; a member name (`Tree.Folder`) is defined when its whole name is Mintlify's or its
// first part is defined.
func Undefined(src string, snippet func(path string) (string, bool)) []string {
	_, body := splitFrontmatter(normalize(src))
	if !strings.Contains(body, "<") && !strings.Contains(body, "import ") {
		return nil
	}
	root, _, _ := parse(body)
	return undefinedIn(root, body, snippet)
}

// WithoutUndefined returns a page file (src, frontmatter included) without the elements of the
// components Undefined names, each with all it holds, as Mintlify's build renders it: the
// element's lines become empty lines. The search reads this, so that it finds and quotes only
// what the page shows. src is returned as it is when it uses no such component.
func WithoutUndefined(src string, snippet func(path string) (string, bool)) string {
	text, _ := CutUndefined(src, snippet)
	return text
}

// CutUndefined is WithoutUndefined's page text, and a snippet reader that reads each MDX
// snippet without the elements of those components as well, for inlining the page's snippets
// (InlineSnippets) as Mintlify's page shows them. The reader is snippet itself when there is
// nothing to leave out.
func CutUndefined(src string, snippet func(path string) (string, bool)) (string, func(path string) (string, bool)) {
	n := normalize(src)
	_, body := splitFrontmatter(n)
	if !strings.Contains(body, "<") && !strings.Contains(body, "import ") {
		return src, snippet
	}
	root, _, _ := parse(body)
	names := undefinedIn(root, body, snippet)
	if len(names) == 0 {
		return src, snippet
	}
	return n[:len(n)-len(body)] + cutElements(root, body, names), cutSnippets(snippet, names)
}

// cutSnippets reads snippet's MDX and Markdown files without the elements named in names.
func cutSnippets(snippet func(path string) (string, bool), names []string) func(path string) (string, bool) {
	if snippet == nil {
		return nil
	}
	return func(path string) (string, bool) {
		text, ok := snippet(path)
		if !ok || !isMDXFile(path) || !strings.Contains(text, "<") {
			return text, ok
		}
		n := normalize(text)
		_, body := splitFrontmatter(n)
		root, _, _ := parse(body)
		return n[:len(n)-len(body)] + cutElements(root, body, names), true
	}
}

// isMDXFile tells an MDX or Markdown snippet from a JavaScript one.
func isMDXFile(path string) bool {
	return strings.HasSuffix(path, ".mdx") || strings.HasSuffix(path, ".md")
}

// cutElements returns body without the elements of root (parsed from it) named in names, each
// replaced by as many line ends as it spans. An element never closed is kept: MDX rejects its page.
func cutElements(root *node, body string, names []string) string {
	var b strings.Builder
	last := 0
	var walk func(n *node)
	walk = func(n *node) {
		for _, c := range n.children {
			if c.kind != elemNode {
				continue
			}
			if c.tag.name != "" && slices.Contains(names, c.tag.name) && c.to > c.from && c.from >= last {
				b.WriteString(body[last:c.from])
				b.WriteString(strings.Repeat("\n", strings.Count(body[c.from:c.to], "\n")))
				last = c.to
				continue
			}
			walk(c)
		}
	}
	walk(root)
	if last == 0 {
		return body
	}
	b.WriteString(body[last:])
	return b.String()
}

// undefinedIn is Undefined of a body parsed as root: the page's elements, then those of the
// MDX snippets it imports, breadth first, at most maxDefiningSnippets files in all, against
// the names all of them define.
func undefinedIn(root *node, body string, snippet func(path string) (string, bool)) []string {
	snippet = rebased(snippet)
	defined, files := definedNames(body)
	roots := []*node{root}
	seenFile := map[string]bool{}
	for i := 0; i < len(files) && i < maxDefiningSnippets && snippet != nil; i++ {
		if seenFile[files[i]] {
			continue
		}
		seenFile[files[i]] = true
		text, ok := snippet(files[i])
		if !ok {
			continue
		}
		_, sbody := splitFrontmatter(normalize(text))
		names, more := definedNames(sbody)
		for name := range names {
			defined[name] = true
		}
		files = append(files, more...)
		if isMDXFile(files[i]) && strings.Contains(sbody, "<") {
			sroot, _, _ := parse(sbody)
			roots = append(roots, sroot)
		}
	}
	var out []string
	seen := map[string]bool{}
	for _, r := range roots {
		walkElements(r, func(name string) {
			if seen[name] || !isUpper(name[0]) || mintlifyComponents[name] {
				return
			}
			seen[name] = true
			first, _, _ := strings.Cut(name, ".")
			if !defined[first] {
				out = append(out, name)
			}
		})
	}
	return out
}

// walkElements calls fn with the name of each element under n (fragments aside).
func walkElements(n *node, fn func(name string)) {
	for _, c := range n.children {
		if c.kind != elemNode {
			continue
		}
		if c.tag.name != "" {
			fn(c.tag.name)
		}
		walkElements(c, fn)
	}
}

// definedNames are the names the import and export statements of an MDX body bind, and the
// MDX and Markdown files it imports (whose exports the page takes on).
func definedNames(body string) (map[string]bool, []string) {
	names := map[string]bool{}
	var files []string
	fence := ""
	var stmt strings.Builder
	var brackets mdx.Brackets
	for line := range strings.Lines(body) {
		switch {
		case stmt.Len() > 0:
		case fence != "":
			if mdx.ClosesFence(line, fence) {
				fence = ""
			}
			continue
		case mdx.IsESM(strings.TrimRight(line, "\r\n")):
			brackets = mdx.Brackets{}
		default:
			fence = mdx.FenceOf(strings.TrimLeft(line, " \t"))
			continue
		}
		stmt.WriteString(line)
		if brackets.Line(line) && stmt.Len() < maxValueSize {
			continue
		}
		if file := bindStatement(stmt.String(), names); file != "" {
			files = append(files, file)
		}
		stmt.Reset()
	}
	return names, files
}

// bindStatement adds the names one import or export statement binds to names, and returns the
// MDX or Markdown file an import statement reads ("" for none).
func bindStatement(stmt string, names map[string]bool) string {
	stmt = strings.TrimSpace(stmt)
	if rest, ok := strings.CutPrefix(stmt, "import "); ok {
		i := strings.LastIndex(rest, " from ")
		if i < 0 {
			return "" // import "./styles.css"
		}
		bindList(rest[:i], names)
		from := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest[i+len(" from "):]), ";"))
		if file, ok := mdx.StringLiteral(from); ok && (strings.HasSuffix(file, ".mdx") || strings.HasSuffix(file, ".md")) {
			return file
		}
		return ""
	}
	rest := strings.TrimSpace(strings.TrimPrefix(stmt, "export "))
	rest = strings.TrimSpace(strings.TrimPrefix(rest, "async "))
	word, after, _ := strings.Cut(rest, " ")
	switch {
	case strings.HasPrefix(rest, "{"):
		list, _, _ := strings.Cut(rest[1:], "}")
		bindList(list, names)
	case word == "function" || word == "function*" || word == "class":
		bindIdent(strings.TrimPrefix(strings.TrimSpace(after), "*"), names)
	case word == "const" || word == "let" || word == "var":
		target, _, _ := strings.Cut(after, "=")
		if t := strings.TrimSpace(target); strings.HasPrefix(t, "{") || strings.HasPrefix(t, "[") {
			bindPattern(t, names)
		} else {
			bindIdent(t, names)
		}
	}
	return ""
}

// bindList adds the local names of an import clause or an export list: "A", "* as NS",
// "{ a, b as c }", "A, { b }".
func bindList(list string, names map[string]bool) {
	list = strings.NewReplacer("{", ",", "}", ",").Replace(list)
	for _, item := range strings.Split(list, ",") {
		item = strings.TrimSpace(item)
		if _, local, ok := strings.Cut(item, " as "); ok {
			item = local
		}
		bindIdent(strings.TrimPrefix(strings.TrimSpace(item), "type "), names)
	}
}

// bindPattern adds the names a destructuring pattern binds: "{ a, b: c }" binds a and c.
func bindPattern(p string, names map[string]bool) {
	p = strings.NewReplacer("{", ",", "}", ",", "[", ",", "]", ",", "...", "").Replace(p)
	for _, item := range strings.Split(p, ",") {
		if _, local, ok := strings.Cut(item, ":"); ok {
			item = local
		}
		bindIdent(item, names)
	}
}

// bindIdent adds the identifier s starts with.
func bindIdent(s string, names map[string]bool) {
	s = strings.TrimSpace(s)
	end := 0
	for end < len(s) && (mdx.IsLetter(s[end]) || mdx.IsDigit(s[end]) || s[end] == '_' || s[end] == '$') {
		end++
	}
	if isIdent(s[:end]) {
		names[s[:end]] = true
	}
}
