package search

import (
	"math"
	"slices"
	"sort"
)

// The second stage re-ranks the first stage's best maxCandidates pages with a linear model over
// the features below (weights in rerank.json, written by `make train-rerank`, which fits on the
// search evaluation's tuning half and training-only sites, never its held-out half). Coverage
// features are shares of the query's weight (each term's weight times its idf) that a part of
// the candidate holds.
const (
	featSection   = iota // the best section's first-stage score over the best candidate's
	featPage             // the whole page's BM25F score over the best candidate page's
	featCoverSec         // share of the query in the best section (any field)
	featCoverPg          // share of the query anywhere in the page
	featTitle            // share in the page title
	featHeading          // share in the best section's headings
	featMeta             // share in the page's meta field (breadcrumbs, description, keywords, link text)
	featPath             // share in the words of the page's path
	featProximity        // the most of the last message's weight within a window of proximityWindow terms of the page
	featPhrase           // share of the last message's adjacent term pairs found adjacent in the page
	featVotes            // ln(1 + the other sections' first-stage scores over the best section's)
	featLead             // 1 when the best section is the page's lead
	featLength           // ln(1 + the page's terms) / 10
	featRarest           // 1 when the page holds the query's heaviest term (weight · idf)
	featTop3             // share of the weight of the query's three heaviest terms in the page
	nFeatures
)

// featureNames name the features in rerank.json and for training.
var featureNames = [nFeatures]string{
	featSection: "section", featPage: "page", featCoverSec: "cover_section", featCoverPg: "cover_page",
	featTitle: "title", featHeading: "heading", featMeta: "meta", featPath: "path",
	featProximity: "proximity", featPhrase: "phrase", featVotes: "votes", featLead: "lead", featLength: "length", featRarest: "rarest", featTop3: "top3",
}

const (
	maxCandidates   = 50 // pages the second stage re-ranks
	proximityWindow = 8  // terms, stop words left out
)

// features are one candidate's feature values.
type features [nFeatures]float32

// cand is a candidate page of the second stage.
type cand struct {
	hit
	f     features
	score float32
}

// rerank re-orders the first stage's hits (best first) by the model's score and returns at
// most n of them, their scores e^(s − best s), so the first scores 1.
func (ix *Index) rerank(sc *scratch, hits []hit, n int, boost bool) []hit {
	if len(hits) == 0 {
		return hits
	}
	ix.candidates(sc, hits)
	w := ix.o.rankWeights
	for i := range sc.cands {
		c := &sc.cands[i]
		for k, v := range c.f {
			c.score += w[k] * v
		}
		// The model's score is a log-relevance (results score e^(s − best s)): the boost
		// multiplies the relevance.
		if b := ix.pages[ix.secPage[c.sec]].boost; boost && b != 1 {
			c.score += float32(math.Log(float64(b)))
		}
		c.score += ix.readerBoost(sc, ix.secPage[c.sec])
	}
	sort.SliceStable(sc.cands, func(a, b int) bool {
		ca, cb := &sc.cands[a], &sc.cands[b]
		return ix.ahead(sc, ca.hit, cb.hit, ca.score, cb.score)
	})
	best := sc.cands[0].score
	hits = hits[:0]
	for _, c := range sc.cands[:min(n, len(sc.cands))] {
		hits = append(hits, hit{sec: c.sec, score: float32(math.Exp(float64(c.score - best)))})
	}
	monotone(hits)
	return hits
}

// candidates computes the features of each hit into sc.cands.
func (ix *Index) candidates(sc *scratch, hits []hit) {
	var bestPage, bestSec float32
	for _, h := range hits {
		bestPage = max(bestPage, sc.pageAcc[ix.secPage[h.sec]])
		bestSec = max(bestSec, h.score)
	}
	for _, h := range hits {
		c := cand{hit: h}
		p := ix.secPage[h.sec]
		c.f[featSection] = h.score / bestSec
		if bestPage > 0 {
			c.f[featPage] = sc.pageAcc[p] / bestPage
		}
		ix.coverage(sc, &c, p)
		ix.proximity(sc, &c, p)
		ix.votes(sc, &c, p)
		sc.cands = append(sc.cands, c)
	}
}

// weighQuery sets each query term's weight · idf and its slot; reset clears the slots.
func (ix *Index) weighQuery(sc *scratch) {
	sc.wq = sc.wq[:0]
	for i, t := range sc.q {
		sc.wq = append(sc.wq, t.w*ix.idf[sc.group][t.id])
		sc.slot[t.id] = uint8(i + 1) // #nosec G115 -- at most maxQueryTerms (64) terms
	}
}

// coverage sets the shares of the query's weight held by the candidate's parts.
func (ix *Index) coverage(sc *scratch, c *cand, p uint32) {
	first, end := ix.pageSec[p], ix.pageSec[p+1]
	var total float32
	var cov [nFeatures]float32
	var top [3]int
	for k := range top {
		top[k] = -1
	}
	for i := range sc.q {
		for k := range top {
			if top[k] < 0 || sc.wq[i] > sc.wq[top[k]] {
				copy(top[k+1:], top[k:len(top)-1])
				top[k] = i
				break
			}
		}
	}
	var topTotal, topHeld float32
	for i, t := range sc.q {
		w := sc.wq[i]
		total += w
		ps, fs := ix.postings[t.id], ix.fields[t.id]
		var pageMask, secMask uint8
		for j := sort.Search(len(ps), func(j int) bool { return ps[j].doc >= first }); j < len(ps) && ps[j].doc < end; j++ {
			pageMask |= fs[j]
			if ps[j].doc == c.sec {
				secMask = fs[j]
			}
		}
		cov[featCoverSec] += w * b2f(secMask != 0)
		cov[featCoverPg] += w * b2f(pageMask != 0)
		cov[featTitle] += w * b2f(pageMask&(1<<fieldTitle) != 0)
		cov[featHeading] += w * b2f(secMask&(1<<fieldHeading) != 0)
		cov[featMeta] += w * b2f(pageMask&(1<<fieldMeta) != 0)
		cov[featPath] += w * b2f(slices.Contains(ix.pathIDs[p], t.id))
		if slices.Contains(top[:], i) {
			topTotal += w
			topHeld += w * b2f(pageMask != 0)
			if i == top[0] {
				c.f[featRarest] = b2f(pageMask != 0)
			}
		}
	}
	if topTotal > 0 {
		c.f[featTop3] = topHeld / topTotal
	}
	if total <= 0 {
		return
	}
	for _, k := range []int{featCoverSec, featCoverPg, featTitle, featHeading, featMeta, featPath} {
		c.f[k] = cov[k] / total
	}
}

// match returns the share of the last message's weight (weight · idf of each of its words'
// terms) that page p holds in any field, and the share its best section holds (its heading and
// text, under the page's title and meta, which every section of the page carries): a word
// counts as held when the page (the section) holds its term or one of its synonyms, and a
// synonym adds no weight of its own. A word the index lacks weighs as much as the rarest term (a
// pair of CJK characters the index lacks is not counted: it most often straddles two words).
// A page that answers a question usually holds its words together; one that holds them
// scattered over unrelated sections usually does not (Result.SectionMatch).
func (ix *Index) match(sc *scratch, p uint32) (page, section float64) {
	first, end := ix.pageSec[p], ix.pageSec[p+1]
	n := float64(ix.groupDocs[sc.group])
	total := float32(sc.unknown) * float32(math.Log(1+(n+0.5)/0.5))
	main := sc.q[:sc.mainN]
	// secHeld[s-first] has bit i set when section s holds main[i]; the page holds what any does.
	sc.secHeld = slices.Grow(sc.secHeld[:0], int(end-first))[:end-first]
	clear(sc.secHeld)
	var pageHeld uint64
	for i, t := range main {
		ps := ix.postings[t.id]
		for j := sort.Search(len(ps), func(j int) bool { return ps[j].doc >= first }); j < len(ps) && ps[j].doc < end; j++ {
			sc.secHeld[ps[j].doc-first] |= 1 << i
			pageHeld |= 1 << i
		}
	}
	weigh := func(mask uint64) (held float32) {
		for i, t := range main {
			if t.of != 0 {
				continue
			}
			h := mask&(1<<i) != 0
			for k, s := range main {
				h = h || s.of == t.id+1 && mask&(1<<k) != 0
			}
			if h {
				held += sc.wq[i]
			}
		}
		return held
	}
	for i, t := range main {
		if t.of == 0 {
			total += sc.wq[i]
		}
	}
	if total <= 0 {
		return 0, 0
	}
	var best float32
	for _, m := range sc.secHeld {
		if m != 0 {
			best = max(best, weigh(m))
		}
	}
	return float64(weigh(pageHeld) / total), float64(best / total)
}

// proximity sets the proximity and phrase features from the page's terms in order.
func (ix *Index) proximity(sc *scratch, c *cand, p uint32) {
	first, end := ix.pageSec[p], ix.pageSec[p+1]
	toks := ix.toks[ix.tokOff[first]:ix.tokOff[end]]
	c.f[featLength] = float32(math.Log1p(float64(len(toks)))) / 10
	n := sc.mainN
	if n == 0 {
		return
	}
	sc.last = slices.Grow(sc.last[:0], n)[:n]
	var total float32
	for i := range n {
		sc.last[i] = math.MinInt32 / 2
		total += sc.wq[i]
	}
	pairs := min(len(sc.seq)-1, 64)
	var found uint64
	var best float32
	for j, id := range toks {
		k := int(sc.slot[id]) - 1
		if k < 0 || k >= n {
			continue
		}
		sc.last[k] = int32(j) // #nosec G115 -- a page has far fewer than 2^31 terms
		var win float32
		for i := range n {
			if int32(j)-sc.last[i] < proximityWindow { // #nosec G115 -- as above
				win += sc.wq[i]
			}
		}
		best = max(best, win)
		if j > 0 && pairs > 0 {
			found |= phraseHits(sc.seq[:pairs+1], toks[j-1], id)
		}
	}
	if total > 0 {
		c.f[featProximity] = best / total
	}
	if pairs > 0 {
		c.f[featPhrase] = float32(popcount(found)) / float32(pairs)
	}
}

// phraseHits returns the bits of the pairs (seq[k], seq[k+1]) equal to (a, b).
func phraseHits(seq []uint32, a, b uint32) uint64 {
	var bits uint64
	for k := 0; k+1 < len(seq); k++ {
		if seq[k] == a && seq[k+1] == b {
			bits |= 1 << k
		}
	}
	return bits
}

func popcount(x uint64) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}

// votes sets how much the page's other sections agree with its best one.
func (ix *Index) votes(sc *scratch, c *cand, p uint32) {
	var others float32
	for s := ix.pageSec[p]; s < ix.pageSec[p+1]; s++ {
		if s != c.sec {
			others += sc.acc[s]
		}
	}
	if c.hit.score > 0 {
		c.f[featVotes] = float32(math.Log1p(float64(others / c.hit.score)))
	}
	c.f[featLead] = b2f(c.sec == ix.pageSec[p])
}

func b2f(b bool) float32 {
	if b {
		return 1
	}
	return 0
}
