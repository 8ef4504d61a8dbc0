package main

import (
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/lectern-dev/lectern/assistant/search"
	"github.com/lectern-dev/lectern/assistant/search/evalsearch/evalset"
)

// The re-ranker is a linear model fitted by pairwise logistic regression (RankNet with a
// linear scorer): for each training question, every answering candidate page should outscore
// every other candidate. The training questions are questions.json's tuning half and train.json
// (questions on training-only sites, which no evaluation figure counts). Each question weighs
// the same, whatever its number of pairs; an L2 penalty keeps the weights small. Full-batch
// gradient descent from zero with fixed steps, so a run is reproducible. The penalty is chosen
// by leave-one-site-out cross-validation over every training site: each site's questions are
// ranked by the model fitted on the other sites' questions, as a new site's would be (the
// held-out half shares its sites with the tuning half, so folds of questions would measure a
// model that has seen the site). The held-out half is never read. The run prints the
// cross-validated figures per site: what to expect of the re-ranker on a site it was not
// fitted on.
const (
	trainSteps = 3000
	trainRate  = 0.5
	trainFolds = 5 // folds of questions when they come from one site only
)

// trainLambdas are the L2 penalties cross-validation picks from.
var trainLambdas = []float64{0.1, 0.01, 0.003, 0.001, 0.0003, 0.0001, 0.00003, 0}

// parseLambdas reads -lambdas: L2 penalties, comma-separated; trainLambdas when empty.
func parseLambdas(s string) ([]float64, error) {
	if s == "" {
		return trainLambdas, nil
	}
	var out []float64
	for _, f := range strings.Split(s, ",") {
		l, err := strconv.ParseFloat(strings.TrimSpace(f), 64)
		if err != nil || !(l >= 0) || math.IsInf(l, 0) {
			return nil, fmt.Errorf("-lambdas: %q is not a penalty (a number ≥ 0)", f)
		}
		out = append(out, l)
	}
	return out, nil
}

// formatLambdas lists penalties as -lambdas reads them.
func formatLambdas(ls []float64) string {
	parts := make([]string, len(ls))
	for i, l := range ls {
		parts[i] = strconv.FormatFloat(l, 'g', -1, 64)
	}
	return strings.Join(parts, ",")
}

// example is one training question's candidates: their features and which answer it.
type example struct {
	site      string
	trainOnly bool // a question of train.json, on a training-only site (else questions.json's tuning half)
	x         [][]float64
	rel       []bool
}

// train fits the model on the tuning half and the training-only questions of trainFile, and
// writes it to out. With ablate, it writes nothing and prints instead what each feature brings
// (see ablation).
func train(w io.Writer, dir, trainFile, out string, lambdas []float64, ablate bool) error {
	exs, nTune, nTrain, err := trainingSet(dir, trainFile)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "training on %d questions with an answering candidate: %d of questions.json's tuning half, %d of %s (training-only sites)\n", len(exs), nTune, nTrain, cmp.Or(trainFile, "no training file"))
	names := search.FeatureNames()
	if ablate {
		printAblation(w, ablation(exs, lambdas[0], names))
		return nil
	}
	best, bestMRR := 0.0, -1.0
	for _, l := range lambdas {
		mrr := crossValidate(exs, l, len(names))
		fmt.Fprintf(w, "lambda %-6g leave-one-site-out MRR %.3f\n", l, mrr)
		if mrr > bestMRR+1e-9 {
			best, bestMRR = l, mrr
		}
	}
	printHeldOutSites(w, exs, best, len(names))
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
		Trained: trainedNote(nTune, nTrain, best, bestMRR),
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

// trainingSet reads the candidates, with the features the index computes, of the tuning
// questions of questions.json and of every question of trainFile (train.json, on training-only
// sites; "" for none), with the number of each that have an answering candidate.
func trainingSet(dir, trainFile string) (exs []example, nTune, nTrain int, err error) {
	qs, err := loadQuestions(filepath.Join(dir, "questions.json"))
	if err != nil {
		return nil, 0, 0, err
	}
	var evalSites []string
	var tune []question
	for _, q := range qs {
		if !slices.Contains(evalSites, q.Site) {
			evalSites = append(evalSites, q.Site)
		}
		if q.Split == splitTune {
			tune = append(tune, q)
		}
	}
	var extra []question
	if trainFile != "" {
		if extra, err = evalset.LoadTraining(filepath.Join(dir, trainFile), evalSites); err != nil {
			return nil, 0, 0, err
		}
	}
	sites := map[string]*site{}
	for i, q := range append(tune, extra...) {
		s := sites[q.Site]
		if s == nil {
			if s, err = loadSite(filepath.Join(dir, q.Site)); err != nil {
				return nil, 0, 0, err
			}
			sites[q.Site] = s
		}
		if q.Pages, err = s.answers(q); err != nil {
			return nil, 0, 0, err
		}
		f, err := s.filter(q)
		if err != nil {
			return nil, 0, 0, err
		}
		ex := example{site: q.Site, trainOnly: i >= len(tune)}
		for _, c := range s.index.Candidates(search.Query{Text: q.Text, Filter: f}) {
			ex.x = append(ex.x, c.Features)
			ex.rel = append(ex.rel, slices.Contains(q.Pages, c.Path))
		}
		if slices.Contains(ex.rel, true) && slices.Contains(ex.rel, false) {
			exs = append(exs, ex)
			if ex.trainOnly {
				nTrain++
			} else {
				nTune++
			}
		}
	}
	return exs, nTune, nTrain, nil
}

// trainedNote says in rerank.json what the model was fitted on.
func trainedNote(nTune, nTrain int, lambda, mrr float64) string {
	on := fmt.Sprintf("the %d tuning questions", nTune)
	if nTrain > 0 {
		on = fmt.Sprintf("%d tuning questions and %d questions of the training-only sites (train.json)", nTune, nTrain)
	}
	return fmt.Sprintf("make train-rerank: pairwise logistic regression on %s with an answering page among the candidates, L2 %g (leave-one-site-out MRR %.3f), %d steps", on, lambda, mrr, trainSteps)
}

// folds gives each example its cross-validation fold: its site's when there are several
// sites, else one of trainFolds.
func folds(exs []example) (fold []int, n int) {
	ids := map[string]int{}
	fold = make([]int, len(exs))
	for i, ex := range exs {
		id, ok := ids[ex.site]
		if !ok {
			id = len(ids)
			ids[ex.site] = id
		}
		fold[i] = id
	}
	if len(ids) > 1 {
		return fold, len(ids)
	}
	for i := range fold {
		fold[i] = i % trainFolds
	}
	return fold, trainFolds
}

// heldOutModels returns, for each example, the weights of the model fitted on the other folds.
func heldOutModels(exs []example, lambda float64, nf int) [][]float64 {
	fold, n := folds(exs)
	models := make([][]float64, len(exs))
	for f := range n {
		var in []example
		for i, ex := range exs {
			if fold[i] != f {
				in = append(in, ex)
			}
		}
		w := fit(in, lambda, nf)
		for i := range exs {
			if fold[i] == f {
				models[i] = w
			}
		}
	}
	return models
}

// crossValidate returns the mean MRR of each example under the model fitted without its fold.
func crossValidate(exs []example, lambda float64, nf int) float64 {
	var sum float64
	for i, w := range heldOutModels(exs, lambda, nf) {
		sum += reciprocalRank(exs[i], w)
	}
	return sum / float64(len(exs))
}

// printHeldOutSites prints, per site, the share of questions whose answering page the model
// fitted without that site ranks first and in the first five among the first stage's
// candidates, beside the first stage's own order; then the evaluation's sites (questions.json's
// tuning half) and the training-only sites together, and all.
func printHeldOutSites(w io.Writer, exs []example, lambda float64, nf int) {
	type tally struct {
		n, r1, r5, s1, s5 int
		mrr, smrr         float64
	}
	const (
		evalSites  = "eval sites"
		trainSites = "train-only"
		all        = "all"
	)
	by := map[string]*tally{}
	models := heldOutModels(exs, lambda, nf)
	for i, ex := range exs {
		group := evalSites
		if ex.trainOnly {
			group = trainSites
		}
		for _, k := range []string{ex.site, group, all} {
			t := by[k]
			if t == nil {
				t = &tally{}
				by[k] = t
			}
			t.n++
			r := 1 / reciprocalRank(ex, models[i])
			s := float64(slices.Index(ex.rel, true) + 1)
			t.r1 += b2i(r == 1)
			t.r5 += b2i(r <= 5)
			t.s1 += b2i(s == 1)
			t.s5 += b2i(s <= 5)
			t.mrr += reciprocalRank(ex, models[i])
			if s <= 10 {
				t.smrr += 1 / s
			}
		}
	}
	names := make([]string, 0, len(by))
	for k := range by {
		if k != all && k != evalSites && k != trainSites {
			names = append(names, k)
		}
	}
	slices.Sort(names)
	rows := append(names, evalSites)
	if by[trainSites] != nil {
		rows = append(rows, trainSites)
	}
	fmt.Fprintf(w, "leave-one-site-out, L2 %g: each site re-ranked by the model fitted on the others (training questions with an answering candidate; eval sites = questions.json's tuning half, train-only = train.json)\n", lambda)
	fmt.Fprintf(w, "%-10s %4s | %-23s | %-23s\n", "site", "n", "re-ranked R@1 R@5  MRR", "stage-1 R@1 R@5  MRR")
	for _, k := range append(rows, all) {
		t := by[k]
		n := float64(t.n)
		fmt.Fprintf(w, "%-10s %4d |   %5.3f %5.3f %5.3f |   %5.3f %5.3f %5.3f\n", k, t.n, float64(t.r1)/n, float64(t.r5)/n, t.mrr/n, float64(t.s1)/n, float64(t.s5)/n, t.smrr/n)
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
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
	scores := make([]float64, len(ex.x))
	for i, x := range ex.x {
		scores[i] = dot(w, x)
	}
	for i, ri := range ex.rel {
		if !ri {
			continue
		}
		for j, rj := range ex.rel {
			if rj {
				continue
			}
			s := -1 / (1 + math.Exp(scores[i]-scores[j])) // d/dd log(1 + e^-d)
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

// looFigures are leave-one-site-out figures of the re-ranker over the tuning questions.
type looFigures struct {
	label       string
	r1, r5, mrr float64
}

// ablation returns the leave-one-site-out figures of the model with every feature ("all"),
// then with each feature left out in turn ("-name"), at penalty lambda: a feature whose
// absence costs nothing is one the model could do without.
func ablation(exs []example, lambda float64, names []string) []looFigures {
	out := []looFigures{looScore("all", exs, lambda, len(names))}
	for k, name := range names {
		cp := make([]example, len(exs))
		for i, ex := range exs {
			cp[i] = ex
			cp[i].x = make([][]float64, len(ex.x))
			for j, x := range ex.x {
				cp[i].x[j] = slices.Clone(x)
				cp[i].x[j][k] = 0
			}
		}
		out = append(out, looScore("-"+name, cp, lambda, len(names)))
	}
	return out
}

// looScore ranks each example by the model fitted without its fold.
func looScore(label string, exs []example, lambda float64, nf int) looFigures {
	f := looFigures{label: label}
	for i, m := range heldOutModels(exs, lambda, nf) {
		rr := reciprocalRank(exs[i], m)
		f.mrr += rr
		f.r1 += float64(b2i(rr == 1))
		f.r5 += float64(b2i(rr >= 0.2))
	}
	n := float64(len(exs))
	f.r1, f.r5, f.mrr = f.r1/n, f.r5/n, f.mrr/n
	return f
}

func printAblation(w io.Writer, rows []looFigures) {
	fmt.Fprintln(w, "leave-one-site-out on the training questions, each feature left out in turn")
	for _, r := range rows {
		fmt.Fprintf(w, "%-14s R@1 %.3f R@5 %.3f MRR %.3f\n", r.label, r.r1, r.r5, r.mrr)
	}
}
