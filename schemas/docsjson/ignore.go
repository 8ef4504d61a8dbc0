package docsjson

import (
	"bufio"
	"bytes"
	"io/fs"
	"path"
	"strings"
)

// Mintlify publishes no file of a site's repository that matches a .mintignore pattern or one of
// its default patterns (organize/mintignore), and renders no file under /snippets/ (nor under
// /_snippets/, the folder of its older `<Snippet file="..." />` tag) as a page.
// ignorer applies the same to the search for unlisted pages.

// defaultIgnores are the patterns Mintlify ignores without a .mintignore, and the snippets folder.
var defaultIgnores = []string{
	".git/", ".github/", ".claude/", ".agents/", ".idea/", ".vscode/", "node_modules/", "build/", "dist/",
	"coverage/", ".cache/", "tmp/", "temp/", "README.md", "LICENSE.md", "CHANGELOG.md", "CONTRIBUTING.md",
	"/snippets/", "/_snippets/",
}

// maxIgnoreBytes bounds how much of .mintignore is read.
const maxIgnoreBytes = 64 << 10

// ignoreRule is one pattern line of .gitignore syntax.
type ignoreRule struct {
	pattern  string
	negate   bool // "!pattern": the path is kept
	dirOnly  bool // "pattern/": only directories match
	anchored bool // the pattern holds a "/" before its end: it matches from the site root
}

// ignorer holds the default patterns followed by those of the site's .mintignore.
type ignorer struct {
	rules []ignoreRule
}

// newIgnorer reads the site's .mintignore, if any.
func newIgnorer(fsys fs.FS) *ignorer {
	ig := &ignorer{}
	for _, p := range defaultIgnores {
		ig.add(p)
	}
	data, err := fs.ReadFile(fsys, ".mintignore")
	if err != nil {
		return ig
	}
	sc := bufio.NewScanner(bytes.NewReader(data[:min(len(data), maxIgnoreBytes)]))
	for sc.Scan() {
		ig.add(sc.Text())
	}
	return ig
}

// add parses one line: blank lines and "#" comments are skipped.
func (ig *ignorer) add(line string) {
	line = strings.TrimRight(line, " \t\r")
	if line == "" || strings.HasPrefix(line, "#") {
		return
	}
	var r ignoreRule
	if strings.HasPrefix(line, "!") {
		r.negate, line = true, line[1:]
	}
	line = strings.TrimPrefix(line, `\`)
	if strings.HasSuffix(line, "/") {
		r.dirOnly, line = true, strings.TrimRight(line, "/")
	}
	r.anchored = strings.Contains(line, "/")
	r.pattern = strings.TrimPrefix(line, "/")
	if r.pattern != "" {
		ig.rules = append(ig.rules, r)
	}
}

// ignored reports whether the file or directory at p (a slash path from the site root) is
// ignored: the last pattern that matches it decides.
func (ig *ignorer) ignored(p string, dir bool) bool {
	out := false
	for _, r := range ig.rules {
		if r.dirOnly && !dir {
			continue
		}
		if r.matches(p) {
			out = !r.negate
		}
	}
	return out
}

func (r ignoreRule) matches(p string) bool {
	if !r.anchored {
		ok, _ := path.Match(r.pattern, path.Base(p))
		return ok
	}
	return globMatch(strings.Split(r.pattern, "/"), strings.Split(p, "/"))
}

// globMatch matches path segments against pattern segments, where "**" stands for any number
// of segments.
func globMatch(pat, segs []string) bool {
	for len(pat) > 0 {
		if pat[0] == "**" {
			for i := 0; i <= len(segs); i++ {
				if globMatch(pat[1:], segs[i:]) {
					return true
				}
			}
			return false
		}
		if len(segs) == 0 {
			return false
		}
		if ok, _ := path.Match(pat[0], segs[0]); !ok {
			return false
		}
		pat, segs = pat[1:], segs[1:]
	}
	return len(segs) == 0
}
