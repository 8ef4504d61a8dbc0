package docsjson

import (
	"path"
	"slices"
	"strings"
	"unicode/utf8"
)

// nearPages are the site's page files by directory, for the page a missing one was likely
// meant to be: a typo in docs.json ("integration/quickstat") names a page of the same folder.
type nearPages map[string][]string // directory → page paths without extension, sorted

func newNearPages(files []string) nearPages {
	near := nearPages{}
	for _, f := range files {
		p := withoutPageExt(f)
		near[path.Dir(p)] = append(near[path.Dir(p)], p)
	}
	for _, ps := range near {
		slices.Sort(ps)
	}
	return near
}

// of returns the page of p's folder whose name is nearest p's, within a typo's distance (one
// edit in a name of up to four characters, two up to twelve, three beyond; letter case is no
// edit), "" when none is. The folder is p's or, when none of its pages is that near, a folder
// whose path differs from it in letter case only: ContactShip's docs (serranomatias/docs@2b883a1)
// list "es/integrations/quickstart" while the file is es/Integrations/quickstart.mdx, and the
// validator suggested nothing.
func (n nearPages) of(p string) string {
	name := strings.ToLower(path.Base(p))
	limit := 3
	switch l := utf8.RuneCountInString(name); {
	case l <= 4:
		limit = 1
	case l <= 12:
		limit = 2
	}
	best, dist := "", limit+1
	for _, dir := range n.folders(path.Dir(p)) {
		for _, cand := range n[dir] {
			if d := editDistance(name, strings.ToLower(path.Base(cand)), dist); d < dist {
				best, dist = cand, d
			}
		}
		if best != "" {
			return best
		}
	}
	return best
}

// folders are dir and, after it, the folders whose path differs from dir in letter case only,
// sorted.
func (n nearPages) folders(dir string) []string {
	var others []string
	for d := range n {
		if d != dir && strings.EqualFold(d, dir) {
			others = append(others, d)
		}
	}
	slices.Sort(others)
	return append([]string{dir}, others...)
}

func withoutPageExt(f string) string {
	return strings.TrimSuffix(strings.TrimSuffix(f, ".mdx"), ".md")
}

// editDistance is the Levenshtein distance of a and b, or max when it is max or more.
func editDistance(a, b string, max int) int {
	ra, rb := []rune(a), []rune(b)
	if d := len(ra) - len(rb); d >= max || -d >= max {
		return max
	}
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		low := cur[0]
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			low = min(low, cur[j])
		}
		if low >= max {
			return max
		}
		prev, cur = cur, prev
	}
	return min(prev[len(rb)], max)
}

// overviewNames are the names of the page that opens a folder of pages, where the navigation
// names the folder itself.
var overviewNames = []string{"overview", "introduction", "intro"}

// folderFirst returns the page that opens folder p ("swift/overview"), "" when p is no folder
// of pages or none of them opens it. Turnkey's docs.json (tkhq/docs@c8289df) lists
// "solutions/embedded-wallets/integration-guide/swift", a folder whose pages start with
// swift/overview.
func (n nearPages) folderFirst(p string) string {
	for _, name := range overviewNames {
		if slices.Contains(n[p], p+"/"+name) {
			return p + "/" + name
		}
	}
	return ""
}
