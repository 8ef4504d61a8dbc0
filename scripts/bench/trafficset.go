package main

import (
	"fmt"
	"math"
	"math/rand"
	"strconv"
	"time"

	"github.com/oklog/ulid/v2"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/platform/store/storetest"
	"github.com/lectern-dev/lectern/schemas/event"
)

// The traffic of figures 7 and 9: trafficProjects projects on one store, sized as customers
// of one service usually are (Zipf: project k has a share ∝ 1/(k+1), so the largest holds 19% and
// the one closest to an even 1% share is project 18); per project, 2,000 pages and 5,000 search
// queries (log-uniform: each doubling of rank holds the same views), a pool of visitors of a tenth
// of its events, 20% of them AI agents; 74% page views, 12% reports of a page's visible time and
// deepest scroll (page_engagement, from people only: the readings of the engagement and gaps
// reads), 5% searches, 5% clicks on a result and 4% engagement (code copies, menu actions,
// outbound and call-to-action clicks); timestamps
// spread over the 30 days before the set's end. One feedback record per
// trafficPerFeedback events, for the feedback-by-page read.
const (
	trafficProjects    = 100
	trafficPaths       = 2_000
	trafficQueries     = 5_000
	trafficPerFeedback = 200
	trafficDays        = 30
	trafficGenVersion  = "4" // bump when the set changes, so that a kept figure 9 set is refilled
)

// trafficSet describes one data set: its size, its end, and its projects' shares.
type trafficSet struct {
	events int
	end    time.Time // the set's traffic lies in the trafficDays days before end
	share  []float64 // cumulative, per project
}

func newTrafficSet(events int, end time.Time) *trafficSet {
	s := &trafficSet{events: events, end: end.UTC(), share: make([]float64, trafficProjects)}
	var h float64
	for k := range trafficProjects {
		h += 1 / float64(k+1)
		s.share[k] = h
	}
	for k := range s.share {
		s.share[k] /= h
	}
	return s
}

func projectName(k int) string   { return fmt.Sprintf("bench-%02d", k) }
func projectDomain(k int) string { return fmt.Sprintf("docs-%02d", k) }

// projectEvents is about how many events project k gets.
func (s *trafficSet) projectEvents(k int) int {
	lo := 0.0
	if k > 0 {
		lo = s.share[k-1]
	}
	return int(float64(s.events) * (s.share[k] - lo))
}

// readProjects are the projects whose reads are measured: the largest and the one of an even share.
var readProjects = []struct {
	k    int
	name string
}{{0, "largest project"}, {18, "1% project"}}

// readRange is the 30 UTC days the reads cover: those of the set.
func (s *trafficSet) readRange() store.Range {
	to := s.end.Truncate(24 * time.Hour).Add(24 * time.Hour)
	return store.Range{From: to.Add(-trafficDays * 24 * time.Hour), To: to}
}

// trafficStream makes a set's events in arrival order, as intake mints their ids.
type trafficStream struct {
	set     *trafficSet
	rng     *rand.Rand
	entropy *ulid.MonotonicEntropy
	gen     *storetest.Gen
	n       int
}

func (s *trafficSet) stream(seed int64) *trafficStream {
	return &trafficStream{set: s, rng: rand.New(rand.NewSource(seed)), entropy: ulid.Monotonic(rand.New(rand.NewSource(seed+1)), 0), gen: storetest.NewGen(seed + 2)}
}

// logUniform is a rank in [0, n) whose every doubling holds the same share.
func (ts *trafficStream) logUniform(n int) int {
	return min(n-1, int(math.Exp(ts.rng.Float64()*math.Log(float64(n+1))))-1)
}

// project draws a project by share.
func (ts *trafficStream) project() int {
	u := ts.rng.Float64()
	lo, hi := 0, len(ts.set.share)-1
	for lo < hi {
		mid := (lo + hi) / 2
		if ts.set.share[mid] < u {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return lo
}

// wire is one event as a client sends it to the server-side events route.
type wire struct {
	project   int
	typ       event.Type
	path      string
	query     string
	results   int
	position  int
	at        time.Time
	visitor   string
	userAgent string
	block     int    // code_copy
	lang      string // code_copy
	target    string // cta_click, outbound_click
	action    string // menu_action
	engagedMs int    // page_engagement
	depth     int    // page_engagement: scroll depth
}

var (
	codeLangs   = []string{"bash", "go", "python", "typescript", "json"}
	menuActions = []string{"copy", "view", "chatgpt", "claude"}
)

const (
	humanAgent = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0"
	aiAgent    = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)"
)

// next is the next event as a client would send it, of a project drawn by share.
func (ts *trafficStream) next() wire { return ts.nextOf(ts.project()) }

// nextOf is the next event of project k as a client would send it.
func (ts *trafficStream) nextOf(k int) wire {
	w := wire{project: k, userAgent: humanAgent,
		at: ts.set.end.Add(-time.Duration(ts.rng.Int63n(int64(trafficDays * 24 * time.Hour)))).Truncate(time.Millisecond)}
	pool := max(50, ts.set.projectEvents(k)/10)
	w.visitor = "v" + strconv.Itoa(ts.rng.Intn(pool))
	if ts.rng.Intn(5) == 0 {
		w.userAgent = aiAgent
	}
	path := "/docs/page-" + strconv.Itoa(ts.logUniform(trafficPaths))
	switch r := ts.rng.Intn(100); {
	case r < 74:
		w.typ, w.path = event.TypePageView, path
	case r < 86:
		w.typ, w.path, w.userAgent = event.TypePageEngagement, path, humanAgent
		w.engagedMs, w.depth = ts.reading()
	case r < 91:
		w.typ, w.query, w.results = event.TypeSearch, "query "+strconv.Itoa(ts.logUniform(trafficQueries)), ts.rng.Intn(21)
	case r < 96:
		w.typ, w.query, w.path, w.position = event.TypeSearchClick, "query "+strconv.Itoa(ts.logUniform(trafficQueries)), path, 1+ts.rng.Intn(10)
	case r < 98:
		w.typ, w.path, w.block, w.lang = event.TypeCodeCopy, path, 1+ts.rng.Intn(5), codeLangs[ts.rng.Intn(len(codeLangs))]
	case r < 99:
		w.typ, w.path, w.action = event.TypeMenuAction, path, menuActions[ts.rng.Intn(len(menuActions))]
	default:
		w.typ, w.path, w.target = event.TypeOutboundClick, path, "https://github.com/acme/repo-"+strconv.Itoa(ts.rng.Intn(20))
		if ts.rng.Intn(3) == 0 {
			w.typ, w.target = event.TypeCTAClick, "/signup"
		}
	}
	ts.n++
	return w
}

// reading is one report's visible time and deepest scroll: times log-normal around 30 s (a
// glance to half an hour, the most a view reports), and a third of the views read to the end.
func (ts *trafficStream) reading() (ms, depth int) {
	ms = int(math.Min(float64(event.MaxEngagedMs), 30_000*math.Exp(1.2*ts.rng.NormFloat64())))
	if ts.rng.Intn(3) == 0 {
		return ms, 100
	}
	return ms, ts.rng.Intn(100)
}

// traffic is the next event as intake would store it, its id minted now.
func (ts *trafficStream) traffic() event.Traffic {
	w := ts.next()
	e := event.Traffic{
		ID: ulid.MustNew(ulid.Now(), ts.entropy).String(), Type: w.typ, ProjectID: projectName(w.project),
		Domain: projectDomain(w.project), Timestamp: w.at, VisitorID: w.visitor, Class: event.ClassHuman,
		UserAgent: w.userAgent, Path: w.path, Query: w.query, Results: w.results, Position: w.position,
		Block: w.block, Lang: w.lang, Target: w.target, Action: w.action, EngagedMs: w.engagedMs, ScrollDepth: w.depth,
	}
	if w.userAgent == aiAgent {
		e.Class = event.ClassAI
	}
	return e
}

// batch is the next n events as intake stores them, with the feedback records that come with
// them (one per trafficPerFeedback events).
func (ts *trafficStream) batch(n int) store.Batch {
	var b store.Batch
	b.Traffic = make([]event.Traffic, n)
	for i := range b.Traffic {
		b.Traffic[i] = ts.traffic()
		if ts.n%trafficPerFeedback == 0 {
			b.Feedback = append(b.Feedback, ts.feedback())
		}
	}
	return b
}

// feedback is a feedback record of a project drawn by share, on one of its pages.
func (ts *trafficStream) feedback() event.Feedback {
	k := ts.project()
	at := ts.set.end.Add(-time.Duration(ts.rng.Int63n(int64(trafficDays * 24 * time.Hour)))).Truncate(time.Millisecond)
	f := ts.gen.Feedback(projectName(k), at)
	f.Domain, f.Path = projectDomain(k), "/docs/page-"+strconv.Itoa(ts.logUniform(trafficPaths))
	return f
}

// appendJSON writes w as an element of the server-side route's "events" array.
func (w *wire) appendJSON(b []byte) []byte {
	b = append(b, `{"type":"`...)
	b = append(b, w.typ...)
	b = append(b, `","timestamp":"`...)
	b = w.at.AppendFormat(b, "2006-01-02T15:04:05.000Z07:00")
	b = append(b, `","anonId":"`...)
	b = append(b, w.visitor...)
	b = append(b, `","userAgent":"`...)
	b = append(b, w.userAgent...)
	b = append(b, '"')
	if w.path != "" {
		b = append(b, `,"path":"`...)
		b = append(b, w.path...)
		b = append(b, '"')
	}
	if w.query != "" {
		b = append(b, `,"query":"`...)
		b = append(b, w.query...)
		b = append(b, '"')
	}
	switch w.typ {
	case event.TypeSearch:
		b = append(b, `,"results":`...)
		b = strconv.AppendInt(b, int64(w.results), 10)
	case event.TypeSearchClick:
		b = append(b, `,"position":`...)
		b = strconv.AppendInt(b, int64(w.position), 10)
	case event.TypeCodeCopy:
		b = append(b, `,"block":`...)
		b = strconv.AppendInt(b, int64(w.block), 10)
		b = append(b, `,"lang":"`...)
		b = append(b, w.lang...)
		b = append(b, '"')
	case event.TypeMenuAction:
		b = append(b, `,"action":"`...)
		b = append(b, w.action...)
		b = append(b, '"')
	case event.TypePageEngagement:
		b = append(b, `,"engagedMs":`...)
		b = strconv.AppendInt(b, int64(w.engagedMs), 10)
		b = append(b, `,"scrollDepth":`...)
		b = strconv.AppendInt(b, int64(w.depth), 10)
	case event.TypeCTAClick, event.TypeOutboundClick:
		b = append(b, `,"target":"`...)
		b = append(b, w.target...)
		b = append(b, '"')
	}
	return append(b, '}')
}
