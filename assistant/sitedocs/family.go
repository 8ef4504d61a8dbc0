package sitedocs

import (
	"strings"
)

// divGroup is the pages of one division in one language and version.
type divGroup struct {
	division, language, version string
	urls                        []string          // each page once, in navigation order
	counts                      map[folderAt]int  // pages under each folder
	folder                      folderAt          // the division's own folder, if it has one
	keys                        map[string]string // counterpart → URL
}

// folderAt is a folder name at a place of the URL's path: appkit/react/… has react at 1.
type folderAt struct {
	pos  int
	name string
	ok   bool
}

// setFamilies sets the Family and Counterpart of the entries whose divisions are parallel to
// another (see the package's division notes).
func setFamilies(entries []Entry) {
	groups := divisionGroups(entries)
	for _, g := range groups {
		g.counts = folderCounts(g.urls)
	}
	for _, g := range groups {
		g.folder = ownFolder(g, groups)
		g.keys = make(map[string]string, len(g.urls))
		for _, u := range g.urls {
			g.keys[g.counterpart(u)] = u
		}
	}
	fam := newFamilies()
	for i, a := range groups {
		fam.add(a.division)
		for _, b := range groups[i+1:] {
			if a.division != b.division && a.language == b.language && a.version == b.version && parallel(a.keys, b.keys) {
				fam.union(a.division, b.division)
			}
		}
	}
	byKey := make(map[[3]string]*divGroup, len(groups))
	for _, g := range groups {
		byKey[[3]string{g.division, g.language, g.version}] = g
	}
	for i := range entries {
		e := &entries[i]
		name := fam.name(e.Division)
		if name == "" {
			continue
		}
		e.Family = name
		e.Counterpart = byKey[[3]string{e.Division, e.Language, e.Version}].counterpart(e.URL)
	}
}

// divisionGroups gathers the pages of each division, language and version, in navigation order.
func divisionGroups(entries []Entry) []*divGroup {
	var out []*divGroup
	byKey := map[[3]string]*divGroup{}
	seen := map[string]bool{}
	for i := range entries {
		e := &entries[i]
		if e.Division == "" || seen[entryKey(e)] {
			continue
		}
		seen[entryKey(e)] = true
		k := [3]string{e.Division, e.Language, e.Version}
		g := byKey[k]
		if g == nil {
			g = &divGroup{division: e.Division, language: e.Language, version: e.Version}
			byKey[k] = g
			out = append(out, g)
		}
		g.urls = append(g.urls, e.URL)
	}
	return out
}

// ownFolder finds the folder that holds at least half of g's pages and almost none (under 5%)
// of the pages of each other division in its language and version, as versionFolders finds a
// version's; the one holding most of g's pages, the outermost on a tie.
func ownFolder(g *divGroup, groups []*divGroup) folderAt {
	var best folderAt
	bestN := 0
	for f, n := range g.counts {
		if 2*n < len(g.urls) || !moreFolder(f, n, best, bestN) || sharedFolder(f, g, groups) {
			continue
		}
		best, bestN = f, n
		best.ok = true
	}
	return best
}

// moreFolder reports whether folder f, holding n pages, is a better choice than best, holding
// bestN: more pages, then the outer one, then the first by name.
func moreFolder(f folderAt, n int, best folderAt, bestN int) bool {
	switch {
	case !best.ok || n != bestN:
		return !best.ok || n > bestN
	case f.pos != best.pos:
		return f.pos < best.pos
	}
	return f.name < best.name
}

// sharedFolder reports whether another division of g's language and version keeps 5% of its
// pages or more in folder f.
func sharedFolder(f folderAt, g *divGroup, groups []*divGroup) bool {
	for _, h := range groups {
		if h == g || h.language != g.language || h.version != g.version {
			continue
		}
		if n := h.counts[f]; n > 0 && 20*n >= len(h.urls) {
			return true
		}
	}
	return false
}

// folderCounts counts the pages under each folder (by name and place) of urls.
func folderCounts(urls []string) map[folderAt]int {
	out := map[folderAt]int{}
	for _, u := range urls {
		segs := strings.Split(strings.TrimPrefix(u, "/"), "/")
		for i, s := range segs[:len(segs)-1] {
			out[folderAt{pos: i, name: s}]++
		}
	}
	return out
}

// counterpart is url without its division's own folder: /appkit/react/core/siwe →
// /appkit/core/siwe. A division without a folder of its own keeps its URLs.
func (g *divGroup) counterpart(url string) string {
	if g == nil || !g.folder.ok {
		return url
	}
	segs := strings.Split(strings.TrimPrefix(url, "/"), "/")
	if g.folder.pos >= len(segs)-1 || segs[g.folder.pos] != g.folder.name {
		return url
	}
	return "/" + strings.Join(append(segs[:g.folder.pos:g.folder.pos], segs[g.folder.pos+1:]...), "/")
}

// parallel reports whether two divisions repeat each other's pages: at least two, and at
// least half of the smaller one's, are another page of the other with the same counterpart
// (the same URL listed in both is one page shared, not repeated).
func parallel(a, b map[string]string) bool {
	n := 0
	for k, u := range a {
		if v, ok := b[k]; ok && v != u {
			n++
		}
	}
	return n >= 2 && 2*n >= min(len(a), len(b))
}

// families is a union-find over division names; a family is named by its member listed first.
type families struct {
	parent map[string]string
	order  map[string]int // navigation order of each division
	size   map[string]int // members, by root
}

func newFamilies() *families {
	return &families{parent: map[string]string{}, order: map[string]int{}, size: map[string]int{}}
}

func (f *families) add(d string) {
	if _, ok := f.parent[d]; !ok {
		f.parent[d], f.order[d], f.size[d] = d, len(f.order), 1
	}
}

func (f *families) root(d string) string {
	for f.parent[d] != d {
		f.parent[d] = f.parent[f.parent[d]]
		d = f.parent[d]
	}
	return d
}

// union joins the families of a and b under the member listed first.
func (f *families) union(a, b string) {
	f.add(b)
	ra, rb := f.root(a), f.root(b)
	if ra == rb {
		return
	}
	if f.order[rb] < f.order[ra] {
		ra, rb = rb, ra
	}
	f.parent[rb] = ra
	f.size[ra] += f.size[rb]
}

// name returns the family of division d, "" when d is parallel to no other division.
func (f *families) name(d string) string {
	if _, ok := f.parent[d]; !ok || d == "" {
		return ""
	}
	r := f.root(d)
	if f.size[r] < 2 {
		return ""
	}
	return r
}
