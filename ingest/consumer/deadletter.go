package consumer

import (
	"context"
	"time"

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
	project, _, err := event.ParseSubject(msg.Subject())
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
