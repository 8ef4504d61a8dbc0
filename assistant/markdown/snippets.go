package markdown

import (
	"maps"
	"regexp"
	"slices"
	"strings"

	"github.com/lectern-dev/lectern/assistant/internal/mdx"
)

// InlineSnippets returns a page's MDX source with each imported snippet's component written in
// its place (`<Install />` after `import Install from "/snippets/install.mdx"`): the snippet's
// content without its frontmatter, its own snippets inlined in turn (to maxSnippetDepth), on
// lines of its own. That is the page as Mintlify renders it, so what readers see is what the
// search and the assistant read. Tags in fenced code stay as they are, and so does any tag
// whose snippet cannot be read or would take the result past limit bytes (the search drops a
// tag it does not know, as before).
func InlineSnippets(src string, snippet func(path string) (string, bool), limit int) string {
	room := limit - len(src)
	return inlineSnippets(src, newSnippetFiles(rebased(snippet)), 0, &room)
}

func inlineSnippets(src string, files *snippetFiles, depth int, room *int) string {
	legacy := strings.Contains(src, "<Snippet")
	if files.read == nil || depth >= maxSnippetDepth || !strings.Contains(src, "import ") && !legacy {
		return src
	}
	_, body := splitFrontmatter(normalize(src))
	_, imports, named := parse(body)
	in := inliner{files: files, depth: depth, room: room, page: binder{named: named, files: files}, imports: imports, comps: map[string]export{}}
	for name, ref := range named {
		if e, ok := files.export(ref); ok && e.isComp {
			in.comps[name] = e
		}
	}
	if len(named) > 0 { // {home.tf}: the values of the snippets it imports by name
		if bound := in.page.bind(src); len(bound)-len(src) <= *room {
			*room -= len(bound) - len(src)
			src = bound
		}
	}
	_, imported := imports[legacyTag]
	_, exported := in.comps[legacyTag]
	legacy = legacy && !imported && !exported
	if len(imports)+len(in.comps) == 0 && !legacy {
		return src
	}
	names := slices.Collect(maps.Keys(imports))
	for name := range in.comps {
		if _, ok := imports[name]; !ok {
			names = append(names, name)
		}
	}
	if legacy {
		names = append(names, legacyTag)
	}
	tags := snippetTags(names)
	var b strings.Builder
	fence := ""
	for line := range strings.Lines(src) {
		if fence != "" {
			if mdx.ClosesFence(line, fence) {
				fence = ""
			}
			b.WriteString(line)
			continue
		}
		if fence = mdx.FenceOf(line); fence != "" {
			b.WriteString(line)
			continue
		}
		b.WriteString(replaceOutsideCode(line, tags, func(tag string) string {
			return in.expand(tag, strings.TrimSpace(line) != strings.TrimSpace(tag), strings.HasPrefix(strings.TrimLeft(line, " \t"), tag))
		}))
	}
	return b.String()
}

// inliner inlines the snippets of one page (or snippet) at one depth: the files they are read
// from, the room left under the page's bound, the page's imports (tag name → file) and the
// components its named imports bind.
type inliner struct {
	files   *snippetFiles
	depth   int
	room    *int
	page    binder
	imports map[string]string
	comps   map[string]export
}

// expand is what a snippet's tag becomes: the snippet's text (or the component's body) with
// the tag's props bound and its own snippets inlined, or the tag itself when the snippet
// cannot be read or would pass the page's bound. A tag alone on its line is a block, on lines
// of its own, and so is an MDX snippet's text, which MDX makes paragraphs of; a component's
// tag inside a line of text (inLine; first when it opens the line) whose element is one line
// stays in that line, as the Markdown renders it (inlineComponent): Runpod's
// `### <CUDATooltip /> images`, whose component returns `(\n  <Tooltip ...>CUDA</Tooltip>\n  )`,
// was a heading with no text above "CUDA images", and each `<PodTooltip />` in a sentence cut
// it into three paragraphs (runpod/docs@a900806, testdata/runpod-tooltips).
func (in *inliner) expand(tagText string, inLine, first bool) string {
	t, _, _ := parseTag(tagText)
	var text string
	file, imported := in.imports[t.name]
	if t.name == legacyTag && !imported {
		if file, imported = legacySnippetFile(&t); !imported {
			return tagText
		}
	}
	e, comp := in.comps[t.name]
	if comp {
		text = binder{props: in.page.tagProps(t), declared: e.params, files: in.files}.bind(e.body)
	} else {
		src, ok := in.files.read(file)
		if !ok {
			return tagText
		}
		_, text = splitFrontmatter(normalize(src))
		_, _, inner := parse(text)
		text = binder{props: in.page.tagProps(t), named: inner, files: in.files}.bind(text)
	}
	text = strings.TrimSpace(dropESM(inlineSnippets(text, in.files, in.depth+1, in.room)))
	if !comp || !inLine || strings.Contains(text, "\n") || first && opensBlock(text) {
		text = "\n" + text + "\n"
	}
	if len(text)-len(tagText) > *in.room {
		return tagText
	}
	*in.room -= len(text) - len(tagText)
	return text
}

// opensBlock reports whether text, at the start of a line, would open a block of Markdown
// other than a paragraph: a heading, a quote, a list item, a table row or a code fence.
func opensBlock(text string) bool {
	return text != "" && (strings.ContainsRune("#>|-+*~`", rune(text[0])) || !startsParagraph(text) && text[0] != '<')
}

// legacyTag is the component of Mintlify's older snippets, `<Snippet file="note.mdx" />`,
// which needs no import.
const legacyTag = "Snippet"

// replaceOutsideCode replaces re's matches in line with fn's, except those inside inline code
// ("write `<Install />` where the steps go" shows the tag, as Mintlify renders it).
func replaceOutsideCode(line string, re *regexp.Regexp, fn func(string) string) string {
	if !strings.Contains(line, "`") {
		return re.ReplaceAllStringFunc(line, fn)
	}
	spans := codeSpans(line)
	var b strings.Builder
	last := 0
	for _, m := range re.FindAllStringIndex(line, -1) {
		if slices.ContainsFunc(spans, func(s [2]int) bool { return m[0] >= s[0] && m[0] < s[1] }) {
			continue
		}
		b.WriteString(line[last:m[0]])
		b.WriteString(fn(line[m[0]:m[1]]))
		last = m[1]
	}
	b.WriteString(line[last:])
	return b.String()
}

// codeSpans returns the byte ranges of the inline code spans of one line: a run of backticks
// opens one, closed by the next run of the same length (CommonMark); an unclosed run is text.
func codeSpans(line string) [][2]int {
	var out [][2]int
	for i := 0; i < len(line); {
		if line[i] != '`' {
			i++
			continue
		}
		n := runOf(line, i)
		closed := false
		for j := i + n; j < len(line); {
			if line[j] != '`' {
				j++
				continue
			}
			if m := runOf(line, j); m != n {
				j += m
				continue
			}
			out = append(out, [2]int{i, j + n})
			i, closed = j+n, true
			break
		}
		if !closed {
			i += n
		}
	}
	return out
}

// runOf is the length of the run of backticks that starts at line[i].
func runOf(line string, i int) int {
	n := 0
	for i+n < len(line) && line[i+n] == '`' {
		n++
	}
	return n
}

// dropESM removes a snippet's import and export statements (outside fenced code), which mean
// nothing once its text is inside another page.
func dropESM(src string) string {
	if !strings.Contains(src, "import ") && !strings.Contains(src, "export ") {
		return src
	}
	return mapESM(src, func(string) string { return "" })
}

// mapESM writes src with each line of its import and export statements outside fenced code
// (every line of a statement that runs over several) replaced by what f returns for it.
func mapESM(src string, f func(line string) string) string {
	var b strings.Builder
	fence, inESM := "", false
	var stmt mdx.Brackets
	for line := range strings.Lines(src) {
		switch {
		case inESM:
			inESM = stmt.Line(line)
			line = f(line)
		case fence != "":
			if mdx.ClosesFence(line, fence) {
				fence = ""
			}
		case mdx.IsESM(line):
			stmt = mdx.Brackets{}
			inESM = stmt.Line(line)
			line = f(line)
		default:
			fence = mdx.FenceOf(line)
		}
		b.WriteString(line)
	}
	return b.String()
}

// snippetTags matches a self-closing or empty tag of one of the imported components:
// <Install />, <Install version="2" />, <Install></Install>.
func snippetTags(names []string) *regexp.Regexp {
	quoted := make([]string, 0, len(names))
	for _, name := range names {
		quoted = append(quoted, regexp.QuoteMeta(name))
	}
	slices.Sort(quoted)
	alt := strings.Join(quoted, "|")
	return regexp.MustCompile(`<(` + alt + `)(?:\s[^<>]*)?(?:/>|>\s*</(?:` + alt + `)>)`)
}
