package search

import (
	"slices"
)

// Search returns the best sections for the query, at most one per page, best first; nil when
// nothing matches (or the index is nil).
//
// Each query term t with weight w adds w·impact(t, s) to every section s holding it (impacts are
// BM25F contributions computed at build time). The last message weighs 1, earlier turns and
// context items less, synonyms and joined words ("set up" → "setup") less again. The best
// section of each of the 50 best pages then goes through the re-ranker (rerank.go). With
// q.Dense (an embeddings model's ranking of sections) the result fuses both rankings by
// reciprocal rank (fuse.go).
func (ix *Index) Search(q Query) []Result {
	if ix == nil || len(ix.secs) == 0 {
		return nil
	}
	sc := ix.getScratch()
	defer ix.putScratch(sc)
	terms := ix.queryTerms(&q, sc)
	if len(terms) == 0 && len(q.Dense) == 0 {
		return nil
	}
	ix.reader(sc, q.Division)
	ix.readerPage(sc, q.ReaderPage, q.ReaderPrior)
	ix.accumulate(sc, terms)
	ix.bestPerPage(sc, &q.Filter)
	ix.oneVariant(sc)
	ix.oneCounterpart(sc)
	ix.weighQuery(sc)
	n := limit(q.Limit)
	if len(q.Dense) > 0 {
		return ix.results(sc, ix.fuse(sc, ix.lexical(sc, maxCandidates, false), q.Dense, &q.Filter, n), q.Lines)
	}
	top := ix.lexical(sc, n, true)
	if ix.o.ownSections {
		for i := range top {
			top[i].sec = ix.shown(sc, top[i].sec)
		}
	}
	return ix.results(sc, top, q.Lines)
}

// lexical returns the n best pages by words: the first stage, then the re-ranker, which
// multiplies each page's relevance by its boost unless the fusion does that after it.
func (ix *Index) lexical(sc *scratch, n int, boost bool) []hit {
	if !ix.o.rerank {
		top := ix.top(sc, n, false)
		for i := range top {
			top[i].score = top[i].key
		}
		return top
	}
	return ix.rerank(sc, ix.top(sc, maxCandidates, true), n, boost)
}

// getScratch takes a search's working memory from the pool; putScratch clears and returns it.
func (ix *Index) getScratch() *scratch { return ix.scratch.Get().(*scratch) }

func (ix *Index) putScratch(sc *scratch) {
	sc.reset()
	ix.scratch.Put(sc)
}

func limit(n int) int {
	if n <= 0 {
		return DefaultLimit
	}
	return min(n, MaxLimit)
}

// accumulate adds up the weighted impacts of the terms by section.
func (ix *Index) accumulate(sc *scratch, terms []qterm) {
	acc := sc.acc
	for _, t := range terms {
		for _, p := range ix.postings[t.id] {
			if acc[p.doc] == 0 {
				sc.touched = append(sc.touched, p.doc)
			}
			acc[p.doc] += t.w * p.impact
		}
	}
	if ix.pageps == nil {
		return
	}
	pacc := sc.pageAcc
	for _, t := range terms {
		for _, p := range ix.pageps[t.id] {
			pacc[p.doc] += t.w * p.impact
		}
	}
	for _, s := range sc.touched {
		acc[s] += ix.o.pageBlend * pacc[ix.secPage[s]]
	}
}

// bestPerPage keeps the best-scoring section of each page the filter lets through.
func (ix *Index) bestPerPage(sc *scratch, f *Filter) {
	filtered := f.active() || ix.limited
	for _, s := range sc.touched {
		page := ix.secPage[s]
		b := sc.best[page]
		switch {
		case b == 0:
			if filtered && !f.matches(&ix.pages[page]) {
				sc.best[page] = -1
				sc.pages = append(sc.pages, page)
				continue
			}
			sc.pages = append(sc.pages, page)
		case b < 0 || better(sc.acc[b-1], uint32(b-1), sc.acc[s], s): // #nosec G115 -- section numbers are bounded by the index (far below 2^31)
			continue
		}
		sc.best[page] = int32(s) + 1 // #nosec G115 -- section numbers are bounded by the index (far below 2^31)
	}
}

// better reports whether section a outranks section b: higher score, then earlier section.
func better(sa float32, a uint32, sb float32, b uint32) bool {
	return sa > sb || sa == sb && a < b
}

// oneVariant keeps, of the pages that are variants of one page (its translations and
// versions), the one whose best section scores highest (boost included): a result list never
// holds two variants of a page.
func (ix *Index) oneVariant(sc *scratch) {
	if !ix.shared {
		return
	}
	for _, p := range sc.pages {
		b := sc.best[p]
		if b <= 0 {
			continue
		}
		v := ix.pages[p].variant
		w := sc.vbest[v]
		if w == 0 {
			sc.vbest[v] = int32(p) + 1 // #nosec G115 -- page numbers are bounded by the index
			sc.variants = append(sc.variants, v)
			continue
		}
		other := uint32(w - 1)
		if ix.key(sc, p) > ix.key(sc, other) {
			sc.best[other], sc.vbest[v] = -1, int32(p)+1 // #nosec G115 -- as above
		} else {
			sc.best[p] = -1
		}
	}
}

// key is what the first stage ranks page p by: its best section's score times its boost.
func (ix *Index) key(sc *scratch, p uint32) float32 {
	return sc.acc[sc.best[p]-1] * ix.pages[p].boost
}

// top selects the n best sections among the pages' best, by score times the page's boost
// (the reader's division orders them too: ahead). For a pool the re-ranker orders, a boost
// below 1 counts as 1: a boost above 1 may bring a page into the pool, but one below 1 does not
// keep out a page the re-ranker would rank among the first (it applies the boost, once); a
// page whose boost is 0.2 dropped out of the 50 and out of every result list.
func (ix *Index) top(sc *scratch, n int, pool bool) []hit {
	for _, p := range sc.pages {
		b := sc.best[p]
		if b <= 0 {
			continue
		}
		h := hit{sec: uint32(b - 1), score: sc.acc[b-1]}
		boost := ix.pages[p].boost
		if pool {
			boost = max(boost, 1)
		}
		h.key = h.score * boost
		if len(sc.top) == n && !ix.ahead(sc, h, sc.top[n-1], h.key, sc.top[n-1].key) {
			continue
		}
		i := len(sc.top)
		for i > 0 && ix.ahead(sc, h, sc.top[i-1], h.key, sc.top[i-1].key) {
			i--
		}
		if len(sc.top) < n {
			sc.top = append(sc.top, hit{})
		}
		copy(sc.top[i+1:], sc.top[i:])
		sc.top[i] = h
	}
	return sc.top
}

// results turns hits into results; with lines, each gets its one-line preview.
func (ix *Index) results(sc *scratch, top []hit, lines bool) []Result {
	if len(top) == 0 {
		return nil
	}
	out := make([]Result, len(top))
	words := sc.unknown
	for _, t := range sc.q[:sc.mainN] {
		if t.of == 0 {
			words++
		}
	}
	for i, h := range top {
		s := &ix.secs[h.sec]
		p := &ix.pages[s.page]
		match, section := ix.match(sc, s.page)
		out[i] = Result{
			URL: s.url, Path: p.path, Title: p.title, Section: s.heading, Snippet: ix.passage(sc, s.text), Text: s.text,
			Breadcrumbs: slices.Clone(p.breadcrumbs), Version: p.version, Language: p.language,
			Score: float64(h.score), Match: match, SectionMatch: section, Words: words,
		}
		if lines {
			out[i].Line = ix.line(sc, s.text)
		}
	}
	return out
}
