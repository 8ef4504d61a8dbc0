package consumer

import (
	"context"
	"errors"
	"time"

	json "github.com/goccy/go-json"

	"github.com/lectern-dev/lectern/platform/store"

	"github.com/lectern-dev/lectern/schemas/event"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// Headers of a dead-lettered event.
const (
	HeaderReason  = "Lectern-Reason"
	HeaderSubject = "Lectern-Subject"
)

// deadLetter copies msg to the dead-letter stream with the reason and terminates it; if the
// copy fails the event is handed back instead, so nothing is lost.
func (c *Consumer) deadLetter(ctx context.Context, msg jetstream.Msg, t event.Type, reason string, cause error) {
	project, _, _, err := event.ParseSubject(msg.Subject())
	if err != nil {
		project = "_unknown"
	}
	if t == "" {
		t = "unknown"
	}
	dl := &nats.Msg{Subject: event.DeadLetterSubject(project, t), Data: msg.Data(), Header: nats.Header{}}
	dl.Header.Set(HeaderReason, reason+": "+cause.Error())
	dl.Header.Set(HeaderSubject, msg.Subject())
	if id := msg.Headers().Get(jetstream.MsgIDHeader); id != "" {
		dl.Header.Set(jetstream.MsgIDHeader, id)
	}
	if _, err := c.js.PublishMsg(ctx, dl); err != nil {
		c.logger.Error("dead-letter publish failed; event handed back", "subject", msg.Subject(), "err", err)
		_ = msg.NakWithDelay(5 * time.Second)
		return
	}
	c.logger.Warn("event dead-lettered", "subject", msg.Subject(), "reason", reason, "err", cause)
	c.m.deadLettered.WithLabelValues(string(t), reason).Inc()
	_ = msg.Term()
}

// deadLetterEvents copies the events of a grouped message that cannot be stored to the
// dead-letter stream, each as a message of its own; it reports whether every copy was stored,
// and otherwise hands the message back for redelivery (its stored events are kept once).
func (c *Consumer) deadLetterEvents(ctx context.Context, it fetched) bool {
	project, _, _, _ := event.ParseSubject(it.msg.Subject())
	for _, bad := range it.bad {
		dl := &nats.Msg{Subject: event.DeadLetterSubject(project, it.u.t), Data: bad.data, Header: nats.Header{}}
		dl.Header.Set(HeaderReason, bad.err.Error())
		dl.Header.Set(HeaderSubject, it.msg.Subject())
		if _, err := c.js.PublishMsg(ctx, dl); err != nil {
			c.logger.Error("dead-letter publish failed; grouped message handed back", "subject", it.msg.Subject(), "err", err)
			_ = it.msg.NakWithDelay(5 * time.Second)
			return false
		}
		c.logger.Warn("event of a grouped message dead-lettered", "subject", it.msg.Subject(), "err", bad.err)
		c.m.deadLettered.WithLabelValues(string(it.u.t), reasonOf(bad.err)).Inc()
	}
	return true
}

// reasonOf is the dead-letter reason label of a grouped event's error.
func reasonOf(err error) string {
	if errors.Is(err, errPoison) {
		return "decode"
	}
	return "store"
}

// split makes a batch of each event of b.
func split(b store.Batch) []store.Batch {
	out := make([]store.Batch, 0, b.Len())
	for i := range b.Feedback {
		out = append(out, store.Batch{Feedback: b.Feedback[i : i+1]})
	}
	for i := range b.Conversations {
		out = append(out, store.Batch{Conversations: b.Conversations[i : i+1]})
	}
	for i := range b.Traffic {
		out = append(out, store.Batch{Traffic: b.Traffic[i : i+1]})
	}
	return out
}

// eventJSON encodes the one event of b, as it travelled on the bus.
func eventJSON(b store.Batch) []byte {
	var v any
	switch {
	case len(b.Feedback) == 1:
		v = &b.Feedback[0]
	case len(b.Conversations) == 1:
		v = &b.Conversations[0]
	case len(b.Traffic) == 1:
		v = &b.Traffic[0]
	}
	data, _ := json.Marshal(v)
	return data
}

// Intervals of watchPending: its usual pace, and its pace while the stream is near its byte cap.
const (
	watchEvery   = 2 * time.Second
	nearCapEvery = 250 * time.Millisecond
)

// watchPending keeps the pending gauge current and trims a byte-capped stream until ctx ends.
func (c *Consumer) watchPending(ctx context.Context, cons jetstream.Consumer) {
	for {
		every := watchEvery
		info, err := cons.Info(ctx)
		if err == nil {
			c.m.pending.Set(float64(info.NumPending) + float64(info.NumAckPending))
			if c.trim(ctx, info) {
				every = nearCapEvery
			}
		}
		sleep(ctx, every)
		if ctx.Err() != nil {
			return
		}
	}
}
