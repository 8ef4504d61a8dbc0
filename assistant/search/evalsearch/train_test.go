package main

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// synthetic makes n questions of 10 candidates with two features: the answering candidate has
// the higher value of feature "signal" (index 1) when signal is true; feature 0 is noise.
func synthetic(n int, signal bool) []example {
	rng := rand.New(rand.NewPCG(7, 8))
	exs := make([]example, n)
	for q := range exs {
		ans := rng.IntN(10)
		for c := range 10 {
			x := []float64{rng.Float64(), rng.Float64() * 0.5}
			if signal && c == ans {
				x[1] += 0.6
			}
			exs[q].x = append(exs[q].x, x)
			exs[q].rel = append(exs[q].rel, c == ans)
		}
	}
	return exs
}

func TestFitLearnsTheSignal(t *testing.T) {
	tests := []struct {
		name      string
		signal    bool
		minMRR    float64 // cross-validated
		maxMRR    float64
		signalPos bool // the signal's weight must be positive and larger than the noise's
	}{
		{"a feature that decides", true, 0.99, 1, true},
		{"noise only", false, 0, 0.6, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			exs := synthetic(60, tt.signal)
			mrr := crossValidate(exs, 0.001, 2)
			if mrr < tt.minMRR || mrr > tt.maxMRR {
				t.Errorf("cross-validated MRR %.3f, want %.2f to %.2f", mrr, tt.minMRR, tt.maxMRR)
			}
			w := fit(exs, 0.001, 2)
			if tt.signalPos && (w[1] <= 0 || w[1] <= w[0]) {
				t.Errorf("weights %v: the signal (second) should weigh most", w)
			}
			if again := fit(exs, 0.001, 2); again[0] != w[0] || again[1] != w[1] {
				t.Errorf("fit is not reproducible: %v then %v", w, again)
			}
		})
	}
}

// TestFoldsBySite: with questions from several sites, each site is a fold of its own (leave
// one site out); from one site, the questions are dealt into trainFolds folds.
func TestFoldsBySite(t *testing.T) {
	sites := []string{"a", "b", "a", "c", "b", "a"}
	exs := make([]example, len(sites))
	for i, s := range sites {
		exs[i].site = s
	}
	fold, n := folds(exs)
	if n != 3 {
		t.Fatalf("%d folds for 3 sites", n)
	}
	for i := range exs {
		for j := range exs {
			if (fold[i] == fold[j]) != (sites[i] == sites[j]) {
				t.Errorf("examples %d (%s) and %d (%s): folds %d and %d", i, sites[i], j, sites[j], fold[i], fold[j])
			}
		}
	}
	one := make([]example, 12)
	fold, n = folds(one)
	if n != trainFolds || fold[0] == fold[1] || fold[0] != fold[trainFolds] {
		t.Errorf("one site: %d folds %v, want %d folds dealt in turn", n, fold, trainFolds)
	}
}

// TestAblation: leaving out the feature that decides costs the model its MRR; leaving out the
// noise costs nothing.
func TestAblation(t *testing.T) {
	exs := synthetic(60, true)
	for i := range exs {
		exs[i].site = []string{"a", "b", "c"}[i%3]
	}
	rows := ablation(exs, 0.001, []string{"noise", "signal"})
	if len(rows) != 3 || rows[0].label != "all" || rows[1].label != "-noise" || rows[2].label != "-signal" {
		t.Fatalf("rows %+v, want all, -noise, -signal", rows)
	}
	if rows[0].mrr < 0.99 || rows[1].mrr < 0.99 {
		t.Errorf("with the signal: MRR %.3f (all) and %.3f (without the noise), want ≥ 0.99", rows[0].mrr, rows[1].mrr)
	}
	if rows[2].mrr > 0.6 || rows[2].r1 >= rows[0].r1 {
		t.Errorf("without the signal: MRR %.3f R@1 %.3f, want ≤ 0.6 and below %.3f", rows[2].mrr, rows[2].r1, rows[0].r1)
	}
	if rows[0].r5 < rows[0].r1 {
		t.Errorf("R@5 %.3f below R@1 %.3f", rows[0].r5, rows[0].r1)
	}
}

func TestParseLambdas(t *testing.T) {
	tests := []struct {
		in      string
		want    []float64
		wantErr bool
	}{
		{"", trainLambdas, false},
		{"0.0001", []float64{0.0001}, false},
		{"0.01, 0", []float64{0.01, 0}, false},
		{"-1", nil, true},
		{"x", nil, true},
		{"1,,2", nil, true},
		{"inf", nil, true},
		{"NaN", nil, true},
	}
	for _, tt := range tests {
		got, err := parseLambdas(tt.in)
		if (err != nil) != tt.wantErr || !slices.Equal(got, tt.want) {
			t.Errorf("parseLambdas(%q) = %v, %v; want %v, error %v", tt.in, got, err, tt.want, tt.wantErr)
		}
	}
}
