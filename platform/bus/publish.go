package bus

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/lectern-dev/lectern/platform/metrics"
	"github.com/lectern-dev/lectern/schemas/event"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/prometheus/client_golang/prometheus"
)

// Publisher publishes events to JetStream and waits for the stream's acknowledgement.
type Publisher struct {
	js        jetstream.JetStream
	published *prometheus.CounterVec
}

// NewPublisher returns a publisher counting what it publishes on reg.
func NewPublisher(js jetstream.JetStream, reg prometheus.Registerer) *Publisher {
	c := prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "lectern_events_published_total",
		Help: "Events acknowledged by JetStream, by type and result (stored, duplicate, error).",
	}, []string{"type", "result"})
	p := &Publisher{js: js, published: metrics.Register(reg, c)}
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

// Publish encodes v as JSON and publishes it on the subject of project and t with
// Nats-Msg-Id set to id, returning once JetStream has stored it (or found it a duplicate).
// It publishes asynchronously and waits on the acknowledgement's future: the same guarantee as
// a request, without a request's per-call subscription bookkeeping.
func (p *Publisher) Publish(ctx context.Context, project string, t event.Type, id string, v any) error {
	return p.PublishBatch(ctx, project, []event.Message{{Type: t, ID: id, Value: v}})
}

// PublishBatch publishes msgs on the subjects of project without waiting between them, then
// waits for every acknowledgement: it returns nil only once JetStream has stored (or found a
// duplicate of) each one, and otherwise the first error, wrapping ErrUnavailable.
func (p *Publisher) PublishBatch(ctx context.Context, project string, msgs []event.Message) error {
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, ackTimeout)
		defer cancel()
	}
	var one [1]jetstream.PubAckFuture
	futures := one[:0]
	if len(msgs) > 1 {
		futures = make([]jetstream.PubAckFuture, 0, len(msgs))
	}
	for _, m := range msgs {
		data, err := json.Marshal(m.Value)
		if err != nil {
			return fmt.Errorf("encode %s event: %w", m.Type, err)
		}
		msg := &nats.Msg{Subject: event.Subject(project, m.Type), Data: data, Header: nats.Header{jetstream.MsgIDHeader: []string{m.ID}}}
		f, err := p.js.PublishMsgAsync(msg)
		if err != nil {
			p.published.WithLabelValues(string(m.Type), "error").Inc()
			return fmt.Errorf("publish %s event %s: %w: %w", m.Type, m.ID, ErrUnavailable, err)
		}
		futures = append(futures, f)
	}
	var first error
	for i, f := range futures {
		t := msgs[i].Type
		select {
		case ack := <-f.Ok():
			result := "stored"
			if ack.Duplicate {
				result = "duplicate"
			}
			p.published.WithLabelValues(string(t), result).Inc()
		case err := <-f.Err():
			p.published.WithLabelValues(string(t), "error").Inc()
			if first == nil {
				first = fmt.Errorf("publish %s event %s: %w: %w", t, msgs[i].ID, ErrUnavailable, err)
			}
		case <-ctx.Done():
			p.published.WithLabelValues(string(t), "error").Inc()
			if first == nil {
				first = fmt.Errorf("publish %s event %s: %w: %w", t, msgs[i].ID, ErrUnavailable, ctx.Err())
			}
		}
	}
	return first
}
