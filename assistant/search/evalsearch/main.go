// Command evalsearch measures the documentation search on public docs sites that nobody on
// the team wrote (testdata/eval/<site>, each pinned by its SOURCE file) with questions in
// readers' words (testdata/eval/questions.json, split once into a tuning and a held-out half).
// It prints recall@1, recall@5 and MRR of the index's Search — what the assistant cites and
// what /discovery/v1/search returns — beside a whole-page BM25 baseline computed in the same
// run. `make eval-search` runs it.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/lectern-dev/lectern/assistant/answer"
	"github.com/lectern-dev/lectern/assistant/request"
	"github.com/lectern-dev/lectern/assistant/search"
	"github.com/lectern-dev/lectern/assistant/sitedocs"
)

func main() {
	dir := flag.String("dir", "testdata/eval", "folder holding questions.json and one folder per site")
	list := flag.String("list", "", "print the pages and headings of this site, then exit")
	misses := flag.Bool("misses", false, "print the tuning questions whose first result is wrong")
	trainTo := flag.String("train", "", "fit the re-ranker on the tuning half and write its model to this file, then exit")
	flag.Parse()
	var err error
	if *trainTo != "" {
		err = train(os.Stdout, *dir, *trainTo)
	} else {
		err = run(os.Stdout, *dir, *list, *misses)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "evalsearch:", err)
		os.Exit(1)
	}
}

// site is one loaded site: its pages, index, baseline and default version.
type site struct {
	pages   []search.Page
	index   *search.Index
	base    *pageBM25
	version string
}

func loadSite(dir string) (*site, error) {
	docs, err := sitedocs.Load(context.Background(), dir)
	if err != nil {
		return nil, fmt.Errorf("load %s: %w", dir, err)
	}
	return &site{pages: docs.Pages, index: search.Build(docs.Pages), base: newPageBM25(docs.Pages),
		version: docs.Scopes.DefaultVersion}, nil
}

func (s *site) has(path string) bool {
	return slices.ContainsFunc(s.pages, func(p search.Page) bool { return p.URL == path })
}

// search returns the index's results for q in the site's default version.
func (s *site) search(q string, limit int) []search.Result {
	return s.index.Search(search.Query{Text: q, Filter: search.Filter{Version: s.version}, Limit: limit})
}

// ranked returns the page paths of the first ten results, as /discovery/v1/search lists them
// and the assistant's search step reports them (it asks for five).
func ranked(res []search.Result) []string {
	out := make([]string, len(res))
	for i, r := range res {
		out[i] = r.Path
	}
	return out
}

func run(w io.Writer, dir, list string, misses bool) error {
	if list != "" {
		return listSite(w, filepath.Join(dir, list))
	}
	qs, err := loadQuestions(filepath.Join(dir, "questions.json"))
	if err != nil {
		return err
	}
	sites := map[string]*site{}
	res := map[string]*metrics{}
	cites := map[string]*citeStats{}
	for _, q := range qs {
		s := sites[q.Site]
		if s == nil {
			if s, err = loadSite(filepath.Join(dir, q.Site)); err != nil {
				return err
			}
			sites[q.Site] = s
		}
		for _, p := range q.Pages {
			if !s.has(p) {
				return fmt.Errorf("question %q: %s has no page %s", q.Text, q.Site, p)
			}
		}
		hits := s.search(q.Text, 10)
		got := ranked(hits)
		measure(res, "index", q, got)
		if misses && q.Split == splitTune && (len(got) == 0 || !slices.Contains(q.Pages, got[0])) {
			fmt.Fprintf(w, "miss %s: %q want %v got %v\n", q.Site, q.Text, q.Pages, got[:min(3, len(got))])
		}
		cited, err := citedPages(q.Text, hits[:min(len(hits), request.DefaultPageSize)])
		if err != nil {
			return err
		}
		measure(res, "cited", q, cited)
		addCited(cites, q, cited)
		if misses && q.Split == splitTune && (len(cited) == 0 || !slices.Contains(q.Pages, cited[0])) {
			fmt.Fprintf(w, "cmiss %s: %q want %v cited %v got %v\n", q.Site, q.Text, q.Pages, cited, got[:min(3, len(got))])
		}
		measure(res, "page-bm25", q, s.base.rank(q.Text, 10))
	}
	if err := followUps(res, dir, sites); err != nil {
		return err
	}
	printTable(w, res, sites)
	printCited(w, cites)
	return uncovered(w, dir, sites, misses)
}

// followUps ranks the questions of followups.json with their thread's earlier questions, as the
// assistant searches a follow-up, and alone.
func followUps(res map[string]*metrics, dir string, sites map[string]*site) error {
	qs, err := loadFollowUps(filepath.Join(dir, "followups.json"))
	if err != nil {
		return err
	}
	for _, q := range qs {
		s := sites[q.Site]
		if s == nil {
			return fmt.Errorf("follow-up %q: no site %q among the questions' sites", q.Text, q.Site)
		}
		for _, p := range q.Pages {
			if !s.has(p) {
				return fmt.Errorf("follow-up %q: %s has no page %s", q.Text, q.Site, p)
			}
		}
		filter := search.Filter{Version: s.version}
		measure(res, "follow-up", q, ranked(s.index.Search(search.Query{Text: q.Text, History: q.Before, Filter: filter, Limit: 10})))
		measure(res, "fu-alone", q, ranked(s.index.Search(search.Query{Text: q.Text, Filter: filter, Limit: 10})))
	}
	return nil
}

// uncovered asks the questions of unanswerable.json, which the sites do not cover, and counts
// those the extractive answer answered anyway (it should say the docs do not cover them).
func uncovered(w io.Writer, dir string, sites map[string]*site, misses bool) error {
	qs, err := loadUnanswerable(filepath.Join(dir, "unanswerable.json"))
	if err != nil {
		return err
	}
	n, answered := map[string]int{}, map[string]int{}
	for _, q := range qs {
		n[q.Split]++
		s := sites[q.Site]
		if s == nil {
			return fmt.Errorf("unanswerable question %q: no site %q among the questions' sites", q.Text, q.Site)
		}
		cited, err := citedPages(q.Text, s.search(q.Text, request.DefaultPageSize))
		if err != nil {
			return err
		}
		if len(cited) > 0 {
			answered[q.Split]++
			if misses && q.Split == splitTune {
				fmt.Fprintf(w, "answered %s: %q cited %v\n", q.Site, q.Text, cited)
			}
		}
	}
	fmt.Fprintf(w, "unanswerable (questions the sites do not cover; the extractive answer should say so): answered %d of %d tune, %d of %d held\n",
		answered[splitTune], n[splitTune], answered[splitHeld], n[splitHeld])
	return nil
}

func measure(res map[string]*metrics, method string, q question, ranked []string) {
	for _, k := range []string{method + "/" + q.Split, method + "/all"} {
		if res[k] == nil {
			res[k] = &metrics{}
		}
		res[k].add(q, ranked)
	}
}

func printTable(w io.Writer, res map[string]*metrics, sites map[string]*site) {
	names := make([]string, 0, len(sites))
	pages := 0
	for n, s := range sites {
		names = append(names, n)
		pages += len(s.pages)
	}
	slices.Sort(names)
	fmt.Fprintf(w, "sites: %s (%d pages)\n", strings.Join(names, ", "), pages)
	fmt.Fprintf(w, "%-10s %-5s %4s %9s %9s %6s %5s\n", "method", "half", "n", "recall@1", "recall@5", "MRR", "none")
	for _, split := range []string{splitTune, splitHeld, "all"} {
		for _, method := range []string{"index", "cited", "page-bm25", "follow-up", "fu-alone"} {
			m := res[method+"/"+split]
			if m == nil {
				continue
			}
			r1, r5, mrr := m.values()
			fmt.Fprintf(w, "%-10s %-5s %4d %9.3f %9.3f %6.3f %5d\n", method, split, m.n, r1, r5, mrr, m.none)
		}
	}
	fmt.Fprintln(w, "index = search.Index.Search: the hits of /discovery/v1/search and the sources of the assistant's search step (same call)")
	fmt.Fprintln(w, "cited = the pages the model-free (extractive) answer cites from the assistant's 5 sources (at most 3; an unanswered reply cites none)")
	fmt.Fprintln(w, "follow-up = followups.json: the follow-up searched with its thread's earlier question (as the assistant does, model-free); fu-alone = the follow-up alone")
	fmt.Fprintln(w, "none = questions with no result (for cited: the replies that said the docs do not cover the question)")
}

func listSite(w io.Writer, dir string) error {
	s, err := loadSite(dir)
	if err != nil {
		return err
	}
	for _, p := range s.pages {
		_, _, secs := search.Sections(p.Body)
		var hs []string
		for _, sec := range secs {
			if sec.Heading != "" {
				hs = append(hs, sec.Heading)
			}
		}
		fmt.Fprintf(w, "%s | %s | %s\n    %s\n", p.URL, p.Title, p.Version, strings.Join(hs, " · "))
	}
	return nil
}

// citedPages runs the extractive answerer on the sources the assistant would give it and
// returns the pages its answer cites, in order.
func citedPages(q string, hits []search.Result) ([]string, error) {
	sources := make([]answer.Source, len(hits))
	for i, r := range hits {
		sources[i] = answer.Source{Title: r.Title, URL: r.URL, Path: r.Path, Section: r.Section, Text: r.Snippet, Breadcrumbs: r.Breadcrumbs, Match: r.Match}
	}
	a, err := answer.NewExtractive().Generate(context.Background(), answer.Prompt{Question: q, Sources: sources}, func(string) error { return nil })
	if err != nil {
		return nil, fmt.Errorf("extractive answer to %q: %w", q, err)
	}
	out := make([]string, len(a.Cited))
	for i, c := range a.Cited {
		out[i] = c.Path
	}
	return out, nil
}
