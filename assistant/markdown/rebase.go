package markdown

import (
	"path"
	"regexp"
	"strings"
)

// rebased reads snippets as read does, with the relative imports of each file it reads
// ("./y.mdx" in /snippets/a/x.mdx) rewritten to name the same file from where read resolves
// paths ("/snippets/a/y.mdx"): Mintlify's build resolves an import against the file that writes
// it (resolveImportPath), a snippet's against the snippet's folder, while read resolves a
// relative path against the page's. Each public entry point wraps its reader once; a reader
// it returns (CutUndefined's) is never wrapped, so no path is rebased twice.
func rebased(read func(string) (string, bool)) func(string) (string, bool) {
	if read == nil {
		return nil
	}
	return func(p string) (string, bool) {
		text, ok := read(p)
		if ok {
			text = rebaseImports(text, p)
		}
		return text, ok
	}
}

// importFrom matches the source of an import statement: ` from "./y.mdx"`, with its quote.
var importFrom = regexp.MustCompile(`(\sfrom\s+)(["'])(\.\.?/[^"'\n]*)(["'])`)

// rebaseImports rewrites the relative sources of the import (and export-from) statements of file's text (outside
// fenced code) as rebaseImport does.
func rebaseImports(src, file string) string {
	if !strings.Contains(src, "./") || !strings.Contains(src, "import ") {
		return src
	}
	return mapESM(src, func(line string) string { return rebaseSources(line, file) }) // export { x } from "./y.mdx" too
}

// rebaseSources rewrites the relative sources of one line of an import or export statement.
func rebaseSources(line, file string) string {
	return importFrom.ReplaceAllStringFunc(line, func(m string) string {
		g := importFrom.FindStringSubmatch(m)
		if g[2] != g[4] {
			return m
		}
		return g[1] + g[2] + rebaseImport(g[3], file) + g[4]
	})
}

// rebaseImport is a relative import source written in file, as a path from where file's own
// path is resolved: from the site root when file's is absolute ("/snippets/a/x.mdx" imports
// "./y.mdx": "/snippets/a/y.mdx"), else from the page's folder ("./a/x.mdx": "./a/y.mdx").
func rebaseImport(source, file string) string {
	p := path.Join(path.Dir(file), source)
	if strings.HasPrefix(p, "/") || strings.HasPrefix(p, "../") {
		return p
	}
	return "./" + p
}
