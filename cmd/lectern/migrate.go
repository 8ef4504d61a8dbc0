package main

import (
	"context"
	"flag"
	"fmt"
)

// migrateCommand is `lectern migrate`: apply the store's schema migrations and exit.
func migrateCommand() *command {
	return &command{
		name:    "migrate",
		summary: "apply the store's schema migrations",
		group:   toolsGroup,
		about: `Applies the store's schema migrations and exits (the services also apply them at start,
unless --clickhouse-migrate=false). Run it once before upgrading the replicas of a cluster.`,
		setup: func(fs *flag.FlagSet) action {
			cfg := DefaultConfig(TargetAll)
			registerDataDirFlag(fs, &cfg.DataDir)
			cfg.registerStoreFlags(fs)
			registerLogLevelFlag(fs, &cfg.LogLevel)
			registerVerify(fs)
			return action{
				check: func(*call) error { return cfg.Validate() },
				run: func(ctx context.Context, c *call) error {
					cfg.CHMigrate = true // migrating is this command's whole point
					if err := ensureDataDir(cfg.DataDir); err != nil {
						return err
					}
					st, err := openStore(ctx, cfg, newLogger(c.stderr, cfg.LogLevel))
					if err != nil {
						return err
					}
					defer st.Close()
					fmt.Fprintf(c.stdout, "%s store is at the latest schema\n", cfg.Store)
					return nil
				},
			}
		},
	}
}
