package search

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"math"
	"strings"
)

// rerankJSON is the re-ranker's model: its weights by feature name and how it was trained.
//
//go:embed rerank.json
var rerankJSON []byte

// rerankModel is the form of rerank.json.
type rerankModel struct {
	Trained string             `json:"trained"`
	Weights map[string]float64 `json:"weights"`
}

// trainedWeights are rerank.json's weights; a feature it does not name weighs 0, and a name
// that is no feature's is left out, so that a model made stale by a change of the features
// does not stop `make train-rerank` from replacing it (TestRerankModel fails on one).
var trainedWeights = func() features {
	w, err := parseWeights(rerankJSON, false)
	if err != nil {
		panic(err) // rerank.json is part of the source; TestRerankModel reads it
	}
	return w
}()

// parseWeights reads a model; when strict, every name must be a feature's.
func parseWeights(data []byte, strict bool) (features, error) {
	var m rerankModel
	var w features
	if err := json.Unmarshal(data, &m); err != nil {
		return w, fmt.Errorf("rerank.json: %w", err)
	}
	for name, v := range m.Weights {
		k := featureIndex(name)
		if k < 0 && !strict {
			continue
		}
		if k < 0 || math.IsNaN(v) || math.IsInf(v, 0) {
			return w, fmt.Errorf("rerank.json: weight %q: must be a finite weight of one of %s", name, strings.Join(featureNames[:], ", "))
		}
		w[k] = float32(v)
	}
	return w, nil
}

func featureIndex(name string) int {
	for k, n := range featureNames {
		if n == name {
			return k
		}
	}
	return -1
}

// FeatureNames returns the names of the re-ranker's features, in order.
func FeatureNames() []string { return append([]string(nil), featureNames[:]...) }

// Candidate is a page the first stage found, with the re-ranker's features.
type Candidate struct {
	Path     string
	Features []float64 // in the order of FeatureNames
}

// Candidates returns the pages the second stage re-ranks for q, in the first stage's order,
// with their features: what `make train-rerank` fits the model on.
func (ix *Index) Candidates(q Query) []Candidate {
	if ix == nil || len(ix.secs) == 0 {
		return nil
	}
	sc := ix.getScratch()
	defer ix.putScratch(sc)
	if len(ix.queryTerms(&q, sc)) == 0 {
		return nil
	}
	ix.accumulate(sc, sc.q)
	ix.bestPerPage(sc, &q.Filter)
	ix.oneVariant(sc)
	hits := ix.top(sc, maxCandidates, true)
	if len(hits) == 0 {
		return nil
	}
	ix.weighQuery(sc)
	ix.candidates(sc, hits)
	out := make([]Candidate, len(sc.cands))
	for i, c := range sc.cands {
		f := make([]float64, nFeatures)
		for k, v := range c.f {
			f[k] = float64(v)
		}
		out[i] = Candidate{Path: ix.pages[ix.secPage[c.sec]].path, Features: f}
	}
	return out
}
