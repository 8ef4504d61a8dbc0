package markdown

import (
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
	return inlineSnippets(src, snippet, 0, &room)
}

func inlineSnippets(src string, snippet func(string) (string, bool), depth int, room *int) string {
	if snippet == nil || depth >= maxSnippetDepth || !strings.Contains(src, "import ") {
		return src
	}
	_, body := splitFrontmatter(normalize(src))
	_, imports := parse(body)
	if len(imports) == 0 {
		return src
	}
	tags := snippetTags(imports)
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
			name := tags.FindStringSubmatch(tag)[1]
			text, ok := snippet(imports[name])
			if !ok {
				return tag
			}
			_, text = splitFrontmatter(normalize(text))
			text = "\n" + strings.TrimSpace(dropESM(inlineSnippets(text, snippet, depth+1, room))) + "\n"
			if len(text)-len(tag) > *room {
				return tag
			}
			*room -= len(text) - len(tag)
			return text
		}))
	}
	return b.String()
}

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
	var b strings.Builder
	fence, depth, inESM := "", 0, false
	for line := range strings.Lines(src) {
		switch {
		case inESM:
			depth += mdx.BracketDepth(line)
			inESM = depth > 0
			continue
		case fence != "":
			if mdx.ClosesFence(line, fence) {
				fence = ""
			}
		case mdx.IsESM(line):
			depth = mdx.BracketDepth(line)
			inESM = depth > 0
			continue
		default:
			fence = mdx.FenceOf(line)
		}
		b.WriteString(line)
	}
	return b.String()
}

// snippetTags matches a self-closing or empty tag of one of the imported components:
// <Install />, <Install version="2" />, <Install></Install>.
func snippetTags(imports map[string]string) *regexp.Regexp {
	names := make([]string, 0, len(imports))
	for name := range imports {
		names = append(names, regexp.QuoteMeta(name))
	}
	slices.Sort(names)
	alt := strings.Join(names, "|")
	return regexp.MustCompile(`<(` + alt + `)(?:\s[^<>]*)?(?:/>|>\s*</(?:` + alt + `)>)`)
}
