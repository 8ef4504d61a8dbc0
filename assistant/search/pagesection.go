package search

// PageSection returns the section of the page at path that best matches q, chosen as Search
// chooses a page's section (the best-scoring one, or with own sections the one shown), with
// its passage: the part of its text that matches. A page that holds none of the query's
// words answers with its lead. false when the index has no page at path that q.Filter lets
// through. It ranks nothing: the assistant offers the reader's own page to the model with it.
func (ix *Index) PageSection(q Query, path string) (Result, bool) {
	if ix == nil {
		return Result{}, false
	}
	page, ok := ix.pageAt(path, &q.Filter)
	if !ok {
		return Result{}, false
	}
	sc := ix.getScratch()
	defer ix.putScratch(sc)
	ix.accumulate(sc, ix.queryTerms(&q, sc))
	ix.weighQuery(sc) // the result's Match weighs the query's terms
	best := ix.pageSec[page]
	for s := best + 1; s < ix.pageSec[page+1]; s++ {
		if better(sc.acc[s], s, sc.acc[best], best) {
			best = s
		}
	}
	if ix.o.ownSections && sc.acc[best] > 0 {
		best = ix.shown(sc, best)
	}
	return ix.results(sc, []hit{{sec: best, score: sc.acc[best]}}, q.Lines)[0], true
}

// pageAt finds the page at path (exactly: the catalog's URL of it) that f lets through, with
// sections.
func (ix *Index) pageAt(path string, f *Filter) (uint32, bool) {
	for i := range ix.pages {
		p := &ix.pages[i]
		if p.path == path && f.matches(p) && ix.pageSec[i] < ix.pageSec[i+1] {
			return uint32(i), true // #nosec G115 -- page numbers are bounded by the index
		}
	}
	return 0, false
}
