// Package evalset reads the search evaluation's question files (testdata/eval): questions.json
// (split once into a tuning and a held-out half), unanswerable.json, followups.json,
// train.json, questions on training-only sites that only the re-ranker's fitting reads, and
// blind.json, questions on blind sites that nothing is tuned or trained on.
package evalset

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"slices"
)

// Question is one reader's question about one site and the pages that answer it.
type Question struct {
	Site  string   `json:"site"`
	Text  string   `json:"q"`
	Pages []string `json:"pages"`
	Split string   `json:"split"` // "tune" or "held"; "blind" in blind.json; empty in train.json, whose questions are all for training
	// Before are the thread's earlier questions, oldest first (followups.json only).
	Before []string `json:"before,omitempty"`
	// CurrentPath is the page the reader asks from: it scopes the search's language and version
	// as the assistant's currentPath does. Language names the language outright (filter.language).
	CurrentPath string `json:"currentPath,omitempty"`
	Language    string `json:"language,omitempty"`
	// Asked says, in reader.json only, whether the question is asked from the page that answers
	// it (AskedPage) or from an unrelated page of the same site and language (AskedElsewhere).
	Asked string `json:"asked,omitempty"`
}

// Where reader.json's questions are asked from.
const (
	AskedPage      = "page"
	AskedElsewhere = "elsewhere"
)

// Splits of questions.json, in the order the tables print them, and of blind.json: every
// question on a blind site is held out, and no tuning or training reads it.
const (
	SplitTune  = "tune"
	SplitHeld  = "held"
	SplitBlind = "blind"
)

func read(file, what string) ([]Question, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", what, err)
	}
	var qs []Question
	if err := json.Unmarshal(data, &qs); err != nil {
		return nil, fmt.Errorf("decode %s: %w", file, err)
	}
	return qs, nil
}

// LoadQuestions reads questions.json: each question needs a site, its text, the pages that
// answer it and its split.
func LoadQuestions(file string) ([]Question, error) {
	qs, err := read(file, "questions")
	if err != nil {
		return nil, err
	}
	for i, q := range qs {
		if q.Site == "" || q.Text == "" || len(q.Pages) == 0 {
			return nil, fmt.Errorf("question %d (%q): site, q and pages are required", i, q.Text)
		}
		if q.Split != SplitTune && q.Split != SplitHeld {
			return nil, fmt.Errorf("question %d (%q): split must be %q or %q", i, q.Text, SplitTune, SplitHeld)
		}
	}
	return qs, nil
}

// LoadUnanswerable reads questions that no page of their site answers: on the sites of
// questions.json (split "tune" or "held") or on the blind sites (split "blind").
func LoadUnanswerable(file string) ([]Question, error) {
	qs, err := read(file, "unanswerable questions")
	if err != nil {
		return nil, err
	}
	for i, q := range qs {
		if q.Site == "" || q.Text == "" || (q.Split != SplitTune && q.Split != SplitHeld && q.Split != SplitBlind) {
			return nil, fmt.Errorf("unanswerable question %d (%q): site, q and split (%q, %q or %q) are required", i, q.Text, SplitTune, SplitHeld, SplitBlind)
		}
	}
	return qs, nil
}

// LoadFollowUps reads follow-up questions: each with the thread's earlier questions.
func LoadFollowUps(file string) ([]Question, error) {
	qs, err := LoadQuestions(file)
	if err != nil {
		return nil, err
	}
	for i, q := range qs {
		if len(q.Before) == 0 {
			return nil, fmt.Errorf("follow-up %d (%q): before (the earlier questions) is required", i, q.Text)
		}
	}
	return qs, nil
}

// LoadTraining reads train.json: questions on training-only sites, which the re-ranker is fitted
// on beside questions.json's tuning half and which no evaluation figure counts. Each question
// needs a site, its text and the pages that answer it, and has no split (all are for training).
// No question may be on one of evalSites, the sites questions.json evaluates: a question there
// could teach the model a site whose held-out half is quoted. A missing file is no training
// question, not an error.
func LoadTraining(file string, evalSites []string) ([]Question, error) {
	if _, err := os.Stat(file); errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	qs, err := read(file, "training questions")
	if err != nil {
		return nil, err
	}
	for i, q := range qs {
		switch {
		case q.Site == "" || q.Text == "" || len(q.Pages) == 0:
			return nil, fmt.Errorf("training question %d (%q): site, q and pages are required", i, q.Text)
		case q.Split != "":
			return nil, fmt.Errorf("training question %d (%q): split %q: training questions have none (all are for training; questions.json holds the split ones)", i, q.Text, q.Split)
		case slices.Contains(evalSites, q.Site):
			return nil, fmt.Errorf("training question %d (%q): site %q is an evaluation site (questions.json); training-only questions must be on other sites", i, q.Text, q.Site)
		case len(q.Before) > 0:
			return nil, fmt.Errorf("training question %d (%q): before is for follow-ups (followups.json), not training", i, q.Text)
		}
	}
	return qs, nil
}

// LoadBlind reads blind.json: questions on blind sites, which nobody tuned or trained anything
// on, to check whether the held-out figures predict a site never looked at. Each question needs
// a site, its text, the pages that answer it and the split "blind" (all are held out). No
// question may be on one of seenSites (the sites of questions.json and train.json): a site the
// ranking was tuned or trained on is not blind. A missing file is no blind question, not an
// error.
func LoadBlind(file string, seenSites []string) ([]Question, error) {
	if _, err := os.Stat(file); errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	qs, err := read(file, "blind questions")
	if err != nil {
		return nil, err
	}
	for i, q := range qs {
		switch {
		case q.Site == "" || q.Text == "" || len(q.Pages) == 0:
			return nil, fmt.Errorf("blind question %d (%q): site, q and pages are required", i, q.Text)
		case q.Split != SplitBlind:
			return nil, fmt.Errorf("blind question %d (%q): split %q, want %q (every question on a blind site is held out)", i, q.Text, q.Split, SplitBlind)
		case slices.Contains(seenSites, q.Site):
			return nil, fmt.Errorf("blind question %d (%q): site %q is tuned or trained on (questions.json or train.json); blind questions must be on other sites", i, q.Text, q.Site)
		case len(q.Before) > 0:
			return nil, fmt.Errorf("blind question %d (%q): before is for follow-ups (followups.json)", i, q.Text)
		}
	}
	return qs, nil
}

// LoadTrainingUnanswerable reads train_unanswerable.json: questions that no page of their
// training-only site answers, read only to choose the extractive answer's decline rule (with
// the tuning half's unanswerable questions), never for an evaluation figure. Each question needs
// a site of trainSites (train.json's sites, so never a site of the evaluation nor a blind one)
// and its text, and has no split, no pages and no follow-up's before. A missing file is no
// question, not an error.
func LoadTrainingUnanswerable(file string, trainSites []string) ([]Question, error) {
	if _, err := os.Stat(file); errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	qs, err := read(file, "training-only unanswerable questions")
	if err != nil {
		return nil, err
	}
	for i, q := range qs {
		switch {
		case q.Site == "" || q.Text == "":
			return nil, fmt.Errorf("training-only unanswerable question %d (%q): site and q are required", i, q.Text)
		case q.Split != "" || len(q.Pages) > 0 || len(q.Before) > 0:
			return nil, fmt.Errorf("training-only unanswerable question %d (%q): split, pages and before are not allowed (all are for tuning; no page answers them)", i, q.Text)
		case !slices.Contains(trainSites, q.Site):
			return nil, fmt.Errorf("training-only unanswerable question %d (%q): site %q is not a training-only site (train.json's)", i, q.Text, q.Site)
		}
	}
	return qs, nil
}

// LoadReader reads reader.json: questions asked from the page that answers them and the same
// questions asked from an unrelated page (the control). Each needs a site, its text, one page,
// a split ("tune" or "held"), a currentPath and asked: "page" with currentPath its page,
// "elsewhere" with currentPath another page.
func LoadReader(file string) ([]Question, error) {
	qs, err := read(file, "reader's page questions")
	if err != nil {
		return nil, err
	}
	for i, q := range qs {
		switch {
		case q.Site == "" || q.Text == "" || len(q.Pages) != 1 || q.CurrentPath == "":
			return nil, fmt.Errorf("reader question %d (%q): site, q, one page and currentPath are required", i, q.Text)
		case q.Split != SplitTune && q.Split != SplitHeld:
			return nil, fmt.Errorf("reader question %d (%q): split must be %q or %q", i, q.Text, SplitTune, SplitHeld)
		case q.Asked == AskedPage && q.CurrentPath != q.Pages[0]:
			return nil, fmt.Errorf("reader question %d (%q): asked %q needs currentPath %s, its page", i, q.Text, AskedPage, q.Pages[0])
		case q.Asked == AskedElsewhere && q.CurrentPath == q.Pages[0]:
			return nil, fmt.Errorf("reader question %d (%q): asked %q needs a currentPath other than its page", i, q.Text, AskedElsewhere)
		case q.Asked != AskedPage && q.Asked != AskedElsewhere:
			return nil, fmt.Errorf("reader question %d (%q): asked must be %q or %q", i, q.Text, AskedPage, AskedElsewhere)
		case len(q.Before) > 0:
			return nil, fmt.Errorf("reader question %d (%q): before is for follow-ups (followups.json)", i, q.Text)
		}
	}
	return qs, nil
}
