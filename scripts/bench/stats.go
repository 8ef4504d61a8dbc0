package main

import (
	"fmt"
	"math"
	"slices"

	"golang.org/x/perf/benchmath"
)

// confidence is the level of the intervals the table prints, as benchstat's default.
const confidence = 0.95

// noisySpread is the spread (max−min over the median) of a baseline's runs above which its
// figure is marked NOISY: a ratio over a baseline that moves more than this cannot tell a
// change from the machine.
const noisySpread = 0.25

// stat summarizes the runs of one side as benchstat does (golang.org/x/perf/benchmath,
// AssumeNothing): the median with a distribution-free confidence interval from order
// statistics, which is finite from 6 runs on at 95%; and the range, which the NOISY check uses.
type stat struct {
	n              int
	median, lo, hi float64 // lo and hi bound the median's confidence interval (±Inf with too few runs)
	min, max       float64
}

func summarize(values []float64) stat {
	if len(values) == 0 {
		return stat{}
	}
	vs := slices.Clone(values)
	s := benchmath.NewSample(vs, &benchmath.DefaultThresholds) // sorts vs
	sum := benchmath.AssumeNothing.Summary(s, confidence)
	return stat{n: len(vs), median: sum.Center, lo: sum.Lo, hi: sum.Hi, min: vs[0], max: vs[len(vs)-1]}
}

// spread is the range of the runs as a share of their median.
func (s stat) spread() float64 {
	if s.n < 2 || s.median == 0 {
		return 0
	}
	return (s.max - s.min) / math.Abs(s.median)
}

// ci is the confidence interval's half-width as a share of the median (benchstat's "± x%"),
// or false when there are too few runs for a finite one.
func (s stat) ci() (float64, bool) {
	if s.n < 2 || math.IsInf(s.lo, 0) || math.IsInf(s.hi, 0) || s.median == 0 {
		return 0, false
	}
	return math.Max(s.median-s.lo, s.hi-s.median) / math.Abs(s.median), true
}

// cell prints the median, then the range of the runs and, when finite, the confidence interval.
func (s stat) cell(u unit) string {
	if s.n <= 1 {
		return u.format(s.median)
	}
	out := fmt.Sprintf("%s [%s–%s]", u.format(s.median), u.format(s.min), u.format(s.max))
	if h, ok := s.ci(); ok {
		out += fmt.Sprintf(" ±%.0f%%", 100*h)
	}
	return out
}

// differs is benchstat's comparison of two sides' runs: the Mann-Whitney U test, "p=… n=…",
// and whether the difference is significant at its alpha (0.05).
func differs(a, b []float64) (string, bool) {
	if len(a) < 2 || len(b) < 2 {
		return "", false
	}
	sa := benchmath.NewSample(slices.Clone(a), &benchmath.DefaultThresholds)
	sb := benchmath.NewSample(slices.Clone(b), &benchmath.DefaultThresholds)
	c := benchmath.AssumeNothing.Compare(sa, sb)
	return c.String(), c.P <= c.Alpha
}
