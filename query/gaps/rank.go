// Package gaps ranks what a docs team should fix next, per page and per topic, from every signal
// Lectern stores: searches by readers and agents that found nothing or were never clicked,
// assistant questions left unanswered or rated down (grouped into topics by their words), page
// feedback that is negative or commented, and pages many readers leave without doing anything.
// It is deterministic and needs no model: each gap's score is a weighted count of its signals,
// with the weights below, and it carries the evidence behind it.
package gaps

import (
	"cmp"
	"slices"
	"strings"
	"time"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/schemas/event"
)

// Signal names one kind of evidence that something is missing or wrong.
type Signal string

// The signals, strongest first.
const (
	Unanswered      Signal = "unanswered"        // the assistant found no answer in the docs
	RatedDown       Signal = "rated_down"        // a reader rated the assistant's answer not helpful
	ThumbsDown      Signal = "thumbs_down"       // a reader rated the page not helpful
	Comment         Signal = "comment"           // written feedback on the page, not on a positive rating
	SearchNoResults Signal = "search_no_results" // a reader's search found nothing
	AgentNoResults  Signal = "agent_no_results"  // an agent's search (MCP or the search route) found nothing
	SearchNoClick   Signal = "search_no_click"   // a reader's search showed results and none was opened
	ExitNoAction    Signal = "exit_no_action"    // a session ended on a high-exit page with no action
)

// Weight is what one occurrence of a signal adds to a gap's score, in tenths: explicit failures
// (the assistant or a reader saying so) weigh 3, a search that found nothing or a comment 2, a
// search nobody clicked and an agent's empty search 1, a silent exit a tenth.
var Weight = map[Signal]int64{
	Unanswered: 30, RatedDown: 30, ThumbsDown: 30, Comment: 20, SearchNoResults: 20,
	AgentNoResults: 10, SearchNoClick: 10, ExitNoAction: 1,
}

// Signals lists the signals in the order a gap shows them.
var Signals = []Signal{Unanswered, RatedDown, ThumbsDown, Comment, SearchNoResults, AgentNoResults, SearchNoClick, ExitNoAction}

// Kind says whether a gap is a topic (what readers ask and search) or a page.
type Kind string

// Gap kinds.
const (
	KindTopic Kind = "topic"
	KindPage  Kind = "page"
)

// Options are the thresholds of the exit signal: a page counts its silent exits only with at
// least MinExitViews human views of which at least ExitRate ended a session without an action.
type Options struct {
	MinExitViews int64
	ExitRate     float64
}

// DefaultOptions are the documented thresholds.
func DefaultOptions() Options { return Options{MinExitViews: 20, ExitRate: 0.5} }

// Count is one signal of a gap: how often, its weight and the points it adds (in tenths).
type Count struct {
	Signal Signal
	Count  int64
	Points int64
}

// Query is a text of a topic: a search query or question as its searches and questions wrote it
// most (white space collapsed; its normalized form, event.NormalizeQuery, groups them), with its
// signals.
type Query struct {
	Text    string
	Count   int64
	Points  int64
	Signals []Signal
}

// Thread is an assistant thread behind a topic: an unanswered turn or a rated answer.
type Thread struct {
	ThreadID, TurnID, Query string
	At                      time.Time
	Rated                   bool // a rating marked the answer not helpful
}

// Feedback is a feedback record behind a gap.
type Feedback struct {
	ID, Path, Comment string
	Source            event.Source
	Helpful           *bool
	Status            event.Status
	At                time.Time
}

// Gap is one thing to fix, with its score (tenths of points) and evidence: for a topic its
// texts, for both the threads and feedback behind it (newest first, at most MaxSamples of each).
type Gap struct {
	Kind        Kind
	Key         string // the topic's shared word (or its text when it shares none), the page's path
	Title       string // the topic's strongest text; the page's latest title in the range, its path when none is known
	Terms       []string
	Score       int64
	Signals     []Count
	First, Last time.Time // zero when the signals carry no time (silent exits)
	Queries     []Query
	Threads     []Thread
	Feedback    []Feedback
	// Pages only: human views, sessions that ended there, and of those without an action.
	Views, Exits, ExitsWithoutAction int64
	// Pages only: the page's readings in the range (time on page, scroll depth), shown beside
	// its evidence; they weigh nothing in the score or the order.
	Reading store.Reading
}

// MaxSamples bounds each list of evidence of a gap.
const MaxSamples = 5

// Rank turns signals into gaps ordered by score desc, then last seen desc (the most recent
// first), then kind (pages before topics), then key.
func Rank(sig store.GapSignals, opt Options) []Gap {
	gaps := append(topics(sig), pages(sig, opt)...)
	slices.SortFunc(gaps, func(a, b Gap) int {
		return cmp.Or(cmp.Compare(b.Score, a.Score), b.Last.Compare(a.Last), strings.Compare(string(a.Kind), string(b.Kind)),
			strings.Compare(a.Key, b.Key))
	})
	return gaps
}

// text is what the signals say about one normalized text, and the forms its searches and
// questions wrote it in (white space collapsed, case kept), with how often.
type text struct {
	counts      map[Signal]int64
	forms       map[string]int64
	first, last time.Time
	threads     []Thread
	feedback    []Feedback
}

func (t *text) add(s Signal, n int64, first, last time.Time) {
	if n <= 0 {
		return
	}
	t.counts[s] += n
	if t.first.IsZero() || first.Before(t.first) {
		t.first = first
	}
	if last.After(t.last) {
		t.last = last
	}
}

// texts gathers the topic signals per normalized text.
func texts(sig store.GapSignals) map[string]*text {
	m := map[string]*text{}
	get := func(s string) *text {
		if m[s] == nil {
			m[s] = &text{counts: map[Signal]int64{}, forms: map[string]int64{}}
		}
		return m[s]
	}
	for _, q := range sig.Queries {
		t := get(q.Query)
		t.forms[cmp.Or(q.Written, q.Query)] += q.Searches
		switch {
		case q.Source != store.QuerySourceReader:
			t.add(AgentNoResults, q.NoResults, q.First, q.Last)
		default:
			t.add(SearchNoResults, q.NoResults, q.First, q.Last)
			if q.Clicks == 0 {
				t.add(SearchNoClick, q.Searches-q.NoResults, q.First, q.Last)
			}
		}
	}
	for _, u := range sig.Unanswered {
		q := cut(u.Query, maxTextBytes) // a question is read and shown to its first 4 KiB (maxTextBytes)
		if n := event.NormalizeQuery(q); n != "" {
			t := get(n)
			t.forms[written(q)]++
			t.add(Unanswered, 1, u.At, u.At)
			t.threads = append(t.threads, Thread{ThreadID: u.ThreadID, TurnID: u.ID, Query: q, At: u.At})
		}
	}
	for _, r := range sig.RatedDown {
		q := cut(r.Query, maxTextBytes) // a question is read and shown to its first 4 KiB (maxTextBytes)
		if n := event.NormalizeQuery(q); n != "" {
			t := get(n)
			t.forms[written(q)]++
			t.add(RatedDown, 1, r.At, r.At)
			t.threads = append(t.threads, Thread{ThreadID: r.ThreadID, TurnID: r.TurnID, Query: q, At: r.At, Rated: true})
			t.feedback = append(t.feedback, Feedback{ID: r.FeedbackID, Comment: r.Comment, Source: event.SourceThumbsOnly,
				Helpful: new(false), Status: r.Status, At: r.At})
		}
	}
	for k, t := range m {
		if len(t.counts) == 0 {
			delete(m, k)
		}
	}
	return m
}

func topics(sig store.GapSignals) []Gap {
	m := texts(sig)
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	forms := make([]string, len(keys)) // each text as it was written most: the topics show those
	keyOf := make(map[string]string, len(keys))
	for i, k := range keys {
		forms[i] = commonest(m[k].forms, k)
		keyOf[forms[i]] = k
	}
	var out []Gap
	for _, tp := range Cluster(forms) {
		g := Gap{Kind: KindTopic, Key: tp.Key, Terms: tp.Terms}
		counts := map[Signal]int64{}
		for _, s := range tp.Texts {
			t := m[keyOf[s]]
			q := Query{Text: s}
			for _, sg := range Signals {
				if n := t.counts[sg]; n > 0 {
					counts[sg] += n
					q.Count += n
					q.Points += n * Weight[sg]
					q.Signals = append(q.Signals, sg)
				}
			}
			g.Queries = append(g.Queries, q)
			g.Threads, g.Feedback = append(g.Threads, t.threads...), append(g.Feedback, t.feedback...)
			g.First, g.Last = earliest(g.First, t.first), latest(g.Last, t.last)
		}
		g.Signals, g.Score = tally(counts)
		slices.SortFunc(g.Queries, func(a, b Query) int {
			return cmp.Or(cmp.Compare(b.Points, a.Points), cmp.Compare(b.Count, a.Count), strings.Compare(a.Text, b.Text))
		})
		g.Title = g.Queries[0].Text
		g.Queries = g.Queries[:min(len(g.Queries), MaxSamples)]
		g.Threads, g.Feedback = newestThreads(g.Threads), newestFeedback(g.Feedback)
		out = append(out, g)
	}
	return out
}

func pages(sig store.GapSignals, opt Options) []Gap {
	byPath := map[string]*Gap{}
	counts := map[string]map[Signal]int64{}
	get := func(p string) *Gap {
		if byPath[p] == nil {
			byPath[p] = &Gap{Kind: KindPage, Key: p, Title: cmp.Or(sig.Titles[p], p)}
			counts[p] = map[Signal]int64{}
		}
		return byPath[p]
	}
	for _, f := range sig.Feedback {
		g := get(f.Path)
		if f.Helpful != nil && !*f.Helpful {
			counts[f.Path][ThumbsDown]++
		}
		if f.Comment != "" {
			counts[f.Path][Comment]++
		}
		g.Feedback = append(g.Feedback, Feedback{ID: f.ID, Path: f.Path, Comment: f.Comment, Source: f.Source, Helpful: f.Helpful,
			Status: f.Status, At: f.At})
		g.First, g.Last = earliest(g.First, f.At), latest(g.Last, f.At)
	}
	for _, p := range sig.Pages {
		high := p.Views >= opt.MinExitViews && float64(p.ExitsWithoutAction) >= opt.ExitRate*float64(p.Views)
		if _, seen := byPath[p.Path]; !high && !seen {
			continue
		}
		g := get(p.Path)
		g.Views, g.Exits, g.ExitsWithoutAction = p.Views, p.Exits, p.ExitsWithoutAction
		if high {
			counts[p.Path][ExitNoAction] += p.ExitsWithoutAction
		}
	}
	var out []Gap
	for p, g := range byPath {
		g.Signals, g.Score = tally(counts[p])
		if g.Score == 0 {
			continue
		}
		g.Reading = sig.Readings[p]
		g.Feedback = newestFeedback(g.Feedback)
		out = append(out, *g)
	}
	return out
}

// tally lists the signals counted, in Signals order, and the score they make.
func tally(counts map[Signal]int64) ([]Count, int64) {
	var out []Count
	var score int64
	for _, s := range Signals {
		if n := counts[s]; n > 0 {
			out = append(out, Count{Signal: s, Count: n, Points: n * Weight[s]})
			score += n * Weight[s]
		}
	}
	return out, score
}

func newestThreads(ts []Thread) []Thread {
	slices.SortFunc(ts, func(a, b Thread) int {
		return cmp.Or(b.At.Compare(a.At), strings.Compare(a.ThreadID, b.ThreadID), strings.Compare(a.TurnID, b.TurnID))
	})
	seen := map[string]bool{}
	var out []Thread
	for _, t := range ts {
		if !seen[t.ThreadID] && len(out) < MaxSamples {
			seen[t.ThreadID] = true
			out = append(out, t)
		}
	}
	return out
}

func newestFeedback(fs []Feedback) []Feedback {
	slices.SortFunc(fs, func(a, b Feedback) int { return cmp.Or(b.At.Compare(a.At), strings.Compare(b.ID, a.ID)) })
	return fs[:min(len(fs), MaxSamples)]
}

func earliest(a, b time.Time) time.Time {
	if a.IsZero() || (!b.IsZero() && b.Before(a)) {
		return b
	}
	return a
}

func latest(a, b time.Time) time.Time {
	if b.After(a) {
		return b
	}
	return a
}

// written is a text as written, its white space collapsed.
func written(s string) string { return strings.Join(strings.Fields(s), " ") }

// commonest is the form written most (ties: the first in byte order), norm when none is known.
func commonest(forms map[string]int64, norm string) string {
	best, most := norm, int64(0)
	for f, n := range forms {
		if n > most || n == most && f < best {
			best, most = f, n
		}
	}
	return best
}
