package main

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
)

// env is what the scenarios share: the binaries, a work directory, the random source, and the
// ClickHouse the suite controls.
type env struct {
	cfg *config
	rnd *rand.Rand
	dir string
	ch  *clickhouse
}

func prepare(ctx context.Context, cfg *config, stderr io.Writer) (*env, error) {
	dir, err := os.MkdirTemp("", "lectern-chaos-")
	if err != nil {
		return nil, err
	}
	e := &env{cfg: cfg, rnd: rand.New(rand.NewPCG(uint64(cfg.seed), 1)), dir: dir} // #nosec G115 G404 -- a seed reinterpreted as unsigned
	fmt.Fprintf(stderr, "chaos: seed %d, work dir %s\n", cfg.seed, dir)
	if cfg.keep {
		logDir = filepath.Join(dir, "logs")
		if err := os.MkdirAll(logDir, 0o750); err != nil {
			return nil, err
		}
	}
	if cfg.natsServer == "" && (cfg.selected("nats-restart") || cfg.selected("replica") || cfg.selected("cluster")) {
		if cfg.natsServer, err = buildNATSServer(ctx, cfg.repo, dir); err != nil {
			e.close()
			return nil, err
		}
	}
	if cfg.selected("kill-ch") || cfg.selected("ch-outage") || cfg.selected("replica") {
		e.ch = &clickhouse{repo: cfg.repo, port: cfg.chPort, dir: filepath.Join(dir, "clickhouse")}
		if err := e.ch.start(ctx); err != nil {
			e.close()
			return nil, err
		}
	}
	return e, nil
}

func (e *env) close() {
	if e.ch != nil {
		_ = e.ch.stop(context.Background())
	}
	if e.cfg.keep {
		fmt.Fprintf(e.cfg.log, "chaos: work dir kept: %s\n", e.dir)
		return
	}
	_ = os.RemoveAll(e.dir) // #nosec G703 -- its own temporary directory
}

// buildNATSServer builds nats-server at the version the platform module requires.
func buildNATSServer(ctx context.Context, repo, dir string) (string, error) {
	list := exec.CommandContext(ctx, "go", "list", "-m", "-f", "{{.Version}}", "github.com/nats-io/nats-server/v2")
	list.Dir = filepath.Join(repo, "platform")
	out, err := list.Output()
	if err != nil {
		return "", fmt.Errorf("nats-server version: %w", err)
	}
	version := strings.TrimSpace(string(out))
	bin := filepath.Join(dir, "nats-server")
	cmd := exec.CommandContext(ctx, "go", "build", "-o", bin, "github.com/nats-io/nats-server/v2") // #nosec G204 -- runs the binaries named by its own flags
	cmd.Dir = filepath.Join(repo, "platform")
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("build nats-server %s: %w\n%s", version, err, out)
	}
	return bin, nil
}

// clickhouse is a ClickHouse server of the suite's own, run by scripts/clickhouse.sh.
type clickhouse struct {
	repo string
	port int
	dir  string
}

func (c *clickhouse) script(ctx context.Context, verb string) error {
	cmd := exec.CommandContext(ctx, filepath.Join(c.repo, "scripts/clickhouse.sh"), verb) // #nosec G204 G702 -- runs the binaries named by its own flags
	cmd.Env = append(os.Environ(), "CLICKHOUSE_PORT="+strconv.Itoa(c.port), "CLICKHOUSE_DIR="+c.dir)
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("clickhouse.sh %s: %w\n%s", verb, err, out)
	}
	return nil
}

func (c *clickhouse) start(ctx context.Context) error { return c.script(ctx, "start") }
func (c *clickhouse) stop(ctx context.Context) error  { return c.script(ctx, "stop") }

// dsn is a DSN for database db on this server.
func (c *clickhouse) dsn(db string) string {
	return fmt.Sprintf("clickhouse://127.0.0.1:%d/%s", c.port, db)
}
