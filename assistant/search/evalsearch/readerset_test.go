package main

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/lectern-dev/lectern/assistant/search/evalsearch/evalset"
)

// TestReaderSetPairs checks reader.json: every question is asked twice, once from its page and
// once from another page of its site, with one split; only the six tuning/held-out sites, never a
// blind one; its pages and reader's pages are pages of the site in search.
func TestReaderSetPairs(t *testing.T) {
	qs, err := evalset.LoadReader(filepath.Join(evalDir, "reader.json"))
	if err != nil {
		t.Fatal(err)
	}
	seen := seenSites(t)
	type pair struct{ page, elsewhere, split string }
	pairs := map[string]*pair{}
	sites := map[string]*site{}
	for _, q := range qs {
		if !slices.Contains(seen, q.Site) {
			t.Errorf("%q: site %s is not a tuning/held-out site", q.Text, q.Site)
			continue
		}
		if sites[q.Site] == nil {
			if sites[q.Site], err = loadSite(filepath.Join(evalDir, q.Site)); err != nil {
				t.Fatal(err)
			}
		}
		s := sites[q.Site]
		for _, p := range []string{q.Pages[0], q.CurrentPath} {
			if !s.found[p] {
				t.Errorf("%q: %s is not a page of %s in search", q.Text, p, q.Site)
			}
		}
		k := q.Site + "\x00" + q.Text
		if pairs[k] == nil {
			pairs[k] = &pair{split: q.Split}
		}
		p := pairs[k]
		if p.split != q.Split {
			t.Errorf("%q: two splits", q.Text)
		}
		if q.Asked == evalset.AskedPage {
			p.page = q.CurrentPath
		} else {
			p.elsewhere = q.CurrentPath
		}
	}
	if len(pairs) < 30 {
		t.Errorf("%d questions, want 30 or more", len(pairs))
	}
	for k, p := range pairs {
		if p.page == "" || p.elsewhere == "" {
			t.Errorf("%q is not asked both from its page and elsewhere", k)
		}
	}
}
