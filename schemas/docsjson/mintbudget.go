package docsjson

import (
	"errors"
	"fmt"
	"strings"
)

// The bounds of a mint.json's upgrade when a site is loaded from it (LoadFS, Load). Mintlify's
// upgrade nests its divisions by url prefix: a tab holds every anchor whose url starts with its
// own, and each anchor its pages again (Mintlify's JavaScript nests the same way). 300 tabs and
// 300 anchors on one url over 1,200 pages make a 49 KB mint.json a 15 MB docs.json in 1.9 s;
// with the pages under neither url, a 52 KB docs.json after 12 s of matching every page to
// every pair. A served site loads again on every change of its files, so a load stops there.
// The largest real mint.json of scripts/navdiff/mintcorpus (mindsdb, 48 KB) upgrades to 511
// entries in 2,388 steps; the largest real docs.json of scripts/navdiff/corpus (firecrawl,
// 207 KB) has about 3,600 values in its navigation. MarshalUpgrade (`lectern nav upgrade`) is
// not bounded: the operator runs it once, and trims the docs.json it writes.
const (
	// MaxUpgradeEntries bounds the entries (tabs, anchors, versions, languages, groups and
	// pages) of the upgraded navigation: about 100 times the largest real upgrade's, 14 times
	// the largest real docs.json navigation's values.
	MaxUpgradeEntries = 50_000
	// MaxUpgradeSteps bounds the upgrade's work: pages matched to a division's url, divisions
	// compared with each other, entries made; 2,000 times the largest real upgrade's, about
	// 0.4 s on one core.
	MaxUpgradeSteps = 5_000_000
)

// ErrUpgradeTooLarge is the error of a mint.json whose upgrade passes a bound.
var ErrUpgradeTooLarge = errors.New("mint.json's navigation is too large to upgrade")

// mintBudget counts an upgrade's entries and steps; a nil budget is not bounded.
type mintBudget struct {
	entries, steps int
}

// made counts k entries of the upgraded navigation, and as many steps.
func (b *mintBudget) made(k int) {
	if b != nil {
		b.entries += k
		b.steps += k
	}
}

// step counts k steps of work.
func (b *mintBudget) step(k int) {
	if b != nil {
		b.steps += k
	}
}

// over reports whether the upgrade passed a bound: it then stops.
func (b *mintBudget) over() bool {
	return b != nil && (b.entries > MaxUpgradeEntries || b.steps > MaxUpgradeSteps)
}

// err is ErrUpgradeTooLarge, saying which bound, why and what to do; nil within the bounds.
func (b *mintBudget) err(config any) error {
	if !b.over() {
		return nil
	}
	what := fmt.Sprintf("its upgraded navigation passes %d entries (tabs, anchors, versions, groups and pages; real sites have hundreds to a few thousand)", MaxUpgradeEntries)
	if b.entries <= MaxUpgradeEntries {
		what = fmt.Sprintf("upgrading it takes more than %d steps (pages matched to a tab's or anchor's url)", MaxUpgradeSteps)
	}
	return fmt.Errorf("%w: %s, since %s; convert it with `mint upgrade` or `lectern nav upgrade --write PATH` and trim the docs.json it writes, or give the tabs and anchors urls that do not start with each other's",
		ErrUpgradeTooLarge, what, nesting(config))
}

// nesting says how the mint.json's divisions repeat its pages.
func nesting(config any) string {
	var parts []string
	for _, k := range []string{"tabs", "anchors", "versions"} {
		if n := len(array(prop(config, k))); n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, map[bool]string{true: strings.TrimSuffix(k, "s"), false: k}[n == 1]))
		}
	}
	if len(parts) == 0 {
		return "its groups repeat their pages"
	}
	list := parts[len(parts)-1]
	if len(parts) > 1 {
		list = strings.Join(parts[:len(parts)-1], ", ") + " and " + list
	}
	return fmt.Sprintf("Mintlify's upgrade nests its %s by url and repeats the pages in each (a tab holds every anchor whose url starts with its own, each anchor the pages under it, every version all of them)", list)
}
