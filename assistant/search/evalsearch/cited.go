package main

import (
	"fmt"
	"io"
	"slices"
)

// citeStats count what the extractive answers cite: the answers (replies that cite at least
// one page), the pages they cite, those among the question's answering pages, and the answers
// that cite one page only. Recall says whether the right page is cited; these say how much
// else comes with it (a quoted passage about something else).
type citeStats struct {
	answers, pages, right, single int
}

// addCited records the pages cited for q, under its half and (but train.json's and blind.json's)
// under "all".
func addCited(stats map[string]*citeStats, q question, cited []string) {
	if len(cited) == 0 {
		return
	}
	keys := []string{q.Split, "all"}
	if q.Split == splitTrain || q.Split == splitBlind {
		keys = keys[:1]
	}
	for _, k := range keys {
		s := stats[k]
		if s == nil {
			s = &citeStats{}
			stats[k] = s
		}
		s.answers++
		s.pages += len(cited)
		if len(cited) == 1 {
			s.single++
		}
		for _, p := range cited {
			if slices.Contains(q.Pages, p) {
				s.right++
			}
		}
	}
}

// printCited prints the stats of the given halves.
func printCited(w io.Writer, stats map[string]*citeStats, halves []string) {
	fmt.Fprintf(w, "%-10s %-5s %4s %9s %9s %9s\n", "cited", "half", "answ", "pages/ans", "precision", "one page")
	for _, split := range halves {
		s := stats[split]
		if s == nil {
			continue
		}
		fmt.Fprintf(w, "%-10s %-5s %4d %9.2f %9.3f %9.3f\n", "cited", split, s.answers,
			float64(s.pages)/float64(s.answers), float64(s.right)/float64(s.pages), float64(s.single)/float64(s.answers))
	}
	fmt.Fprintln(w, "precision = the share of cited pages that answer the question; one page = the share of answers that cite one page only")
}
