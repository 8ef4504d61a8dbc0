package keys

import (
	"context"
	"encoding/json"
	"time"
)

// lastUsedGranularity is how stale a key's stored last use may be.
const lastUsedGranularity = time.Minute

// RecordLastUse writes the last use of every key used since its stored LastUsedAt (rounded
// to lastUsedGranularity) back to the bucket, every interval until ctx ends. The write is a
// compare-and-set on the revision the key was read at, so it never brings back a key revoked
// in between.
func (r *Registry) RecordLastUse(ctx context.Context, interval time.Duration) error {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
			r.flushLastUse(ctx)
		}
	}
}

func (r *Registry) flushLastUse(ctx context.Context) {
	r.mu.RLock()
	var due []*entry
	for _, e := range r.keys {
		used := e.used.Load()
		if used > 0 && time.UnixMilli(used).Sub(e.key.LastUsedAt) >= lastUsedGranularity {
			due = append(due, e)
		}
	}
	r.mu.RUnlock()
	for _, e := range due {
		k := e.key
		k.LastUsedAt = time.UnixMilli(e.used.Load()).UTC()
		data, err := json.Marshal(k)
		if err != nil {
			continue
		}
		if _, err := r.kv.Update(ctx, k.ID, data, e.revision); err != nil {
			r.logger.Debug("last use not recorded", "id", k.ID, "err", err)
		}
	}
}
