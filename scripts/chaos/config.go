package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"
)

type config struct {
	repo        string
	lectern     string // the lectern binary
	natsServer  string // the nats-server binary (built from the pinned module when empty)
	only        map[string]bool
	kills       int           // SIGKILLs in the kill scenarios
	outage      time.Duration // how long ClickHouse or NATS stays down
	clients     int           // concurrent load clients
	rate        int           // most requests a second per client
	maxRecovery time.Duration // longest allowed time from recovery until everything is visible
	chPort      int           // the scenario ClickHouse's native port (HTTP is one above)
	seed        int64
	soak        time.Duration // when set, soak for this long instead of running scenarios
	keep        bool          // keep the work directory, with every process's log and the services' last metrics
	logLevel    string        // the lectern processes' --log-level
	log         io.Writer
}

func parseConfig(args []string, stderr io.Writer) (*config, error) {
	cfg := &config{log: stderr}
	fs := flag.NewFlagSet("chaos", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var only string
	fs.StringVar(&cfg.repo, "repo", ".", "repository root")
	fs.StringVar(&cfg.lectern, "lectern", "bin/lectern", "the lectern binary")
	fs.StringVar(&cfg.natsServer, "nats-server", "", "a nats-server binary; empty builds the version the platform module pins")
	fs.StringVar(&only, "scenarios", "", "scenarios to run, comma-separated (default all): "+strings.Join(scenarioNames(), ","))
	fs.IntVar(&cfg.kills, "kills", 10, "SIGKILLs per kill scenario")
	fs.DurationVar(&cfg.outage, "outage", 30*time.Second, "how long ClickHouse or NATS stays down")
	fs.IntVar(&cfg.clients, "clients", 4, "concurrent load clients")
	fs.IntVar(&cfg.rate, "rate", 250, "most requests a second per client")
	fs.DurationVar(&cfg.maxRecovery, "max-recovery", 10*time.Second, "longest allowed time from recovery until every accepted event is visible")
	fs.IntVar(&cfg.chPort, "clickhouse-port", 19900, "native port of the ClickHouse the suite starts (HTTP on the next port)")
	fs.DurationVar(&cfg.soak, "soak", 0, "soak for this long under steady mixed load instead of running the scenarios (make soak)")
	fs.BoolVar(&cfg.keep, "keep", false, "keep the work directory, with each process's log (logs/NAME.log) and each Lectern process's /metrics when it stops (metrics/NAME.txt)")
	fs.StringVar(&cfg.logLevel, "log-level", "warn", "the Lectern processes' --log-level")
	fs.Int64Var(&cfg.seed, "seed", time.Now().UnixNano(), "random seed for fault timing")
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	var errs []error
	if only != "" {
		cfg.only = map[string]bool{}
		known := strings.Join(scenarioNames(), ",")
		for _, s := range strings.Split(only, ",") {
			s = strings.TrimSpace(s)
			if !strings.Contains(","+known+",", ","+s+",") {
				errs = append(errs, fmt.Errorf("-scenarios: unknown scenario %q (known: %s)", s, known))
			}
			cfg.only[s] = true
		}
	}
	if cfg.kills < 1 || cfg.clients < 1 || cfg.rate < 1 || cfg.outage < time.Second {
		errs = append(errs, errors.New("-kills, -clients and -rate must be at least 1, -outage at least 1s"))
	}
	abs, err := filepath.Abs(cfg.repo)
	if err != nil {
		errs = append(errs, err)
	}
	cfg.repo = abs
	if cfg.lectern, err = filepath.Abs(cfg.lectern); err != nil {
		errs = append(errs, err)
	} else if _, err := os.Stat(cfg.lectern); err != nil {
		errs = append(errs, fmt.Errorf("-lectern: %w", err))
	}
	return cfg, errors.Join(errs...)
}

func (c *config) selected(name string) bool {
	if c.soak > 0 {
		return false
	}
	return c.only == nil || c.only[name]
}
