package main

import (
	"context"
	"fmt"
	"log/slog"
	"syscall"
	"time"

	"github.com/lectern-dev/lectern/platform/store/clickhouse"
)

// benchSwing is figure 10 (BENCH_ONLY=10, not part of make bench): why the raw insert of
// figure 1 swung between runs. The same raw insert (cfg.events rows, batches of swingBatch,
// the consumers' writers) runs five times, each time after something an earlier bench did
// between its sides: nothing; nothing again; dropping the databases of the first two; waiting
// recentDeletions after a sync; emptying the table it then writes to (TRUNCATE, as the bench
// did before each side). Each line gives the rate, ClickHouse's CPU per row and the share of it
// spent in the kernel, and what else ran on the machine.
func benchSwing(ctx context.Context, cfg *config, t *table) error {
	const swingBatch = 5_000 // small batches: many parts, so many files created per row
	ccfg := consumerDefaults()
	sc, err := newScratch(ctx, cfg, "swing")
	if err != nil {
		return err
	}
	defer sc.drop(context.WithoutCancel(ctx))
	evs := makeEvents(cfg.events, time.Now().UTC())
	defer evs.release()
	probe := sc.db("columns")
	st, err := clickhouse.Open(ctx, cfg.benchDSN(probe), slog.New(slog.DiscardHandler))
	if err != nil {
		return err
	}
	st.Close()
	raw, err := newRawInserter(ctx, cfg, probe, evs, swingBatch, 0)
	if err != nil {
		return err
	}
	defer raw.release()
	t.note("raw insert of %d rows: %s", evs.len(), raw.describe(ccfg.Workers))
	if err := settleWrites(ctx, cfg, t); err != nil {
		return err
	}
	run := func(step, db string) error {
		if err := waitMerges(ctx, cfg); err != nil {
			return err
		}
		e := startEnv()
		tp, err := raw.insert(ctx, cfg.benchDSN(db), raw.blocks, ccfg.Workers, evs.len())
		if err != nil {
			return err
		}
		en := e.stop()
		t.note("%-58s %s; %s; %s", step+":", kps(tp.sustained), tp.cpu.per(evs.len(), "row"), en)
		t.add(row{figure: "10 raw insert, " + step, v: tp.sustained, unit: unitRate, bEnv: en})
		return nil
	}
	a, b := sc.db("a"), sc.db("b")
	if err := run("into a new database, nothing deleted lately", a); err != nil {
		return err
	}
	if err := run("again, into another new database", b); err != nil {
		return err
	}
	for _, db := range []string{a, b} {
		if err := dropDatabase(ctx, cfg, db); err != nil {
			return err
		}
	}
	if err := run("right after dropping the two databases above", sc.db("c")); err != nil {
		return err
	}
	syscall.Sync()
	t.note("(sync, then %s without deleting a file)", recentDeletions)
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(recentDeletions):
	}
	d := sc.db("d")
	if err := run(fmt.Sprintf("%s after the last deletion and a sync", recentDeletions), d); err != nil {
		return err
	}
	if err := truncate(ctx, cfg, d); err != nil {
		return err
	}
	return run("right after emptying its table (TRUNCATE)", d)
}
