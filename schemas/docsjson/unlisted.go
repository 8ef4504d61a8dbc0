package docsjson

import (
	"bufio"
	"cmp"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"strings"
)

// maxSiteFiles bounds how many files of one kind a walk of the site looks at.
const maxSiteFiles = 20000

// Unlisted returns the pages of the site that t's navigation does not list: every .mdx and .md
// file, except those Mintlify does not publish as pages (the .mintignore patterns and its
// defaults, the /snippets/ folder, and files another page imports as a snippet). Each is
// hidden, with no navigation path; its indexing follows seo.indexing (Mintlify includes
// unlisted pages only with "all"). A page in a folder named like one of the site's languages
// (es/setup.mdx) belongs to that language, as Mintlify lays translations out. They come in
// alphabetical order of their paths. A file at the URL of a listed page that has no file of
// its own (an endpoint page an OpenAPI spec generates) is that page, not a second one.
func (s *Site) Unlisted(t *Tree) []Page {
	files := pageFiles(s.fsys)
	listed := make(map[string]bool, len(t.Pages))
	generated := make(map[string]bool)
	for i := range t.Pages {
		if t.Pages[i].File != "" {
			listed[withoutExt(t.Pages[i].File)] = true
		} else {
			generated[t.Pages[i].URL] = true
		}
	}
	snippets := imported(s.fsys, files)
	folders := versionFolders(t)
	served := servedFiles(files)
	var out []Page
	for _, f := range files {
		p := withoutExt(f)
		if listed[p] || generated[pageURL(p)] || !served[f] || snippets[f] {
			continue
		}
		out = append(out, s.unlisted(t, f, folders))
	}
	// Alphabetical by path, as llms.txt lists them (a walk enters folder "a" before "a-b.mdx").
	slices.SortStableFunc(out, func(a, b Page) int {
		return cmp.Or(strings.Compare(a.URL, b.URL), strings.Compare(a.File, b.File))
	})
	return out
}

// servedFiles returns the files among files that serve a page: of page.mdx and page.md in one
// folder, one URL, only the file a listed page's lookup takes (pageExts' order, pageFile) is a
// page; its twin is none of its own (Keep's docs hold providers/overview.md beside the
// overview.mdx their navigation lists).
func servedFiles(files []string) map[string]bool {
	byPath := make(map[string]string, len(files))
	for _, f := range files {
		p := withoutExt(f)
		if cur, ok := byPath[p]; !ok || extRank(f) < extRank(cur) {
			byPath[p] = f
		}
	}
	out := make(map[string]bool, len(byPath))
	for _, f := range byPath {
		out[f] = true
	}
	return out
}

// extRank is the place of file's extension in pageExts.
func extRank(file string) int {
	for i, ext := range pageExts {
		if strings.HasSuffix(file, ext) {
			return i
		}
	}
	return len(pageExts)
}

// unlisted makes the page of an unlisted file; folders maps a version's folder to the version
// (versionFolders).
func (s *Site) unlisted(t *Tree, file string, folders map[string]string) Page {
	p := withoutExt(file)
	pg := Page{File: file, URL: pageURL(p), Title: titleFromName(p), Hidden: true, Language: folderLanguage(t, p)}
	pg.Version = versionOf(folders, p, pg.Language)
	fm, err := ReadFrontmatter(s.fsys, file)
	if err != nil {
		fm = Frontmatter{}
	}
	applyFrontmatter(&pg, &fm)
	pg.Index = decide(decision{fm: &fm, indexAll: s.Config.SEO.IndexAll()})
	return pg
}

// folderLanguage returns the site language whose code names the page's first folder, or "".
func folderLanguage(t *Tree, p string) string {
	first, _, ok := strings.Cut(p, "/")
	if !ok {
		return ""
	}
	for _, l := range t.languages {
		if strings.EqualFold(l, first) {
			return l
		}
	}
	return ""
}

// versionFolders maps the folder each version keeps its pages in to the version: a folder of a
// page's path after its language's folder (v2 of v2/guides/a and fr/v2/guides/a, or
// dist/docs/3.0.26 of dist/docs/3.0.26/intro, where dist and dist/docs hold every version's),
// when more than half of the version's listed pages, two or more, are in it and no other
// version's are. An unlisted page in that folder belongs to that version, as one in a
// language's folder belongs to that language: an old version's pages that seo.indexing "all"
// puts in the index then answer that version's questions, not every version's.
func versionFolders(t *Tree) map[string]string {
	counts := map[string]map[string]int{} // version → folder → listed pages
	total := map[string]int{}
	for i := range t.Pages {
		pg := &t.Pages[i]
		if pg.Version == "" || pg.File == "" {
			continue
		}
		if counts[pg.Version] == nil {
			counts[pg.Version] = map[string]int{}
		}
		for _, folder := range pageFolders(withoutExt(pg.File), pg.Language) {
			counts[pg.Version][folder]++
		}
		total[pg.Version]++
	}
	out, owners := map[string]string{}, map[string]int{}
	for v, byFolder := range counts {
		for folder, n := range byFolder {
			owners[folder]++
			if n >= 2 && n*2 > total[v] {
				out[folder] = v
			}
		}
	}
	for folder := range out {
		if owners[folder] > 1 { // shared by versions: it says nothing of one
			delete(out, folder)
		}
	}
	return out
}

// maxVersionDepth bounds how deep a version's folder may be (dist/docs/3.0.26 is three).
const maxVersionDepth = 4

// pageFolders returns the folders of page path p after its language's folder, the outermost
// first, at most maxVersionDepth of them: a, a/b and a/b/c of a/b/c/page.
func pageFolders(p, language string) []string {
	if language != "" {
		if first, rest, ok := strings.Cut(p, "/"); ok && strings.EqualFold(first, language) {
			p = rest
		}
	}
	var out []string
	for i, n := 0, 0; n < maxVersionDepth; n++ {
		j := strings.IndexByte(p[i:], '/')
		if j < 0 {
			break
		}
		i += j
		out = append(out, p[:i])
		i++
	}
	return out
}

// versionOf returns the version whose folder (versionFolders) holds page path p, the deepest
// such folder deciding, or "".
func versionOf(folders map[string]string, p, language string) string {
	fs := pageFolders(p, language)
	for i := len(fs) - 1; i >= 0; i-- {
		if v, ok := folders[fs[i]]; ok {
			return v
		}
	}
	return ""
}

// pageFiles lists the site's page files that Mintlify would publish, in walk order.
func pageFiles(fsys fs.FS) []string {
	var files []string
	publishedFiles(fsys, func(p string) bool {
		return strings.HasSuffix(p, ".mdx") || strings.HasSuffix(p, ".md")
	}, func(p string) { files = append(files, p) })
	return files
}

// publishedFiles walks the files of the site that Mintlify would publish (none in a hidden
// directory or named by the site's ignore file) and hands fn each that match accepts, in walk
// order, at most maxSiteFiles of them.
func publishedFiles(fsys fs.FS, match func(p string) bool, fn func(p string)) {
	ig := newIgnorer(fsys)
	seen := 0
	_ = fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		switch {
		case err != nil || seen >= maxSiteFiles:
			return fs.SkipDir
		case p == ".":
			return nil
		case d.IsDir():
			if strings.HasPrefix(d.Name(), ".") || ig.ignored(p, true) {
				return fs.SkipDir
			}
		case match(p) && !ig.ignored(p, false):
			seen++
			fn(p)
		}
		return nil
	})
}

// importRE matches an MDX import of a Markdown file: import X from "/snippets/x.mdx".
var importRE = regexp.MustCompile(`^\s*import\s[^'"]*?\sfrom\s+['"]([^'"]+\.mdx?)['"]`)

// maxImportScan bounds how much of each page is read for imports; MDX imports sit at the top.
const maxImportScan = 64 << 10

// imported returns the files that some page imports: snippets, not pages.
func imported(fsys fs.FS, files []string) map[string]bool {
	out := map[string]bool{}
	for _, f := range files {
		fh, err := fsys.Open(f)
		if err != nil {
			continue
		}
		sc := bufio.NewScanner(fh)
		read := 0
		for sc.Scan() && read < maxImportScan {
			line := sc.Text()
			read += len(line) + 1
			if m := importRE.FindStringSubmatch(line); m != nil {
				if target, ok := importTarget(f, m[1]); ok {
					out[target] = true
				}
			}
		}
		fh.Close()
	}
	return out
}

// importTarget resolves an import path: from the site root when it starts with "/", else from
// the importing file's folder.
func importTarget(from, imp string) (string, bool) {
	if !strings.HasPrefix(imp, "/") {
		imp = path.Join(path.Dir(from), imp)
	}
	return sitePath(imp)
}

// AllPages returns the navigation's pages followed by the unlisted ones: every page of the
// site, each with its Index; a page whose URL a redirect's source matches is in nothing
// (RuleRedirected: the redirect shadows it).
func (s *Site) AllPages(t *Tree) []Page {
	all := slices.Concat(t.Pages, s.Unlisted(t))
	s.markShadowed(all)
	return all
}
