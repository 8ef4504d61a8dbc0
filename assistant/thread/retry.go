package thread

import (
	"context"
	"errors"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// attemptTimeout bounds one bucket operation. When the server leading the bucket's stream goes
// away, a write already sent waits for an acknowledgement that never comes, as long as its
// context allows: on a 3-node cluster, 2 of 10 threads started right after the leader stopped
// waited out a reader's whole 10 s and answered 503
// (TestThreadsOutliveTheirBucketLeader), while the other two servers elect a new leader in
// well under a second. Attempts of this length, again until the caller's context ends, wait the
// election out instead.
const attemptTimeout = 2 * time.Second

// retry runs op until it succeeds, fails for a reason a new attempt cannot change, or ctx
// ends; each attempt has at most attemptTimeout. op is told whether an attempt before it
// failed, so that a write can recognise its own earlier write, stored but not acknowledged.
func retry(ctx context.Context, op func(ctx context.Context, again bool) error) error {
	pause := 50 * time.Millisecond
	for again := false; ; again = true {
		attempt, cancel := context.WithTimeout(ctx, attemptTimeout)
		err := op(attempt, again)
		cancel()
		if err == nil || !transient(err) || ctx.Err() != nil {
			return err
		}
		select {
		case <-ctx.Done():
			return err
		case <-time.After(pause):
		}
		pause = min(2*pause, 500*time.Millisecond)
	}
}

// transient reports whether err is a bucket operation that found no stream leader to answer
// it: one the next attempt may find.
func transient(err error) bool {
	return errors.Is(err, context.DeadlineExceeded) || errors.Is(err, nats.ErrTimeout) ||
		errors.Is(err, nats.ErrNoResponders) || errors.Is(err, jetstream.ErrNoStreamResponse)
}
