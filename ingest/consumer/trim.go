package consumer

import (
	"context"

	"github.com/lectern-dev/lectern/schemas/event"
	"github.com/nats-io/nats.go/jetstream"
)

// trimAt is how full (of --events-max-bytes) the event stream may get before the events this
// consumer already stored are purged from it.
const trimAt = 0.8

// trim keeps a byte-capped event stream from filling up with events that are already stored:
// past trimAt of the cap it purges everything below the consumer's acknowledgement floor. The
// replay window then shrinks, but no event that is not stored yet is ever dropped, and intake
// keeps accepting. Without a cap it does nothing. It reports whether the stream was past trimAt,
// so the caller looks again soon: while a backlog drains after an outage, intake refuses events
// until the next trim.
func (c *Consumer) trim(ctx context.Context, info *jetstream.ConsumerInfo) (nearCap bool) {
	stream, err := c.js.Stream(ctx, event.StreamEvents)
	if err != nil {
		return false
	}
	si := stream.CachedInfo()
	if si == nil || si.Config.MaxBytes <= 0 || float64(si.State.Bytes) < trimAt*float64(si.Config.MaxBytes) {
		return false
	}
	floor := info.AckFloor.Stream
	if floor < si.State.FirstSeq {
		return true // nothing stored that is still in the stream
	}
	if err := stream.Purge(ctx, jetstream.WithPurgeSequence(floor+1)); err != nil {
		c.logger.Warn("trimming stored events from a full stream failed", "err", err)
		return true
	}
	c.m.trims.Inc()
	c.logger.Info("event stream near its byte cap: purged events already stored", "below_seq", floor+1)
	return true
}
