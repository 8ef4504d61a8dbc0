package agents

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"github.com/lectern-dev/lectern/platform/useragent"
	"github.com/lectern-dev/lectern/schemas/event"
	"github.com/oklog/ulid/v2"
)

// Publisher publishes an event and returns once the bus has stored it.
type Publisher interface {
	Publish(ctx context.Context, project string, t event.Type, id string, v any) error
}

// Visitors makes the daily-rotating visitor id of a reader (ingest/visitor.Hasher).
type Visitors interface {
	ID(ctx context.Context, site, addr, userAgent string, now time.Time) (string, error)
}

// publishTimeout bounds one event's wait for the bus.
var publishTimeout = 10 * time.Second

// maxInFlight bounds the events published in the background at once; past it, a reader waits
// for its event to be stored (backpressure) rather than the event being dropped.
const maxInFlight = 256

// recorder publishes the analytics events of reads (page views of Markdown and llms files,
// MCP tool calls). Intake routes answer 2xx only once JetStream stored their event; these are
// reads, and a reader does not wait on the bus: the event is published in the background, and
// one the bus did not store within publishTimeout is counted
// (lectern_agent_events_unpublished_total) and logged with its id, never dropped silently.
// When maxInFlight events are already in the air, the reader's request publishes its own
// before it answers, so a slow bus slows readers down instead of losing their events.
type recorder struct {
	pub      Publisher
	visitors Visitors
	logger   *slog.Logger
	m        *serviceMetrics
	slots    chan struct{}

	mu      sync.Mutex
	closing bool // guarded by mu
	pending sync.WaitGroup
}

func newRecorder(pub Publisher, visitors Visitors, logger *slog.Logger, m *serviceMetrics) *recorder {
	return &recorder{pub: pub, visitors: visitors, logger: logger, m: m, slots: make(chan struct{}, maxInFlight)}
}

// reader is who made a request, copied out of the request's memory.
type reader struct {
	addr, userAgent string
}

// record stamps and publishes a traffic event of a site's project.
func (r *recorder) record(project, domain string, who reader, ev event.Traffic) {
	id := ulid.Make()
	ev.ID, ev.ProjectID, ev.Domain, ev.Class, ev.UserAgent = id.String(), project, domain, event.ClassAI, who.userAgent
	if ev.Type == event.TypePageView { // a known crawler's fetch counts in its class, any other client's as AI
		v := useragent.ClassifyFetch(who.userAgent)
		ev.Class, ev.Agent = v.Class, v.Agent // Agent "" for a client no list names
	}
	ev.Timestamp = ulid.Time(id.Time()).UTC()
	publish := func() {
		ctx, cancel := context.WithTimeout(context.Background(), publishTimeout)
		defer cancel()
		if r.visitors != nil {
			if vid, err := r.visitors.ID(ctx, domain, who.addr, who.userAgent, ev.Timestamp); err == nil {
				ev.VisitorID = vid
			}
		}
		if err := r.pub.Publish(ctx, project, ev.Type, ev.ID, ev); err != nil {
			r.m.unpublished.WithLabelValues(string(ev.Type)).Inc()
			r.logger.Warn("agent event not published", "type", ev.Type, "id", ev.ID, "err", err)
		}
	}
	r.mu.Lock()
	if r.closing {
		r.mu.Unlock()
		publish()
		return
	}
	select {
	case r.slots <- struct{}{}:
		r.pending.Add(1)
		r.mu.Unlock()
		go func() {
			defer func() { <-r.slots; r.pending.Done() }()
			publish()
		}()
	default:
		r.mu.Unlock()
		publish() // the bus is behind: this reader waits for its own event
	}
}

// close makes later events publish synchronously and waits for those in the air.
func (r *recorder) close() {
	r.mu.Lock()
	r.closing = true
	r.mu.Unlock()
	r.pending.Wait()
}
