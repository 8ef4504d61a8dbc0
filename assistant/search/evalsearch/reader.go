package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/lectern-dev/lectern/assistant/request"
	"github.com/lectern-dev/lectern/assistant/search/evalsearch/evalset"
)

// readerPrior is -readerprior: the prior the reader's page's relevance is multiplied by (0: off).
var readerPrior float64

// readerTable ranks reader.json's questions (asked from their answering page, and the same
// questions from an unrelated page) without the reader's page's prior and with -readerprior,
// and prints the index's and the extractive answer's figures by half and by where they are
// asked from. The blind half never reads them; a missing file prints nothing.
func (e *eval) readerTable() error {
	file := filepath.Join(e.dir, "reader.json")
	if _, err := os.Stat(file); err != nil {
		return nil
	}
	qs, err := evalset.LoadReader(file)
	if err != nil {
		return err
	}
	res := map[string]*metrics{}
	for _, q := range qs {
		if err := e.readerQuestion(res, q); err != nil {
			return err
		}
	}
	w := e.w
	fmt.Fprintf(w, "\nreader.json: questions asked from the page that answers them (page) and from an unrelated page (elsewhere); off = no prior, on = -readerprior %g\n", readerPrior)
	fmt.Fprintf(w, "%-5s %-9s %4s | %-20s | %-20s | %-13s | %-13s\n", "half", "asked", "n", "off R@1  R@5   MRR", "on  R@1  R@5   MRR", "cited off R@1", "cited on R@1")
	for _, h := range e.opt.halves {
		if h == splitBlind {
			continue
		}
		for _, a := range []string{evalset.AskedPage, evalset.AskedElsewhere} {
			k := h + "/" + a
			off, on := res["index-off/"+k], res["index-on/"+k]
			if off == nil {
				continue
			}
			o1, o5, om := off.values()
			n1, n5, nm := on.values()
			c0, _, _ := res["cited-off/"+k].values()
			c1, _, _ := res["cited-on/"+k].values()
			fmt.Fprintf(w, "%-5s %-9s %4d |    %5.3f %5.3f %5.3f |    %5.3f %5.3f %5.3f |   %5.3f       |   %5.3f\n", h, a, off.n, o1, o5, om, n1, n5, nm, c0, c1)
		}
	}
	return nil
}

// readerQuestion ranks one of reader.json's questions without and with the prior.
func (e *eval) readerQuestion(res map[string]*metrics, q question) error {
	s, err := e.site(q.Site)
	if err != nil {
		return err
	}
	if q.Pages, err = s.answers(q); err != nil {
		return err
	}
	if len(q.Pages) == 0 {
		return fmt.Errorf("reader question %q: its page is not in search", q.Text)
	}
	if _, ok := s.rules[q.CurrentPath]; !ok {
		return fmt.Errorf("reader question %q: the site has no page %s", q.Text, q.CurrentPath)
	}
	f, err := s.filter(q)
	if err != nil {
		return err
	}
	for _, run := range []struct {
		name  string
		prior float64
	}{{"off", 0}, {"on", readerPrior}} {
		hits, err := s.searchWith(q, 10, run.prior)
		if err != nil {
			return err
		}
		cited, _, err := citedPages(q.Text, s.index.ReadsIn(f, q.Text), hits[:min(len(hits), request.DefaultPageSize)])
		if err != nil {
			return err
		}
		k := q.Split + "/" + q.Asked
		for _, m := range []struct {
			name   string
			ranked []string
		}{{"index-" + run.name, ranked(hits)}, {"cited-" + run.name, cited}} {
			if res[m.name+"/"+k] == nil {
				res[m.name+"/"+k] = &metrics{}
			}
			res[m.name+"/"+k].add(q, m.ranked)
		}
		if e.opt.misses && q.Split == splitTune {
			got := ranked(hits)
			fmt.Fprintf(e.w, "reader %s %s %s rank %d: %q want %v got %v\n", run.name, q.Asked, q.Site, rankOf(q, got), q.Text, q.Pages, got[:min(3, len(got))])
		}
	}
	return nil
}
