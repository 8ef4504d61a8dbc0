package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
)

// soakSeries are the /metrics series a soak watches; none may keep growing.
var soakSeries = []struct{ name, label string }{
	{"process_resident_memory_bytes", "RSS MiB"},
	{"go_memstats_heap_alloc_bytes", "heap MiB"},
	{"go_goroutines", "goroutines"},
	{"process_open_fds", "open files"},
	{"lectern_consumer_pending", "JetStream pending"},
}

// soak drives steady mixed load (feedback posts, assistant questions, export reads) against
// `lectern all` for d, prints the watched series ten times, and fails if any of them grows at
// every sample through the second half.
func soak(ctx context.Context, e *env, d time.Duration, out io.Writer) error {
	natsAddr, err := freePort()
	if err != nil {
		return err
	}
	l, err := startLectern(ctx, e, "lectern all (soak)", "all", "--data-dir", filepath.Join(e.dir, "soak"), "--nats-addr", natsAddr)
	if err != nil {
		return err
	}
	defer l.stop()
	admin, assistant, err := l.keysOf()
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	ld := startLoad(ctx, e.cfg.clients, e.cfg.rate, func() string { return l.base }, assistant, domain, "soak")
	var wg sync.WaitGroup
	wg.Go(func() { askLoop(ctx, l.base, assistant) })
	wg.Go(func() { exportLoop(ctx, l.base, admin) })

	fmt.Fprintf(out, "%-8s", "minute")
	for _, s := range soakSeries {
		fmt.Fprintf(out, " %18s", s.label)
	}
	fmt.Fprintln(out)
	every := d / 10
	samples := make([][]float64, 0, 11)
	start := time.Now()
	for i := 0; i <= 10; i++ {
		if i > 0 {
			pause(ctx, time.Until(start.Add(time.Duration(i)*every)))
		}
		if i == 10 {
			cancel() // the last sample is taken as the load ends
		}
		row, err := scrape(l.base)
		if err != nil {
			return err
		}
		samples = append(samples, row)
		fmt.Fprintf(out, "%-8.1f", time.Since(start).Minutes())
		for j, v := range row {
			if strings.HasSuffix(soakSeries[j].label, "MiB") {
				v /= 1 << 20
			}
			fmt.Fprintf(out, " %18.1f", v)
		}
		fmt.Fprintln(out)
	}
	accepted, errs := ld.finish()
	wg.Wait()
	fmt.Fprintf(out, "accepted %d feedback posts; non-2xx: %s\n", len(accepted), summary(errs))
	if grew := growing(samples); len(grew) > 0 {
		return fmt.Errorf("soak: kept growing through the second half: %s", strings.Join(grew, ", "))
	}
	return nil
}

// growing names the series that rose at every sample of the second half, by more than 10%.
func growing(samples [][]float64) []string {
	var grew []string
	half := samples[len(samples)/2:]
	for j, s := range soakSeries {
		rising := true
		for i := 1; i < len(half); i++ {
			if half[i][j] <= half[i-1][j] {
				rising = false
				break
			}
		}
		if rising && half[len(half)-1][j] > 1.1*half[0][j] {
			grew = append(grew, s.label)
		}
	}
	return grew
}

// scrape reads the watched series from /metrics (summed over labels).
func scrape(base string) ([]float64, error) {
	resp, err := http.Get(base + "/metrics")
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		msg, _ := io.ReadAll(io.LimitReader(resp.Body, 300))
		return nil, fmt.Errorf("GET /metrics: %d %s", resp.StatusCode, msg)
	}
	row := make([]float64, len(soakSeries))
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			continue
		}
		name, rest, _ := strings.Cut(line, " ")
		name, _, _ = strings.Cut(name, "{")
		for j, s := range soakSeries {
			if name == s.name {
				fields := strings.Fields(rest)
				if len(fields) > 0 {
					v, _ := strconv.ParseFloat(fields[len(fields)-1], 64)
					row[j] += v
				}
			}
		}
	}
	return row, sc.Err()
}

// askLoop asks the assistant a question about every 200 ms until ctx ends.
func askLoop(ctx context.Context, base, key string) {
	questions := []string{"How do I run the tests?", "What is an admin key?", "How do I export feedback?", "Which ports does ClickHouse use?"}
	for i := 0; ctx.Err() == nil; i++ {
		body, _ := json.Marshal(map[string]any{"fp": "soak", "messages": []map[string]string{{"id": "1", "role": "user", "content": questions[i%len(questions)]}}})
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, base+"/discovery/v1/assistant/"+domain+"/message", bytes.NewReader(body)) // #nosec G704 -- the test tool calls only the loopback servers it started
		req.Header.Set("Authorization", "Bearer "+key)
		req.Header.Set("Content-Type", "application/json")
		if resp, err := http.DefaultClient.Do(req); err == nil { // #nosec G704 -- the test tool calls only the loopback servers it started
			_, _ = io.Copy(io.Discard, resp.Body)
			resp.Body.Close() // #nosec G104 -- a best-effort call in a test tool; its failure shows in the checks that follow
		}
		pause(ctx, 200*time.Millisecond)
	}
}

// exportLoop reads the first pages of both exports about every 500 ms until ctx ends.
func exportLoop(ctx context.Context, base, key string) {
	for ctx.Err() == nil {
		for _, what := range []string{"feedback", "assistant"} {
			req, _ := http.NewRequestWithContext(ctx, http.MethodGet, base+"/api/external/v1/analytics/"+project+"/"+what+"?limit=50", nil) // #nosec G704 -- the test tool calls only the loopback servers it started
			req.Header.Set("Authorization", "Bearer "+key)
			if resp, err := http.DefaultClient.Do(req); err == nil { // #nosec G704 -- the test tool calls only the loopback servers it started
				_, _ = io.Copy(io.Discard, resp.Body)
				resp.Body.Close() // #nosec G104 -- a best-effort call in a test tool; its failure shows in the checks that follow
			}
		}
		pause(ctx, 500*time.Millisecond)
	}
}
