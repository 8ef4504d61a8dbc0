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

// declineStats count, by half, what the extractive answer's declined replies point at (the
// pages that come closest, which they name but do not cite): the answerable questions it
// declined, those whose reply names pages, and those among them naming a page that answers;
// and the unanswerable questions whose reply names pages.
type declineStats map[string]*declines

type declines struct {
	declined, pointed, right, rightFirst, unanswerablePointed int
}

func (d declineStats) of(split string) *declines {
	if d[split] == nil {
		d[split] = &declines{}
	}
	return d[split]
}

// answerable records the reply to an answerable question: declined when it cites nothing.
func (d declineStats) answerable(q question, cited, pointed []string) {
	if len(cited) > 0 {
		return
	}
	s := d.of(q.Split)
	s.declined++
	if len(pointed) > 0 {
		s.pointed++
	}
	if slices.ContainsFunc(pointed, func(p string) bool { return slices.Contains(q.Pages, p) }) {
		s.right++
	}
	if len(pointed) > 0 && slices.Contains(q.Pages, pointed[0]) {
		s.rightFirst++
	}
}

// unanswerable records the pages the reply to an unanswerable question names.
func (d declineStats) unanswerable(q question, pointed []string) {
	if len(pointed) > 0 {
		d.of(q.Split).unanswerablePointed++
	}
}

// print prints one line per half; asked counts each half's unanswerable questions. A declined
// reply names up to three pages (answer.Extractive): "a right page" is among them, "first" is
// the first of them.
func (d declineStats) print(w io.Writer, halves []string, asked map[string]int) {
	for _, h := range halves {
		s := d.of(h)
		fmt.Fprintf(w, "declined %-5s answerable: %d declined, %d name the closest pages, %d of them a right page (%d first); unanswerable: %d of %d name pages\n",
			h, s.declined, s.pointed, s.right, s.rightFirst, s.unanswerablePointed, asked[h])
	}
}
