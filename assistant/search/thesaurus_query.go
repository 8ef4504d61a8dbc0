package search

import (
	"bytes"
	"fmt"
	"math"
)

// BuildWithThesaurus is Build with the question's words the site lacks expanded by table as
// spec says (parseThesaurus: "rel=sd,w=0.3,df=0,word=3,query=8"; "" or "off": as Build).
// Off by default: evalsearch -thesaurus measures it.
func BuildWithThesaurus(pages []Page, table *Thesaurus, spec string) (*Index, error) {
	return BuildExperiment(pages, Experiment{Thesaurus: table, ThesaurusSpec: spec})
}

// Experiment is what evalsearch can change of the index that Build does not: ranking options
// measured and not kept.
type Experiment struct {
	Thesaurus     *Thesaurus // WordNet's table, which ThesaurusSpec reads
	ThesaurusSpec string     // BuildWithThesaurus's spec; "" or "off": no thesaurus
	// PartWeight is what one part of a multi-part identifier ("login" of "OneLogin") counts in
	// a term frequency, a word written as a word counting 1: 0 < w ≤ 1, in quarters; 0: 1
	PartWeight float64
}

// BuildExperiment is Build with the options e changes.
func BuildExperiment(pages []Page, e Experiment) (*Index, error) {
	th, err := parseThesaurus(e.ThesaurusSpec)
	if err != nil {
		return nil, err
	}
	if th.relations != "" && e.Thesaurus == nil {
		return nil, fmt.Errorf("thesaurus %q: no table", e.ThesaurusSpec)
	}
	if e.PartWeight < 0 || e.PartWeight > 1 {
		return nil, fmt.Errorf("part weight %g: not in (0, 1]", e.PartWeight)
	}
	th.table = e.Thesaurus
	o := defaultOptions
	o.thesaurus = th
	if e.PartWeight > 0 {
		o.partWeight = float32(e.PartWeight)
	}
	return buildWith(pages, o), nil
}

// expandRare adds, for a word of the last message in English that the question's language's
// sections hold at most maxDF times (none: the index lacks it, or only other languages have
// it), the words the thesaurus relates to it that those sections do hold, at the thesaurus'
// weight, as synonyms of the word (of: its term id + 1, 0 when the index lacks it), at most
// perWord a word and perQuery a question.
func (ix *Index) expandRare(sc *scratch, word []byte, id uint32, ok bool) {
	o := &ix.o.thesaurus
	if o.relations == "" || !sc.main || !sc.an.english() || sc.thes >= o.perQuery || !isASCIILetters(word) {
		return
	}
	of := uint32(0)
	if ok {
		if ix.df(sc.group, id) > o.maxDF {
			return
		}
		of = id + 1
	}
	t := o.table
	n := 0
	for _, rel := range []byte(o.relations) {
		for _, form := range baseForms(word) {
			for _, w := range bytes.Split(t.entry(form, rel), []byte{','}) {
				if n >= o.perWord || sc.thes >= o.perQuery {
					return
				}
				held, added := ix.addRelated(sc, w, of)
				if held {
					n++ // a word's first perWord related terms the site holds, whether new or not
				}
				if added {
					sc.thes++
					if sc.related != nil {
						*sc.related = append(*sc.related, string(word)+"→"+string(w))
					}
				}
			}
		}
	}
}

// addRelated adds a related word's term at the thesaurus' weight if the question's language's
// sections hold it (held); added reports that the term is new to the question's part.
func (ix *Index) addRelated(sc *scratch, w []byte, of uint32) (held, added bool) {
	term := sc.an.normalize(w)
	if term == nil {
		return false, false
	}
	id, ok := ix.terms[string(term)]
	if !ok || ix.df(sc.group, id) == 0 {
		return false, false
	}
	return true, sc.addPartTerm(id, ix.o.thesaurus.weight, of)
}

// df returns the number of sections of statistics group g that hold term id, from its idf
// (idf = ln((N + 1)/(df + 0.5))).
func (ix *Index) df(g int, id uint32) int {
	if g >= len(ix.idf) || int(id) >= len(ix.idf[g]) {
		return 0
	}
	n := float64(ix.groupDocs[g])
	return int(math.Round((n+1)/math.Exp(float64(ix.idf[g][id])) - 0.5))
}

// ThesaurusTerms returns what the thesaurus adds to q's last message, "word→related word" for
// each term it adds, in order: for evalsearch to show what it did.
func (ix *Index) ThesaurusTerms(q Query) []string {
	sc := ix.getScratch()
	defer ix.putScratch(sc)
	var out []string
	sc.related = &out
	ix.queryTerms(&q, sc)
	sc.related = nil
	return out
}
