package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/valyala/fasthttp"

	"github.com/lectern-dev/lectern/platform/freeport"
)

// benchProject and benchDomain are the site the lectern process serves.
const (
	benchDomain  = "bench"
	benchProject = "bench-docs"
)

// lecternProc is a `lectern all` process on ClickHouse, with rate limits off.
type lecternProc struct {
	cmd       *exec.Cmd
	dir       string
	httpAddr  string
	natsURL   string
	adminKey  string
	asstKey   string
	exited    chan error
	stderrLog string
	untrack   func()
}

var keyLine = regexp.MustCompile(`^LECTERN_(ADMIN|ASSISTANT)_KEY=(\S+)$`)

// startLectern starts the binary with a fresh data directory and waits until it is ready.
func startLectern(ctx context.Context, cfg *config, dsn string) (*lecternProc, error) {
	yaml := fmt.Sprintf("sites:\n  - {domain: %s, project: %s, docs: %q}\n", benchDomain, benchProject, filepath.Join(cfg.repo, "docs"))
	return startLecternWith(ctx, cfg, dsn, yaml)
}

// startLecternWith starts the binary with the site registry sitesYAML and extra flags.
func startLecternWith(ctx context.Context, cfg *config, dsn, sitesYAML string, extra ...string) (*lecternProc, error) {
	dir, err := os.MkdirTemp("", "lectern-bench-")
	if err != nil {
		return nil, err
	}
	sitesFile := filepath.Join(dir, "lectern.yaml")
	if err := os.WriteFile(sitesFile, []byte(sitesYAML), 0o600); err != nil {
		return nil, err
	}
	ports, err := freeport.Ports(2)
	if err != nil {
		return nil, err
	}
	httpPort, natsPort := ports[0], ports[1]
	l := &lecternProc{
		dir:       dir,
		httpAddr:  "127.0.0.1:" + strconv.Itoa(httpPort),
		natsURL:   "nats://127.0.0.1:" + strconv.Itoa(natsPort),
		exited:    make(chan error, 1),
		stderrLog: filepath.Join(dir, "stderr.log"),
	}
	logFile, err := os.Create(l.stderrLog)
	if err != nil {
		return nil, err
	}
	defer logFile.Close()
	l.cmd = exec.Command(cfg.lectern, "all",
		"--data-dir", filepath.Join(dir, "data"),
		"--sites", sitesFile,
		"--store", "clickhouse",
		"--clickhouse-dsn", dsn,
		"--ratelimit=false",
		"--http-addr", l.httpAddr,
		"--nats-addr", "127.0.0.1:"+strconv.Itoa(natsPort),
		"--log-level", "warn",
	)
	l.cmd.Args = append(l.cmd.Args, extra...)
	l.cmd.Stderr = logFile
	stdout, err := l.cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := l.cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s: %w", cfg.lectern, err)
	}
	l.untrack = trackChild(l.cmd.Process.Pid)
	keys := make(chan [2]string, 2)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if m := keyLine.FindStringSubmatch(sc.Text()); m != nil {
				keys <- [2]string{m[1], m[2]}
			}
		}
	}()
	go func() { l.exited <- l.cmd.Wait() }()
	deadline := time.After(90 * time.Second)
	for l.adminKey == "" || l.asstKey == "" {
		select {
		case k := <-keys:
			if k[0] == "ADMIN" {
				l.adminKey = k[1]
			} else {
				l.asstKey = k[1]
			}
		case err := <-l.exited:
			return nil, fmt.Errorf("lectern exited during start-up: %v\n%s", err, l.logTail())
		case <-deadline:
			l.stop()
			return nil, fmt.Errorf("lectern printed no keys within 90s\n%s", l.logTail())
		case <-ctx.Done():
			l.stop()
			return nil, ctx.Err()
		}
	}
	if err := l.waitReady(ctx); err != nil {
		l.stop()
		return nil, err
	}
	return l, nil
}

func (l *lecternProc) waitReady(ctx context.Context) error {
	c := &fasthttp.Client{}
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		status, _, err := c.Get(nil, "http://"+l.httpAddr+"/readyz")
		if err == nil && status == 200 {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case err := <-l.exited:
			return fmt.Errorf("lectern exited: %v\n%s", err, l.logTail())
		case <-time.After(50 * time.Millisecond):
		}
	}
	return fmt.Errorf("lectern not ready within 60s\n%s", l.logTail())
}

// stop ends the process with SIGTERM (SIGKILL after 20 s) and removes its directory.
func (l *lecternProc) stop() {
	if l.untrack != nil {
		l.untrack()
	}
	if l.cmd.Process != nil {
		_ = l.cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-l.exited:
		case <-time.After(20 * time.Second):
			_ = l.cmd.Process.Kill()
			<-l.exited
		}
	}
	_ = os.RemoveAll(l.dir)
}

func (l *lecternProc) logTail() string {
	data, err := os.ReadFile(l.stderrLog)
	if err != nil {
		return ""
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	return strings.Join(lines[max(0, len(lines)-20):], "\n")
}

// cpuTime is the CPU time the process used so far (user + system).
func (l *lecternProc) cpuTime() (time.Duration, error) {
	return procCPU(l.cmd.Process.Pid)
}

// procCPU reads utime+stime of a process from /proc (clock ticks of 10 ms).
func procCPU(pid int) (time.Duration, error) {
	u, st, err := procCPUSplit(pid)
	return u + st, err
}

// procCPUSplit reads the user and the system (kernel) CPU time of a process from /proc.
func procCPUSplit(pid int) (user, sys time.Duration, err error) {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, 0, err
	}
	s := string(data)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return 0, 0, errors.New("bad /proc stat")
	}
	f := strings.Fields(s[i+1:])
	if len(f) < 13 {
		return 0, 0, errors.New("bad /proc stat")
	}
	u, err1 := strconv.ParseInt(f[11], 10, 64)
	st, err2 := strconv.ParseInt(f[12], 10, 64)
	if err1 != nil || err2 != nil {
		return 0, 0, errors.New("bad /proc stat")
	}
	return time.Duration(u) * 10 * time.Millisecond, time.Duration(st) * 10 * time.Millisecond, nil
}

// groupSize reads lectern_publish_group_events from the process's /metrics: how many events
// and bus messages its publisher has sent so far.
func (l *lecternProc) groupSize(ctx context.Context) (events, messages float64, err error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "http://"+l.httpAddr+"/metrics", nil)
	if err != nil {
		return 0, 0, err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, 0, err
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		name, value, ok := strings.Cut(sc.Text(), " ")
		if !ok {
			continue
		}
		switch name {
		case "lectern_publish_group_events_sum":
			events, err = strconv.ParseFloat(value, 64)
		case "lectern_publish_group_events_count":
			messages, err = strconv.ParseFloat(value, 64)
		}
		if err != nil {
			return 0, 0, err
		}
	}
	return events, messages, sc.Err()
}

// perMessage describes the events a message carried between two groupSize readings.
func perMessage(e0, m0, e1, m1 float64) string {
	if m1 <= m0 {
		return "no bus messages"
	}
	return fmt.Sprintf("%.0f bus messages, %.1f events a message", m1-m0, (e1-e0)/(m1-m0))
}
