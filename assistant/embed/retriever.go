package embed

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/lectern-dev/lectern/assistant/internal/text"
	"github.com/lectern-dev/lectern/assistant/search"
	"github.com/lectern-dev/lectern/platform/metrics"
	"github.com/prometheus/client_golang/prometheus"
)

// retryAfter is how long a site whose sections could not be embedded is searched by words
// alone before the next try; questionPause is how long questions are after one whose vector
// failed, so that an endpoint that is down costs one timeout, not one per question.
const (
	retryAfter    = 30 * time.Second
	questionPause = 10 * time.Second
)

// Retriever ranks a site's sections by their vectors' similarity to a question. It embeds the
// sections of each site's current index in the background, the first time the index is asked
// for, reusing the vectors of texts it embedded before; until a site's table is ready, and
// whenever the endpoint fails, Nearest returns nothing and the question is searched by words.
type Retriever struct {
	client  *Client
	timeout time.Duration
	logger  *slog.Logger
	now     func() time.Time
	m       retrieverMetrics

	base context.Context // parent of the background builds; Close cancels it
	stop context.CancelFunc
	wg   sync.WaitGroup

	mu     sync.Mutex
	sites  map[string]*siteVectors // by domain
	paused time.Time               // questions are searched by words alone until then
	closed bool                    // Close was called: no build starts
}

// siteVectors is the vector table of one site.
type siteVectors struct {
	ix       *search.Index // the index tab is of
	tab      *table
	cache    map[[32]byte][]float32 // the vectors of ix's section texts, by hash
	building *search.Index          // the index being embedded; nil when none
	failed   *search.Index          // the index whose embedding failed last, at failedAt
	failedAt time.Time
}

// Options are the optional parts of a Retriever.
type Options struct {
	HTTP *http.Client     // nil: http.DefaultClient
	Now  func() time.Time // nil: time.Now (tests move a fake clock past retryAfter)
}

// NewRetriever returns a retriever calling the endpoint of cfg, which must be enabled.
func NewRetriever(cfg Config, o Options, logger *slog.Logger, reg prometheus.Registerer) *Retriever {
	if o.Now == nil {
		o.Now = time.Now
	}
	base, stop := context.WithCancel(context.Background())
	return &Retriever{
		client: NewClient(cfg, o.HTTP), timeout: cfg.Timeout, logger: logger, now: o.Now,
		m: newRetrieverMetrics(reg), base: base, stop: stop, sites: map[string]*siteVectors{},
	}
}

// Close stops the background builds and waits for them; afterwards none starts, and Nearest
// returns nil for an index without a table.
func (r *Retriever) Close() {
	r.mu.Lock()
	r.closed = true
	r.mu.Unlock()
	r.stop()
	r.wg.Wait()
}

// Nearest returns the k sections of ix nearest the question, best first: nil while the site's
// table for ix is being built, when the question's vector did not come within the timeout, and
// for questionPause after that happened.
func (r *Retriever) Nearest(ctx context.Context, domain string, ix *search.Index, question string, k int) []int {
	tab := r.table(domain, ix)
	if tab == nil || question == "" || r.pausedNow() {
		return nil
	}
	ctx, cancel := context.WithTimeout(ctx, r.timeout)
	defer cancel()
	vs, err := r.client.Embed(ctx, []string{text.Cut(question, MaxInputBytes)})
	if err != nil {
		r.m.requests.WithLabelValues("question", "error").Inc()
		r.pause()
		r.logger.Warn("question not embedded; questions are searched by words alone for a while", "domain", domain, "pause", questionPause, "err", err)
		return nil
	}
	r.m.requests.WithLabelValues("question", "ok").Inc()
	return tab.nearest(vs[0], k)
}

func (r *Retriever) pausedNow() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.now().Before(r.paused)
}

func (r *Retriever) pause() {
	r.mu.Lock()
	r.paused = r.now().Add(questionPause)
	r.mu.Unlock()
}

// Ready reports whether domain's table is of ix.
func (r *Retriever) Ready(domain string, ix *search.Index) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	sv := r.sites[domain]
	return sv != nil && sv.ix == ix && sv.tab != nil
}

// table returns domain's table when it is of ix; otherwise it starts embedding ix (unless that
// runs, or failed less than retryAfter ago) and returns nil.
func (r *Retriever) table(domain string, ix *search.Index) *table {
	if ix == nil || ix.Len() == 0 {
		return nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	sv := r.sites[domain]
	if sv == nil {
		sv = &siteVectors{}
		r.sites[domain] = sv
	}
	switch {
	case sv.ix == ix:
		return sv.tab
	case r.closed || sv.building != nil || sv.failed == ix && r.now().Sub(sv.failedAt) < retryAfter:
		return nil
	case ix.Len() > MaxSections:
		return nil
	}
	sv.building = ix
	cache := sv.cache
	r.wg.Add(1)
	go func() {
		defer r.wg.Done()
		r.build(domain, ix, cache)
	}()
	return nil
}

// errSectionsRequest marks a failed request for section vectors (counted in
// lectern_assistant_embed_requests_total{kind="sections",result="error"}).
var errSectionsRequest = errors.New("embeddings request failed")

// build embeds the sections of ix (those whose text has no vector in cache) and installs the
// table, or records the failure.
func (r *Retriever) build(domain string, ix *search.Index, cache map[[32]byte][]float32) {
	vecs, next, err := r.embedSections(ix, cache)
	r.mu.Lock()
	defer r.mu.Unlock()
	sv := r.sites[domain]
	sv.building = nil
	if err != nil {
		sv.failed, sv.failedAt = ix, r.now()
		if errors.Is(err, errSectionsRequest) {
			// Counted once the failure and its time are recorded: whoever sees the count sees
			// the retry delay already running (a test moving the clock past it, too).
			r.m.requests.WithLabelValues("sections", "error").Inc()
		}
		r.logger.Warn("sections not embedded; searching by words until the next try", "domain", domain, "retry_in", retryAfter, "err", err)
		return
	}
	sv.ix, sv.tab, sv.cache = ix, newTable(vecs), next
	r.m.sections.WithLabelValues(domain).Set(float64(len(vecs)))
}

// embedSections returns a vector per section of ix, in section order, and the cache of them.
func (r *Retriever) embedSections(ix *search.Index, cache map[[32]byte][]float32) ([][]float32, map[[32]byte][]float32, error) {
	n := ix.Len()
	vecs := make([][]float32, n)
	next := make(map[[32]byte][]float32, n)
	var todo []int
	hashes := make([][32]byte, n)
	for s := range n {
		hashes[s] = sha256.Sum256([]byte(ix.EmbedText(s, MaxInputBytes)))
		if v, ok := cache[hashes[s]]; ok {
			vecs[s], next[hashes[s]] = v, v
		} else {
			todo = append(todo, s)
		}
	}
	for start := 0; start < len(todo); start += BatchSize {
		batch := todo[start:min(start+BatchSize, len(todo))]
		texts := make([]string, len(batch))
		for i, s := range batch {
			texts[i] = ix.EmbedText(s, MaxInputBytes)
		}
		ctx, cancel := context.WithTimeout(r.base, indexTimeout)
		got, err := r.client.Embed(ctx, texts)
		cancel()
		if err != nil {
			return nil, nil, fmt.Errorf("sections %d to %d of %d: %w: %w", start, start+len(batch), len(todo), errSectionsRequest, err)
		}
		r.m.requests.WithLabelValues("sections", "ok").Inc()
		for i, s := range batch {
			vecs[s], next[hashes[s]] = got[i], got[i]
		}
	}
	if dim := len(vecs[0]); dim > 0 {
		for s, v := range vecs {
			if len(v) != dim {
				return nil, nil, fmt.Errorf("%w: section %d has %d dimensions, section 0 %d", ErrBadResponse, s, len(v), dim)
			}
		}
	}
	return vecs, next, nil
}

type retrieverMetrics struct {
	requests *prometheus.CounterVec
	sections *prometheus.GaugeVec
}

func newRetrieverMetrics(reg prometheus.Registerer) retrieverMetrics {
	return retrieverMetrics{
		requests: metrics.Register(reg, prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "lectern_assistant_embed_requests_total",
			Help: "Requests to the embeddings endpoint by kind (question, sections) and result (ok, error); a question whose vector failed is searched by words alone.",
		}, []string{"kind", "result"})),
		sections: metrics.Register(reg, prometheus.NewGaugeVec(prometheus.GaugeOpts{
			Name: "lectern_assistant_embed_sections",
			Help: "Sections of each site's current vector table (0 until its first table is built).",
		}, []string{"domain"})),
	}
}
