package main

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/valyala/fasthttp"
)

// Figure 11's site: agentPages pages in groups of 20 under tabs of 200, each a few paragraphs of
// words from a vocabulary of 3,000, some with a code block.
const (
	agentPages    = 2_000
	agentDomain   = "agents"
	agentSessions = 50
)

// benchAgents is figure 11 (issue 25's routes): what agents read from a generated 2,000-page
// site through a lectern process: llms-full.txt (time and bytes, beside reading the pages' files
// from disk), a page as Markdown (p99 under cfg.concurrency clients, beside /healthz, the
// server's floor, from the same clients), and the MCP server under agentSessions concurrent
// sessions of the official Go SDK client calling the search tool (calls/s per core of lectern's
// CPU). The search controls' rows (issue 24) join it when that work lands.
func benchAgents(ctx context.Context, cfg *config, t *table) error {
	dir, err := os.MkdirTemp("", "lectern-bench-agents-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	pages, queries, err := writeAgentSite(dir)
	if err != nil {
		return err
	}
	yaml := fmt.Sprintf("sites:\n  - {domain: %s, project: %s, docs: %q}\n", agentDomain, benchProject, dir)
	sc, err := newScratch(ctx, cfg, "agents")
	if err != nil {
		return err
	}
	defer sc.drop(context.WithoutCancel(ctx))
	l, err := startLecternWith(ctx, cfg, cfg.benchDSN(sc.db("store")), yaml)
	if err != nil {
		return err
	}
	defer l.stop()
	base := "http://" + l.httpAddr + "/sites/" + agentDomain
	if err := waitIndexed(ctx, base+"/llms.txt"); err != nil {
		return err
	}
	t.note("lectern all (pid %d) serving a generated site of %d pages (%s)", l.cmd.Process.Pid, len(pages), dir)
	if err := benchLLMsFull(ctx, cfg, t, base, dir, pages); err != nil {
		return err
	}
	if err := benchMarkdownPages(ctx, cfg, t, l, base, pages); err != nil {
		return err
	}
	return benchMCP(ctx, cfg, t, l, base+"/mcp", queries)
}

// writeAgentSite writes the site: docs.json and the pages; it returns the pages' paths (without
// extension) and search queries in the site's words.
func writeAgentSite(dir string) ([]string, []string, error) {
	rng := rand.New(rand.NewSource(11))
	vocab := make([]string, 3000)
	for i := range vocab {
		var b strings.Builder
		for range 4 + rng.Intn(6) {
			b.WriteByte(byte('a' + rng.Intn(26)))
		}
		vocab[i] = b.String()
	}
	type group struct {
		Group string   `json:"group"`
		Pages []string `json:"pages"`
	}
	type tab struct {
		Tab    string  `json:"tab"`
		Groups []group `json:"groups"`
	}
	var tabs []tab
	var pages, queries []string
	for i := range agentPages {
		if i%200 == 0 {
			tabs = append(tabs, tab{Tab: "Tab " + vocab[i/200]})
		}
		tb := &tabs[len(tabs)-1]
		if i%20 == 0 {
			tb.Groups = append(tb.Groups, group{Group: "Group " + vocab[100+i/20]})
		}
		topic := vocab[rng.Intn(len(vocab))] + " " + vocab[rng.Intn(len(vocab))]
		name := fmt.Sprintf("pages/p%04d", i)
		tb.Groups[len(tb.Groups)-1].Pages = append(tb.Groups[len(tb.Groups)-1].Pages, name)
		pages = append(pages, name)
		if i%10 == 0 {
			queries = append(queries, topic)
		}
		var body strings.Builder
		fmt.Fprintf(&body, "---\ntitle: %q\ndescription: %q\n---\n\n", "The "+topic, "How to use "+topic)
		for p := range 4 + rng.Intn(4) {
			fmt.Fprintf(&body, "## %s %d\n\n", vocab[rng.Intn(len(vocab))], p)
			for range 60 + rng.Intn(60) {
				body.WriteString(vocab[rng.Intn(len(vocab))] + " ")
			}
			body.WriteString(topic + ".\n\n")
			if p%2 == 0 {
				fmt.Fprintf(&body, "```bash\nlectern %s --%s\n```\n\n", vocab[rng.Intn(len(vocab))], vocab[rng.Intn(len(vocab))])
			}
		}
		path := filepath.Join(dir, name+".mdx")
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return nil, nil, err
		}
		if err := os.WriteFile(path, []byte(body.String()), 0o600); err != nil {
			return nil, nil, err
		}
	}
	cfgJSON, err := json.Marshal(map[string]any{"theme": "mint", "name": "Agents bench", "colors": map[string]string{"primary": "#0D9373"},
		"navigation": map[string]any{"tabs": tabs}})
	if err != nil {
		return nil, nil, err
	}
	return pages, queries, os.WriteFile(filepath.Join(dir, "docs.json"), cfgJSON, 0o600)
}

// waitIndexed waits until the site answers (its pages are indexed).
func waitIndexed(ctx context.Context, url string) error {
	deadline := time.Now().Add(2 * time.Minute)
	for time.Now().Before(deadline) {
		status, _, err := fasthttp.Get(nil, url)
		if err == nil && status == 200 {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(200 * time.Millisecond): // polling the server until the site is built
		}
	}
	return fmt.Errorf("%s did not answer 200 within 2 minutes", url)
}

// benchLLMsFull fetches llms-full.txt cfg.runs times, each beside reading the site's page files
// from disk (the least any server of the whole site must do).
func benchLLMsFull(ctx context.Context, cfg *config, t *table, base, dir string, pages []string) error {
	hc := &http.Client{Timeout: time.Minute}
	for range cfg.runs {
		start := time.Now()
		var size int
		for _, p := range pages {
			data, err := os.ReadFile(filepath.Join(dir, p+".mdx"))
			if err != nil {
				return err
			}
			size += len(data)
		}
		files := time.Since(start)
		start = time.Now()
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, base+"/llms-full.txt", nil)
		if err != nil {
			return err
		}
		resp, err := hc.Do(req)
		if err != nil {
			return err
		}
		var n int64
		buf := make([]byte, 1<<16)
		for {
			k, err := resp.Body.Read(buf)
			n += int64(k)
			if err != nil {
				break
			}
		}
		resp.Body.Close()
		took := time.Since(start)
		if resp.StatusCode != 200 {
			return fmt.Errorf("llms-full.txt: status %d", resp.StatusCode)
		}
		t.note("llms-full.txt: %s in %s; the %d page files, %s, read from disk in %s", bytesf(n), msf(took), len(pages), bytesf(int64(size)), msf(files))
		t.add(row{
			figure: fmt.Sprintf("11a llms-full.txt of %d pages, time to the last byte", len(pages)),
			value:  msf(took) + ", " + bytesf(n),
			v:      float64(took), b: float64(files), r: float64(took) / float64(files),
			unit: unitMS, bLabel: "reading the pages' files",
			target: "report",
			sides:  "value: GET /sites/{domain}/llms-full.txt from a lectern process, one request, read to its end; baseline: reading the site's page files from disk in the same run",
		})
	}
	return nil
}

// benchMarkdownPages fetches random pages as Markdown from cfg.concurrency clients, beside the
// same clients on /healthz, the server's floor.
func benchMarkdownPages(ctx context.Context, cfg *config, t *table, l *lecternProc, base string, pages []string) error {
	hc := &fasthttp.HostClient{Addr: l.httpAddr, MaxConns: cfg.concurrency, ReadTimeout: 30 * time.Second}
	turn := make([]int, cfg.concurrency)
	get := func(url func(w int) string) func(int) error {
		return func(w int) error {
			req, resp := fasthttp.AcquireRequest(), fasthttp.AcquireResponse()
			defer fasthttp.ReleaseRequest(req)
			defer fasthttp.ReleaseResponse(resp)
			req.SetRequestURI(url(w))
			if err := hc.Do(req, resp); err != nil {
				return err
			}
			if resp.StatusCode() != 200 {
				return fmt.Errorf("GET %s: %d", req.URI(), resp.StatusCode())
			}
			return nil
		}
	}
	page := get(func(w int) string {
		turn[w]++
		return base + "/" + pages[(w*7919+turn[w]*104729)%len(pages)] + ".md"
	})
	health := get(func(int) string { return "http://" + l.httpAddr + "/healthz" })
	warm := min(2*time.Second, cfg.duration/5)
	for range cfg.runs {
		md, err := closedLoop(ctx, cfg.concurrency, warm, cfg.duration, l.cpuTime, page)
		if err != nil {
			return err
		}
		bEnv := startEnv()
		floor, err := closedLoop(ctx, cfg.concurrency, warm, cfg.duration, l.cpuTime, health)
		if err != nil {
			return err
		}
		en := bEnv.stop()
		t.note("Markdown pages: %s, %s; lectern CPU %.0f µs a page; /healthz: %s, %s", kps(md.rate), summary(md.sorted), perReq(md.cpu, md.n), kps(floor.rate), summary(floor.sorted))
		p99, f99 := pct(md.sorted, 0.99), pct(floor.sorted, 0.99)
		t.add(row{
			figure: fmt.Sprintf("11b a page as Markdown, p99 (%d clients)", cfg.concurrency),
			v:      float64(p99), b: float64(f99), r: float64(p99) / float64(f99),
			unit: unitMS, bLabel: "GET /healthz, same clients",
			target: "report", bEnv: en,
			sides: fmt.Sprintf("value: GET /sites/{domain}/{page}.md of random pages of the %d, %d keep-alive clients in a closed loop for %s; baseline: the same clients on /healthz, the server's floor", len(pages), cfg.concurrency, cfg.duration),
		})
	}
	return nil
}

// benchMCP runs agentSessions MCP sessions of the official Go SDK client, each calling the
// search tool in turn for cfg.duration, and reports calls/s and calls/s per core of lectern's CPU.
func benchMCP(ctx context.Context, cfg *config, t *table, l *lecternProc, endpoint string, queries []string) error {
	sessions := make([]*mcp.ClientSession, agentSessions)
	client := mcp.NewClient(&mcp.Implementation{Name: "lectern-bench", Version: "1"}, nil)
	hc := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: agentSessions}}
	for i := range sessions {
		cs, err := client.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: endpoint, HTTPClient: hc}, nil)
		if err != nil {
			return fmt.Errorf("MCP session %d: %w", i, err)
		}
		defer cs.Close()
		sessions[i] = cs
	}
	for range cfg.runs {
		var calls atomic.Int64
		var mu sync.Mutex
		var lat []time.Duration
		cctx, cancel := context.WithTimeout(ctx, cfg.duration)
		cpu0, _ := l.cpuTime()
		self0 := selfCPU()
		start := time.Now()
		var wg sync.WaitGroup
		var firstErr atomic.Pointer[error]
		for i, cs := range sessions {
			wg.Go(func() {
				var mine []time.Duration
				for k := 0; cctx.Err() == nil; k++ {
					s := time.Now()
					r, err := cs.CallTool(cctx, &mcp.CallToolParams{Name: "search", Arguments: map[string]any{"query": queries[(i*31+k)%len(queries)]}})
					if cctx.Err() != nil {
						break
					}
					if err == nil && r.IsError {
						err = fmt.Errorf("search tool: an error result")
					}
					if err != nil {
						firstErr.CompareAndSwap(nil, &err)
						return
					}
					mine = append(mine, time.Since(s))
					calls.Add(1)
				}
				mu.Lock()
				lat = append(lat, mine...)
				mu.Unlock()
			})
		}
		wg.Wait()
		cancel()
		wall := time.Since(start)
		cpu1, _ := l.cpuTime()
		if p := firstErr.Load(); p != nil {
			return *p
		}
		slices.Sort(lat)
		n := calls.Load()
		cores := (cpu1 - cpu0).Seconds() / wall.Seconds()
		perCore := float64(n) / wall.Seconds() / max(cores, 0.01)
		t.note("MCP: %d sessions, %d search calls in %s: %s, %s; lectern busy %.2f cores: %.0f calls/s per core; the clients (this process) %.2f cores", agentSessions, n, wall.Round(time.Millisecond), kps(float64(n)/wall.Seconds()), summary(lat), cores, perCore, (selfCPU()-self0).Seconds()/wall.Seconds())
		t.add(row{
			figure: fmt.Sprintf("11c MCP search calls/s per core of lectern (%d sessions)", agentSessions),
			v:      perCore, unit: unitPerS,
			target: "report",
			sides:  fmt.Sprintf("value: %d sessions of the official Go SDK client (Streamable HTTP) each calling the search tool back to back for %s, calls divided by the CPU the lectern process used over the wall time", agentSessions, cfg.duration),
		})
	}
	return nil
}
