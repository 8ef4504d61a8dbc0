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
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// liveSeries starts `lectern all` on loopback (embedded NATS, SQLite in a temporary directory,
// the repository's site registry), sends one feedback and one assistant question with the keys
// it prints, waits until the feedback is stored, and returns the series of its /metrics
// (a histogram's as _bucket, _sum and _count) with their label names: what a Prometheus
// scraping it would see.
func liveSeries(lectern, repo string) (series, error) {
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
func drive(ctx context.Context, base string, stdout io.Reader) (series, error) {
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
	var live series
	err := poll(ctx, func() error {
		text, err := scrape(ctx, base+"/metrics")
		if err != nil {
			return err
		}
		if !strings.Contains(text, `lectern_events_stored_total{type="feedback"} 1`) {
			return errors.New("the feedback is not stored yet")
		}
		live = seriesNames(text)
		return nil
	})
	return live, err
}

// series maps each metric name of a scrape to the names of the labels its samples carry.
type series map[string]map[string]bool

// seriesNames returns the metric name of every sample line of a text exposition, with the
// label names of its samples.
func seriesNames(text string) series {
	out := series{}
	for _, line := range strings.Split(text, "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		i := strings.IndexAny(line, "{ ")
		if i <= 0 {
			continue
		}
		name := line[:i]
		if out[name] == nil {
			out[name] = map[string]bool{}
		}
		if line[i] == '{' {
			for _, m := range reExpositionLabel.FindAllStringSubmatch(line[i:], -1) {
				out[name][m[1]] = true
			}
		}
	}
	return out
}

// reExpositionLabel matches one label of a sample line: name="value" (value escapes included).
var reExpositionLabel = regexp.MustCompile(`([A-Za-z_][A-Za-z0-9_]*)="(?:[^"\\]|\\.)*"`)

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
