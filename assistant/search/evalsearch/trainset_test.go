package main

import (
	"path/filepath"
	"testing"

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
	sites := map[string]*site{}
	for _, q := range train {
		s := sites[q.Site]
		if s == nil {
			if s, err = loadSite(filepath.Join(dir, q.Site)); err != nil {
				t.Fatal(err)
			}
			sites[q.Site] = s
		}
		f, err := s.filter(q)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range q.Pages {
			found := false
			for _, pg := range s.pages {
				if pg.URL == p && pg.Language == f.Language {
					found = true
				}
			}
			if !found {
				t.Errorf("%s: %q: %s is not a page in search in language %q", q.Site, q.Text, p, f.Language)
			}
		}
	}
}
