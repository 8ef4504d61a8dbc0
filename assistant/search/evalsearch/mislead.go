package main

import (
	"hash/fnv"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/lectern-dev/lectern/assistant/request"
)

// misled measures, with -mislead, the cost of a misleading page: q asked again from a page of
// another division than its answers (misleadingPage), beside q asked from no page (got and
// cited, its figures from the run) on the same questions. A question of a site with fewer than
// two divisions, or of train.json, is not counted. Asking from the answers' own division would
// leak the answer, so no gain is measured that way.
func (e *eval) misled(s *site, q question, got, cited []string) error {
	if e.opt.mislead == 0 || q.Split == splitTrain {
		return nil
	}
	from := s.misleadingPage(q, e.opt.mislead)
	if from == "" {
		return nil
	}
	m := q
	m.CurrentPath = from
	hits, err := s.search(m, 10)
	if err != nil {
		return err
	}
	f, err := s.filter(m)
	if err != nil {
		return err
	}
	misCited, _, err := citedPages(q.Text, s.index.ReadsIn(f, q.Text), hits[:min(len(hits), request.DefaultPageSize)])
	if err != nil {
		return err
	}
	e.measure("mis-none", q, got)
	e.measure("mis-cited0", q, cited)
	e.measure("mislead", q, ranked(hits))
	e.measure("mis-cited", q, misCited)
	return nil
}

// misleadingPage picks the page q is asked from in the misleading run: a page in search that
// scopes the language and version q is searched in (asked from it, q searches the same pages),
// whose division is none of q's answers', chosen
// by the seed and the question (the same page on every run with that seed, whatever the
// order of the questions). "" when the site has fewer than two divisions, or no such page.
func (s *site) misleadingPage(q question, seed uint64) string {
	f, err := s.filter(q)
	if err != nil {
		return ""
	}
	answers := map[string]bool{}
	for _, p := range q.Pages {
		answers[s.divs[p]] = true
	}
	var names, from []string
	for _, p := range s.pages {
		d := p.Division.Name
		if d == "" || !strings.EqualFold(p.Language, f.Language) || !strings.EqualFold(p.Version, f.Version) {
			continue
		}
		if !slices.Contains(names, d) {
			names = append(names, d)
		}
		if answers[d] {
			continue
		}
		m := q
		m.CurrentPath = p.URL
		if g, err := s.filter(m); err == nil && g.Version == f.Version && g.Language == f.Language { // a page of several versions scopes the default one
			from = append(from, p.URL)
		}
	}
	if len(names) < 2 || len(from) == 0 {
		return ""
	}
	slices.Sort(from)
	h := fnv.New64a()
	_, _ = h.Write([]byte(q.Site + "\x00" + q.Text))
	return from[rand.New(rand.NewPCG(seed, h.Sum64())).IntN(len(from))] // #nosec G404 -- a reproducible pick, not a secret
}
