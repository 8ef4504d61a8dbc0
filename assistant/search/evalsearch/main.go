// Command evalsearch measures the documentation search on public docs sites that nobody on
// the team wrote (testdata/eval/<site>, each pinned by its SOURCE file) with questions in
// readers' words (testdata/eval/questions.json, split once into a tuning and a held-out half),
// and on blind sites nothing was ever tuned on (testdata/eval/blind.json, all held out).
// It prints recall@1, recall@5 and MRR of the index's Search — what the assistant cites and
// what /discovery/v1/search returns — beside a whole-page BM25 baseline computed in the same
// run, overall and per site. Each question is searched as the assistant searches it: in the
// language and version of the page it is asked from (its currentPath, or its language), else
// the site's defaults, ranked by that page's division, over the pages the site's own indexing
// rules put in search. With -mislead=<seed> each question on a site of several divisions is
// also asked from a page of another division (mislead.go). `make eval-search` runs it.
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
	"sync"

	"github.com/lectern-dev/lectern/assistant/answer"
	"github.com/lectern-dev/lectern/assistant/request"
	"github.com/lectern-dev/lectern/assistant/search"
	"github.com/lectern-dev/lectern/assistant/search/evalsearch/evalset"
	"github.com/lectern-dev/lectern/assistant/search/internal/wordnet"
	"github.com/lectern-dev/lectern/assistant/sitedocs"
	"github.com/lectern-dev/lectern/schemas/docsjson"
)

func main() {
	dir := flag.String("dir", "testdata/eval", "folder holding questions.json and one folder per site")
	list := flag.String("list", "", "print the pages and headings of this site, then exit")
	misses := flag.Bool("misses", false, "print the tuning questions (and with -trainsites train.json's) whose first result is wrong")
	halves := flag.String("halves", "tune,held,blind", `the halves to print: "tune" alone while changing the ranking (the held-out half and the blind sites are read only at the end)`)
	blindMisses := flag.Bool("blindmisses", false, "print the blind sites' questions whose first result is wrong: to read what kind of miss they are after a run, never to tune on")
	mislead := flag.Uint64("mislead", 0, "with a seed (not 0): also ask each question on a site with several divisions from a page of another division than its answers, picked by the seed, and print it beside the same questions asked from no page (the cost of a misleading page)")
	trainSites := flag.Bool("trainsites", false, "also rank train.json's questions (the training-only sites) and print them apart, as \"train\": in-sample once make train-rerank has fitted on them, never a held-out figure")
	trainTo := flag.String("train", "", "fit the re-ranker on the tuning half (and -trainset) and write its model to this file, then exit")
	trainSet := flag.String("trainset", "train.json", `with -train: the file in -dir of questions on training-only sites to fit on beside the tuning half ("" for none); never evaluated`)
	lambdas := flag.String("lambdas", "", "with -train: the L2 penalties cross-validation picks from, comma-separated (default: "+formatLambdas(trainLambdas)+")")
	ablate := flag.Bool("ablate", false, "with -train: print the leave-one-site-out figures with each feature left out (at the first of -lambdas), and write nothing")
	grid := flag.Bool("declinegrid", false, "choose the extractive answer's decline rule on tuning material only (the tuning half, train.json, the tuning unanswerable questions and the long questions of train_long*.json): print each rule of the grid and the one that cites the most right pages without answering more unanswerable questions than the rule in use, then exit")
	flag.StringVar(&thesaurusSpec, "thesaurus", "", `expand the question's words the site lacks with WordNet's related words (search.BuildWithThesaurus), e.g. "rel=s,w=0.4,df=0,word=3,query=8"; off by default: measured, it did not help (testdata/eval/README.md, "A general thesaurus")`)
	flag.Float64Var(&partWeight, "partweight", 0, "count one part of a multi-part identifier (\"login\" of \"OneLogin\", of ONELOGIN_CLIENT_ID) as this share of a word in term frequencies, 0 < w ≤ 1 in quarters (search.Experiment.PartWeight); 0: as Build (1)")
	flag.Float64Var(&readerPrior, "readerprior", 0, "multiply the relevance of the page a question is asked from (its currentPath) by this prior, above 1 (search.Query.ReaderPrior), for every question; reader.json's questions are printed with and without it; 0: off (measured, testdata/eval/README.md, \"Questions asked from the page that answers them\")")
	flag.Parse()
	var err error
	switch {
	case *grid:
		err = declineGrid(os.Stdout, *dir)
	case *trainTo != "":
		var ls []float64
		if ls, err = parseLambdas(*lambdas); err == nil {
			err = train(os.Stdout, *dir, *trainSet, *trainTo, ls, *ablate)
		}
	default:
		err = run(os.Stdout, *dir, options{list: *list, misses: *misses, blindMisses: *blindMisses, halves: strings.Split(*halves, ","), trainSites: *trainSites, mislead: *mislead})
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "evalsearch:", err)
		os.Exit(1)
	}
}

// options are what run prints.
type options struct {
	list   string // a site to list instead
	misses bool   // print the tuning questions' misses
	// blindMisses prints the blind questions' misses, to be read after the run.
	blindMisses bool
	halves      []string // the halves to print; "blind" ranks blind.json's questions
	// trainSites also ranks train.json's questions, under splitTrain: kept out of "all", the
	// groups and every figure of the evaluation's halves.
	trainSites bool
	// mislead, when not 0, seeds the choice of a misleading page for each question (mislead.go).
	mislead uint64
}

// splitTrain marks train.json's questions when -trainsites ranks them.
const splitTrain = "train"

// site is one loaded site: its pages in search, every page's indexing rule, its index, its
// baseline and its scopes.
type site struct {
	pages  []search.Page
	rules  map[string]docsjson.Rule // every page of the site (listed or not) → the rule that decided its indexing
	found  map[string]bool          // the pages in search
	index  *search.Index
	base   *pageBM25
	scopes *sitedocs.Scopes
	divs   map[string]string // page in search → its division
}

// thesaurusSpec is -thesaurus: how every site's index expands words with WordNet ("": not).
var thesaurusSpec string

// partWeight is -partweight: what a part of a multi-part identifier counts (0: as Build).
var partWeight float64

// thesaurus is WordNet's table, read once when -thesaurus asks for it.
var thesaurus = sync.OnceValues(func() (*search.Thesaurus, error) { return search.ReadThesaurus(wordnet.Table) })

func loadSite(dir string) (*site, error) {
	docs, err := sitedocs.Load(context.Background(), dir)
	if err != nil {
		return nil, fmt.Errorf("load %s: %w", dir, err)
	}
	var th *search.Thesaurus
	if thesaurusSpec != "" {
		if th, err = thesaurus(); err != nil {
			return nil, err
		}
	}
	ix, err := search.BuildExperiment(docs.Pages, search.Experiment{Thesaurus: th, ThesaurusSpec: thesaurusSpec, PartWeight: partWeight})
	if err != nil {
		return nil, fmt.Errorf("index %s: %w", dir, err)
	}
	s := &site{pages: docs.Pages, rules: map[string]docsjson.Rule{}, found: map[string]bool{}, index: ix,
		base: newPageBM25(docs.Pages), scopes: &docs.Scopes, divs: map[string]string{}}
	for _, p := range docs.Pages {
		s.divs[p.URL] = p.Division.Name
	}
	for _, e := range docs.Entries {
		if _, ok := s.rules[e.URL]; !ok || e.Index.Search {
			s.rules[e.URL] = e.Index.Rule
		}
		s.found[e.URL] = s.found[e.URL] || e.Index.Search
	}
	return s, nil
}

// filter is the scope the assistant searches q in: the language q names, else the language and
// version of the page it is asked from, else the site's defaults.
func (s *site) filter(q question) (search.Filter, error) {
	lang := q.Language
	if lang != "" {
		i := slices.IndexFunc(s.scopes.Languages, func(l string) bool { return strings.EqualFold(l, lang) })
		if i < 0 {
			return search.Filter{}, fmt.Errorf("question %q: language %q is not one of the site's %v", q.Text, lang, s.scopes.Languages)
		}
		lang = s.scopes.Languages[i]
	}
	var paths []string
	if q.CurrentPath != "" {
		paths = append(paths, q.CurrentPath)
	}
	v, l := s.scopes.Resolve("", lang, paths...)
	return search.Filter{Version: v, Language: l}, nil
}

// search returns the index's results for q, scoped as the assistant scopes it, with -readerprior.
func (s *site) search(q question, limit int) ([]search.Result, error) {
	return s.searchWith(q, limit, readerPrior)
}

// searchWith is search with the reader's page's prior given.
func (s *site) searchWith(q question, limit int, prior float64) ([]search.Result, error) {
	f, err := s.filter(q)
	if err != nil {
		return nil, err
	}
	division := s.scopes.ReaderDivision(q.Text, "", q.CurrentPath)
	return s.index.Search(search.Query{Text: q.Text, History: q.Before, Filter: f, Limit: limit, Division: division,
		ReaderPage: q.CurrentPath, ReaderPrior: prior}), nil
}

// firstStage returns the page paths of the index's first stage for q, before the re-ranker.
func (s *site) firstStage(q question) []string {
	f, _ := s.filter(q)
	cands := s.index.Candidates(search.Query{Text: q.Text, History: q.Before, Filter: f})
	out := make([]string, len(cands))
	for i, c := range cands {
		out[i] = c.Path
	}
	return out
}

// answers returns the pages that answer q and that the site puts in search. A page the site's
// own rules leave out of search (noindex, searchable: false, hidden) cannot be found, as on
// Mintlify: it is dropped, and a question left with none is not counted. A page the site does
// not have is an error in the data.
func (s *site) answers(q question) ([]string, error) {
	var out []string
	for _, p := range q.Pages {
		if _, ok := s.rules[p]; !ok {
			return nil, fmt.Errorf("question %q: the site has no page %s", q.Text, p)
		}
		if s.found[p] {
			out = append(out, p)
		}
	}
	return out, nil
}

// rankOf is the rank (from 1) of q's first answering page in ranked, 0 when it is not there.
func rankOf(q question, ranked []string) int {
	for i, p := range ranked {
		if slices.Contains(q.Pages, p) {
			return i + 1
		}
	}
	return 0
}

// ranked returns the page paths of the results, as /discovery/v1/search lists them and the
// assistant's search step reports them (it asks for five).
func ranked(res []search.Result) []string {
	out := make([]string, len(res))
	for i, r := range res {
		out[i] = r.Path
	}
	return out
}

// eval holds the sites and the figures of one run.
type eval struct {
	w        io.Writer
	dir      string
	opt      options
	sites    map[string]*site
	blind    map[string]bool // the blind sites (blind.json's), printed apart
	res      map[string]*metrics
	cites    map[string]*citeStats
	declines declineStats
	excluded map[string]int // questions whose answers the site's rules leave out of search, by half
	expanded map[string]int // with -thesaurus: questions the thesaurus added a term to, by half
}

func (e *eval) site(name string) (*site, error) {
	if s := e.sites[name]; s != nil {
		return s, nil
	}
	s, err := loadSite(filepath.Join(e.dir, name))
	if err != nil {
		return nil, err
	}
	e.sites[name] = s
	return s, nil
}

func run(w io.Writer, dir string, opt options) error {
	if opt.list != "" {
		return listSite(w, filepath.Join(dir, opt.list))
	}
	e, err := rankAll(w, dir, opt)
	if err != nil {
		return err
	}
	e.printTable()
	if err := e.readerTable(); err != nil {
		return err
	}
	e.printExpanded()
	printCited(w, e.cites, e.halves())
	return e.uncovered()
}

// rankAll ranks every question of questions.json (and with opt.trainSites train.json's) and
// every follow-up, and returns the figures.
func rankAll(w io.Writer, dir string, opt options) (*eval, error) {
	e := &eval{w: w, dir: dir, opt: opt, sites: map[string]*site{}, blind: map[string]bool{}, res: map[string]*metrics{}, cites: map[string]*citeStats{}, declines: declineStats{}, excluded: map[string]int{}, expanded: map[string]int{}}
	qs, err := loadQuestions(filepath.Join(dir, "questions.json"))
	if err != nil {
		return nil, err
	}
	for _, q := range qs {
		if err := e.question(q); err != nil {
			return nil, err
		}
	}
	if opt.trainSites {
		if err := e.trainQuestions(qs); err != nil {
			return nil, err
		}
	}
	if e.wantBlind() {
		if err := e.blindQuestions(qs); err != nil {
			return nil, err
		}
	}
	if err := e.followUps(); err != nil {
		return nil, err
	}
	return e, nil
}

// question ranks one question with the index, the extractive answer and the baseline.
func (e *eval) question(q question) error {
	s, err := e.site(q.Site)
	if err != nil {
		return err
	}
	if q.Pages, err = s.answers(q); err != nil {
		return err
	}
	if len(q.Pages) == 0 {
		e.excluded[q.Split]++
		return nil
	}
	hits, err := s.search(q, 10)
	if err != nil {
		return err
	}
	got := ranked(hits)
	e.measure("index", q, got)
	e.measure("stage-1", q, s.firstStage(q))
	tuneMiss := (e.opt.misses && (q.Split == splitTune || q.Split == splitTrain)) || (e.opt.blindMisses && q.Split == splitBlind)
	e.related(s, q, got, tuneMiss)
	if tuneMiss && (len(got) == 0 || !slices.Contains(q.Pages, got[0])) {
		fmt.Fprintf(e.w, "miss %s (rank %d, first stage %d): %q want %v got %v\n", q.Site, rankOf(q, got), rankOf(q, s.firstStage(q)), q.Text, q.Pages, got[:min(3, len(got))])
	}
	f, err := s.filter(q)
	if err != nil {
		return err
	}
	cited, pointed, err := citedPages(q.Text, s.index.ReadsIn(f, q.Text), hits[:min(len(hits), request.DefaultPageSize)])
	if err != nil {
		return err
	}
	e.measure("cited", q, cited)
	addCited(e.cites, q, cited)
	e.declines.answerable(q, cited, pointed)
	if tuneMiss && (len(cited) == 0 || !slices.Contains(q.Pages, cited[0])) {
		fmt.Fprintf(e.w, "cmiss %s: %q want %v cited %v got %v\n", q.Site, q.Text, q.Pages, cited, got[:min(3, len(got))])
	}
	e.measure("page-bm25", q, s.base.rank(q.Text, 10, f))
	return e.misled(s, q, got, cited)
}

// trainQuestions ranks train.json's questions (on sites none of qs, the evaluation's questions,
// is on) under splitTrain.
func (e *eval) trainQuestions(qs []question) error {
	var evalSites []string
	for _, q := range qs {
		evalSites = append(evalSites, q.Site)
	}
	train, err := evalset.LoadTraining(filepath.Join(e.dir, "train.json"), evalSites)
	if err != nil {
		return err
	}
	for _, q := range train {
		q.Split = splitTrain
		if err := e.question(q); err != nil {
			return err
		}
	}
	return nil
}

// wantBlind says whether the blind sites are among the halves to print: only then are they
// loaded and ranked (never while tuning with -halves tune).
func (e *eval) wantBlind() bool { return slices.Contains(e.opt.halves, splitBlind) }

// blindQuestions ranks blind.json's questions (on sites none of qs, the evaluation's questions,
// is on) under splitBlind.
func (e *eval) blindQuestions(qs []question) error {
	var seen []string
	for _, q := range qs {
		seen = append(seen, q.Site)
	}
	blind, err := evalset.LoadBlind(filepath.Join(e.dir, "blind.json"), seen)
	if err != nil {
		return err
	}
	for _, q := range blind {
		e.blind[q.Site] = true
		if err := e.question(q); err != nil {
			return err
		}
	}
	return nil
}

// followUps ranks the questions of followups.json with their thread's earlier questions, as the
// assistant searches a follow-up, and alone.
func (e *eval) followUps() error {
	qs, err := loadFollowUps(filepath.Join(e.dir, "followups.json"))
	if err != nil {
		return err
	}
	for _, q := range qs {
		s := e.sites[q.Site]
		if s == nil {
			return fmt.Errorf("follow-up %q: no site %q among the questions' sites", q.Text, q.Site)
		}
		if q.Pages, err = s.answers(q); err != nil {
			return err
		}
		if len(q.Pages) == 0 {
			continue
		}
		with, err := s.search(q, 10)
		if err != nil {
			return err
		}
		alone := q
		alone.Before = nil
		without, err := s.search(alone, 10)
		if err != nil {
			return err
		}
		e.measure("follow-up", q, ranked(with))
		e.measure("fu-alone", q, ranked(without))
	}
	return nil
}

// uncovered asks the questions of unanswerable.json, which the sites do not cover, and counts
// those the extractive answer answered anyway (it should say the docs do not cover them). With
// -trainsites it asks train_unanswerable.json's too, under "train": tuning material for the
// decline rule, on the training-only sites.
func (e *eval) uncovered() error {
	qs, err := e.unanswerable()
	if err != nil {
		return err
	}
	n, answered := map[string]int{}, map[string]int{}
	for _, q := range qs {
		n[q.Split]++
		s, err := e.site(q.Site)
		if err != nil {
			return fmt.Errorf("unanswerable question %q: %w", q.Text, err)
		}
		hits, err := s.search(q, request.DefaultPageSize)
		if err != nil {
			return err
		}
		f, err := s.filter(q)
		if err != nil {
			return err
		}
		cited, pointed, err := citedPages(q.Text, s.index.ReadsIn(f, q.Text), hits)
		if err != nil {
			return err
		}
		e.declines.unanswerable(q, pointed)
		if len(cited) > 0 {
			answered[q.Split]++
			if (e.opt.misses && (q.Split == splitTune || q.Split == splitTrain)) || (e.opt.blindMisses && q.Split == splitBlind) {
				fmt.Fprintf(e.w, "answered %s: %q cited %v\n", q.Site, q.Text, cited)
			}
		}
	}
	halves := e.opt.halves
	if e.opt.trainSites {
		halves = append(slices.Clone(halves), splitTrain)
	}
	var parts []string
	for _, h := range halves {
		parts = append(parts, fmt.Sprintf("%d of %d %s", answered[h], n[h], h))
	}
	fmt.Fprintf(e.w, "unanswerable (questions the sites do not cover; the extractive answer should say so): answered %s\n", strings.Join(parts, ", "))
	e.declines.print(e.w, halves, n)
	return nil
}

// unanswerable returns the unanswerable questions to ask: unanswerable.json's (the blind
// sites' only when they are printed) and, with -trainsites, train_unanswerable.json's under
// splitTrain.
func (e *eval) unanswerable() ([]question, error) {
	qs, err := loadUnanswerable(filepath.Join(e.dir, "unanswerable.json"))
	if err != nil {
		return nil, err
	}
	qs = slices.DeleteFunc(qs, func(q question) bool { return q.Split == splitBlind && !e.wantBlind() })
	if !e.opt.trainSites {
		return qs, nil
	}
	train, err := evalset.LoadTraining(filepath.Join(e.dir, "train.json"), nil)
	if err != nil {
		return nil, err
	}
	var sites []string
	for _, q := range train {
		sites = append(sites, q.Site)
	}
	extra, err := evalset.LoadTrainingUnanswerable(filepath.Join(e.dir, "train_unanswerable.json"), sites)
	if err != nil {
		return nil, err
	}
	for _, q := range extra {
		q.Split = splitTrain
		qs = append(qs, q)
	}
	return qs, nil
}

// Groups of questions the per-site table adds up: by kind of site, and the questions asked in
// another language than English.
const (
	groupEnglishSites = "English-only sites"
	groupMultilingual = "multilingual sites"
	groupTranslated   = "not in English"
)

// measure records a question's ranking under its method, half, site and groups.
func (e *eval) measure(method string, q question, ranked []string) {
	keys := []string{method + "/" + q.Split, method + "/" + q.Split + "/" + q.Site}
	if q.Split != splitTrain && q.Split != splitBlind {
		keys = append(keys, method+"/all")
	}
	group := groupEnglishSites
	if s := e.sites[q.Site]; s != nil && len(s.scopes.Languages) > 1 {
		group = groupMultilingual
	}
	keys = append(keys, method+"/"+q.Split+"/"+group)
	if q.Language != "" && !strings.EqualFold(q.Language, "en") {
		keys = append(keys, method+"/"+q.Split+"/"+groupTranslated)
	}
	for _, k := range keys {
		if e.res[k] == nil {
			e.res[k] = &metrics{}
		}
		e.res[k].add(q, ranked)
	}
}

func (e *eval) printTable() {
	var names, blind []string
	pages, blindPages := 0, 0
	for n, s := range e.sites {
		if e.blind[n] {
			blind = append(blind, n)
			blindPages += len(s.pages)
			continue
		}
		names = append(names, n)
		pages += len(s.pages)
	}
	slices.Sort(names)
	slices.Sort(blind)
	w := e.w
	fmt.Fprintf(w, "sites: %s (%d pages in search)\n", strings.Join(names, ", "), pages)
	if len(blind) > 0 {
		fmt.Fprintf(w, "blind sites: %s (%d pages in search)\n", strings.Join(blind, ", "), blindPages)
	}
	fmt.Fprintf(w, "%-10s %-5s %4s %9s %9s %6s %5s\n", "method", "half", "n", "recall@1", "recall@5", "MRR", "none")
	for _, split := range e.halves() {
		for _, method := range []string{"index", "stage-1", "cited", "page-bm25", "follow-up", "fu-alone", "mis-none", "mislead", "mis-cited0", "mis-cited"} {
			if m := e.res[method+"/"+split]; m != nil {
				r1, r5, mrr := m.values()
				fmt.Fprintf(w, "%-10s %-5s %4d %9.3f %9.3f %6.3f %5d\n", method, split, m.n, r1, r5, mrr, m.none)
			}
		}
	}
	for _, split := range e.opt.halves {
		if split == splitBlind {
			e.perSite(split, blind)
			continue
		}
		e.perSite(split, names)
	}
	if e.opt.trainSites {
		e.perSite(splitTrain, names)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "index = search.Index.Search: the hits of /discovery/v1/search and the sources of the assistant's search step (same call)")
	fmt.Fprintln(w, "stage-1 = the index's first stage alone, before the re-ranker (the candidates make train-rerank fits on)")
	fmt.Fprintln(w, "cited = the page the model-free (extractive) answer quotes from the assistant's 5 sources (an unanswered reply cites none)")
	fmt.Fprintln(w, "page-bm25 = plain BM25 over whole pages, in the same language and version as the index's search")
	fmt.Fprintln(w, "follow-up = followups.json: the follow-up searched with its thread's earlier question (as the assistant does, model-free); fu-alone = the follow-up alone")
	fmt.Fprintln(w, "none = questions with no result (for cited: the replies that said the docs do not cover the question)")
	if e.opt.mislead != 0 {
		fmt.Fprintf(w, "mislead = the index's search of the questions on sites with several divisions, each asked from a page of another division than its answers (seed %d); mis-none = the same questions asked from no page; mis-cited, mis-cited0 = what the extractive answer cites of each\n", e.opt.mislead)
	}
	if e.wantBlind() {
		fmt.Fprintln(w, "blind = blind.json, the blind sites: every question held out, nothing tuned or trained on them (compare with held); not in \"all\"")
	}
	if e.opt.trainSites {
		fmt.Fprintln(w, "train = train.json, the training-only sites: in-sample for a re-ranker make train-rerank fitted on them, never a held-out figure; not in \"all\"")
	}
	for _, split := range e.opt.halves {
		if n := e.excluded[split]; n > 0 {
			fmt.Fprintf(w, "not counted (%s): %d questions answered only by pages the site's own rules leave out of search (noindex, searchable: false, hidden)\n", split, n)
		}
	}
}

// halves are the halves to print, and "all" (tune and held) when both are, then "blind" when
// it is among them, then "train" with -trainsites.
func (e *eval) halves() []string {
	halves := slices.DeleteFunc(slices.Clone(e.opt.halves), func(h string) bool { return h == splitBlind })
	if slices.Contains(halves, splitTune) && slices.Contains(halves, splitHeld) {
		halves = append(halves, "all")
	}
	if e.wantBlind() {
		halves = append(halves, splitBlind)
	}
	if e.opt.trainSites {
		halves = append(halves, splitTrain)
	}
	return halves
}

// perSite prints one half's figures per site: the index and the extractive answer beside the
// baseline.
func (e *eval) perSite(split string, names []string) {
	w := e.w
	fmt.Fprintf(w, "\n%-18s %4s | %-20s | %-13s | %-20s\n", "per site, "+split, "n", "index R@1  R@5   MRR", "cited R@1 R@5", "bm25 R@1  R@5   MRR")
	for _, name := range append(slices.Clone(names), groupEnglishSites, groupMultilingual, groupTranslated, "") {
		key, label := "/"+split+"/"+name, name
		if name == "" {
			key, label = "/"+split, "all"
			if split == splitBlind {
				label = "blind sites"
			}
		}
		ix, ci, bm := e.res["index"+key], e.res["cited"+key], e.res["page-bm25"+key]
		if ix == nil {
			continue
		}
		i1, i5, im := ix.values()
		c1, c5, _ := ci.values()
		b1, b5, bmrr := bm.values()
		fmt.Fprintf(w, "%-18s %4d |    %5.3f %5.3f %5.3f |   %5.3f %5.3f |   %5.3f %5.3f %5.3f\n", label, ix.n, i1, i5, im, c1, c5, b1, b5, bmrr)
	}
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
		fmt.Fprintf(w, "%s | %s | %s %s\n    %s\n", p.URL, p.Title, p.Version, p.Language, strings.Join(hs, " · "))
	}
	return nil
}

// citedPages runs the extractive answerer on the sources the assistant would give it, in the
// scope's language as the assistant gives it, and returns the pages its answer cites, in order,
// and, when it declines, the pages its reply points at instead.
func citedPages(q, language string, hits []search.Result) (cited, pointed []string, err error) {
	return citedWith(answer.DefaultRule, q, language, sourcesOf(hits))
}

// The extractive answer reads a question in the language the search read it in
// (search.Index.ReadsIn: the scope's, else for content in no language the one it is written
// in), as the assistant does.

// sourcesOf turns the search's results into the answer's sources, as the assistant does.
func sourcesOf(hits []search.Result) []answer.Source {
	sources := make([]answer.Source, len(hits))
	for i, r := range hits {
		sources[i] = answer.Source{Title: r.Title, URL: r.URL, Path: r.Path, Section: r.Section, Text: r.Snippet, Whole: r.Text, Breadcrumbs: r.Breadcrumbs, Match: r.Match, SectionMatch: r.SectionMatch, Words: r.Words}
	}
	return sources
}

// citedWith is citedPages with the decline rule given.
func citedWith(rule answer.Rule, q, language string, sources []answer.Source) (cited, pointed []string, err error) {
	var text strings.Builder
	a, err := (&answer.Extractive{Rule: rule}).Generate(context.Background(), answer.Prompt{Question: q, Sources: sources, Language: language}, func(s string) error {
		text.WriteString(s)
		return nil
	})
	if err != nil {
		return nil, nil, fmt.Errorf("extractive answer to %q: %w", q, err)
	}
	if len(a.Cited) == 0 {
		return nil, paths(answer.Linked(text.String(), sources)), nil
	}
	return paths(a.Cited), nil, nil
}

func paths(sources []answer.Source) []string {
	out := make([]string, len(sources))
	for i, s := range sources {
		out[i] = s.Path
	}
	return out
}

// related counts (and with -misses prints) what -thesaurus added to q.
func (e *eval) related(s *site, q question, got []string, show bool) {
	if thesaurusSpec == "" {
		return
	}
	f, _ := s.filter(q)
	terms := s.index.ThesaurusTerms(search.Query{Text: q.Text, Filter: f})
	if len(terms) == 0 {
		return
	}
	e.expanded[q.Split]++
	if show {
		fmt.Fprintf(e.w, "thesaurus %s (rank %d): %q %v\n", q.Site, rankOf(q, got), q.Text, terms)
	}
}

// printExpanded prints how many questions of each half -thesaurus expanded.
func (e *eval) printExpanded() {
	if thesaurusSpec == "" {
		return
	}
	for _, h := range e.halves() {
		n := e.expanded[h]
		if h == "all" {
			n = e.expanded[splitTune] + e.expanded[splitHeld]
		}
		fmt.Fprintf(e.w, "thesaurus (%s): a word expanded in %d questions of %s\n", thesaurusSpec, n, h)
	}
}
