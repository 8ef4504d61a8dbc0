package sitedocs

import (
	"strings"

	"github.com/lectern-dev/lectern/schemas/docsjson"
)

// A page's division is the part of the site the navigation lists it in, beside its language
// and version: the labels of the product, tab, anchor, dropdown and menu item above it,
// outermost first, joined by DivisionSep ("AppKit › React"). Groups are no division: they
// order a part's sidebar, they do not switch it.
//
// Some sites repeat one set of pages in several divisions: Reown's twelve framework
// dropdowns each hold their own installation, theming and sign-in pages. Such divisions are
// parallel (editions of one set of pages, as versions are), and a question asked from a page
// of one of them is about that edition (see search.Query.Division). Two divisions are parallel
// when each keeps its pages in a folder of its own (appkit/react/, appkit/flutter/) and, with
// that folder taken out of their URLs, at least two and at least half of the pages of the
// smaller of them are the same page in the other (a page's Counterpart). Parallel divisions,
// and those parallel to them, are one Family. Tabs that split one set of docs into guides and
// an API reference share no such pages, and form no family.

// DivisionSep joins the labels of a division.
const DivisionSep = " › "

// divides reports whether a navigation element of kind k is a division of the site.
func divides(k docsjson.Kind) bool {
	switch k {
	case docsjson.KindProduct, docsjson.KindTab, docsjson.KindAnchor, docsjson.KindDropdown, docsjson.KindMenuItem:
		return true
	}
	return false
}

// listedDivisions returns the division of each listed page of the tree.
func listedDivisions(tree *docsjson.Tree) map[*docsjson.Page]string {
	out := make(map[*docsjson.Page]string, len(tree.Pages))
	var walk func(n *docsjson.Node, labels []string)
	walk = func(n *docsjson.Node, labels []string) {
		if n == nil {
			return
		}
		if n.Kind == docsjson.KindPage && n.Page != nil {
			out[n.Page] = strings.Join(labels, DivisionSep)
			return
		}
		if divides(n.Kind) && n.Label != "" {
			labels = append(labels[:len(labels):len(labels)], n.Label)
		}
		for _, c := range n.Children {
			walk(c, labels)
		}
	}
	walk(tree.Root, nil)
	return out
}

// setDivisions sets each entry's Division, Family and Counterpart (entries are the tree's
// pages in order, then the unlisted ones). A page listed in several divisions is in none:
// it belongs to each. An unlisted page takes the division that every listed page of its
// nearest folder shares.
func setDivisions(entries []Entry, tree *docsjson.Tree) {
	listed := listedDivisions(tree)
	for i := range tree.Pages {
		if i < len(entries) {
			entries[i].Division = listed[&tree.Pages[i]]
		}
	}
	several := map[string]bool{}
	first := map[string]string{}
	for i := range tree.Pages {
		if i >= len(entries) {
			break
		}
		k := entryKey(&entries[i])
		if d, ok := first[k]; ok && d != entries[i].Division {
			several[k] = true
		}
		first[k] = entries[i].Division
	}
	for i := range entries {
		if several[entryKey(&entries[i])] {
			entries[i].Division = ""
		}
	}
	folders := folderDivisions(entries[:min(len(tree.Pages), len(entries))])
	for i := len(tree.Pages); i < len(entries); i++ {
		entries[i].Division = folders.of(entries[i].URL)
	}
	setFamilies(entries)
}

// entryKey identifies a page within its version and language.
func entryKey(e *Entry) string { return e.URL + "\x00" + e.Version + "\x00" + e.Language }

// folderDivision is the division the pages under a folder share, if they share one.
type folderDivision struct {
	division string
	mixed    bool
}

type folderMap map[string]folderDivision

// folderDivisions records, for each folder, the division its listed pages share.
func folderDivisions(listed []Entry) folderMap {
	out := folderMap{}
	for i := range listed {
		e := &listed[i]
		for d := parentDir(e.URL); d != ""; d = parentDir(d) {
			f, ok := out[d]
			switch {
			case !ok:
				f.division = e.Division
			case f.division != e.Division:
				f.division, f.mixed = "", true
			}
			out[d] = f
		}
	}
	return out
}

// of returns the division of the nearest folder above url whose pages share one ("" when
// its pages are in several, or none).
func (m folderMap) of(url string) string {
	for d := parentDir(url); d != ""; d = parentDir(d) {
		if f, ok := m[d]; ok {
			if f.mixed {
				return ""
			}
			return f.division
		}
	}
	return ""
}

// parentDir is the folder of a page URL, "" at the root: /a/b/c → /a/b → /a → "".
func parentDir(u string) string {
	i := strings.LastIndexByte(u, '/')
	if i <= 0 {
		return ""
	}
	return u[:i]
}
