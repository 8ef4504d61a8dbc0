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

	"github.com/lectern-dev/lectern/assistant/search"
	"github.com/lectern-dev/lectern/assistant/sitedocs"
)

func main() {
	dir := flag.String("dir", "testdata/eval", "folder holding questions.json and one folder per site")
	list := flag.String("list", "", "print the pages and headings of this site, then exit")
	misses := flag.Bool("misses", false, "print the questions whose first result is wrong")
	flag.Parse()
	if err := run(os.Stdout, *dir, *list, *misses); err != nil {
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

// ranked returns the page paths the index gives for q, as the assistant asks for them.
func (s *site) ranked(q string) []string {
	res := s.index.Search(search.Query{Text: q, Filter: search.Filter{Version: s.version}, Limit: 10})
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
		ranked := s.ranked(q.Text)
		measure(res, "index", q, ranked)
		if misses && q.Split == splitTune && (len(ranked) == 0 || !slices.Contains(q.Pages, ranked[0])) {
			fmt.Fprintf(w, "miss %s: %q want %v got %v\n", q.Site, q.Text, q.Pages, ranked[:min(3, len(ranked))])
		}
		measure(res, "page-bm25", q, s.base.rank(q.Text, 10))
	}
	printTable(w, res, sites)
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
	fmt.Fprintf(w, "%-10s %-5s %4s %9s %9s %6s\n", "method", "half", "n", "recall@1", "recall@5", "MRR")
	for _, split := range []string{splitTune, splitHeld, "all"} {
		for _, method := range []string{"index", "page-bm25"} {
			m := res[method+"/"+split]
			if m == nil {
				continue
			}
			r1, r5, mrr := m.values()
			fmt.Fprintf(w, "%-10s %-5s %4d %9.3f %9.3f %6.3f\n", method, split, m.n, r1, r5, mrr)
		}
	}
	fmt.Fprintln(w, "index = search.Index.Search as the assistant cites sources and /discovery/v1/search returns hits (same call)")
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
