package main

import (
	"math"
	"testing"
)

func TestMetrics(t *testing.T) {
	tests := []struct {
		name        string
		ranked      [][]string
		r1, r5, mrr float64
	}{
		{"first", [][]string{{"/a", "/x"}}, 1, 1, 1},
		{"third", [][]string{{"/x", "/y", "/b"}}, 0, 1, 1.0 / 3},
		{"sixth counts in MRR only", [][]string{{"1", "2", "3", "4", "5", "/a"}}, 0, 0, 1.0 / 6},
		{"missing", [][]string{{"/x"}}, 0, 0, 0},
		{"no result", [][]string{{}}, 0, 0, 0},
		{"mean of two", [][]string{{"/a"}, {"/x", "/a"}}, 0.5, 1, 0.75},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var m metrics
			for _, r := range tt.ranked {
				m.add(question{Text: "q", Pages: []string{"/a", "/b"}}, r)
			}
			r1, r5, mrr := m.values()
			if math.Abs(r1-tt.r1) > 1e-9 || math.Abs(r5-tt.r5) > 1e-9 || math.Abs(mrr-tt.mrr) > 1e-9 {
				t.Errorf("got %.3f %.3f %.3f, want %.3f %.3f %.3f", r1, r5, mrr, tt.r1, tt.r5, tt.mrr)
			}
		})
	}
}

type nopWriter int

func (w *nopWriter) Write(p []byte) (int, error) { *w += nopWriter(len(p)); return len(p), nil }
