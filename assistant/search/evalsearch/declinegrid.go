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
// words, then MatchShare·(LongQuestion/n)^Falloff, never below Floor (0: no floor).
var (
	gridShares  = []float64{0.45, 0.5, 0.55, 0.6, 0.65}
	gridLengths = []int{3, 4, 5, 6, 7, 8, 10}
	gridFalloff = []float64{0.5, 0.75, 1}
	gridFloors  = []float64{0, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4}
	// The section need (answer.Rule.SectionShare, 0: none) is tried over the rule in use's
	// family, Falloff 1 and no floor.
	gridSections = []float64{0, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9}
)

// splitLong marks the long tuning questions (train_long.json, train_long_unanswerable.json)
// in the grid: readers pasting an error or describing a setup, 33 to 53 words.
const splitLong = "long"

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

// all counts every half: the tuning half, train.json's and the long questions.
func (s declineScore) all(m map[string]int) int { return m[splitTune] + m[splitTrain] + m[splitLong] }

// old counts the unanswerable questions of the material before the long ones.
func (s declineScore) old() int { return s.answered[splitTune] + s.answered[splitTrain] }

// declineGrid chooses the decline rule on tuning material only: questions.json's tuning half,
// train.json, unanswerable.json's tuning half, train_unanswerable.json and the long questions
// on the training-only sites (never the held-out half nor a blind site). It prints, for every
// rule of the grid, the right pages cited (of all the answerable questions), in brackets the
// wrong ones, then the short and the long unanswerable questions answered, and chooses by
// chooseRule.
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
	fmt.Fprintf(w, "decline rule grid on tuning material: %d + %d + %d answerable (tune + train + long), %d + %d + %d unanswerable\n",
		n["tune answerable"], n[splitTrain+" answerable"], n[splitLong+" answerable"],
		n["tune unanswerable"], n[splitTrain+" unanswerable"], n[splitLong+" unanswerable"])
	base, err := scoreRule(answer.DefaultRule, cases)
	if err != nil {
		return err
	}
	var rules []answer.Rule
	var scores []declineScore
	for _, fl := range gridFloors {
		for _, f := range gridFalloff {
			rs, ss, err := gridTable(w, fmt.Sprintf("floor %g, falloff %g", fl, f), cases, func(m float64, l int) answer.Rule {
				return answer.Rule{MatchShare: m, LongQuestion: l, Falloff: f, Floor: fl}
			})
			if err != nil {
				return err
			}
			rules, scores = append(rules, rs...), append(scores, ss...)
		}
	}
	i := chooseRule(base, scores)
	report := func(name string, r answer.Rule, s declineScore) {
		fmt.Fprintf(w, "%s: share %g, long %d, falloff %g, floor %g, section %g: right %d (tune %d, train %d, long %d), wrong %d, unanswerable answered %d (tune %d, train %d) and long %d\n",
			name, r.MatchShare, r.LongQuestion, r.Falloff, r.Floor, r.SectionShare, s.all(s.right), s.right[splitTune], s.right[splitTrain], s.right[splitLong],
			s.all(s.wrong), s.old(), s.answered[splitTune], s.answered[splitTrain], s.answered[splitLong])
	}
	report("in use", answer.DefaultRule, base)
	report("chosen", rules[i], scores[i])
	return sectionGrid(w, cases, base, report)
}

// sectionGrid tries the section need (answer.Rule.SectionShare) over the rule in use's family
// and chooses by chooseSection.
func sectionGrid(w io.Writer, cases []declineCase, base declineScore, report func(string, answer.Rule, declineScore)) error {
	var rules []answer.Rule
	var scores []declineScore
	for _, sec := range gridSections {
		rs, ss, err := gridTable(w, fmt.Sprintf("section %g, falloff 1, no floor", sec), cases, func(m float64, l int) answer.Rule {
			return answer.Rule{MatchShare: m, LongQuestion: l, Falloff: 1, SectionShare: sec}
		})
		if err != nil {
			return err
		}
		rules, scores = append(rules, rs...), append(scores, ss...)
	}
	i := chooseSection(base, scores)
	report("section chosen", rules[i], scores[i])
	return nil
}

// chooseSection returns the index of the chosen rule among scores, base being the rule in
// use's: the most right pages cited among the rules answering no more short and no more long
// unanswerable questions than base, ties broken as better breaks them.
func chooseSection(base declineScore, scores []declineScore) int {
	best := -1
	for i, s := range scores {
		if s.old() <= base.old() && s.answered[splitLong] <= base.answered[splitLong] && (best < 0 || better(s, scores[best])) {
			best = i
		}
	}
	return best
}

// chooseRule returns the index of the chosen rule among scores, base being the rule in use's.
// A rule may answer no more of the short unanswerable questions than base does; among those,
// long is the fewest long unanswerable questions answered by a rule citing at least as many
// right pages as base (what keeping base's right pages makes necessary). The choice cites the
// most right pages among the rules answering at most long of the long ones, ties broken by
// fewer long unanswerable answered, then fewer short, then fewer wrong pages.
func chooseRule(base declineScore, scores []declineScore) int {
	allowed := func(s declineScore) bool { return s.old() <= base.old() }
	long := base.answered[splitLong]
	for _, s := range scores {
		if allowed(s) && s.all(s.right) >= base.all(base.right) {
			long = min(long, s.answered[splitLong])
		}
	}
	best := -1
	for i, s := range scores {
		if allowed(s) && s.answered[splitLong] <= long && (best < 0 || better(s, scores[best])) {
			best = i
		}
	}
	return best
}

// better says whether a beats b: more right pages cited, then fewer long unanswerable
// questions answered, then fewer short ones, then fewer wrong pages cited.
func better(a, b declineScore) bool {
	if ra, rb := a.all(a.right), b.all(b.right); ra != rb {
		return ra > rb
	}
	if la, lb := a.answered[splitLong], b.answered[splitLong]; la != lb {
		return la < lb
	}
	if ua, ub := a.old(), b.old(); ua != ub {
		return ua < ub
	}
	return a.all(a.wrong) < b.all(b.wrong)
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
	long, err := longCases(dir, evalSites, trainSites)
	if err != nil {
		return nil, err
	}
	qs = slices.DeleteFunc(qs, func(q question) bool { return q.Split != splitTune })
	un = slices.DeleteFunc(un, func(q question) bool { return q.Split != splitTune })
	var cases []declineCase
	for _, q := range slices.Concat(qs, train, un, trainUn, long) {
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

// longCases reads the long tuning questions on the training-only sites, answerable
// (train_long.json, read as train.json is) and not (train_long_unanswerable.json, read as
// train_unanswerable.json is), under splitLong.
func longCases(dir string, evalSites, trainSites []string) ([]question, error) {
	qs, err := evalset.LoadTraining(filepath.Join(dir, "train_long.json"), evalSites)
	if err != nil {
		return nil, err
	}
	un, err := evalset.LoadTrainingUnanswerable(filepath.Join(dir, "train_long_unanswerable.json"), trainSites)
	if err != nil {
		return nil, err
	}
	qs = append(qs, un...)
	for i := range qs {
		qs[i].Split = splitLong
	}
	return qs, nil
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
	return declineCase{q: q, language: s.index.ReadsIn(f, q.Text), sources: sourcesOf(hits[:min(len(hits), request.DefaultPageSize)])}, true, nil
}

// gridTable scores the rule rule(share, long) of each of gridShares × gridLengths on cases and
// prints them as one table under title: right pages cited (wrong), short + long unanswerable
// answered.
func gridTable(w io.Writer, title string, cases []declineCase, rule func(share float64, long int) answer.Rule) ([]answer.Rule, []declineScore, error) {
	var rules []answer.Rule
	var scores []declineScore
	fmt.Fprintf(w, "%s: right pages cited (wrong) short+long unanswerable answered\n%-6s", title, "share")
	for _, l := range gridLengths {
		fmt.Fprintf(w, " %-16s", fmt.Sprintf("long %d", l))
	}
	fmt.Fprintln(w)
	for _, m := range gridShares {
		fmt.Fprintf(w, "%-6g", m)
		for _, l := range gridLengths {
			r := rule(m, l)
			s, err := scoreRule(r, cases)
			if err != nil {
				return nil, nil, err
			}
			fmt.Fprintf(w, " %-16s", fmt.Sprintf("%d (%d) %d+%d", s.all(s.right), s.all(s.wrong), s.old(), s.answered[splitLong]))
			rules, scores = append(rules, r), append(scores, s)
		}
		fmt.Fprintln(w)
	}
	return rules, scores, nil
}
