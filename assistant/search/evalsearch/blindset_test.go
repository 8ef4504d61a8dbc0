package main

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/lectern-dev/lectern/assistant/search"
	"github.com/lectern-dev/lectern/assistant/search/evalsearch/evalset"
)

// evalDir is the evaluation's data, as make eval-search reads it.
const evalDir = "../testdata/eval"

// seenSites are the sites of questions.json and train.json: those the ranking was tuned or
// trained on.
func seenSites(t *testing.T) []string {
	t.Helper()
	qs, err := loadQuestions(filepath.Join(evalDir, "questions.json"))
	if err != nil {
		t.Fatal(err)
	}
	train, err := evalset.LoadTraining(filepath.Join(evalDir, "train.json"), nil)
	if err != nil {
		t.Fatal(err)
	}
	var seen []string
	for _, q := range append(qs, train...) {
		if !slices.Contains(seen, q.Site) {
			seen = append(seen, q.Site)
		}
	}
	return seen
}

// siteCache loads each evaluation site once, for the tests that check questions against the
// pages of their site.
type siteCache struct {
	dir   string
	sites map[string]*site
}

func newSiteCache(dir string) *siteCache { return &siteCache{dir: dir, sites: map[string]*site{}} }

// of returns q's site and the filter q is searched with.
func (c *siteCache) of(t *testing.T, q question) (*site, search.Filter) {
	t.Helper()
	s := c.sites[q.Site]
	if s == nil {
		var err error
		if s, err = loadSite(filepath.Join(c.dir, q.Site)); err != nil {
			t.Fatal(err)
		}
		c.sites[q.Site] = s
	}
	f, err := s.filter(q)
	if err != nil {
		t.Fatal(err)
	}
	return s, f
}

// inSearch reports whether p is a page in search of s in f's language.
func (s *site) inSearch(f search.Filter, p string) bool {
	return slices.ContainsFunc(s.pages, func(pg search.Page) bool { return pg.URL == p && pg.Language == f.Language })
}

// checkPagesInSearch fails t for each page of a question that is not a page in search of its
// site in the language the question is searched in.
func checkPagesInSearch(t *testing.T, c *siteCache, qs []question) {
	t.Helper()
	for _, q := range qs {
		s, f := c.of(t, q)
		for _, p := range q.Pages {
			if !s.inSearch(f, p) {
				t.Errorf("%s: %q: %s is not a page in search in language %q", q.Site, q.Text, p, f.Language)
			}
		}
	}
}

// TestBlindQuestionsAnswerable keeps blind.json honest: no question is on a site tuned or
// trained on, and each of its pages is a page in search of its site in the language the
// question is searched in; the reader's page (currentPath) is a page of that language too,
// never the answer's.
func TestBlindQuestionsAnswerable(t *testing.T) {
	blind, err := evalset.LoadBlind(filepath.Join(evalDir, "blind.json"), seenSites(t))
	if err != nil {
		t.Fatal(err)
	}
	if len(blind) == 0 {
		t.Fatal("blind.json holds no question")
	}
	sites := newSiteCache(evalDir)
	checkPagesInSearch(t, sites, blind)
	for _, q := range blind {
		s, f := sites.of(t, q)
		if q.CurrentPath != "" && (!s.inSearch(f, q.CurrentPath) || slices.Contains(q.Pages, q.CurrentPath)) {
			t.Errorf("%s: %q: the reader's page %s is not a page in search in %q, or is an answer", q.Site, q.Text, q.CurrentPath, f.Language)
		}
	}
	un, err := loadUnanswerable(filepath.Join(evalDir, "unanswerable.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range un {
		if q.Split == splitBlind && sites.sites[q.Site] == nil {
			t.Errorf("unanswerable %q: split blind on %q, which is not a blind site", q.Text, q.Site)
		}
	}
}

// TestTrainingReadsNoBlindSite: make train-rerank reads questions.json's tuning half and
// train.json, never blind.json nor a blind site. In a copy of the data whose blind.json is not
// JSON and whose blind site's folder is missing, the training set still loads, from the other
// sites only.
func TestTrainingReadsNoBlindSite(t *testing.T) {
	dir := t.TempDir()
	seen, err := filepath.Abs(filepath.Join(evalDir, "memorylake"))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"questions.json": `[{"site": "seen", "q": "how many requests a minute can I send", "pages": ["/features/memorylake/api-reference/rate-limits"], "split": "tune"},
{"site": "seen", "q": "a held question", "pages": ["/features/memorylake/api-reference/errors"], "split": "held"}]`,
		"train.json":        `[{"site": "train-only", "q": "invite a colleague by email", "pages": ["/features/team-collaboration/invitation-and-access"]}]`,
		"blind.json":        `{ this is not JSON: reading it fails`,
		"followups.json":    `[]`,
		"unanswerable.json": `[]`,
	}
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	for _, name := range []string{"seen", "train-only"} {
		if err := os.Symlink(seen, filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	exs, nTune, nTrain, err := trainingSet(dir, "train.json")
	if err != nil {
		t.Fatalf("the training set read something of the blind sites: %v", err)
	}
	if nTune != 1 || nTrain != 1 || len(exs) != 2 {
		t.Fatalf("%d examples (%d tuning, %d training), want the one tuning and the one training question", len(exs), nTune, nTrain)
	}
	for _, ex := range exs {
		if ex.site != "seen" && ex.site != "train-only" {
			t.Errorf("an example on site %q", ex.site)
		}
	}
	// The evaluation reads blind.json only with the blind half: the same broken file fails it
	// then, and only then.
	var out nopWriter
	if _, err := rankAll(&out, dir, options{halves: []string{splitTune, splitHeld}}); err != nil {
		t.Errorf("rankAll without the blind half: %v", err)
	}
	if _, err := rankAll(&out, dir, options{halves: []string{splitTune, splitHeld, splitBlind}}); err == nil {
		t.Error("rankAll with the blind half ranked a broken blind.json without error")
	}
}
