package main

import (
	"math"
	"sort"
	"strings"

	"github.com/lectern-dev/lectern/assistant/answer"
	"github.com/lectern-dev/lectern/assistant/search"
)

// pageBM25 is the baseline: plain BM25 (k1 = 1.2, b = 0.75) over whole pages, the page's
// title, description and all of its cleaned text as one field, lowercase words, no stemming.
type pageBM25 struct {
	paths []string
	scope []search.Page // each page's version and language (Body left out)
	tf    []map[string]int
	lens  []float64
	avg   float64
	df    map[string]int
}

func newPageBM25(pages []search.Page) *pageBM25 {
	b := &pageBM25{df: map[string]int{}}
	for _, p := range pages {
		title, fm, secs := search.Sections(p.Body)
		parts := []string{p.Title, title, p.Description, fm["description"]}
		for _, s := range secs {
			parts = append(parts, s.Heading, s.Text)
		}
		tf := map[string]int{}
		terms := answer.Words(strings.Join(parts, "\n"))
		for _, t := range terms {
			if tf[t] == 0 {
				b.df[t]++
			}
			tf[t]++
		}
		b.paths = append(b.paths, p.URL)
		b.scope = append(b.scope, search.Page{Version: p.Version, Language: p.Language})
		b.tf = append(b.tf, tf)
		b.lens = append(b.lens, float64(len(terms)))
		b.avg += float64(len(terms))
	}
	b.avg /= float64(max(1, len(pages)))
	return b
}

// rank returns the paths of the n best pages for q among those in f's version and language
// (as the index's filter: a page in none is in all).
func (b *pageBM25) rank(q string, n int, f search.Filter) []string {
	const k1, bb = 1.2, 0.75
	N := float64(len(b.paths))
	type scored struct {
		i int
		s float64
	}
	var hits []scored
	qterms := answer.Words(q)
	for i, tf := range b.tf {
		if !inScope(f.Version, b.scope[i].Version) || !inScope(f.Language, b.scope[i].Language) {
			continue
		}
		var s float64
		for _, t := range qterms {
			f := float64(tf[t])
			if f == 0 {
				continue
			}
			df := float64(b.df[t])
			idf := math.Log(1 + (N-df+0.5)/(df+0.5))
			s += idf * f * (k1 + 1) / (f + k1*(1-bb+bb*b.lens[i]/b.avg))
		}
		if s > 0 {
			hits = append(hits, scored{i, s})
		}
	}
	sort.SliceStable(hits, func(x, y int) bool { return hits[x].s > hits[y].s })
	out := make([]string, 0, n)
	for _, h := range hits[:min(n, len(hits))] {
		out = append(out, b.paths[h.i])
	}
	return out
}

func inScope(want, have string) bool {
	return want == "" || have == "" || strings.EqualFold(want, have)
}
