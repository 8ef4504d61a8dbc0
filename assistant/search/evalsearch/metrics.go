package main

import "slices"

// metrics are recall@1, recall@5 and the mean reciprocal rank (over the first 10 results) of
// a set of questions; a question counts as found when any of its answering pages is.
type metrics struct {
	n, none     int // questions, and those that got no result at all
	r1, r5, mrr float64
}

// add records the ranked page paths returned for one question.
func (m *metrics) add(q question, ranked []string) {
	m.n++
	if len(ranked) == 0 {
		m.none++
	}
	rank := 0
	for i, p := range ranked[:min(len(ranked), 10)] {
		if slices.Contains(q.Pages, p) {
			rank = i + 1
			break
		}
	}
	switch {
	case rank == 1:
		m.r1++
		fallthrough
	case rank >= 1 && rank <= 5:
		m.r5++
	}
	if rank > 0 {
		m.mrr += 1 / float64(rank)
	}
}

func (m *metrics) values() (r1, r5, mrr float64) {
	if m.n == 0 {
		return 0, 0, 0
	}
	n := float64(m.n)
	return m.r1 / n, m.r5 / n, m.mrr / n
}
