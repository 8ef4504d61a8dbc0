package search

import (
	"strings"
	"sync"

	"github.com/lectern-dev/lectern/assistant/internal/text"
)

// Index is the search index of one site. It is immutable once built and safe for concurrent use.
type Index struct {
	pages     []pageInfo
	secs      []section
	secPage   []uint32            // page of each section, compact for the search loops
	terms     map[string]uint32   // term → id
	postings  [][]posting         // by term id, in section order
	pageps    [][]posting         // by term id, in page order; nil unless pages blend in
	synonyms  map[string][]uint32 // term → ids of its synonyms in this index
	fields    [][]uint8           // parallel to postings: bit f set when the section holds the term in field f
	own       [][]uint8           // parallel to postings: the share of the impact the section's heading and text alone give, in 255ths
	idf       [][]float32         // by statistics group (0: all sections, then each language's), by term id, over sections
	langs     map[string]uint8    // lowercase language → its statistics group (from 1)
	groupDocs []int               // sections by statistics group
	toks      []uint32            // the heading and text terms of every section, in order
	tokOff    []uint32            // section s's terms are toks[tokOff[s]:tokOff[s+1]]
	pageSec   []uint32            // page p's sections are pageSec[p] to pageSec[p+1]-1
	pathIDs   [][]uint32          // by page: the terms of its path
	variants  int                 // distinct variants (pages that are not another page's translation or version count one each)
	shared    bool                // some pages share a variant
	limited   bool                // some pages are restricted to user groups: every search filters
	divs      divisionIDs         // the pages' divisions, families and counterparts, numbered
	written   writtenLangs        // the languages the pages in no language are written in (written.go)
	o         options
	scratch   sync.Pool // *scratch
}

// pageInfo is what results and filters need of a page.
type pageInfo struct {
	path, title       string
	breadcrumbs       []string
	version, language string
	inDefaultVersion  bool   // in the default version of its versions list
	written           string // of a page in no language, the language its text is told in (written.go); "" for English
	tags              []string
	products          []string
	userGroups        []string
	boost             float32 // relevance multiplier, 1 for none
	variant           uint32  // pages with one variant are translations or versions of one page
	division, family  uint32  // numbered (divisionIDs); 0: none
	counterpart       uint32  // numbered within the family; 0: none
}

// section is one indexed section.
type section struct {
	page    uint32
	heading string
	url     string
	text    string // the section's cleaned text; results quote the part that matches the query
}

// posting is one section (or page) holding a term, with the term's BM25F contribution there
// (idf · tf̃/(k1+tf̃)) computed at build time.
type posting struct {
	doc    uint32 // section or page number
	impact float32
}

// Len returns the number of sections in the index; a nil index has none.
func (ix *Index) Len() int {
	if ix == nil {
		return 0
	}
	return len(ix.secs)
}

// Pages returns the number of pages in the index; a nil index has none.
func (ix *Index) Pages() int {
	if ix == nil {
		return 0
	}
	return len(ix.pages)
}

// Build indexes the pages: each is split into sections by heading, and each section is indexed
// with the page title, its headings, the breadcrumbs and description, and its text as fields.
func Build(pages []Page) *Index {
	return buildWith(pages, defaultOptions)
}

func buildWith(pages []Page, o options) *Index {
	docs := parsePages(pages, &o)
	if o.anchors {
		linkAnchors(pages, docs)
	}
	langs := languageGroups(docs)
	size := 0
	for i := range pages {
		size += len(pages[i].Body)
	}
	b := newBuilder(o, size)
	written := writtenOf(docs)
	adoptWritten(docs, written)
	ix := &Index{pages: make([]pageInfo, len(pages)), pathIDs: make([][]uint32, len(pages)), langs: langs, written: written, o: o}
	for i, d := range docs {
		ix.pages[i] = d.info
		b.an.lang = o.language(d.info.analysis())
		ix.pathIDs[i] = b.pathTerms(d.info.path)
		ix.pageSec = append(ix.pageSec, uint32(len(ix.secs))) // #nosec G115 -- bounded by the index (far below 2^32)
		for j, s := range d.secs {
			ix.secs = append(ix.secs, section{page: uint32(i), heading: s.heading, url: s.url, text: s.text})
			ix.secPage = append(ix.secPage, uint32(i))
			b.add(&docs[i], &d.secs[j])
		}
	}
	ix.pageSec = append(ix.pageSec, uint32(len(ix.secs))) // #nosec G115 -- bounded by the index (far below 2^32)
	ix.setVariants(pages)
	ix.setDivisions(pages)
	b.finish(ix)
	ix.synonyms = synonymIDs(ix.terms, o)
	if o.acronyms {
		var an analyzer
		addSynonymIDs(ix.synonyms, acronymSynonyms(docs, &an, &o), ix.terms)
	}
	ix.scratch.New = func() any { return newScratch(len(ix.secs), len(ix.pages), ix.variants, len(ix.terms)) }
	return ix
}

// maxGroups bounds the statistics groups: languages past it share group 0 (all sections).
const maxGroups = 255

// languageGroups numbers the languages of the pages from 1 and sets each doc's group.
func languageGroups(docs []doc) map[string]uint8 {
	langs := map[string]uint8{}
	for i := range docs {
		l := strings.ToLower(docs[i].info.language)
		if l == "" {
			continue
		}
		g, ok := langs[l]
		if !ok && len(langs) < maxGroups-1 {
			g = uint8(len(langs) + 1) // #nosec G115 -- bounded by maxGroups
			langs[l] = g
		}
		docs[i].group = g
	}
	return langs
}

// group returns the statistics group of a query in language lang: its language's, 0 (all
// sections) for none or one no page has.
func (ix *Index) group(lang string) int {
	if len(ix.idf) <= 1 || lang == "" {
		return 0
	}
	return int(ix.langs[strings.ToLower(lang)])
}

// setVariants numbers the pages' variants and notes whether any page is restricted to user groups.
func (ix *Index) setVariants(pages []Page) {
	ids := make(map[string]uint32, len(pages))
	for i := range pages {
		key := variantOf(&pages[i])
		id, ok := ids[key]
		if !ok {
			id = uint32(len(ids)) // #nosec G115 -- bounded by the number of pages
			ids[key] = id
		}
		ix.pages[i].variant = id
		ix.limited = ix.limited || len(pages[i].UserGroups) > 0
	}
	ix.variants = len(ids)
	ix.shared = len(ids) < len(pages)
}

// EmbedText returns what an embeddings model reads of section s (0 ≤ s < Len): the page title,
// the section heading and the section's text, cut to at most maxBytes on a character boundary.
func (ix *Index) EmbedText(s, maxBytes int) string {
	sec := &ix.secs[s]
	t := ix.pages[sec.page].title
	if sec.heading != "" && sec.heading != t {
		t += "\n" + sec.heading
	}
	return text.Cut(t+"\n"+sec.text, maxBytes)
}
