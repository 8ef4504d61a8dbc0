package search

import (
	"slices"
	"sort"
)

// shown returns the section a result shows for the page of section s, the first stage's best.
// The first stage scores each section with its page's title, breadcrumbs, description and
// in-links too, which all of a page's sections share: a question's word found there counts,
// nearly saturated, for every section, so a long section that repeats another word of the
// question can outscore the section that holds the rest of it ("rotate api key": a section
// on what a key may cost over "Rotating credentials", when the page's description says
// "rotate"). Which part of a page answers is a question for the sections' own words: shown
// picks, of the page's sections, the one whose heading and text alone score highest under the
// same BM25F model, keeping s on a tie. The lead is never picked over s: the page's
// description is put at its start, so it speaks for the whole page too. The page's rank does
// not change, only the section it shows and quotes.
func (ix *Index) shown(sc *scratch, s uint32) uint32 {
	p := ix.secPage[s]
	first, end := ix.pageSec[p], ix.pageSec[p+1]
	if end-first < 2 {
		return s
	}
	n := int(end - first)
	own := slices.Grow(sc.own[:0], n)[:n]
	clear(own)
	for _, t := range sc.q {
		ps, ow := ix.postings[t.id], ix.own[t.id]
		for k := sort.Search(len(ps), func(k int) bool { return ps[k].doc >= first }); k < len(ps) && ps[k].doc < end; k++ {
			own[ps[k].doc-first] += t.w * ps[k].impact * float32(ow[k]) / 255
		}
	}
	sc.own = own
	best := s
	for j := first; j < end; j++ {
		if own[j-first] > own[best-first] && ix.secs[j].heading != "" {
			best = j
		}
	}
	return best
}
