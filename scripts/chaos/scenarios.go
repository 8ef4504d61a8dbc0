package main

import (
	"context"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

type scenario struct {
	name string
	run  func(context.Context, *env) (result, error)
}

var scenarios = []scenario{
	{"kill", func(ctx context.Context, e *env) (result, error) { return killScenario(ctx, e, "sqlite") }},
	{"kill-ch", func(ctx context.Context, e *env) (result, error) { return killScenario(ctx, e, "clickhouse") }},
	{"ch-outage", clickhouseOutage},
	{"nats-restart", natsRestart},
	{"replica", replicaKill},
	{"disk-full", diskFull},
	{"store-full", storeFull},
	{"cluster", clusterScenario},
}

func scenarioNames() []string {
	names := make([]string, len(scenarios))
	for i, s := range scenarios {
		names[i] = s.name
	}
	return names
}

const (
	domain      = "lectern"      // the demo site of lectern.yaml
	project     = "lectern-docs" // its project
	readyWithin = 90 * time.Second
)

// lectern is a `lectern all` (or one target) under test, with its addresses and keys.
type lectern struct {
	*proc
	base string
}

func startLectern(ctx context.Context, e *env, name string, args ...string) (*lectern, error) {
	httpAddr, err := freePort()
	if err != nil {
		return nil, err
	}
	args = append(args, "--http-addr", httpAddr, "--sites", filepath.Join(e.cfg.repo, "lectern.yaml"),
		"--ratelimit=false", "--log-level", e.cfg.logLevel)
	l := &lectern{proc: newProc(name, e.cfg.lectern, args...), base: "http://" + httpAddr}
	l.dir = e.cfg.repo
	if err := l.start(); err != nil {
		return nil, err
	}
	if err := l.waitHTTP(ctx, l.base+"/readyz", readyWithin); err != nil {
		l.kill()
		return nil, err
	}
	return l, nil
}

// loaded is a `lectern all` with the load running against it.
type loaded struct {
	*lectern
	ld    *load
	admin string
}

// startAllUnderLoad starts `lectern all` (embedded NATS, data in a directory named run) with args
// added, and starts the load against it. The caller stops both.
func startAllUnderLoad(ctx context.Context, e *env, name, run string, args ...string) (*loaded, error) {
	natsAddr, err := freePort()
	if err != nil {
		return nil, err
	}
	l, err := startLectern(ctx, e, name, append([]string{"all", "--data-dir", filepath.Join(e.dir, run), "--nats-addr", natsAddr}, args...)...)
	if err != nil {
		return nil, err
	}
	admin, assistant, err := l.keysOf()
	if err != nil {
		l.stop()
		return nil, err
	}
	ld := startLoad(ctx, e.cfg.clients, e.cfg.rate, func() string { return l.base }, assistant, domain, run)
	return &loaded{lectern: l, ld: ld, admin: admin}, nil
}

// restart kills nothing; it starts the stopped process again and waits until it is ready.
func (l *lectern) restart(ctx context.Context) error {
	if err := l.start(); err != nil {
		return err
	}
	return l.waitHTTP(ctx, l.base+"/readyz", readyWithin)
}

func (l *lectern) keysOf() (admin, assistant string, err error) {
	admin, assistant = l.key("LECTERN_ADMIN_KEY"), l.key("LECTERN_ASSISTANT_KEY")
	if admin == "" || assistant == "" {
		return "", "", fmt.Errorf("%s: %w", l.name, errNoKeys)
	}
	return admin, assistant, nil
}

// pause waits d (fault timing: how long a fault lasts or when it strikes), or until ctx ends.
func pause(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}

// jitter is a random moment between lo and hi.
func (e *env) jitter(lo, hi time.Duration) time.Duration {
	return lo + time.Duration(e.rnd.Int64N(int64(hi-lo)))
}

// killScenario SIGKILLs `lectern all` at random moments under load and restarts it on the same
// data directory each time.
func killScenario(ctx context.Context, e *env, store string) (result, error) {
	var args []string
	if store == "clickhouse" {
		args = []string{"--store", "clickhouse", "--clickhouse-dsn", e.ch.dsn("chaos_kill")}
	}
	l, err := startAllUnderLoad(ctx, e, "lectern all ("+store+")", "kill-"+store, args...)
	if err != nil {
		return result{}, err
	}
	defer l.stop()
	ld, admin := l.ld, l.admin
	var r result
	var recovered time.Time
	for range e.cfg.kills {
		pause(ctx, e.jitter(300*time.Millisecond, 2*time.Second))
		ld.fault(true)
		l.kill()
		r.faults++
		if err := l.restart(ctx); err != nil {
			ld.finish()
			return r, err
		}
		recovered = time.Now()
		ld.fault(false)
	}
	pause(ctx, time.Second)
	accepted, errs := ld.finish()
	r.during = summary(errs)
	return r, settleAll(ctx, l.base, admin, ld, accepted, recovered, 60*time.Second, &r)
}

// clickhouseOutage stops ClickHouse under load for the outage time and starts it again.
func clickhouseOutage(ctx context.Context, e *env) (result, error) {
	l, err := startAllUnderLoad(ctx, e, "lectern all (clickhouse)", "ch-outage", "--store", "clickhouse", "--clickhouse-dsn", e.ch.dsn("chaos_outage"))
	if err != nil {
		return result{}, err
	}
	defer l.stop()
	ld, admin := l.ld, l.admin
	r := result{faults: 1}
	pause(ctx, 2*time.Second)
	ld.fault(true)
	if err := e.ch.stop(ctx); err != nil {
		ld.finish()
		return r, err
	}
	pause(ctx, e.cfg.outage)
	during := ld.accepted()
	if err := e.ch.start(ctx); err != nil {
		ld.finish()
		return r, err
	}
	recovered := time.Now()
	ld.fault(false)
	pause(ctx, time.Second)
	accepted, errs := ld.finish()
	r.during = summary(errs)
	r.note = fmt.Sprintf("%d accepted before ClickHouse came back", during)
	return r, settleAll(ctx, l.base, admin, ld, accepted, recovered, 90*time.Second, &r)
}

// natsRestart stops an external nats-server under load and starts it again on the same store.
func natsRestart(ctx context.Context, e *env) (result, error) {
	ns, natsAddr, err := startNATS(e, "nats-restart")
	if err != nil {
		return result{}, err
	}
	defer ns.stop()
	l, err := startLectern(ctx, e, "lectern all (external nats)", "all", "--data-dir", filepath.Join(e.dir, "nats-restart"),
		"--nats-url", "nats://"+natsAddr)
	if err != nil {
		return result{}, err
	}
	defer l.stop()
	admin, assistant, err := l.keysOf()
	if err != nil {
		return result{}, err
	}
	ld := startLoad(ctx, e.cfg.clients, e.cfg.rate, func() string { return l.base }, assistant, domain, "nats-restart")
	r := result{faults: 1}
	pause(ctx, 2*time.Second)
	ld.fault(true)
	ns.stop()
	pause(ctx, min(e.cfg.outage, 10*time.Second))
	if err := ns.start(); err != nil {
		ld.finish()
		return r, err
	}
	if err := l.waitHTTP(ctx, l.base+"/readyz", readyWithin); err != nil {
		ld.finish()
		return r, err
	}
	recovered := time.Now()
	ld.fault(false)
	pause(ctx, time.Second)
	accepted, errs := ld.finish()
	r.during = summary(errs)
	return r, settleAll(ctx, l.base, admin, ld, accepted, recovered, 60*time.Second, &r)
}

// startNATS starts an external nats-server with JetStream on a free loopback port.
func startNATS(e *env, name string) (*proc, string, error) {
	addr, err := freePort()
	if err != nil {
		return nil, "", err
	}
	host, port, _ := cutHostPort(addr)
	ns := newProc("nats-server", e.cfg.natsServer, "-a", host, "-p", port, "-js", "-sd", filepath.Join(e.dir, name+"-js"))
	if err := ns.start(); err != nil {
		return nil, "", err
	}
	if err := ns.waitTCP(addr, 30*time.Second); err != nil {
		ns.kill()
		return nil, "", err
	}
	return ns, addr, nil
}

// replicaKill runs two ingest replicas and a query service against an external nats-server and
// ClickHouse, loads the first replica, and SIGKILLs the second while it holds fetched batches:
// the survivor stores them.
func replicaKill(ctx context.Context, e *env) (result, error) {
	ns, natsAddr, err := startNATS(e, "replica")
	if err != nil {
		return result{}, err
	}
	defer ns.stop()
	shared := []string{"--nats-url", "nats://" + natsAddr, "--store", "clickhouse", "--clickhouse-dsn", e.ch.dsn("chaos_replica")}
	in1, err := startLectern(ctx, e, "lectern ingest 1", append([]string{"ingest", "--data-dir", filepath.Join(e.dir, "replica-1")}, shared...)...)
	if err != nil {
		return result{}, err
	}
	defer in1.stop()
	admin, err := createKey(ctx, e, natsAddr, "--kind", "admin", "--project", project)
	if err != nil {
		return result{}, err
	}
	assistant, err := createKey(ctx, e, natsAddr, "--kind", "assistant", "--domain", domain)
	if err != nil {
		return result{}, err
	}
	in2, err := startLectern(ctx, e, "lectern ingest 2", append([]string{"ingest", "--data-dir", filepath.Join(e.dir, "replica-2")}, shared...)...)
	if err != nil {
		return result{}, err
	}
	defer in2.stop()
	query, err := startLectern(ctx, e, "lectern query", append([]string{"query", "--data-dir", filepath.Join(e.dir, "replica-q")}, shared...)...)
	if err != nil {
		return result{}, err
	}
	defer query.stop()
	ld := startLoad(ctx, e.cfg.clients, e.cfg.rate, func() string { return in1.base }, assistant, domain, "replica")
	ld.noAsk.Store(true) // an ingest process serves no assistant
	r := result{faults: 1}
	pause(ctx, e.jitter(2*time.Second, 4*time.Second))
	in2.kill()
	recovered := time.Now()
	pause(ctx, 2*time.Second)
	accepted, errs := ld.finish()
	r.during = summary(errs)
	return r, settleAll(ctx, query.base, admin, ld, accepted, recovered, 60*time.Second, &r)
}

// diskFull caps the event stream at a few hundred kilobytes, as a full disk would: intake
// answers 503 while the stream is full, recovers as the consumers trim what they stored, and
// loses nothing it accepted.
func diskFull(ctx context.Context, e *env) (result, error) {
	l, err := startAllUnderLoad(ctx, e, "lectern all (256 KiB stream)", "disk-full", "--events-max-bytes", "262144")
	if err != nil {
		return result{}, err
	}
	defer l.stop()
	ld, admin := l.ld, l.admin
	ld.fault(true) // the whole run is the fault: the stream fills again and again
	r := result{faults: 1}
	pause(ctx, 15*time.Second)
	recovered := time.Now()
	accepted, errs := ld.finish()
	r.during = summary(errs)
	if err := settleAll(ctx, l.base, admin, ld, accepted, recovered, 60*time.Second, &r); err != nil {
		return r, err
	}
	if len(errs) == 0 {
		r.note = "the stream never filled: no 503 seen"
	}
	return r, nil
}

// createKey runs `lectern keys create` against the NATS at natsAddr and returns the key.
func createKey(ctx context.Context, e *env, natsAddr string, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, e.cfg.lectern, append([]string{"keys", "create", "--nats-url", "nats://" + natsAddr}, args...)...) // #nosec G204 G702 -- runs the binaries named by its own flags
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("lectern keys create %v: %w", args, err)
	}
	return strings.TrimSpace(string(out)), nil
}

func cutHostPort(addr string) (host, port string, ok bool) {
	for i := len(addr) - 1; i >= 0; i-- {
		if addr[i] == ':' {
			return addr[:i], addr[i+1:], true
		}
	}
	return addr, "", false
}
