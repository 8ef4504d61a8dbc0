package search_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/lectern-dev/lectern/assistant/search"
)

// metrics are hit@1, hit@3 and mean reciprocal rank (over the first 10) on a question set.
type metrics struct {
	hit1, hit3, mrr float64
}

func (m metrics) String() string {
	return fmt.Sprintf("hit@1 %.3f  hit@3 %.3f  MRR %.3f", m.hit1, m.hit3, m.mrr)
}

// measure runs every question through rank, which returns page paths best first.
func measure(qs []question, rank func(q string) []string) metrics {
	var m metrics
	for _, q := range qs {
		i := slices.IndexFunc(rank(q.q), q.hit)
		if i == 0 {
			m.hit1++
		}
		if i >= 0 && i < 3 {
			m.hit3++
		}
		if i >= 0 {
			m.mrr += 1 / float64(i+1)
		}
	}
	n := float64(len(qs))
	return metrics{m.hit1 / n, m.hit3 / n, m.mrr / n}
}

func paths(ix *search.Index) func(string) []string {
	return func(q string) []string {
		var out []string
		for _, r := range ix.Search(search.Query{Text: q, Limit: 10}) {
			out = append(out, r.Path)
		}
		return out
	}
}

func TestQuestionsTop3(t *testing.T) {
	ix := search.Build(loadSite(t))
	if len(questions) < 25 {
		t.Fatalf("only %d questions", len(questions))
	}
	for _, q := range questions {
		if slices.Contains(vocabularyGaps, q.q) {
			continue
		}
		t.Run(q.q, func(t *testing.T) {
			res := ix.Search(search.Query{Text: q.q, Limit: 3})
			var got []string
			for _, r := range res {
				got = append(got, r.URL)
			}
			if !slices.ContainsFunc(res, func(r search.Result) bool { return q.hit(r.Path) }) {
				t.Errorf("%q: want %s in the top 3, got %v", q.q, q.want, got)
			}
		})
	}
}

// TestSectionBM25FBeatsPageBM25 compares the index with whole-page BM25 baselines on the same
// questions; run with -v to see the figures. It must beat them on the tuning set and on all
// questions, and at least match their MRR on the held-out set, whose keyword-rich questions are
// easy for every method (with the re-ranker, trained on other sites, its hit@1 there is one
// question of 30 behind page BM25: 0.867 against 0.900, MRR 0.933 against 0.914).
func TestSectionBM25FBeatsPageBM25(t *testing.T) {
	pages := loadSite(t)
	ix := search.Build(pages)
	plain, stemmed := newPageBM25(pages, plainTerms), newPageBM25(pages, search.Terms)
	for _, set := range []struct {
		name   string
		qs     []question
		strict bool // must beat the baselines, not only match them
	}{{"questions", questions, true}, {"holdout", holdout, false}, {"all", append(questions, holdout...), true}} {
		ours := measure(set.qs, paths(ix))
		t.Logf("%s (%d):", set.name, len(set.qs))
		t.Logf("  %-52s %v", "section BM25F (this package)", ours)
		for _, b := range []struct {
			name string
			m    metrics
		}{
			{"page BM25, plain words", measure(set.qs, rank(plain))},
			{"page BM25, stemmed, stop words", measure(set.qs, rank(stemmed))},
		} {
			t.Logf("  %-52s %v", b.name, b.m)
			if set.strict && (ours.hit1 <= b.m.hit1 || ours.mrr <= b.m.mrr) {
				t.Errorf("%s: section BM25F (%v) does not beat %s (%v)", set.name, ours, b.name, b.m)
			}
			if ours.mrr < b.m.mrr {
				t.Errorf("%s: section BM25F (%v) is worse than %s (%v)", set.name, ours, b.name, b.m)
			}
		}
		for _, off := range [][]string{{"synonyms"}, {"compounds"}, {"pages"}, {"fields"}, {"synonyms", "compounds", "pages", "fields"}, {"rerank"}, {"proximity", "phrase"}} {
			m := measure(set.qs, paths(search.BuildWithout(pages, off...)))
			t.Logf("  %-52s %v", fmt.Sprintf("section BM25F without %v", off), m)
		}
	}
}

func rank(b *pageBM25) func(string) []string {
	return func(q string) []string { return b.rank(q, 10) }
}
