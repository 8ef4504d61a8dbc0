package search

import (
	"encoding/json"
	"strings"

	"github.com/lectern-dev/lectern/platform/lang"
)

// Terms exposes the analyzer to the tests' baselines.
func Terms(s string) []string {
	var a analyzer
	var out []string
	a.terms(s, func(t []byte) { out = append(out, string(t)) })
	return out
}

// PartTerms is Terms with each part of a multi-part identifier marked by a trailing '~'.
func PartTerms(s string) []string {
	var a analyzer
	var out []string
	a.partTerms(s, func(t []byte, part bool) {
		if part {
			out = append(out, string(t)+"~")
			return
		}
		out = append(out, string(t))
	})
	return out
}

// TermsIn is Terms for text in a docs.json language.
func TermsIn(code, s string) []string {
	a := analyzer{lang: lang.Of(code)}
	var out []string
	a.terms(s, func(t []byte) { out = append(out, string(t)) })
	return out
}

// QueryTerms returns the terms a query's last message searches for, as the index spells them.
func QueryTerms(ix *Index, q Query) []string {
	sc := ix.getScratch()
	defer ix.putScratch(sc)
	ix.queryTerms(&q, sc)
	names := make(map[uint32]string, len(ix.terms))
	for t, id := range ix.terms {
		names[id] = t
	}
	var out []string
	for _, t := range sc.q[:sc.mainN] {
		out = append(out, names[t.id])
	}
	return out
}

// BuildWithout builds an index with parts of the ranking turned off, to measure what each brings:
// "synonyms", "compounds", "pages" (no whole-page score blended in), "anchors" (no link text), "author" (no
// frontmatter keywords, sidebarTitle, og:title), "languages" (every page and query analyzed as
// English), "langstats" (idf and lengths over all languages at once), "fields" (all fields
// weigh 1 with the body's length normalization), "rerank" (no second stage), "sections" (a
// result shows its page's best section by the first stage's score, page fields included), or the name of a
// re-ranker feature (its weight set to 0).
func BuildWithout(pages []Page, parts ...string) *Index {
	o := defaultOptions
	for _, p := range parts {
		switch p {
		case "synonyms":
			o.synonyms = false
		case "compounds":
			o.compounds = false
		case "fields":
			for f := range nFields {
				o.weight[f], o.b[f] = 1, 0.75
			}
		case "anchors":
			o.anchors = false
		case "author":
			o.author = false
		case "acronyms":
			o.acronyms = false
		case "languages":
			o.languages = false
		case "langstats":
			o.langStats = false
		case "kana":
			o.kanaStops = false
		case "cjkstops":
			o.cjkStops = false
		case "pages":
			o.pageBlend = 0
		case "rerank":
			o.rerank = false
		case "sections":
			o.ownSections = false
		default:
			if k := featureIndex(p); k >= 0 {
				o.rankWeights[k] = 0 // the re-ranker without one feature
				continue
			}
			panic("BuildWithout: unknown part " + p)
		}
	}
	return buildWith(pages, o)
}

// Stem exposes the Porter stemmer.
func Stem(w string) string { return string(stem([]byte(w))) }

// Snippet exposes the snippet trimmer.
func Snippet(text string, n int) string { return snippet(text, n) }

// ModelFeatures reads rerank.json strictly and returns the features it weighs.
func ModelFeatures() (map[string]bool, error) {
	if _, err := parseWeights(rerankJSON, true); err != nil {
		return nil, err
	}
	var m rerankModel
	if err := json.Unmarshal(rerankJSON, &m); err != nil {
		return nil, err
	}
	out := map[string]bool{}
	for n := range m.Weights {
		out[n] = true
	}
	return out, nil
}

// SectionPath returns the page path of section s.
func SectionPath(ix *Index, s int) string { return ix.pages[ix.secs[s].page].path }

// AcronymDefs exposes the acronym miner: each definition as "ACR=word word".
func AcronymDefs(text string) []string {
	var out []string
	for _, d := range acronymDefs(text) {
		out = append(out, d.acronym+"="+strings.Join(d.words, " "))
	}
	return out
}

// LastWords exposes lastWords to its fuzz test.
func LastWords(s string, n int) []string { return lastWords(s, n) }

// WrittenIn is the language the page at path is told written in (written.go): "" for English
// or a page with a language of its own, "?" for no such page.
func WrittenIn(ix *Index, path string) string {
	for i := range ix.pages {
		if ix.pages[i].path == path {
			return ix.pages[i].written
		}
	}
	return "?"
}

// WrittenAll returns the language each page of ix is told written in (written.go), by path.
func WrittenAll(ix *Index) map[string]string {
	m := make(map[string]string, len(ix.pages))
	for i := range ix.pages {
		m[ix.pages[i].path] = ix.pages[i].written
	}
	return m
}
