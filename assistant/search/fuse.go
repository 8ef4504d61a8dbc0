package search

import "sort"

// rrfK is the k of reciprocal rank fusion: a page ranked r (from 1) by a ranking scores
// 1/(rrfK + r) from it. 60 is the value of the method's paper (Cormack et al., 2009), used
// unchanged by most hybrid search engines; it is not tuned here.
const rrfK = 60

// fuse merges the word ranking (pages' best sections, best first) with the dense ranking
// (sections, best first) by reciprocal rank at the page level, and returns the n best. A page
// keeps the section the word ranking chose; a page only the dense ranking found gets its best
// dense section. A page of another division of the reader's family adds to its counterpart in
// the reader's division, and ranks after the reader's scope (division.go). The filter applies to the dense pages as to the others; section numbers out of
// range are skipped. Scores are the fused ones over the first's, so the first scores 1.
func (ix *Index) fuse(sc *scratch, lexical []hit, dense []int, f *Filter, n int) []hit {
	type fused struct {
		sec   uint32
		score float64
		order int // first appearance: the word ranking first, then the dense one
	}
	byPage := make(map[uint32]*fused, len(lexical)+len(dense))
	variant := make(map[uint32]uint32, len(lexical)+len(dense)) // variant → the page standing for it
	counterpart := map[uint32]uint32{}                          // counterpart → the reader's division's page of it
	for r, h := range lexical {
		p := ix.secPage[h.sec]
		byPage[p] = &fused{sec: h.sec, score: 1 / float64(rrfK+r+1), order: r}
		variant[ix.pages[p].variant] = p
		if ix.home(sc, p) && ix.pages[p].counterpart != 0 {
			counterpart[ix.pages[p].counterpart] = p
		}
	}
	filtered := f.active() || ix.limited
	seen := make(map[uint32]bool, len(dense))
	rank := 0
	for _, s := range dense {
		if s < 0 || s >= len(ix.secs) {
			continue
		}
		sec := uint32(s) // #nosec G115 -- checked against the number of sections above
		p := ix.secPage[sec]
		if seen[p] || filtered && !f.matches(&ix.pages[p]) {
			continue
		}
		seen[p] = true
		rank++
		// A variant of a page already ranked adds to that page: one page, one place.
		if q, ok := variant[ix.pages[p].variant]; ok {
			p = q
		}
		// So does another division's counterpart of the reader's division's page.
		if q, ok := counterpart[ix.pages[p].counterpart]; ok && ix.away(sc, p) {
			p = q
		}
		if e, ok := byPage[p]; ok {
			e.score += 1 / float64(rrfK+rank)
			continue
		}
		byPage[p] = &fused{sec: sec, score: 1 / float64(rrfK+rank), order: len(byPage)}
		variant[ix.pages[p].variant] = p
	}
	all := make([]*fused, 0, len(byPage))
	for p, e := range byPage {
		e.score *= float64(ix.pages[p].boost)
		all = append(all, e)
	}
	sort.Slice(all, func(a, b int) bool {
		pa, pb := ix.secPage[all[a].sec], ix.secPage[all[b].sec]
		if wa, wb := ix.away(sc, pa), ix.away(sc, pb); wa != wb {
			return wb
		}
		if all[a].score != all[b].score {
			return all[a].score > all[b].score
		}
		if ha, hb := ix.home(sc, pa), ix.home(sc, pb); ha != hb {
			return ha
		}
		return all[a].order < all[b].order
	})
	out := make([]hit, 0, min(n, len(all)))
	for _, e := range all[:min(n, len(all))] {
		out = append(out, hit{sec: e.sec, score: float32(e.score / all[0].score)})
	}
	monotone(out)
	return out
}
