package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/valyala/fasthttp"
)

// askFunc asks one site one question and returns the time the figure measures.
type askFunc func(context.Context, siteEndpoint, siteQuestion) (time.Duration, error)

// latencyFigure is a figure of questions asked one at a time: p50 and p99 rows.
type latencyFigure struct {
	id, what string // "11a", "the discovery search"
	measures string // what a latency is, for the sides' description
	target50 string
	pass50   func(v, b, r float64) bool
	ask      askFunc
}

// latencyWarmup questions are asked on each site before the first measured side.
const latencyWarmup = 20

// latencyRows asks the questions on both sites cfg.runs times, each question on the plain site
// and then on the controls site (interleaved question by question, so that the machine's drift
// hits both sides alike), and adds the p50 and p99 of each side as rows.
func (a *agentSites) latencyRows(ctx context.Context, cfg *config, t *table, f latencyFigure) error {
	qs := a.site.questions
	n := cfg.agentQuestions
	if n == 0 {
		n = len(qs)
	}
	if _, _, err := askBoth(ctx, a.plain, a.controls, qs, latencyWarmup, f.ask); err != nil {
		return err
	}
	sides := fmt.Sprintf("value: %s on the site with every control, %d questions (the evaluation's tuning half, %d of them from a page of the site) asked one at a time by one client; baseline: each question asked on the same pages without controls right before, in the same lectern process; %d unmeasured questions first",
		f.measures, n, withPage(qs), latencyWarmup)
	for range cfg.runs {
		en := startEnv()
		val, base, err := askBoth(ctx, a.plain, a.controls, qs, n, f.ask)
		if err != nil {
			return err
		}
		env := en.stop()
		t.note("%s: with controls %s; without %s", f.what, summary(val), summary(base))
		for _, q := range []struct {
			name string
			p    float64
		}{{"p50", 0.50}, {"p99", 0.99}} {
			v, b := pct(val, q.p), pct(base, q.p)
			r := row{
				figure: fmt.Sprintf("%s %s, %s (2,000 pages, 4 languages, every control)", f.id, f.what, q.name),
				v:      float64(v), b: float64(b), r: float64(v) / float64(b),
				unit: unitMS, bLabel: "without controls", target: "report", bEnv: env, sides: sides,
			}
			if q.name == "p50" && f.pass50 != nil {
				r.target, r.pass = f.target50, f.pass50
			}
			t.add(r)
		}
	}
	return nil
}

// askBoth asks n questions in turn (cycling through qs), each on plain and then on controls,
// and returns the sorted latencies of each site.
func askBoth(ctx context.Context, plain, controls siteEndpoint, qs []siteQuestion, n int, ask askFunc) (val, base []time.Duration, err error) {
	val, base = make([]time.Duration, 0, n), make([]time.Duration, 0, n)
	for i := range n {
		q := qs[i%len(qs)]
		b, err := ask(ctx, plain, q)
		if err != nil {
			return nil, nil, err
		}
		v, err := ask(ctx, controls, q)
		if err != nil {
			return nil, nil, err
		}
		val, base = append(val, v), append(base, b)
	}
	slices.Sort(val)
	slices.Sort(base)
	return val, base, nil
}

// benchSearch is 11a: POST /discovery/v1/search/{domain}.
func (a *agentSites) benchSearch(ctx context.Context, cfg *config, t *table) error {
	return a.latencyRows(ctx, cfg, t, latencyFigure{
		id: "11a", what: "discovery search",
		measures: "POST /discovery/v1/search/{domain} (query, currentPath; 10 results), time to the whole response",
		ask:      a.search,
	})
}

// benchMCPSearch is 11b: the MCP server's search tool, one session of the official Go SDK
// client per site.
func (a *agentSites) benchMCPSearch(ctx context.Context, cfg *config, t *table) error {
	sessions := map[string]*mcp.ClientSession{}
	for _, s := range []siteEndpoint{a.plain, a.controls} {
		cs, closeAll, err := a.mcpSessions(ctx, s, 1)
		if err != nil {
			return err
		}
		defer closeAll()
		sessions[s.domain] = cs[0]
	}
	return a.latencyRows(ctx, cfg, t, latencyFigure{
		id: "11b", what: "MCP search tool",
		measures: "the search tool called through one session of the official Go SDK client (Streamable HTTP), the query alone, time to the tool's result",
		ask: func(ctx context.Context, s siteEndpoint, q siteQuestion) (time.Duration, error) {
			start := time.Now()
			err := callSearch(ctx, sessions[s.domain], q.q)
			return time.Since(start), err
		},
	})
}

// benchFirstText is 11c: the assistant's first text byte (v1 data stream, the extractive
// answerer, a new thread per question).
func (a *agentSites) benchFirstText(ctx context.Context, cfg *config, t *table) error {
	return a.latencyRows(ctx, cfg, t, latencyFigure{
		id: "11c", what: "assistant first text byte",
		measures: "POST /discovery/v1/assistant/{domain}/message (v1 data stream, extractive answerer, a new thread each, currentPath), time to the first text part",
		target50: "p50 ≤ 20 ms",
		pass50:   func(v, _, _ float64) bool { return v <= float64(20*time.Millisecond) },
		ask:      a.firstText,
	})
}

// benchLLMsFull is 11d: llms-full.txt of each site, cfg.runs times in turn.
func (a *agentSites) benchLLMsFull(ctx context.Context, cfg *config, t *table) error {
	get := func(s siteEndpoint) (time.Duration, int64, int, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, s.base+"/llms-full.txt", nil)
		if err != nil {
			return 0, 0, 0, err
		}
		start := time.Now()
		resp, err := a.client.Do(req)
		if err != nil {
			return 0, 0, 0, err
		}
		data, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		took := time.Since(start)
		if err == nil && resp.StatusCode != http.StatusOK {
			err = fmt.Errorf("llms-full.txt of %s: status %d", s.domain, resp.StatusCode)
		}
		return took, int64(len(data)), bytes.Count(data, []byte("\nSource: ")), err
	}
	for _, s := range []siteEndpoint{a.plain, a.controls} { // the first request builds the file
		if _, _, _, err := get(s); err != nil {
			return err
		}
	}
	for range cfg.runs {
		bEnv := startEnv()
		bt, bn, bp, err := get(a.plain)
		if err != nil {
			return err
		}
		en := bEnv.stop()
		vt, vn, vp, err := get(a.controls)
		if err != nil {
			return err
		}
		t.note("llms-full.txt: with controls %d pages, %s in %s (%.0f MB/s); without %d pages, %s in %s (%.0f MB/s)",
			vp, bytesf(vn), msf(vt), float64(vn)/1e6/vt.Seconds(), bp, bytesf(bn), msf(bt), float64(bn)/1e6/bt.Seconds())
		t.add(row{
			figure: fmt.Sprintf("11d llms-full.txt, time to the last byte (with controls: %d pages of the default language and version, %s; without: %d pages, %s)", vp, bytesf(vn), bp, bytesf(bn)),
			v:      float64(vt), b: float64(bt), r: float64(vt) / float64(bt),
			unit: unitMS, bLabel: "without controls", target: "report", bEnv: en,
			sides: "value: GET /sites/{domain}/llms-full.txt of the site with every control, one request read to its end, after one unmeasured request (it lists, as Mintlify's does, the default language and version's pages that the indexing rules keep); baseline: the same request on the same pages without controls, where it holds every page, run before it",
		})
	}
	return nil
}

// benchMarkdown is 11e: random pages as Markdown from cfg.concurrency clients, on each site in
// turn; the pages are those in the controls site's search, which both serve.
func (a *agentSites) benchMarkdown(ctx context.Context, cfg *config, t *table) error {
	pages := slices.DeleteFunc(slices.Clone(a.site.mdPages), func(p string) bool { return p == "" })
	for _, s := range []siteEndpoint{a.plain, a.controls} { // every page answers on both: a check and a warm-up
		for _, p := range pages {
			status, _, err := a.fastClient.Get(nil, s.base+"/"+p+".md")
			if err == nil && status != fasthttp.StatusOK {
				err = fmt.Errorf("GET %s/%s.md: status %d", s.base, p, status)
			}
			if err != nil {
				return err
			}
		}
	}
	turn := make([]int, cfg.concurrency)
	get := func(s siteEndpoint) func(int) error {
		return func(w int) error {
			req, resp := fasthttp.AcquireRequest(), fasthttp.AcquireResponse()
			defer fasthttp.ReleaseRequest(req)
			defer fasthttp.ReleaseResponse(resp)
			turn[w]++
			req.SetRequestURI(s.base + "/" + pages[(w*7919+turn[w]*104729)%len(pages)] + ".md")
			if err := a.fastClient.Do(req, resp); err != nil {
				return err
			}
			if resp.StatusCode() != fasthttp.StatusOK {
				return fmt.Errorf("GET %s: %d", req.URI(), resp.StatusCode())
			}
			return nil
		}
	}
	warm := min(time.Second, cfg.duration/5)
	for range cfg.runs {
		bEnv := startEnv()
		base, err := closedLoop(ctx, cfg.concurrency, warm, cfg.duration, a.l.cpuTime, get(a.plain))
		if err != nil {
			return err
		}
		en := bEnv.stop()
		val, err := closedLoop(ctx, cfg.concurrency, warm, cfg.duration, a.l.cpuTime, get(a.controls))
		if err != nil {
			return err
		}
		t.note("Markdown pages: with controls %s, %s, lectern CPU %.0f µs a page; without %s, %s", kps(val.rate), summary(val.sorted), perReq(val.cpu, val.n), kps(base.rate), summary(base.sorted))
		p99, b99 := pct(val.sorted, 0.99), pct(base.sorted, 0.99)
		t.add(row{
			figure: fmt.Sprintf("11e a page as Markdown, p99 (%d clients)", cfg.concurrency),
			v:      float64(p99), b: float64(b99), r: float64(p99) / float64(b99),
			unit: unitMS, bLabel: "without controls", target: "report", bEnv: en,
			sides: fmt.Sprintf("value: GET /sites/{domain}/{page}.md of random pages among the %d in the controls site's search, %d keep-alive clients in a closed loop for %s after %s unmeasured; baseline: the same pages of the site without controls, the same clients, run before it", len(pages), cfg.concurrency, cfg.duration, warm),
		})
	}
	return nil
}

// benchMCPLoad is 11f: agentSessions MCP sessions per site, each calling the search tool back
// to back for cfg.duration, on each site in turn: calls/s per core of lectern's CPU.
func (a *agentSites) benchMCPLoad(ctx context.Context, cfg *config, t *table) error {
	sessions := map[string][]*mcp.ClientSession{}
	for _, s := range []siteEndpoint{a.plain, a.controls} {
		cs, closeAll, err := a.mcpSessions(ctx, s, agentSessions)
		if err != nil {
			return err
		}
		defer closeAll()
		sessions[s.domain] = cs
	}
	qs := a.site.questions
	for range cfg.runs {
		bEnv := startEnv()
		base, err := a.mcpLoad(ctx, cfg, sessions[a.plain.domain], qs)
		if err != nil {
			return err
		}
		en := bEnv.stop()
		val, err := a.mcpLoad(ctx, cfg, sessions[a.controls.domain], qs)
		if err != nil {
			return err
		}
		t.note("MCP, %d sessions: with controls %s; without %s", agentSessions, val, base)
		t.add(row{
			figure: fmt.Sprintf("11f MCP search calls/s per core of lectern (%d sessions)", agentSessions),
			v:      val.perCore, b: base.perCore, r: val.perCore / base.perCore,
			unit: unitPerS, bLabel: "without controls", target: "report", bEnv: en,
			sides: fmt.Sprintf("value: %d sessions of the official Go SDK client (Streamable HTTP) on the site with every control, each calling the search tool back to back (the tuning questions in turn) for %s, then finishing the call in flight, answered calls divided by the CPU the lectern process used over the wall time; baseline: %d sessions on the site without controls, run before it", agentSessions, cfg.duration, agentSessions),
		})
		t.add(row{
			figure: fmt.Sprintf("11f MCP search calls answered with an error (%d sessions)", agentSessions),
			v:      float64(val.errs), b: float64(base.errs), r: ratioOrZero(float64(val.errs), float64(base.errs)),
			unit: unitCount, bLabel: "without controls", target: "0 (rate limits off)",
			pass:  func(v, _, _ float64) bool { return v == 0 },
			sides: "value: the calls of the 11f row above on the site with every control that the server refused (an HTTP 429 or 503, a JSON-RPC error) or the search tool answered with an error result; each is counted and its session calls on; a session the server closes ends the figure with an error; baseline: the same on the site without controls",
		})
	}
	return nil
}

// ratioOrZero is v/b, or 0 when b is 0.
func ratioOrZero(v, b float64) float64 {
	if b == 0 {
		return 0
	}
	return v / b
}

// mcpSessions opens n sessions of the official Go SDK client on a site's MCP server.
func (a *agentSites) mcpSessions(ctx context.Context, s siteEndpoint, n int) ([]*mcp.ClientSession, func(), error) {
	client := mcp.NewClient(&mcp.Implementation{Name: "lectern-bench", Version: "1"}, nil)
	hc := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: n}}
	var out []*mcp.ClientSession
	closeAll := func() {
		for _, cs := range out {
			_ = cs.Close()
		}
	}
	for i := range n {
		cs, err := client.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: s.base + "/mcp", HTTPClient: hc}, nil)
		if err != nil {
			closeAll()
			return nil, nil, fmt.Errorf("MCP session %d on %s: %w", i, s.domain, err)
		}
		out = append(out, cs)
	}
	return out, closeAll, nil
}

// errToolResult is a search call the tool answered with an error result.
var errToolResult = errors.New("search tool: an error result")

// callSearch calls the search tool once.
func callSearch(ctx context.Context, cs *mcp.ClientSession, query string) error {
	r, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "search", Arguments: map[string]any{"query": query}})
	if err == nil && r.IsError {
		err = errToolResult
	}
	return err
}
