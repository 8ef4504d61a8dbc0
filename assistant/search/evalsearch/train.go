package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strings"

	"github.com/lectern-dev/lectern/assistant/search"
)

// The re-ranker is a linear model fitted by pairwise logistic regression (RankNet with a
// linear scorer): for each tuning question, every answering candidate page should outscore
// every other candidate. Each question weighs the same, whatever its number of pairs; an L2
// penalty keeps the weights small. Full-batch gradient descent from zero with fixed steps, so
// a run is reproducible. The penalty is chosen by 5-fold cross-validation on the tuning half
// (MRR of the held-in folds' model on the held-out fold); the held-out half is never read.
const (
	trainSteps = 3000
	trainRate  = 0.5
	trainFolds = 5
)

// trainLambdas are the L2 penalties cross-validation picks from.
var trainLambdas = []float64{0.1, 0.01, 0.003, 0.001, 0.0003, 0.0001}

// example is one tuning question's candidates: their features and which answer it.
type example struct {
	x   [][]float64
	rel []bool
}

// train fits the model on the tuning half and writes it to out.
func train(w io.Writer, dir, out string) error {
	exs, err := trainingSet(dir)
	if err != nil {
		return err
	}
	names := search.FeatureNames()
	best, bestMRR := 0.0, -1.0
	for _, l := range trainLambdas {
		mrr := crossValidate(exs, l, len(names))
		fmt.Fprintf(w, "lambda %-6g cross-validated MRR on the tuning half %.3f\n", l, mrr)
		if mrr > bestMRR+1e-9 {
			best, bestMRR = l, mrr
		}
	}
	wts := fit(exs, best, len(names))
	printWeights(w, names, wts)
	m := map[string]float64{}
	for k, n := range names {
		m[n] = math.Round(wts[k]*1e4) / 1e4
	}
	model := struct {
		Trained string             `json:"trained"`
		Weights map[string]float64 `json:"weights"`
	}{
		Trained: fmt.Sprintf("make train-rerank: pairwise logistic regression on the %d tuning questions with an answering page among the candidates, L2 %g (5-fold CV MRR %.3f), %d steps", len(exs), best, bestMRR, trainSteps),
		Weights: m,
	}
	data, err := json.MarshalIndent(model, "", "  ")
	if err != nil {
		return fmt.Errorf("encode model: %w", err)
	}
	if err := os.WriteFile(out, append(data, '\n'), 0o600); err != nil {
		return fmt.Errorf("write model: %w", err)
	}
	fmt.Fprintf(w, "wrote %s: %s\n", out, model.Trained)
	return nil
}

// trainingSet reads the tuning questions' candidates, with the features the index computes.
func trainingSet(dir string) ([]example, error) {
	qs, err := loadQuestions(dir + "/questions.json")
	if err != nil {
		return nil, err
	}
	sites := map[string]*site{}
	var exs []example
	for _, q := range qs {
		if q.Split != splitTune {
			continue
		}
		s := sites[q.Site]
		if s == nil {
			if s, err = loadSite(dir + "/" + q.Site); err != nil {
				return nil, err
			}
			sites[q.Site] = s
		}
		if q.Pages, err = s.answers(q); err != nil {
			return nil, err
		}
		f, err := s.filter(q)
		if err != nil {
			return nil, err
		}
		var ex example
		for _, c := range s.index.Candidates(search.Query{Text: q.Text, Filter: f}) {
			ex.x = append(ex.x, c.Features)
			ex.rel = append(ex.rel, slices.Contains(q.Pages, c.Path))
		}
		if slices.Contains(ex.rel, true) && slices.Contains(ex.rel, false) {
			exs = append(exs, ex)
		}
	}
	return exs, nil
}

// crossValidate returns the mean MRR over folds of models fitted on the other folds.
func crossValidate(exs []example, lambda float64, nf int) float64 {
	var sum float64
	for f := range trainFolds {
		var in, out []example
		for i, ex := range exs {
			if i%trainFolds == f {
				out = append(out, ex)
			} else {
				in = append(in, ex)
			}
		}
		w := fit(in, lambda, nf)
		for _, ex := range out {
			sum += reciprocalRank(ex, w)
		}
	}
	return sum / float64(len(exs))
}

// fit runs gradient descent on the pairwise logistic loss plus lambda/2·|w|².
func fit(exs []example, lambda float64, nf int) []float64 {
	w := make([]float64, nf)
	grad := make([]float64, nf)
	for range trainSteps {
		clear(grad)
		for _, ex := range exs {
			addGradient(grad, ex, w)
		}
		for k := range w {
			w[k] -= trainRate * (grad[k]/float64(len(exs)) + lambda*w[k])
		}
	}
	return w
}

// addGradient adds one question's mean pairwise loss gradient.
func addGradient(grad []float64, ex example, w []float64) {
	var pairs int
	g := make([]float64, len(w))
	for i, ri := range ex.rel {
		if !ri {
			continue
		}
		for j, rj := range ex.rel {
			if rj {
				continue
			}
			d := dot(w, ex.x[i]) - dot(w, ex.x[j])
			s := -1 / (1 + math.Exp(d)) // d/dd log(1 + e^-d)
			for k := range g {
				g[k] += s * (ex.x[i][k] - ex.x[j][k])
			}
			pairs++
		}
	}
	for k := range g {
		grad[k] += g[k] / float64(pairs)
	}
}

// reciprocalRank is 1/rank of the first answering candidate when scored by w (ties keep the
// first stage's order), 0 past the tenth.
func reciprocalRank(ex example, w []float64) float64 {
	idx := make([]int, len(ex.x))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		sa, sb := dot(w, ex.x[a]), dot(w, ex.x[b])
		switch {
		case sa > sb:
			return -1
		case sa < sb:
			return 1
		}
		return 0
	})
	for r, i := range idx[:min(10, len(idx))] {
		if ex.rel[i] {
			return 1 / float64(r+1)
		}
	}
	return 0
}

func dot(a, b []float64) float64 {
	var s float64
	for i := range a {
		s += a[i] * b[i]
	}
	return s
}

// printWeights lists a model's weights, for the command's output.
func printWeights(w io.Writer, names []string, wts []float64) {
	parts := make([]string, len(names))
	for k, n := range names {
		parts[k] = fmt.Sprintf("%s %.3f", n, wts[k])
	}
	fmt.Fprintln(w, strings.Join(parts, ", "))
}
