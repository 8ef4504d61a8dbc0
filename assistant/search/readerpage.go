package search

import "math"

// The reader's page (Query.ReaderPage) as a prior of the second stage: a reader often asks
// about the page they are on, so with Query.ReaderPrior = k above 1 the re-ranker multiplies
// that page's relevance by k (it adds ln k to the model's log-relevance), when the first stage
// put the page among its candidates. Nothing else changes: the other pages' scores are the
// model's, and a query whose reader's page is not a candidate ranks exactly as without it.
// Measured on testdata/eval/reader.json (README, "Questions asked from the page that answers
// them"): with k = 7, chosen on its tuning half, the held half asked from the answering page
// gained 3 of 18 at rank 1, but one held-out and one blind question asked from a neighbouring
// page fell, so it is not kept: Lectern's callers leave ReaderPrior at 0.

// readerPage sets the reader's page of the query in sc, when prior is above 1 and the index
// has a page at path.
func (ix *Index) readerPage(sc *scratch, path string, prior float64) {
	if path == "" || !(prior > 1) || math.IsInf(prior, 1) {
		return
	}
	for i := range ix.pages {
		if ix.pages[i].path == path {
			sc.readerP = int64(i) + 1
			sc.readerLog = float32(math.Log(prior))
			return
		}
	}
}

// readerBoost is what page p adds to the model's log-relevance for being the reader's page.
func (ix *Index) readerBoost(sc *scratch, p uint32) float32 {
	if sc.readerP == int64(p)+1 {
		return sc.readerLog
	}
	return 0
}
