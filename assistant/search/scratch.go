package search

// scratch is the per-query working memory of one Index, reused through its pool.
type scratch struct {
	an        analyzer
	group     int       // the query's statistics group (its language's)
	q         []qterm   // the query's terms
	part      []qterm   // the terms of the query part being read
	prev      []byte    // the previous word, for compounds
	pair      []byte    // prev + word; its buffer swaps with prev's
	plain     []byte    // a query word without its diacritics (plainTerm)
	words     int       // distinct terms of the index in the part
	acc       []float32 // score by section
	touched   []uint32  // sections with a score
	pageAcc   []float32 // whole-page score by page, when pages blend in
	best      []int32   // best section + 1 by page, 0 for none
	pages     []uint32  // pages with a best section
	vbest     []int32   // by variant: the page + 1 that stands for it, 0 for none
	variants  []uint32  // variants with a page in vbest
	top       []hit
	main      bool      // the part being read is the last message
	mainN     int       // the first mainN terms of q come from the last message
	unknown   int       // words of the last message the index lacks (stop words aside)
	thes      int       // terms the thesaurus added to the last message
	related   *[]string // when not nil, what the thesaurus added ("word→related"), for ThesaurusTerms
	seq       []uint32  // the last message's terms in order, for phrases
	slot      []uint8   // by term id: 1 + the term's place in q, 0 for other terms
	last      []int32   // by place in q[:mainN]: the last position it was seen at
	wq        []float32 // by place in q: weight · idf
	cands     []cand
	secHeld   []uint64  // by section of the page being matched: bit i set when it holds q[i] (i < mainN)
	hits      []termHit // query terms found in a result's text, for its passage
	lineSpans []Span    // matching words of a result's one-line preview
	own       []float32 // by section of a result's page: its score by its heading and text alone
	div, fam  uint32    // the reader's division and its family (numbered); 0: none
	readerP   int64     // the reader's page + 1 (readerpage.go); 0: none
	readerLog float32   // ln of the reader's page's prior
}

// hit is a candidate result.
type hit struct {
	sec   uint32
	score float32 // the stage's score: the first stage's section score, or the final one
	key   float32 // what the first stage ranks by: score times the page's boost
}

func newScratch(secs, pages, variants, terms int) *scratch {
	return &scratch{acc: make([]float32, secs), pageAcc: make([]float32, pages), best: make([]int32, pages),
		vbest: make([]int32, variants), slot: make([]uint8, terms)}
}

// reset clears what a search left, touching only what it set.
func (sc *scratch) reset() {
	for _, s := range sc.touched {
		sc.acc[s] = 0
	}
	for _, p := range sc.pages {
		sc.best[p] = 0
	}
	for _, v := range sc.variants {
		sc.vbest[v] = 0
	}
	sc.variants = sc.variants[:0]
	clear(sc.pageAcc)
	for _, t := range sc.q {
		sc.slot[t.id] = 0
	}
	sc.touched, sc.pages, sc.top = sc.touched[:0], sc.pages[:0], sc.top[:0]
	sc.seq, sc.cands, sc.mainN, sc.unknown = sc.seq[:0], sc.cands[:0], 0, 0
	sc.div, sc.fam = 0, 0
	sc.readerP, sc.readerLog = 0, 0
}
