package main

import (
	"fmt"
	"io"
	"path/filepath"
	"slices"

	"github.com/lectern-dev/lectern/assistant/answer"
	"github.com/lectern-dev/lectern/assistant/request"
	"github.com/lectern-dev/lectern/assistant/search/evalsearch/evalset"
)

// The grid -declinegrid tries: the extractive answer's need is MatchShare up to LongQuestion
// words, then MatchShare·(LongQuestion/n)^Falloff.
var (
	gridShares  = []float64{0.45, 0.5, 0.55, 0.6, 0.65}
	gridLengths = []int{3, 4, 5, 6, 7, 8, 10}
	gridFalloff = []float64{0.5, 0.75, 1}
)

// declineCase is one tuning question with the sources the assistant would answer it from; an
// unanswerable one has no pages.
type declineCase struct {
	q        question
	language string
	sources  []answer.Source
}

// declineScore counts, for one rule, the answerable tuning questions whose answer cites a right
// page, those citing a wrong one, and the unanswerable ones answered anyway, by half.
type declineScore struct {
	right, wrong, answered map[string]int
}

func (s declineScore) total(m map[string]int) int { return m[splitTune] + m[splitTrain] }

// declineGrid chooses the decline rule on tuning material only: questions.json's tuning half,
// train.json, unanswerable.json's tuning half and train_unanswerable.json (never the held-out
// half nor a blind site). It prints, for every rule of the grid, the right pages cited (of the
// answerable questions), in brackets the wrong ones, then the unanswerable questions answered,
// and the rule that cites the most right pages without answering more unanswerable questions
// than answer.DefaultRule, ties broken by fewer unanswerable answered, then fewer wrong pages.
func declineGrid(w io.Writer, dir string) error {
	cases, err := declineCases(dir)
	if err != nil {
		return err
	}
	n := map[string]int{}
	for _, c := range cases {
		kind := "answerable"
		if len(c.q.Pages) == 0 {
			kind = "unanswerable"
		}
		n[c.q.Split+" "+kind]++
	}
	fmt.Fprintf(w, "decline rule grid on tuning material: %d + %d answerable (tune + train), %d + %d unanswerable\n",
		n["tune answerable"], n[splitTrain+" answerable"], n["tune unanswerable"], n[splitTrain+" unanswerable"])
	base, err := scoreRule(answer.DefaultRule, cases)
	if err != nil {
		return err
	}
	best, bestScore := answer.DefaultRule, base
	for _, f := range gridFalloff {
		fmt.Fprintf(w, "falloff %g: right pages cited (wrong) unanswerable answered\n%-6s", f, "share")
		for _, l := range gridLengths {
			fmt.Fprintf(w, " %-14s", fmt.Sprintf("long %d", l))
		}
		fmt.Fprintln(w)
		for _, m := range gridShares {
			fmt.Fprintf(w, "%-6g", m)
			for _, l := range gridLengths {
				r := answer.Rule{MatchShare: m, LongQuestion: l, Falloff: f}
				s, err := scoreRule(r, cases)
				if err != nil {
					return err
				}
				fmt.Fprintf(w, " %-14s", fmt.Sprintf("%d (%d) %d", s.total(s.right), s.total(s.wrong), s.total(s.answered)))
				if s.total(s.answered) <= base.total(base.answered) && better(s, bestScore) {
					best, bestScore = r, s
				}
			}
			fmt.Fprintln(w)
		}
	}
	for _, x := range []struct {
		name string
		r    answer.Rule
		s    declineScore
	}{{"in use", answer.DefaultRule, base}, {"chosen", best, bestScore}} {
		fmt.Fprintf(w, "%s: share %g, long %d, falloff %g: right %d (tune %d, train %d), wrong %d, unanswerable answered %d (tune %d, train %d)\n",
			x.name, x.r.MatchShare, x.r.LongQuestion, x.r.Falloff, x.s.total(x.s.right), x.s.right[splitTune], x.s.right[splitTrain],
			x.s.total(x.s.wrong), x.s.total(x.s.answered), x.s.answered[splitTune], x.s.answered[splitTrain])
	}
	return nil
}

// better says whether a beats b: more right pages cited, then fewer unanswerable questions
// answered, then fewer wrong pages cited.
func better(a, b declineScore) bool {
	if ra, rb := a.total(a.right), b.total(b.right); ra != rb {
		return ra > rb
	}
	if ua, ub := a.total(a.answered), b.total(b.answered); ua != ub {
		return ua < ub
	}
	return a.total(a.wrong) < b.total(b.wrong)
}

// scoreRule answers every case with rule r.
func scoreRule(r answer.Rule, cases []declineCase) (declineScore, error) {
	s := declineScore{right: map[string]int{}, wrong: map[string]int{}, answered: map[string]int{}}
	for _, c := range cases {
		cited, _, err := citedWith(r, c.q.Text, c.language, c.sources)
		if err != nil {
			return s, err
		}
		switch {
		case len(cited) == 0:
		case len(c.q.Pages) == 0:
			s.answered[c.q.Split]++
		case slices.Contains(c.q.Pages, cited[0]):
			s.right[c.q.Split]++
		default:
			s.wrong[c.q.Split]++
		}
	}
	return s, nil
}

// declineCases searches the tuning material once, as make eval-search does: the answerable
// questions' sources are the first request.DefaultPageSize of ten results, the unanswerable
// ones' a search for that many.
func declineCases(dir string) ([]declineCase, error) {
	e := &eval{dir: dir, sites: map[string]*site{}}
	qs, err := loadQuestions(filepath.Join(dir, "questions.json"))
	if err != nil {
		return nil, err
	}
	var evalSites []string
	for _, q := range qs {
		evalSites = append(evalSites, q.Site)
	}
	train, err := evalset.LoadTraining(filepath.Join(dir, "train.json"), evalSites)
	if err != nil {
		return nil, err
	}
	un, err := loadUnanswerable(filepath.Join(dir, "unanswerable.json"))
	if err != nil {
		return nil, err
	}
	var trainSites []string
	for i := range train {
		train[i].Split = splitTrain
		trainSites = append(trainSites, train[i].Site)
	}
	trainUn, err := evalset.LoadTrainingUnanswerable(filepath.Join(dir, "train_unanswerable.json"), trainSites)
	if err != nil {
		return nil, err
	}
	for i := range trainUn {
		trainUn[i].Split = splitTrain
	}
	qs = slices.DeleteFunc(qs, func(q question) bool { return q.Split != splitTune })
	un = slices.DeleteFunc(un, func(q question) bool { return q.Split != splitTune })
	var cases []declineCase
	for _, q := range slices.Concat(qs, train, un, trainUn) {
		c, ok, err := e.declineCase(q)
		if err != nil {
			return nil, err
		}
		if ok {
			cases = append(cases, c)
		}
	}
	return cases, nil
}

// declineCase searches one question; an answerable one the site's rules leave without an
// answering page in search is left out (ok false), as make eval-search leaves it out.
func (e *eval) declineCase(q question) (declineCase, bool, error) {
	s, err := e.site(q.Site)
	if err != nil {
		return declineCase{}, false, err
	}
	limit := request.DefaultPageSize
	if len(q.Pages) > 0 {
		if q.Pages, err = s.answers(q); err != nil || len(q.Pages) == 0 {
			return declineCase{}, false, err
		}
		limit = 10
	}
	hits, err := s.search(q, limit)
	if err != nil {
		return declineCase{}, false, err
	}
	f, err := s.filter(q)
	if err != nil {
		return declineCase{}, false, err
	}
	return declineCase{q: q, language: f.Language, sources: sourcesOf(hits[:min(len(hits), request.DefaultPageSize)])}, true, nil
}
