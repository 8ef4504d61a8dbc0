package search

import (
	"math"
	"slices"
)

// builder analyzes sections in order into postings tables, one of sections and, when the
// options blend in page scores, one of whole pages.
type builder struct {
	o        options
	an       analyzer
	terms    map[string]uint32
	secs     table
	pages    table
	pairs    []uint64        // scratch: term id << fieldBits | field, for one section
	cur      *doc            // the page of page, pageLens
	page     []uint64        // analyzed title and meta fields of the current page
	pageLens [nFields]uint32 // their lengths
	all      []uint64        // the pairs of the whole current page
	allLens  [nFields]uint32
	toks     []uint32 // heading and text terms of each section, in order, for proximity
	tokOff   []uint32 // where each section's terms start in toks
}

// table holds raw postings of documents (sections or pages) numbered in order.
type table struct {
	raw  [][]rawPosting    // by term id
	lens [][nFields]uint32 // field lengths by document
}

// rawPosting is a document's term frequency in each field.
type rawPosting struct {
	doc uint32
	tf  [nFields]uint16
}

// fieldBits is the number of bits a field takes in builder.pairs.
const fieldBits = 2

// newBuilder makes a builder for about size bytes of text.
func newBuilder(o options, size int) *builder {
	return &builder{o: o, terms: make(map[string]uint32, min(size/64, 1<<16))}
}

// add indexes one section of a page.
func (b *builder) add(d *doc, s *secDraft) {
	b.pageFields(d)
	lens := b.pageLens
	b.pairs = append(b.pairs[:0], b.page...)
	b.field(s.headings, fieldHeading, &lens)
	b.field(s.text, fieldBody, &lens)
	b.tokOff = append(b.tokOff, uint32(len(b.toks))) // #nosec G115 -- bounded by the index (far below 2^32)
	for _, pr := range b.pairs[len(b.page):] {
		b.toks = append(b.toks, uint32(pr>>fieldBits)) // #nosec G115 -- bounded by the index (far below 2^32)
	}
	if b.o.pageBlend > 0 {
		b.all = append(b.all, b.pairs[len(b.page):]...)
		for f := range nFields {
			b.allLens[f] += lens[f] - b.pageLens[f]
		}
	}
	b.secs.add(b.pairs, lens)
}

// add records one document; it sorts pairs.
func (t *table) add(pairs []uint64, lens [nFields]uint32) {
	doc := uint32(len(t.lens)) // #nosec G115 -- document and term counts are bounded by the index (far below 2^32)
	t.lens = append(t.lens, lens)
	slices.Sort(pairs)
	for i := 0; i < len(pairs); {
		id := uint32(pairs[i] >> fieldBits) // #nosec G115 -- document and term counts are bounded by the index (far below 2^32)
		p := rawPosting{doc: doc}
		for ; i < len(pairs) && uint32(pairs[i]>>fieldBits) == id; i++ { // #nosec G115 -- bounded by the index (far below 2^32)
			if f := pairs[i] & (1<<fieldBits - 1); p.tf[f] < math.MaxUint16 {
				p.tf[f]++
			}
		}
		for int(id) >= len(t.raw) {
			t.raw = append(t.raw, nil)
		}
		t.raw[id] = append(t.raw[id], p)
	}
}

// field analyzes text into b.pairs.
func (b *builder) field(text string, f int, lens *[nFields]uint32) {
	b.an.terms(text, func(t []byte) {
		b.pairs = append(b.pairs, uint64(b.id(t))<<fieldBits|uint64(f)) // #nosec G115 -- document and term counts are bounded by the index (far below 2^32)
		lens[f]++
	})
}

// pageFields analyzes the title and meta fields once per page.
func (b *builder) pageFields(d *doc) {
	if b.cur == d {
		return
	}
	b.flushPage()
	b.cur = d
	var l [nFields]uint32
	b.pairs = b.pairs[:0]
	b.field(d.info.title, fieldTitle, &l)
	b.field(d.meta, fieldMeta, &l)
	b.page = append(b.page[:0], b.pairs...)
	b.pageLens = l
	b.all = append(b.all[:0], b.page...)
	b.allLens = l
}

// flushPage records the current page in the pages table.
func (b *builder) flushPage() {
	if b.cur != nil && b.o.pageBlend > 0 {
		b.pages.add(b.all, b.allLens)
	}
}

// id returns the id of a term, adding it when new.
func (b *builder) id(t []byte) uint32 {
	if id, ok := b.terms[string(t)]; ok {
		return id
	}
	id := uint32(len(b.terms)) // #nosec G115 -- document and term counts are bounded by the index (far below 2^32)
	b.terms[string(t)] = id
	return id
}

// pathTerms returns the term ids of the words of a page path ("/getting-started/free-models").
func (b *builder) pathTerms(path string) []uint32 {
	var out []uint32
	b.an.terms(path, func(t []byte) {
		if id := b.id(t); !slices.Contains(out, id) {
			out = append(out, id)
		}
	})
	return out
}

// finish fills the index's vocabulary, postings and what the re-ranker reads.
func (b *builder) finish(ix *Index) {
	b.flushPage()
	b.tokOff = append(b.tokOff, uint32(len(b.toks))) // #nosec G115 -- bounded by the index (far below 2^32)
	ix.terms, ix.toks, ix.tokOff = b.terms, b.toks, b.tokOff
	ix.postings, ix.fields, ix.idf = b.secs.impacts(b.o, len(b.terms))
	ix.pageps, _, _ = b.pages.impacts(b.o, len(b.terms))
}

// impacts computes, with N documents and df of them holding the term,
// tf̃ = Σ_f w_f·tf_f / (1 − b_f + b_f·len_f/avglen_f), impact = idf · tf̃ / (k1 + tf̃) and
// idf = ln(1 + (N − df + 0.5)/(df + 0.5)). It also returns, parallel to the postings, the
// fields each document holds the term in (bit f for field f), and the idf of each term.
func (t *table) impacts(o options, nterms int) (postings [][]posting, fields [][]uint8, idfs []float32) {
	if len(t.lens) == 0 {
		return nil, nil, nil
	}
	norm := t.norms(o)
	n := float64(len(t.lens))
	postings, fields, idfs = make([][]posting, nterms), make([][]uint8, nterms), make([]float32, nterms)
	for id, raw := range t.raw {
		df := float64(len(raw))
		idf := float32(math.Log(1 + (n-df+0.5)/(df+0.5)))
		ps, fs := make([]posting, len(raw)), make([]uint8, len(raw))
		for i, r := range raw {
			var tf float32
			for f := range nFields {
				if r.tf[f] > 0 {
					tf += o.weight[f] * float32(r.tf[f]) * norm[r.doc][f]
					fs[i] |= 1 << f
				}
			}
			ps[i] = posting{doc: r.doc, impact: idf * tf / (o.k1 + tf)}
		}
		postings[id], fields[id], idfs[id] = ps, fs, idf
	}
	return postings, fields, idfs
}

// norms returns, per document and field, 1 / (1 − b + b·len/avglen).
func (t *table) norms(o options) [][nFields]float32 {
	var sum [nFields]float64
	for _, l := range t.lens {
		for f := range nFields {
			sum[f] += float64(l[f])
		}
	}
	norm := make([][nFields]float32, len(t.lens))
	for s, l := range t.lens {
		for f := range nFields {
			if avg := sum[f] / float64(len(t.lens)); avg > 0 {
				norm[s][f] = float32(1 / (1 - float64(o.b[f]) + float64(o.b[f])*float64(l[f])/avg))
			}
		}
	}
	return norm
}
