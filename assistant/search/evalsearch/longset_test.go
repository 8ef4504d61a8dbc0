package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/search/evalsearch/evalset"
)

// TestLongQuestionsTuningOnly keeps train_long.json and train_long_unanswerable.json what the
// README says: 15 answerable and 15 unanswerable questions on the training-only sites, 15 to 60
// words each, read under "long" only, and each answerable one's pages are pages in search in
// its language.
func TestLongQuestionsTuningOnly(t *testing.T) {
	qs, err := loadQuestions(filepath.Join(evalDir, "questions.json"))
	if err != nil {
		t.Fatal(err)
	}
	var evalSites []string
	for _, q := range qs {
		evalSites = append(evalSites, q.Site)
	}
	train, err := evalset.LoadTraining(filepath.Join(evalDir, "train.json"), evalSites)
	if err != nil {
		t.Fatal(err)
	}
	var trainSites []string
	for _, q := range train {
		trainSites = append(trainSites, q.Site)
	}
	long, err := longCases(evalDir, evalSites, trainSites)
	if err != nil {
		t.Fatal(err)
	}
	n := map[bool]int{}
	for _, q := range long {
		n[len(q.Pages) > 0]++
		if q.Split != splitLong {
			t.Errorf("%q: split %q, want %q", q.Text, q.Split, splitLong)
		}
		if w := len(strings.Fields(q.Text)); w < 15 || w > 60 {
			t.Errorf("%q: %d words, want 15 to 60", q.Text, w)
		}
	}
	checkPagesInSearch(t, newSiteCache(evalDir), long)
	if n[true] != 15 || n[false] != 15 {
		t.Errorf("%d answerable and %d unanswerable long questions, want 15 and 15", n[true], n[false])
	}
}

// TestChooseRule: the grid's objective. No rule may answer more short unanswerable questions
// than the rule in use; long unanswerable questions are held to the fewest any rule keeping the
// rule in use's right pages reaches; then the most right pages win.
func TestChooseRule(t *testing.T) {
	score := func(right, wrong, short, long int) declineScore {
		return declineScore{right: map[string]int{splitTune: right}, wrong: map[string]int{splitTune: wrong},
			answered: map[string]int{splitTune: short, splitLong: long}}
	}
	base := score(172, 102, 5, 11)
	tests := []struct {
		name   string
		scores []declineScore
		want   int
	}{
		{"the rule in use alone", []declineScore{base}, 0},
		{"more right pages but more short unanswerable answered", []declineScore{base, score(180, 120, 6, 11)}, 0},
		{"as many right pages, fewer long unanswerable answered", []declineScore{base, score(172, 99, 5, 4)}, 1},
		{"more right pages with more long unanswerable answered than necessary", []declineScore{base, score(172, 99, 5, 4), score(175, 99, 5, 5)}, 1},
		{"more right pages within the long bound", []declineScore{base, score(172, 99, 5, 4), score(175, 99, 5, 4)}, 2},
		{"fewer right pages cannot lower the long bound", []declineScore{base, score(172, 99, 5, 4), score(169, 98, 4, 1)}, 1},
		{"ties: fewer wrong pages", []declineScore{base, score(172, 99, 5, 4), score(172, 95, 5, 4)}, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := chooseRule(base, tt.scores); got != tt.want {
				t.Errorf("chooseRule chose %d, want %d", got, tt.want)
			}
		})
	}
}

// TestChooseSection: the section grid's objective (decline4). No rule may answer more short or
// more long unanswerable questions than the rule in use; then the most right pages win, ties
// broken by fewer long, then fewer short unanswerable answered, then fewer wrong pages.
func TestChooseSection(t *testing.T) {
	score := func(right, wrong, short, long int) declineScore {
		return declineScore{right: map[string]int{splitTune: right}, wrong: map[string]int{splitTune: wrong},
			answered: map[string]int{splitTune: short, splitLong: long}}
	}
	base := score(206, 135, 8, 12)
	tests := []struct {
		name   string
		scores []declineScore
		want   int
	}{
		{"the rule in use alone", []declineScore{base}, 0},
		{"more right pages but more short unanswerable answered", []declineScore{base, score(214, 140, 9, 12)}, 0},
		{"more right pages but more long unanswerable answered", []declineScore{base, score(214, 140, 8, 13)}, 0},
		{"more right pages, as many unanswerable answered", []declineScore{base, score(210, 140, 8, 12)}, 1},
		{"as many right pages, fewer unanswerable answered", []declineScore{base, score(206, 130, 6, 12)}, 1},
		{"fewer right pages lose even with fewer unanswerable answered", []declineScore{base, score(205, 120, 2, 3)}, 0},
		{"ties: fewer long before fewer short", []declineScore{base, score(206, 135, 5, 11), score(206, 135, 8, 10)}, 2},
		{"ties: fewer wrong pages", []declineScore{base, score(206, 130, 8, 12)}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := chooseSection(base, tt.scores); got != tt.want {
				t.Errorf("chooseSection chose %d, want %d", got, tt.want)
			}
		})
	}
}
