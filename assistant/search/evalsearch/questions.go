package main

import "github.com/lectern-dev/lectern/assistant/search/evalsearch/evalset"

// question is one reader's question about one site and the pages that answer it.
type question = evalset.Question

// Splits, in the order the table prints them.
const (
	splitTune  = evalset.SplitTune
	splitHeld  = evalset.SplitHeld
	splitBlind = evalset.SplitBlind
)

var (
	loadQuestions    = evalset.LoadQuestions
	loadUnanswerable = evalset.LoadUnanswerable
	loadFollowUps    = evalset.LoadFollowUps
)
