package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// liveSeries starts `lectern all` on loopback (embedded NATS, SQLite in a temporary directory,
// the repository's site registry), sends one feedback and one assistant question with the keys
// it prints, waits until the feedback is stored, and returns the series names of its /metrics
// (a histogram's as _bucket, _sum and _count): what a Prometheus scraping it would see.
func liveSeries(lectern, repo string) (map[string]bool, error) {
	repo, err := filepath.Abs(repo)
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "lectern-metrics-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	addr, err := freeAddr()
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, lectern, "all", "--http-addr", addr, "--nats-addr", "127.0.0.1:-1", // #nosec G204 -- the binary under test
		"--data-dir", filepath.Join(dir, "data"), "--sites", filepath.Join(repo, "lectern.yaml"), "--log-level", "warn")
	cmd.Dir, cmd.Env = repo, withoutLectern(os.Environ())
	var logs bytes.Buffer
	cmd.Stderr = &logs
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	defer func() { _ = cmd.Process.Signal(syscall.SIGTERM); _ = cmd.Wait() }()
	series, err := drive(ctx, "http://"+addr, stdout)
	if err != nil {
		return nil, fmt.Errorf("%w\nlectern log:\n%s", err, firstLines(logs.String(), 20))
	}
	return series, nil
}

// drive sends the traffic and scrapes; keys come from the first start's stdout.
func drive(ctx context.Context, base string, stdout io.Reader) (map[string]bool, error) {
	keys := map[string]string{}
	sc := bufio.NewScanner(stdout)
	for len(keys) < 2 && sc.Scan() {
		if k, v, ok := strings.Cut(sc.Text(), "="); ok && strings.HasPrefix(k, "LECTERN_") {
			keys[k] = v
		}
	}
	go func() { _, _ = io.Copy(io.Discard, stdout) }()
	asst := keys["LECTERN_ASSISTANT_KEY"]
	if asst == "" {
		return nil, errors.New("lectern all printed no assistant key")
	}
	if err := poll(ctx, func() error { return expect(ctx, "GET", base+"/readyz", "", "", 200) }); err != nil {
		return nil, err
	}
	if err := expect(ctx, "POST", base+"/discovery/v1/feedback/lectern", asst, `{"path":"/quickstart","source":"contextual","helpful":true}`, 202); err != nil {
		return nil, err
	}
	question := `{"fp":"anonymous","messages":[{"id":"m1","role":"user","content":"How do I run Lectern?"}]}`
	if err := expect(ctx, "POST", base+"/discovery/v1/assistant/lectern/message", asst, question, 200); err != nil {
		return nil, err
	}
	var series map[string]bool
	err := poll(ctx, func() error {
		text, err := scrape(ctx, base+"/metrics")
		if err != nil {
			return err
		}
		if !strings.Contains(text, `lectern_events_stored_total{type="feedback"} 1`) {
			return errors.New("the feedback is not stored yet")
		}
		series = seriesNames(text)
		return nil
	})
	return series, err
}

// seriesNames returns the metric name of every sample line of a text exposition.
func seriesNames(text string) map[string]bool {
	out := map[string]bool{}
	for _, line := range strings.Split(text, "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if i := strings.IndexAny(line, "{ "); i > 0 {
			out[line[:i]] = true
		}
	}
	return out
}

// expect sends a request and fails unless it answers status.
func expect(ctx context.Context, method, url, key, body string, status int) error {
	req, err := http.NewRequestWithContext(ctx, method, url, strings.NewReader(body))
	if err != nil {
		return err
	}
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != status {
		return fmt.Errorf("%s %s: %d %.200s, want %d", method, url, resp.StatusCode, b, status)
	}
	return nil
}

func scrape(ctx context.Context, url string) (string, error) {
	req, err := http.NewRequestWithContext(ctx, "GET", url, nil)
	if err != nil {
		return "", err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return string(b), err
}

// poll calls f until it returns nil or ctx ends, 20 ms apart.
func poll(ctx context.Context, f func() error) error {
	t := time.NewTicker(20 * time.Millisecond)
	defer t.Stop()
	for {
		err := f()
		if err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("%w (gave up: %w)", err, ctx.Err())
		case <-t.C:
		}
	}
}

// freeAddr returns a loopback address no one listens on.
func freeAddr() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer ln.Close()
	return "127.0.0.1:" + strconv.Itoa(ln.Addr().(*net.TCPAddr).Port), nil
}

// withoutLectern drops the LECTERN_* variables of the caller's environment.
func withoutLectern(environ []string) []string {
	var out []string
	for _, kv := range environ {
		if !strings.HasPrefix(kv, "LECTERN_") {
			out = append(out, kv)
		}
	}
	return out
}
