package main

import (
	"encoding/json"
	"fmt"
	"os"
)

// question is one reader's question about one site and the pages that answer it.
type question struct {
	Site  string   `json:"site"`
	Text  string   `json:"q"`
	Pages []string `json:"pages"`
	Split string   `json:"split"` // "tune" or "held"
	// Before are the thread's earlier questions, oldest first (followups.json only).
	Before []string `json:"before,omitempty"`
	// CurrentPath is the page the reader asks from: it scopes the search's language and version
	// as the assistant's currentPath does. Language names the language outright (filter.language).
	CurrentPath string `json:"currentPath,omitempty"`
	Language    string `json:"language,omitempty"`
}

// Splits, in the order the table prints them.
const (
	splitTune = "tune"
	splitHeld = "held"
)

func loadQuestions(file string) ([]question, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("read questions: %w", err)
	}
	var qs []question
	if err := json.Unmarshal(data, &qs); err != nil {
		return nil, fmt.Errorf("decode %s: %w", file, err)
	}
	for i, q := range qs {
		if q.Site == "" || q.Text == "" || len(q.Pages) == 0 {
			return nil, fmt.Errorf("question %d (%q): site, q and pages are required", i, q.Text)
		}
		if q.Split != splitTune && q.Split != splitHeld {
			return nil, fmt.Errorf("question %d (%q): split must be %q or %q", i, q.Text, splitTune, splitHeld)
		}
	}
	return qs, nil
}

// loadUnanswerable reads questions that no page of their site answers.
func loadUnanswerable(file string) ([]question, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("read unanswerable questions: %w", err)
	}
	var qs []question
	if err := json.Unmarshal(data, &qs); err != nil {
		return nil, fmt.Errorf("decode %s: %w", file, err)
	}
	for i, q := range qs {
		if q.Site == "" || q.Text == "" || (q.Split != splitTune && q.Split != splitHeld) {
			return nil, fmt.Errorf("unanswerable question %d (%q): site, q and split (%q or %q) are required", i, q.Text, splitTune, splitHeld)
		}
	}
	return qs, nil
}

// loadFollowUps reads follow-up questions: each with the thread's earlier questions.
func loadFollowUps(file string) ([]question, error) {
	qs, err := loadQuestions(file)
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
