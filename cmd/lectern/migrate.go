package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"github.com/lectern-dev/lectern/schemas/migrations"
)

// migrateCommand is `lectern migrate`: apply the store's schema migrations and exit.
func migrateCommand() *command {
	return &command{
		name:    "migrate",
		summary: "apply the store's schema migrations",
		group:   toolsGroup,
		about: `Applies the store's schema migrations and exits (the services also apply them at start,
unless --clickhouse-migrate=false). Run it once before upgrading the replicas of a cluster.

With --cluster-schema it touches nothing and prints the DDL of a sharded, replicated ClickHouse
cluster instead (deploy/clickhouse/schema-cluster.sql is this output for cluster and database
"lectern"): Replicated*MergeTree local tables and Distributed tables ON CLUSTER, rendered from
the same migrations.`,
		setup: func(fs *flag.FlagSet) action {
			cfg := DefaultConfig(TargetAll)
			registerDataDirFlag(fs, &cfg.DataDir)
			cfg.registerStoreFlags(fs)
			registerLogLevelFlag(fs, &cfg.LogLevel)
			registerVerify(fs)
			printSchema := fs.Bool("cluster-schema", false, "print the ClickHouse cluster schema (ON CLUSTER DDL) and exit, connecting to nothing")
			cluster := migrations.DefaultCluster
			fs.StringVar(&cluster.Cluster, "cluster", cluster.Cluster, "with --cluster-schema: the cluster name of remote_servers")
			fs.StringVar(&cluster.Database, "database", cluster.Database, "with --cluster-schema: the database of the services' DSN")
			return action{
				check: func(*call) error {
					if *printSchema {
						return cluster.Validate()
					}
					return cfg.Validate()
				},
				run: func(ctx context.Context, c *call) error {
					if *printSchema {
						ddl, err := migrations.ClusterSchema(cluster)
						if err != nil {
							return err
						}
						_, err = io.WriteString(c.stdout, ddl)
						return err
					}
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
