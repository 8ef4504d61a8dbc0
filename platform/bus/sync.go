package bus

import (
	"errors"
	"fmt"
	"time"
)

// Sync is the durability policy of the JetStream file store: how often it forces what it
// wrote to disk. A process kill loses nothing under either policy (written data sits in the
// operating system's page cache); a power loss can lose what was acknowledged within the last
// Interval, unless Always is set, which forces every write to disk before the acknowledgement.
type Sync struct {
	Always   bool
	Interval time.Duration // with Always false: how often the store is flushed
}

// DefaultSync flushes every second: a power loss loses at most about one second of
// acknowledged events on a single node (nats-server's own default is two minutes).
var DefaultSync = Sync{Interval: time.Second}

// ErrBadSync reports a --nats-sync value that is neither "always" nor a positive duration.
var ErrBadSync = errors.New(`want "always" or a duration such as 1s`)

// ParseSync reads "always" or a Go duration.
func ParseSync(s string) (Sync, error) {
	if s == "always" {
		return Sync{Always: true}, nil
	}
	d, err := time.ParseDuration(s)
	if err != nil || d <= 0 {
		return Sync{}, fmt.Errorf("nats-sync %q: %w", s, ErrBadSync)
	}
	return Sync{Interval: d}, nil
}

// String renders the policy as ParseSync reads it.
func (s Sync) String() string {
	if s.Always {
		return "always"
	}
	return s.Interval.String()
}
