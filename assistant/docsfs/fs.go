// Package docsfs is the read-only virtual filesystem of a site's pages that the MCP server's
// query_docs_filesystem tool navigates with shell-style commands: ls, tree, cat (with line
// ranges), head, tail, sed -n, grep (fixed strings or RE2, never backtracking), wc, find, cd
// and pwd, several in one call, joined with ";", "&&" or new lines, and "|" pipes into the
// filters. Each page is a file at its URL with ".md" ("/guides/setup.md", "/index.md" for
// the root page; a page served at a directory's URL, /dir.md, answers to /dir/index.md too);
// nothing outside it exists, so no path can leave the site. Every call is bounded: the
// commands, their output (cut with a marker that says so), the bytes a pipe carries, and the
// time.
package docsfs

import (
	"path"
	"slices"
	"strings"
)

// File is one page of the filesystem.
type File struct {
	Path    string // absolute, ending in ".md"
	Title   string
	Content string
	Home    bool // the site's home page, the first of its navigation: /index.md reads it when no page is at /
}

// FS is an immutable filesystem of pages; it is safe for concurrent use.
type FS struct {
	files map[string]*File
	dirs  map[string][]string // directory → its entries' names, sorted; directories end in "/"
	size  int                 // bytes of all files
	home  string              // the path of the first file marked Home, "" when none
	moved func(url string) (string, bool)
	left  func(url string) (string, bool)
}

// Option configures a filesystem New builds.
type Option func(*FS)

// Moved gives the filesystem the site's redirects: moved reports where a page URL ("/old",
// no ".md") has moved, as the site's .md route follows it. A path that names no file but a
// moved page is still missing, and the error says where the page is now, so an agent holding
// an old link (from the web, or its training) reads the page it meant.
func Moved(moved func(url string) (dest string, ok bool)) Option {
	return func(fs *FS) { fs.moved = moved }
}

// LeftOut gives the filesystem the pages the site serves as Markdown but does not index:
// leftOut reports, for a page URL ("/x", no ".md"), why the site leaves it out of search,
// llms.txt and this filesystem (a hidden page: "hidden: true in its frontmatter"). A path
// that names such a page is still missing, as Mintlify's MCP server leaves hidden pages out,
// and the error says why and that the page's Markdown is served at its URL with .md, so an
// agent holding its link (the reader's page, a link elsewhere) knows it is no mistake.
func LeftOut(leftOut func(url string) (why string, ok bool)) Option {
	return func(fs *FS) { fs.left = leftOut }
}

// New builds a filesystem; a path listed twice keeps its first file.
func New(files []File, opts ...Option) *FS {
	fs := &FS{files: map[string]*File{}, dirs: map[string][]string{}}
	for _, o := range opts {
		o(fs)
	}
	entries := map[string]map[string]bool{"/": {}}
	for i := range files {
		f := &files[i]
		p := path.Clean("/" + f.Path)
		if _, dup := fs.files[p]; dup || p == "/" {
			continue
		}
		fs.files[p] = f
		fs.size += len(f.Content)
		if f.Home && fs.home == "" {
			fs.home = p
		}
		name := path.Base(p)
		for dir := path.Dir(p); ; dir = path.Dir(dir) {
			if entries[dir] == nil {
				entries[dir] = map[string]bool{}
			}
			entries[dir][name] = true
			if dir == "/" {
				break
			}
			name = path.Base(dir) + "/"
		}
	}
	for dir, set := range entries {
		names := make([]string, 0, len(set))
		for n := range set {
			names = append(names, n)
		}
		slices.Sort(names)
		fs.dirs[dir] = names
	}
	return fs
}

// Len returns the number of files.
func (fs *FS) Len() int { return len(fs.files) }

// File returns the file at an absolute path (or its other name, see canonical).
func (fs *FS) File(p string) (*File, bool) {
	f, ok := fs.files[fs.canonical(path.Clean("/"+p))]
	return f, ok
}

// canonical is the name of the file p names. A page whose source is dir/index.mdx is served
// at /dir, so its file is /dir.md, where its URL says (search results, llms.txt and the .md
// route name it so), and every listing shows it there; /dir/index.md, the name its source
// suggests, reaches it too. /index.md, where the help and the tool's description send an agent
// first, is the home page when no page is at / (a site whose first page is /home, as Mintlify
// serves at the site's root). A page's .mdx name (/guides/setup.mdx, /dir/index.mdx), where
// Mintlify's filesystem tool keeps a page and an agent used to it looks, reaches its .md file.
// Any other p is its own name.
func (fs *FS) canonical(p string) string {
	if _, ok := fs.files[p]; ok {
		return p
	}
	if stem, ok := strings.CutSuffix(p, ".mdx"); ok {
		if md := fs.canonical(stem + ".md"); fs.files[md] != nil {
			return md
		}
		return p
	}
	if p == "/index.md" && fs.home != "" {
		return fs.home
	}
	if dir, ok := strings.CutSuffix(p, "/index.md"); ok && dir != "" {
		if _, ok := fs.files[dir+".md"]; ok {
			return dir + ".md"
		}
	}
	return p
}

// isDir reports whether p is a directory.
func (fs *FS) isDir(p string) bool {
	_, ok := fs.dirs[p]
	return ok
}

// walk calls f for every file under p (p itself when it is a file), in path order.
func (fs *FS) walk(p string, f func(*File) bool) {
	if file, ok := fs.files[p]; ok {
		f(file)
		return
	}
	var rec func(d string) bool
	rec = func(d string) bool {
		for _, name := range fs.dirs[d] {
			child := path.Join(d, strings.TrimSuffix(name, "/"))
			if strings.HasSuffix(name, "/") {
				if !rec(child) {
					return false
				}
				continue
			}
			if !f(fs.files[child]) {
				return false
			}
		}
		return true
	}
	if fs.isDir(p) {
		rec(p)
	}
}

// resolve makes p absolute against cwd; ".." stops at the root.
func resolve(cwd, p string) string {
	if p == "" {
		return cwd
	}
	if !strings.HasPrefix(p, "/") {
		p = cwd + "/" + p
	}
	return path.Clean(p)
}

// glob expands a pattern with * ? [...] in its segments to the matching paths, sorted; a
// pattern without them is returned as it is.
func (fs *FS) glob(cwd, pattern string) []string {
	p := resolve(cwd, pattern)
	if !strings.ContainsAny(p, "*?[") {
		return []string{fs.canonical(p)}
	}
	matches := []string{"/"}
	for _, seg := range strings.Split(strings.Trim(p, "/"), "/") {
		var next []string
		for _, m := range matches {
			if !strings.ContainsAny(seg, "*?[") {
				next = append(next, path.Join(m, seg))
				continue
			}
			for _, name := range fs.dirs[m] {
				if ok, _ := path.Match(seg, strings.TrimSuffix(name, "/")); ok {
					next = append(next, path.Join(m, strings.TrimSuffix(name, "/")))
				}
			}
		}
		matches = next
	}
	var out []string
	for _, m := range matches {
		if _, ok := fs.files[m]; ok || fs.isDir(m) {
			out = append(out, m)
		}
	}
	if len(out) == 0 {
		return []string{p} // no match: the command reports the pattern as missing
	}
	return out
}
