package main

import (
	"maps"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/search"
	"github.com/lectern-dev/lectern/assistant/search/evalsearch/evalset"
)

// TestTrainingQuestionsAnswerable keeps train.json honest: every question is on a training-only
// site, and each of its pages is a page in search of that site in the language the question is
// searched in (its currentPath's or language's, else the site's default).
func TestTrainingQuestionsAnswerable(t *testing.T) {
	const dir = "../testdata/eval"
	qs, err := loadQuestions(filepath.Join(dir, "questions.json"))
	if err != nil {
		t.Fatal(err)
	}
	var evalSites []string
	for _, q := range qs {
		evalSites = append(evalSites, q.Site)
	}
	train, err := evalset.LoadTraining(filepath.Join(dir, "train.json"), evalSites)
	if err != nil {
		t.Fatal(err)
	}
	if len(train) == 0 {
		t.Fatal("train.json holds no question")
	}
	checkPagesInSearch(t, newSiteCache(dir), train)
}

// TestTrainSitesApart keeps the evaluation data honest and train.json and blind.json apart:
// every question of questions.json, followups.json, unanswerable.json, train.json and
// blind.json loads and names pages its site has; with -trainsites train.json's questions are
// ranked under "train" and nowhere else, and blind.json's under "blind" and nowhere else: "all"
// (and the extractive answer's "all") counts the two halves only; the unanswerable line counts
// train_unanswerable.json's after the blind sites' ("train"). No blind site is a site of
// questions.json or train.json.
func TestTrainSitesApart(t *testing.T) {
	const dir = "../testdata/eval"
	var out strings.Builder
	e, err := rankAll(&out, dir, options{halves: []string{splitTune, splitHeld, splitBlind}, trainSites: true})
	if err != nil {
		t.Fatal(err)
	}
	train, err := evalset.LoadTraining(filepath.Join(dir, "train.json"), nil)
	if err != nil {
		t.Fatal(err)
	}
	blind, err := evalset.LoadBlind(filepath.Join(dir, "blind.json"), seenSites(t))
	if err != nil {
		t.Fatal(err)
	}
	if len(e.blind) == 0 {
		t.Fatal("no blind site ranked")
	}
	for _, q := range train {
		if e.blind[q.Site] {
			t.Errorf("train.json question %q is on blind site %q", q.Text, q.Site)
		}
	}
	for _, method := range []string{"index", "stage-1", "cited", "page-bm25"} {
		tr, tune, held, all := e.res[method+"/"+splitTrain], e.res[method+"/"+splitTune], e.res[method+"/"+splitHeld], e.res[method+"/all"]
		if tr == nil || tr.n != len(train) {
			t.Fatalf("%s, train: %+v, want %d questions", method, tr, len(train))
		}
		if bl := e.res[method+"/"+splitBlind]; bl == nil || bl.n != len(blind) {
			t.Fatalf("%s, blind: %+v, want %d questions", method, bl, len(blind))
		}
		if all.n != tune.n+held.n || math.Abs(all.mrr-tune.mrr-held.mrr) > 1e-9 {
			t.Errorf("%s: all %+v is not tune %+v and held %+v", method, all, tune, held)
		}
	}
	ct, ch, ca := e.cites[splitTune], e.cites[splitHeld], e.cites["all"]
	if ca.answers != ct.answers+ch.answers || ca.right != ct.right+ch.right {
		t.Errorf("cited: all %+v is not tune %+v and held %+v", *ca, *ct, *ch)
	}
	e.printTable()
	printCited(&out, e.cites, e.halves())
	if err := e.uncovered(); err != nil {
		t.Fatal(err)
	}
	printed := out.String()
	sites, _, _ := strings.Cut(printed, "\n")
	for name := range e.blind {
		if strings.Contains(sites, name) {
			t.Errorf("the evaluation's sites line names blind site %s: %q", name, sites)
		}
	}
	for _, want := range []string{"\nblind sites: ", "\nindex      blind ", "\npage-bm25  blind ", "\nper site, blind ", "\nblind sites  ", "\ncited      blind ", " blind, ", " of 55 train\n"} {
		if !strings.Contains(printed, want) {
			t.Errorf("the output has no %q", want)
		}
	}
}

// TestTrainingUnanswerableApart keeps train_unanswerable.json tuning material only: its
// questions are asked (under "train") only with -trainsites, never under a split of the
// evaluation (the blind sites' questions only when they are printed); each is on a
// training-only site, and a reader's page it names is a page in search in its language.
func TestTrainingUnanswerableApart(t *testing.T) {
	tests := []struct {
		name       string
		opt        options
		wantSplits map[string]int
	}{
		{"tuning half printed", options{halves: []string{splitTune}}, map[string]int{splitTune: 30, splitHeld: 30}},
		{"every half", options{halves: []string{splitTune, splitHeld, splitBlind}}, map[string]int{splitTune: 30, splitHeld: 30, splitBlind: 30}},
		{"with -trainsites", options{halves: []string{splitTune}, trainSites: true}, map[string]int{splitTune: 30, splitHeld: 30, splitTrain: 55}},
		{"every half with -trainsites", options{halves: []string{splitTune, splitHeld, splitBlind}, trainSites: true}, map[string]int{splitTune: 30, splitHeld: 30, splitBlind: 30, splitTrain: 55}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := &eval{dir: evalDir, opt: tt.opt, sites: map[string]*site{}}
			qs, err := e.unanswerable()
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]int{}
			for _, q := range qs {
				got[q.Split]++
			}
			if !maps.Equal(got, tt.wantSplits) {
				t.Errorf("unanswerable questions by split %v, want %v", got, tt.wantSplits)
			}
		})
	}
	train, err := evalset.LoadTraining(filepath.Join(evalDir, "train.json"), nil)
	if err != nil {
		t.Fatal(err)
	}
	var trainSites []string
	for _, q := range train {
		trainSites = append(trainSites, q.Site)
	}
	qs, err := evalset.LoadTrainingUnanswerable(filepath.Join(evalDir, "train_unanswerable.json"), trainSites)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range qs {
		if q.CurrentPath == "" {
			continue
		}
		s, err := loadSite(filepath.Join(evalDir, q.Site))
		if err != nil {
			t.Fatal(err)
		}
		f, err := s.filter(q)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.ContainsFunc(s.pages, func(p search.Page) bool {
			return p.URL == q.CurrentPath && p.Language == f.Language && f.Language == q.Language
		}) {
			t.Errorf("%s: %q: the reader's page %s is not a page in search in %q", q.Site, q.Text, q.CurrentPath, q.Language)
		}
	}
}
