// Package consumer moves events from JetStream into a store: durable pull consumers fetch
// batches bounded by size and wait, write each batch in one store call, and acknowledge only
// after the store committed. Events that can never be stored go to the dead-letter stream.
package consumer

import (
	"errors"
	"flag"
	"fmt"
	"time"

	"github.com/lectern-dev/lectern/platform/envflag"
)

// Config configures the consumers.
type Config struct {
	Durable    string        // durable consumer name shared by every replica
	BatchSize  int           // most events in one store write
	BatchBytes int           // most bytes of messages in one store write (one message is never split)
	BatchWait  time.Duration // longest wait to fill a batch
	Workers    int           // concurrent fetch-and-write loops in this process
	AckWait    time.Duration // redelivery after this long without an ack (or an in-progress heartbeat)
	MaxRetries int           // attempts to store a single event before it is dead-lettered
	// StoreTimeout bounds one store call. While it runs, the batch's events are kept from
	// redelivery by in-progress heartbeats every AckWait/3, so a short AckWait (fast recovery
	// after a crash) does not cut a slow write short. A write that runs out of it is handed back
	// for redelivery within seconds, and the next writes hold half as many events, so it
	// bounds how long a write stuck on a dead or unresponsive server holds its events: keep it
	// to seconds.
	StoreTimeout time.Duration
}

// MaxFetchBytesInFlight bounds BatchBytes × Workers: every worker of a process fetches on the
// process's one NATS connection, each with a fetch of about BatchBytes on its way while it
// writes the one before, and nats-server closes a connection that has more than its
// max_pending (64 MiB by default) waiting to be delivered as a slow consumer; the consumers
// then fail their fetches and reconnect instead of storing (seen at twice figure 1b's fetch in
// docs/guides/benchmarks.mdx, "What JetStream's delivery and acknowledgement cost"). The
// defaults hold 32 MiB.
const MaxFetchBytesInFlight = 64 << 20

// RegisterFlags registers the consumer flags.
func (c *Config) RegisterFlags(fs *flag.FlagSet) {
	envflag.String(fs, &c.Durable, "consumer-durable", "LECTERN_CONSUMER_DURABLE", "lectern-store", "durable consumer name shared by every ingest replica")
	envflag.Int(fs, &c.BatchSize, "consumer-batch-size", "LECTERN_CONSUMER_BATCH_SIZE", 50000, "most events written in one store call")
	envflag.Int(fs, &c.BatchBytes, "consumer-batch-bytes", "LECTERN_CONSUMER_BATCH_BYTES", 16<<20, "most bytes of events written in one store call (bounds a write's memory when events are large)")
	envflag.Duration(fs, &c.BatchWait, "consumer-batch-wait", "LECTERN_CONSUMER_BATCH_WAIT", 200*time.Millisecond, "longest wait to fill a batch")
	envflag.Int(fs, &c.Workers, "consumer-workers", "LECTERN_CONSUMER_WORKERS", 2, "concurrent fetch-and-write loops")
	envflag.Duration(fs, &c.AckWait, "consumer-ack-wait", "LECTERN_CONSUMER_ACK_WAIT", 5*time.Second, "redeliver an event not acknowledged within this time: how soon events a crashed replica held are stored by another")
	envflag.Duration(fs, &c.StoreTimeout, "consumer-store-timeout", "LECTERN_CONSUMER_STORE_TIMEOUT", 10*time.Second, "longest one store write may take (its events are kept from redelivery meanwhile); a write that runs out is retried within seconds, in smaller batches")
	envflag.Int(fs, &c.MaxRetries, "consumer-max-retries", "LECTERN_CONSUMER_MAX_RETRIES", 5, "attempts to store one rejected event before dead-lettering it")
}

// Validate checks the configuration.
func (c *Config) Validate() error {
	switch {
	case c.Durable == "":
		return errors.New("consumer-durable: must not be empty")
	case c.BatchSize < 1 || c.BatchSize > 100000:
		return errors.New("consumer-batch-size: must be 1 to 100000")
	case c.BatchBytes < 1<<16 || c.BatchBytes > 1<<30:
		return errors.New("consumer-batch-bytes: must be 65536 to 1073741824")
	case c.BatchWait < time.Millisecond:
		return errors.New("consumer-batch-wait: must be at least 1ms")
	case c.Workers < 1 || c.Workers > 64:
		return errors.New("consumer-workers: must be 1 to 64")
	case int64(c.BatchBytes)*int64(c.Workers) > MaxFetchBytesInFlight:
		return fmt.Errorf("consumer-batch-bytes × consumer-workers: %d × %d must be at most %d (64 MiB): each worker has a fetch of about consumer-batch-bytes on its way at once, and nats-server closes a connection with more than its max_pending (64 MiB by default) undelivered as a slow consumer", c.BatchBytes, c.Workers, MaxFetchBytesInFlight)
	case c.AckWait < time.Second:
		return errors.New("consumer-ack-wait: must be at least 1s")
	case c.StoreTimeout < c.AckWait:
		return errors.New("consumer-store-timeout: must be at least consumer-ack-wait")
	case c.MaxRetries < 1:
		return errors.New("consumer-max-retries: must be at least 1")
	}
	return nil
}
