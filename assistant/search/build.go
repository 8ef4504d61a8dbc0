package search

import (
	"math"
	"slices"

	"github.com/lectern-dev/lectern/platform/lang"
)

// builder analyzes sections in order into postings tables, one of sections and, when the
// options blend in page scores, one of whole pages.
type builder struct {
	o        options
	an       analyzer
	terms    map[string]uint32
	secs     table
	pages    table
	pairs    []uint64        // scratch: term id << pairShift | partBit (a part) | field, for one section
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
	raw    [][]rawPosting    // by term id
	lens   [][nFields]uint32 // field lengths by document
	groups []uint8           // statistics group by document: its language's, 0 for none
}

// rawPosting is a document's term frequency in each field, in tfUnits.
type rawPosting struct {
	doc uint32
	tf  [nFields]uint16
}

// fieldBits is the number of bits a field takes in builder.pairs; the bit above them (partBit)
// marks a part of a multi-part identifier, and the term id is above that (pairShift).
const (
	fieldBits = 2
	partBit   = 1 << fieldBits
	pairShift = fieldBits + 1
)

// tfUnit is what one occurrence of a word adds to a raw term frequency; one part of a
// multi-part identifier adds options.partWeight of it, in quarters.
const tfUnit = 4

// newBuilder makes a builder for about size bytes of text.
func newBuilder(o options, size int) *builder {
	b := &builder{o: o, terms: make(map[string]uint32, min(size/64, 1<<16))}
	b.an.stems = map[*lang.Language]map[string]string{}
	return b
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
		b.toks = append(b.toks, uint32(pr>>pairShift)) // #nosec G115 -- bounded by the index (far below 2^32)
	}
	if b.o.pageBlend > 0 {
		b.all = append(b.all, b.pairs[len(b.page):]...)
		for f := range nFields {
			b.allLens[f] += lens[f] - b.pageLens[f]
		}
	}
	b.secs.add(b.pairs, lens, d.group, b.o.partUnits())
}

// add records one document of a statistics group; it sorts pairs.
func (t *table) add(pairs []uint64, lens [nFields]uint32, group uint8, partUnits uint16) {
	doc := uint32(len(t.lens)) // #nosec G115 -- document and term counts are bounded by the index (far below 2^32)
	t.lens = append(t.lens, lens)
	t.groups = append(t.groups, group)
	slices.Sort(pairs)
	for i := 0; i < len(pairs); {
		id := uint32(pairs[i] >> pairShift) // #nosec G115 -- document and term counts are bounded by the index (far below 2^32)
		p := rawPosting{doc: doc}
		for ; i < len(pairs) && uint32(pairs[i]>>pairShift) == id; i++ { // #nosec G115 -- bounded by the index (far below 2^32)
			add := uint16(tfUnit)
			if pairs[i]&partBit != 0 {
				add = partUnits
			}
			f := pairs[i] & (1<<fieldBits - 1)
			p.tf[f] = uint16(min(int(p.tf[f])+int(add), math.MaxUint16)) // #nosec G115 -- capped at MaxUint16
		}
		for int(id) >= len(t.raw) {
			t.raw = append(t.raw, nil)
		}
		t.raw[id] = append(t.raw[id], p)
	}
}

// field analyzes text into b.pairs.
func (b *builder) field(text string, f int, lens *[nFields]uint32) {
	b.an.partTerms(text, func(t []byte, part bool) {
		pr := uint64(b.id(t))<<pairShift | uint64(f) // #nosec G115 -- document and term counts are bounded by the index (far below 2^32)
		if part {
			pr |= partBit
		}
		b.pairs = append(b.pairs, pr)
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
	b.an.lang = b.o.language(d.info.analysis())
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
		b.pages.add(b.all, b.allLens, b.cur.group, b.o.partUnits())
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
	secs := b.secs.impacts(b.o, len(b.terms), len(ix.langs)+1)
	ix.postings, ix.fields, ix.own, ix.idf, ix.groupDocs = secs.postings, secs.fields, secs.own, secs.idfs, secs.ns
	ix.pageps = b.pages.impacts(b.o, len(b.terms), len(ix.langs)+1).postings
}

// ownShare is the share of a posting's impact that its heading and body fields alone would
// give (the same idf over (k1 + tf̃)), in 255ths: one byte a posting, where a float would add a
// sixth to the index.
func ownShare(tf, tfOwn, k1 float32) uint8 {
	if tf <= 0 {
		return 0
	}
	share := tfOwn / (k1 + tfOwn) * (k1 + tf) / tf
	return uint8(min(255, math.Round(float64(share)*255))) // #nosec G115 -- rounded into 0..255
}

// impactTable is what impacts computes of a table.
type impactTable struct {
	postings [][]posting // by term id, in document order
	fields   [][]uint8   // parallel to postings: bit f set when the document holds the term in field f
	own      [][]uint8   // parallel to postings: the share of the impact the heading and body fields alone would have, in 255ths
	idfs     [][]float32 // by group (0: all documents), by term id
	ns       []int       // documents by group
}

// impacts computes, with N documents and df of them holding the term,
// tf̃ = Σ_f w_f·tf_f / (1 − b_f + b_f·len_f/avglen_f), impact = idf · tf̃ / (k1 + tf̃) and
// idf = ln(1 + (N − df + 0.5)/(df + 0.5)). Each language is a collection of its own (a search
// is scoped to one): a document in a language takes N, df and the average lengths among the
// documents of its group; a document in none takes them among all. It also returns, parallel
// to the postings, the fields each document holds the term in (bit f for field f) and the
// impact of its heading and body fields alone (what tells a page's sections apart: the title
// and meta fields are the page's, the same in each), the idf of each term by group (group 0:
// all documents) and the number of documents of each group.
func (t *table) impacts(o options, nterms, groups int) impactTable {
	if len(t.lens) == 0 {
		return impactTable{}
	}
	if !o.langStats {
		groups = 1
	}
	norm, ns := t.norms(o, groups)
	postings, fields, own, idfs := make([][]posting, nterms), make([][]uint8, nterms), make([][]uint8, nterms), make([][]float32, groups)
	for g := range idfs {
		idfs[g] = make([]float32, nterms)
	}
	df := make([]int, groups)
	for id, raw := range t.raw {
		clear(df)
		for _, r := range raw {
			df[t.group(r.doc, groups)]++
		}
		df[0] = len(raw)
		for g := range idfs {
			n, d := float64(ns[g]), float64(df[g])
			idfs[g][id] = float32(math.Log(1 + (n-d+0.5)/(d+0.5)))
		}
		ps, fs, ow := make([]posting, len(raw)), make([]uint8, len(raw)), make([]uint8, len(raw))
		for i, r := range raw {
			var tf, tfOwn float32
			for f := range nFields {
				if r.tf[f] > 0 {
					w := o.weight[f] * float32(r.tf[f]) / tfUnit * norm[r.doc][f]
					tf += w
					if f == fieldHeading || f == fieldBody {
						tfOwn += w
					}
					fs[i] |= 1 << f
				}
			}
			idf := idfs[t.group(r.doc, groups)][id]
			ps[i] = posting{doc: r.doc, impact: idf * tf / (o.k1 + tf)}
			ow[i] = ownShare(tf, tfOwn, o.k1)
		}
		postings[id], fields[id], own[id] = ps, fs, ow
	}
	return impactTable{postings: postings, fields: fields, own: own, idfs: idfs, ns: ns}
}

// group is the statistics group of document d: its language's, 0 when it has none or there
// is one group only.
func (t *table) group(d uint32, groups int) int {
	if groups == 1 {
		return 0
	}
	return int(t.groups[d])
}

// norms returns, per document and field, 1 / (1 − b + b·len/avglen), the average over the
// document's group, and the number of documents in each group (group 0: all).
func (t *table) norms(o options, groups int) ([][nFields]float32, []int) {
	sum := make([][nFields]float64, groups)
	ns := make([]int, groups)
	for d, l := range t.lens {
		g := t.group(uint32(d), groups) // #nosec G115 -- bounded by the index (far below 2^32)
		ns[g]++
		for f := range nFields {
			sum[g][f] += float64(l[f])
			if g != 0 {
				sum[0][f] += float64(l[f])
			}
		}
	}
	for g := 1; g < groups; g++ {
		ns[0] += ns[g]
	}
	norm := make([][nFields]float32, len(t.lens))
	for d, l := range t.lens {
		g := t.group(uint32(d), groups) // #nosec G115 -- bounded by the index (far below 2^32)
		for f := range nFields {
			if avg := sum[g][f] / float64(ns[g]); avg > 0 {
				norm[d][f] = float32(1 / (1 - float64(o.b[f]) + float64(o.b[f])*float64(l[f])/avg))
			}
		}
	}
	return norm, ns
}
