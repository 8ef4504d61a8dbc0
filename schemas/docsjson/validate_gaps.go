package docsjson

import "fmt"

// divisionGap counts the pages a language or version lists and those of them without a file.
type divisionGap struct {
	label          string // `language "es"`, `version "v2"`
	pages, missing int
}

// divisionGaps holds a gap per language or version element, by its JSON path, in the order
// the navigation lists them.
type divisionGaps struct {
	order []string
	by    map[string]*divisionGap
}

// count records a page of the division at path (none: "") and whether its file is missing.
func (d *divisionGaps) count(path, label string, missing bool) {
	if path == "" {
		return
	}
	if d.by == nil {
		d.by = map[string]*divisionGap{}
	}
	g, ok := d.by[path]
	if !ok {
		g = &divisionGap{label: label}
		d.by[path] = g
		d.order = append(d.order, path)
	}
	g.pages++
	if missing {
		g.missing++
	}
}

// minGap is the fewest missing pages of a language or version that gaps reports, and
// gapShare the least share of its pages they must be.
const (
	minGap   = 10
	gapShare = 0.2
)

// gaps says once per language or version that many of the pages it lists have no file: a
// translation under way (0xsequence/docs@2e7df85 lists 476 pages in Spanish and has 74 of
// them) makes hundreds of "has no file" errors that, one by one, do not say where they are.
// Each page's error stays. Nothing is said when most of the whole site is missing (unbuilt).
func (v *validator) gaps() {
	if v.missing*2 > v.pages {
		return
	}
	for _, path := range v.divisions.order {
		g := v.divisions.by[path]
		if g.missing < minGap || float64(g.missing) < gapShare*float64(g.pages) {
			continue
		}
		v.fc.warnf(path, "%s: %d of the %d pages it lists have no file (each is an error at its place in the navigation); until they are written they are broken links in the navigation and are left out of search, the assistant's context and llms.txt", g.label, g.missing, g.pages)
	}
}

// division returns the JSON path and label of the language or version element e, else "".
func division(e *Element) (path, label string) {
	switch e.Kind {
	case KindLanguage:
		return e.Path, fmt.Sprintf("language %q", e.Label)
	case KindVersion:
		return e.Path, fmt.Sprintf("version %q", e.Label)
	}
	return "", ""
}
