package docsjson

import (
	"bufio"
	"bytes"
	"fmt"
	"io/fs"
	"path"
	"strings"
)

// Mintlify publishes no file of a site's repository that matches a .mintignore pattern or one of
// its default patterns (organize/mintignore), and renders no file under /snippets/ (nor under
// /_snippets/, the folder of its older `<Snippet file="..." />` tag) as a page.
// ignorer applies the same to the search for unlisted pages.

// defaultIgnores are the patterns Mintlify ignores without a .mintignore: those of its build
// (DEFAULT_MINT_IGNORES of @mintlify/common 1.0.1211), which its guide lists too.
var defaultIgnores = []string{
	".git/", ".github/", ".claude/", ".agents/", ".idea/", ".vscode/", ".cursor/", "node_modules/",
	"README.md", "LICENSE.md", "CHANGELOG.md", "CONTRIBUTING.md",
}

// The folders Mintlify's guide (organize/mintignore) lists as ignored by default besides those
// (build, dist, coverage, .cache, tmp, temp) are no defaults of its build, whose file list skips
// only these and .mintignore (@mintlify/prebuild getFileList): their files are pages, listed or
// not. Dify's published site serves the pages of en/cloud/use-dify/build/ its navigation lists;
// AdCP sends its front door and 320 more paths to the unlisted snapshot pages of dist/docs/3.1.2/
// (adcontextprotocol/adcp@4439b187, testdata/sites/adcp-dist).

// snippetFolders hold snippets, which are never pages of their own (an unlisted file there is
// no page); a page the navigation lists there is left to the rules of listed pages.
var snippetFolders = []string{"/snippets/", "/_snippets/"}

// maxIgnoreBytes bounds how much of .mintignore is read.
const maxIgnoreBytes = 64 << 10

// ignoreRule is one pattern line of .gitignore syntax.
type ignoreRule struct {
	pattern  string
	line     string // as written, for messages
	negate   bool   // "!pattern": the path is kept
	dirOnly  bool   // "pattern/": only directories match
	anchored bool   // the pattern holds a "/" before its end: it matches from the site root
	source   string // where the pattern comes from: srcDefault, srcSnippets, srcFile or srcPageRules
}

// Where an ignore pattern comes from.
const (
	srcDefault  = "Mintlify's default ignores"
	srcSnippets = "the snippet folders"
	srcFile     = ".mintignore"
	// srcPageRules: Mintlify's build makes no page of a Markdown (.md) file named README,
	// LICENSE, CONTRIBUTING or CONTRIBUTE in any case, in any folder (@mintlify/common
	// getFileCategory's excludedMdFiles), whatever .mintignore says; an .mdx file of those
	// names is a page, and so is any other root file (AGENTS.md, CLAUDE.md: /AGENTS, /CLAUDE,
	// served in any case as Mintlify's routes are).
	srcPageRules = "Mintlify's build"
)

// pageRules are the files of srcPageRules.
var pageRules = []string{"readme.md", "license.md", "contributing.md", "contribute.md"}

// ignorer holds the default patterns followed by those of the site's .mintignore.
type ignorer struct {
	rules []ignoreRule
}

// newIgnorer reads the site's .mintignore, if any.
func newIgnorer(fsys fs.FS) *ignorer {
	ig := &ignorer{}
	for _, p := range defaultIgnores {
		ig.add(p, srcDefault)
	}
	for _, p := range snippetFolders {
		ig.add(p, srcSnippets)
	}
	data, err := fs.ReadFile(fsys, ".mintignore")
	if err == nil {
		sc := bufio.NewScanner(bytes.NewReader(data[:min(len(data), maxIgnoreBytes)]))
		for sc.Scan() {
			ig.add(sc.Text(), srcFile)
		}
	}
	for _, p := range pageRules {
		ig.add(p, srcPageRules)
	}
	return ig
}

// add parses one line: blank lines and "#" comments are skipped.
func (ig *ignorer) add(line, source string) {
	line = strings.TrimRight(line, " \t\r")
	if line == "" || strings.HasPrefix(line, "#") {
		return
	}
	r := ignoreRule{line: line, source: source}
	if strings.HasPrefix(line, "!") {
		r.negate, line = true, line[1:]
	}
	line = strings.TrimPrefix(line, `\`)
	if strings.HasSuffix(line, "/") {
		r.dirOnly, line = true, strings.TrimRight(line, "/")
	}
	r.anchored = strings.Contains(line, "/")
	r.pattern = strings.ToLower(strings.TrimPrefix(line, "/")) // Mintlify's matcher (node-ignore) ignores case by default
	if r.pattern != "" {
		ig.rules = append(ig.rules, r)
	}
}

// ignored reports whether the file or directory at p (a slash path from the site root) is
// ignored: the last pattern that matches it decides.
func (ig *ignorer) ignored(p string, dir bool) bool {
	_, out := ig.decide(p, dir, true)
	if !out && !dir {
		_, out = ig.noPage(p)
	}
	return out
}

// decide returns the last pattern that matches p and whether it ignores p; with all false
// only the patterns of .mintignore and of Mintlify's build are asked (not the snippet folders).
func (ig *ignorer) decide(p string, dir, all bool) (ignoreRule, bool) {
	var last ignoreRule
	out := false
	p = strings.ToLower(p)
	for _, r := range ig.rules {
		switch {
		case r.source == srcPageRules, r.dirOnly && !dir, !all && r.source == srcSnippets:
		case r.matches(p):
			last, out = r, !r.negate
		}
	}
	return last, out
}

// noPage returns the rule of srcPageRules that makes the file at p no page, whatever
// .mintignore says (no negation brings it back).
func (ig *ignorer) noPage(p string) (ignoreRule, bool) {
	p = strings.ToLower(p)
	for _, r := range ig.rules {
		if r.source == srcPageRules && r.matches(p) {
			return r, true
		}
	}
	return ignoreRule{}, false
}

// unpublished reports whether Mintlify publishes nothing at file (a slash path from the site
// root), which the navigation lists as a page: the file, or a folder above it, matches a
// pattern of .mintignore or of Mintlify's build (a file cannot be re-included when its folder
// is excluded, as in git). It says which pattern decided, and where it comes from.
func (ig *ignorer) unpublished(file string) (string, bool) {
	segs := strings.Split(file, "/")
	for i := 1; i <= len(segs); i++ {
		dir := i < len(segs)
		if r, ok := ig.decide(strings.Join(segs[:i], "/"), dir, false); ok {
			return fmt.Sprintf("%s pattern %q", r.source, r.line), true
		}
	}
	if r, ok := ig.noPage(file); ok {
		return fmt.Sprintf("%s, which makes no page of a .md file named %q (any case)", r.source, r.line), true
	}
	return "", false
}

// matches reports whether r's pattern matches p, lower-cased as the pattern is.
func (r ignoreRule) matches(p string) bool {
	if !r.anchored {
		ok, _ := path.Match(r.pattern, path.Base(p))
		return ok
	}
	return GlobMatch(strings.Split(r.pattern, "/"), strings.Split(p, "/"))
}

// GlobMatch matches path segments against pattern segments (each a path.Match pattern),
// where "**" stands for any number of segments: .mintignore's globs, and `lectern nav links
// --files`.
func GlobMatch(pat, segs []string) bool {
	for len(pat) > 0 {
		if pat[0] == "**" {
			for i := 0; i <= len(segs); i++ {
				if GlobMatch(pat[1:], segs[i:]) {
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
