package bus

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"sync"
	"time"

	"github.com/lectern-dev/lectern/platform/envflag"
	"github.com/lectern-dev/lectern/platform/metrics"
	"github.com/lectern-dev/lectern/schemas/event"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/prometheus/client_golang/prometheus"
)

// PublishConfig configures how the publisher groups events into bus messages.
type PublishConfig struct {
	// GroupEvents is the most events of one project and type one bus message carries. Events
	// that arrive while that lane's messages are in flight wait and go out together, as a
	// JSON array on event.BatchSubject: one JetStream store and one acknowledgement for all of
	// them. 1 sends every event alone on event.Subject, for subscribers that only read those.
	GroupEvents int
	// GroupBytes bounds the payload of a grouped message (below the server's max_payload).
	GroupBytes int
}

// DefaultPublishConfig is the configuration the flags default to.
func DefaultPublishConfig() PublishConfig {
	return PublishConfig{GroupEvents: 256, GroupBytes: 256 << 10}
}

// RegisterFlags registers the publisher's flags.
func (c *PublishConfig) RegisterFlags(fs *flag.FlagSet) {
	d := DefaultPublishConfig()
	envflag.Int(fs, &c.GroupEvents, "nats-group-events", "LECTERN_NATS_GROUP_EVENTS", d.GroupEvents,
		"most events of one project and type in one bus message, grouping those that arrive while a publish is in flight; 1 publishes each event alone")
	envflag.Int(fs, &c.GroupBytes, "nats-group-bytes", "LECTERN_NATS_GROUP_BYTES", d.GroupBytes,
		"most bytes of one grouped bus message (keep it below the NATS server's max_payload)")
}

// Validate checks the configuration.
func (c *PublishConfig) Validate() error {
	switch {
	case c.GroupEvents < 1 || c.GroupEvents > 10000:
		return errors.New("nats-group-events: must be 1 to 10000")
	case c.GroupBytes < 1<<10 || c.GroupBytes > 8<<20:
		return errors.New("nats-group-bytes: must be 1024 to 8388608")
	}
	return nil
}

// Publisher publishes events to JetStream and returns once the stream has stored them. Events
// of one project and type that arrive together share a bus message (see PublishConfig).
type Publisher struct {
	js        jetstream.JetStream
	cfg       PublishConfig
	published *prometheus.CounterVec
	grouped   prometheus.Histogram

	mu    sync.Mutex
	lanes map[laneKey]*lane
}

// NewPublisher returns a publisher with the default configuration, counting what it publishes
// on reg.
func NewPublisher(js jetstream.JetStream, reg prometheus.Registerer) *Publisher {
	return NewPublisherWith(DefaultPublishConfig(), js, reg)
}

// NewPublisherWith returns a publisher configured by cfg (which Validate accepted).
func NewPublisherWith(cfg PublishConfig, js jetstream.JetStream, reg prometheus.Registerer) *Publisher {
	c := prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "lectern_events_published_total",
		Help: "Events acknowledged by JetStream, by type and result (stored, duplicate, error).",
	}, []string{"type", "result"})
	h := prometheus.NewHistogram(prometheus.HistogramOpts{
		Name:    "lectern_publish_group_events",
		Help:    "Events per bus message the publisher sent (events arriving together share one).",
		Buckets: prometheus.ExponentialBuckets(1, 2, 12),
	})
	p := &Publisher{js: js, cfg: cfg, published: metrics.Register(reg, c), grouped: metrics.Register(reg, h), lanes: map[laneKey]*lane{}}
	for _, t := range append([]event.Type{event.TypeFeedback, event.TypeConversation}, event.TrafficTypes...) {
		for _, result := range []string{"stored", "duplicate", "error"} {
			p.published.WithLabelValues(string(t), result) // export zeroes so rate() sees the first increase
		}
	}
	return p
}

// ackTimeout bounds the wait for the stream's acknowledgement when ctx has no deadline, as
// nats.go bounds a synchronous JetStream publish by default.
const ackTimeout = 5 * time.Second

// Publish encodes v as JSON and publishes it as an event of project and type t whose id (the
// deduplication key) is id, returning once JetStream has stored it (or found it a duplicate).
func (p *Publisher) Publish(ctx context.Context, project string, t event.Type, id string, v any) error {
	return p.PublishBatch(ctx, project, []event.Message{{Type: t, ID: id, Value: v}})
}

// PublishBatch publishes msgs as events of project and returns nil only once JetStream has
// stored (or found a duplicate of) each one, and otherwise the first error, wrapping
// ErrUnavailable. When ctx ends first, events already handed to a lane may still be stored.
func (p *Publisher) PublishBatch(ctx context.Context, project string, msgs []event.Message) error {
	if len(msgs) == 0 {
		return nil
	}
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, ackTimeout)
		defer cancel()
	}
	w := newWaiter(ctx, len(msgs))
	items, err := encode(msgs, w)
	if err != nil {
		return err
	}
	for start := 0; start < len(msgs); { // hand each run of one type to its lane at once
		end := start + 1
		for end < len(msgs) && msgs[end].Type == msgs[start].Type {
			end++
		}
		p.lane(project, msgs[start].Type).add(p, items[start:end])
		start = end
	}
	select {
	case <-w.done:
		return w.err
	case <-ctx.Done():
		return fmt.Errorf("publish %d %s events: %w: %w", len(msgs), msgs[0].Type, ErrUnavailable, ctx.Err())
	}
}

// jsonAppender is an event that encodes itself as encoding/json would, without reflection
// (event.Traffic, the bulk of the events).
type jsonAppender interface {
	AppendJSON(b []byte) ([]byte, error)
}

// encode encodes msgs as JSON, the events that encode themselves into one buffer that their
// items share.
func encode(msgs []event.Message, w *waiter) ([]pending, error) {
	items := make([]pending, len(msgs))
	var buf []byte
	for i, m := range msgs {
		a, ok := m.Value.(jsonAppender)
		if !ok {
			data, err := json.Marshal(m.Value)
			if err != nil {
				return nil, fmt.Errorf("encode %s event: %w", m.Type, err)
			}
			items[i] = pending{id: m.ID, data: data, w: w}
			continue
		}
		if buf == nil {
			buf = make([]byte, 0, 512*(len(msgs)-i))
		}
		start := len(buf)
		var err error
		if buf, err = a.AppendJSON(buf); err != nil {
			return nil, fmt.Errorf("encode %s event: %w", m.Type, err)
		}
		items[i] = pending{id: m.ID, w: w, data: buf[start:len(buf):len(buf)]}
	}
	return items, nil
}

// waiter is one PublishBatch call waiting for its events' acknowledgements.
type waiter struct {
	ctx  context.Context // the caller's: once it ends, its queued events are not sent
	mu   sync.Mutex
	left int
	err  error
	done chan struct{}
}

func newWaiter(ctx context.Context, n int) *waiter {
	return &waiter{ctx: ctx, left: n, done: make(chan struct{})}
}

// finish records the result of n of the waiter's events.
func (w *waiter) finish(n int, err error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if err != nil && w.err == nil {
		w.err = err
	}
	w.left -= n
	if w.left == 0 {
		close(w.done)
	}
}
