package docsjson

import (
	"regexp"
	"slices"
	"strings"
)

// Mintlify's validator (@mintlify/validation, as its CLI and renderer use it) accepts some broken
// navigation by leaving the broken part out of the site:
//   - a tab, anchor, dropdown, product, version, language or menu item whose children are invalid
//     keeps its label and loses its children (its schema has a link-only form that ignores them);
//   - a navigation with more than one root pattern keeps one of them (rootOrder says which).
//
// A docs team's file that Mintlify accepts must not fail here, so these problems are warnings
// that say what Mintlify does with them; Lectern still reports exactly what is wrong, and serves
// what resolves. scripts/navdiff checks this against the published validator on real files and
// on mutations of them.

// accepted ends the message of a problem Mintlify's validator accepts, reported as a warning.
const accepted = " (Mintlify's validator accepts this)"

// divisionChild matches a path inside a child list of a division element.
var divisionChild = regexp.MustCompile(`^(navigation(?:\.[a-z]+\[\d+\])*?\.(?:tabs|anchors|dropdowns|products|versions|languages|menu)\[\d+\])\.(?:tabs|anchors|dropdowns|products|versions|languages|menu|groups|pages)(?:\[|$)`)

// divisionPath matches the path of a division element itself.
var divisionPath = regexp.MustCompile(`^navigation(?:\.[a-z]+\[\d+\])*\.(?:tabs|anchors|dropdowns|products|versions|languages|menu)\[\d+\]$`)

// tolerate moves the errors Mintlify's validator accepts to the warnings.
func tolerate(rep Report) Report {
	kept := rep.Errors[:0:0]
	for _, p := range rep.Errors {
		switch {
		case p.Path == "navigation" && strings.Contains(p.Message, "more than one root pattern"):
			p.Message += " (Mintlify's validator accepts this and keeps that one)"
		case divisionPath.MatchString(p.Path) && strings.Contains(p.Message, "at the same level"):
			p.Message += " (Mintlify's validator accepts this and keeps one of the lists)"
		default:
			m := divisionChild.FindStringSubmatch(p.Path)
			if m == nil {
				kept = append(kept, p)
				continue
			}
			p.Message += " (Mintlify's validator accepts this and leaves the children of " + m[1] + " out of the site)"
		}
		rep.Warnings = append(rep.Warnings, p)
	}
	rep.Errors = kept
	slices.SortStableFunc(rep.Warnings, func(a, b Problem) int { return ComparePaths(a.Path, b.Path) })
	return rep
}
