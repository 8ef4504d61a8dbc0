package main

import (
	"context"
	"fmt"
	"time"

	"github.com/lectern-dev/lectern/platform/store"
)

// summariser is what the bench needs of a store to make its summaries.
type summariser interface {
	Pending(ctx context.Context, before time.Time) ([]store.Pending, error)
	Summarise(ctx context.Context, ps []store.Pending) error
}

// summariseSet makes the summaries of the set's closed days, as the ingest service's job does
// once a day has closed: every day but the set's last, which the reads then compute from its
// events as they would today's. It notes how long that took and the CPU it cost, per event of
// the set.
func summariseSet(ctx context.Context, t *table, name string, st summariser, set *trafficSet) error {
	before := set.end.Truncate(24 * time.Hour)
	cpu := startCPU()
	ps, err := st.Pending(ctx, before)
	if err != nil {
		return fmt.Errorf("%s summaries: %w", name, err)
	}
	if err := st.Summarise(ctx, ps); err != nil {
		return fmt.Errorf("%s summaries: %w", name, err)
	}
	use := cpu.stop()
	t.note("%s: made %d summaries of the set's closed days (each day's sessions) in %s, the days before %s; %s; load %s",
		name, len(ps), use.wall.Round(time.Millisecond),
		store.UTCDay(before), use.per(max(set.events, 1), "event of the set"), loadAverage())
	return nil
}
