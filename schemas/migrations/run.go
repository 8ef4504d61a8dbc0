package migrations

import (
	"context"
	"log/slog"
)

// Run applies the migrations of known that applied (the versions a database records) lacks, in
// order, with apply, and warns about recorded versions this binary does not know.
func Run(ctx context.Context, known []Migration, applied func(context.Context) (map[int]bool, error),
	apply func(context.Context, Migration) error, logger *slog.Logger) error {
	done, err := applied(ctx)
	if err != nil {
		return err
	}
	for _, m := range known {
		if done[m.Version] {
			continue
		}
		if err := apply(ctx, m); err != nil {
			return err
		}
		logger.Info("applied migration", "version", m.Version, "name", m.Name)
	}
	for v := range done {
		if v > len(known) {
			logger.Warn("database has a migration this binary does not know", "version", v)
		}
	}
	return nil
}
