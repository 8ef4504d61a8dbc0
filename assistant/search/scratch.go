package search

// scratch is the per-query working memory of one Index, reused through its pool.
type scratch struct {
	an      analyzer
	q       []qterm   // the query's terms
	part    []qterm   // the terms of the query part being read
	prev    []byte    // the previous word, for compounds
	pair    []byte    // prev + word; its buffer swaps with prev's
	words   int       // distinct terms of the index in the part
	acc     []float32 // score by section
	touched []uint32  // sections with a score
	pageAcc []float32 // whole-page score by page, when pages blend in
	best    []int32   // best section + 1 by page, 0 for none
	pages   []uint32  // pages with a best section
	top     []hit
}

// hit is a candidate result.
type hit struct {
	sec   uint32
	score float32
}

func newScratch(secs, pages int) *scratch {
	return &scratch{acc: make([]float32, secs), pageAcc: make([]float32, pages), best: make([]int32, pages)}
}

// reset clears what a search left, touching only what it set.
func (sc *scratch) reset() {
	for _, s := range sc.touched {
		sc.acc[s] = 0
	}
	for _, p := range sc.pages {
		sc.best[p] = 0
	}
	clear(sc.pageAcc)
	sc.touched, sc.pages, sc.top = sc.touched[:0], sc.pages[:0], sc.top[:0]
}
