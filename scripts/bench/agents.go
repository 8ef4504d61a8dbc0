package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/valyala/fasthttp"
)

// Figure 11's two sites in one lectern process: the multilingual site with every control
// (searchsite.go) and the same pages without them, the baseline of every row.
const (
	agentDomain   = "agents"
	plainDomain   = "agents-plain"
	plainProject  = "bench-plain"
	agentSessions = 50
)

// agentSites is the lectern process serving both sites, and how to reach each.
type agentSites struct {
	l          *lecternProc
	site       *searchSite
	controls   siteEndpoint
	plain      siteEndpoint
	fastClient *fasthttp.HostClient
	client     *http.Client
}

// siteEndpoint is one site's routes and assistant key.
type siteEndpoint struct {
	domain string
	key    string
	base   string // http://addr/sites/{domain}
}

// benchAgents is figure 11 (issues 24, 25 and 28): search, the MCP server, the assistant and what
// agents read, on a 2,000-page multilingual site that uses every search and indexing control,
// each row beside the same pages without controls, served by the same lectern process and
// measured in turn (without, with, without, with ...): the discovery search, the MCP search tool
// and the assistant's first text byte (p50 and p99 of the evaluation's tuning questions asked one
// at a time), llms-full.txt (time and bytes), a page as Markdown (p99 under cfg.concurrency
// clients) and the MCP server under agentSessions sessions of the official Go SDK client (search
// calls/s per core of lectern's CPU).
func benchAgents(ctx context.Context, cfg *config, t *table) error {
	dir, err := os.MkdirTemp("", "lectern-bench-agents-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	built := time.Now()
	site, err := writeSearchSites(cfg.repo, dir)
	if err != nil {
		return fmt.Errorf("the search site: %w", err)
	}
	t.note("site written in %s: %s; %d tuning questions of the evaluation (%d from a page of the site)",
		time.Since(built).Round(time.Millisecond), site.summary, len(site.questions), withPage(site.questions))
	yaml := fmt.Sprintf("sites:\n  - {domain: %s, project: %s, docs: %q}\n  - {domain: %s, project: %s, docs: %q}\n",
		agentDomain, benchProject, site.controls, plainDomain, plainProject, site.plain)
	sc, err := newScratch(ctx, cfg, "agents")
	if err != nil {
		return err
	}
	defer sc.drop(context.WithoutCancel(ctx))
	started := time.Now()
	l, err := startLecternWith(ctx, cfg, cfg.benchDSN(sc.db("store")), yaml)
	if err != nil {
		return err
	}
	defer l.stop()
	a, err := newAgentSites(ctx, cfg, l, site)
	if err != nil {
		return err
	}
	t.note("lectern all (pid %d) serving both sites, indexed and answering in %s", l.cmd.Process.Pid, time.Since(started).Round(time.Millisecond))
	for _, step := range []func(context.Context, *config, *table) error{a.benchSearch, a.benchMCPSearch, a.benchFirstText, a.benchLLMsFull, a.benchMarkdown, a.benchMCPLoad} {
		if err := step(ctx, cfg, t); err != nil {
			return err
		}
	}
	return nil
}

func withPage(qs []siteQuestion) int {
	n := 0
	for _, q := range qs {
		if q.currentPath != "" {
			n++
		}
	}
	return n
}

// newAgentSites waits until both sites are indexed and creates the plain site's assistant key
// (the process prints one for the first site only), waiting until the process accepts it.
func newAgentSites(ctx context.Context, cfg *config, l *lecternProc, site *searchSite) (*agentSites, error) {
	a := &agentSites{
		l: l, site: site,
		fastClient: &fasthttp.HostClient{Addr: l.httpAddr, MaxConns: max(cfg.concurrency, agentSessions), ReadTimeout: 30 * time.Second},
		client:     &http.Client{Timeout: time.Minute, Transport: &http.Transport{MaxIdleConnsPerHost: agentSessions}},
	}
	a.controls = siteEndpoint{domain: agentDomain, key: l.asstKey, base: "http://" + l.httpAddr + "/sites/" + agentDomain}
	a.plain = siteEndpoint{domain: plainDomain, base: "http://" + l.httpAddr + "/sites/" + plainDomain}
	for _, s := range []siteEndpoint{a.controls, a.plain} {
		if err := waitIndexed(ctx, s.base+"/llms.txt"); err != nil {
			return nil, err
		}
	}
	cmd := exec.CommandContext(ctx, cfg.lectern, "keys", "create", "--data-dir", filepath.Join(l.dir, "data"), "--nats-url", l.natsURL, "--kind", "assistant", "--domain", plainDomain) // #nosec G204 -- the bench's own binary
	var stderr strings.Builder
	cmd.Stderr = &stderr
	key, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("keys create: %w: %s", err, strings.TrimSpace(stderr.String()))
	}
	a.plain.key = strings.TrimSpace(string(key))
	deadline := time.Now().Add(time.Minute)
	for {
		_, err := a.search(ctx, a.plain, siteQuestion{q: "install"})
		if err == nil {
			return a, nil
		}
		if time.Now().After(deadline) {
			return nil, fmt.Errorf("the plain site's new key: %w", err)
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(100 * time.Millisecond): // the key watch catching up
		}
	}
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

// post sends a JSON body to one of the site's discovery routes with its assistant key.
func (a *agentSites) post(ctx context.Context, s siteEndpoint, route, body, tail string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "http://"+a.l.httpAddr+"/discovery/v1/"+route+"/"+s.domain+tail, strings.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Bearer "+s.key)
	req.Header.Set("Content-Type", "application/json")
	return a.client.Do(req)
}

// search asks the discovery search one question and returns its time to the whole answer.
func (a *agentSites) search(ctx context.Context, s siteEndpoint, q siteQuestion) (time.Duration, error) {
	start := time.Now()
	resp, err := a.post(ctx, s, "search", questionBody(q), "")
	if err != nil {
		return 0, err
	}
	data, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	took := time.Since(start)
	if err != nil {
		return 0, err
	}
	if resp.StatusCode != http.StatusOK || len(data) == 0 || data[0] != '[' {
		return 0, fmt.Errorf("search on %s: status %d: %.200s", s.domain, resp.StatusCode, data)
	}
	return took, nil
}

// firstText asks the assistant (the v1 data stream, a new thread) one question and returns the
// time to its first text part; it reads the rest of the reply untimed.
func (a *agentSites) firstText(ctx context.Context, s siteEndpoint, q siteQuestion) (time.Duration, error) {
	body := map[string]any{"fp": "bench", "messages": []map[string]any{{"id": "1", "role": "user", "content": q.q}}}
	if q.currentPath != "" {
		body["currentPath"] = q.currentPath
	}
	data, err := json.Marshal(body)
	if err != nil {
		return 0, err
	}
	start := time.Now()
	resp, err := a.post(ctx, s, "assistant", string(data), "/message")
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	br := bufio.NewReader(resp.Body)
	for {
		line, err := br.ReadString('\n')
		if strings.HasPrefix(line, "0:") {
			took := time.Since(start)
			_, err = io.Copy(io.Discard, br)
			return took, err
		}
		if err != nil {
			return 0, fmt.Errorf("assistant on %s: status %d, no text part: %w", s.domain, resp.StatusCode, err)
		}
	}
}

// questionBody is the discovery search's body: the question and the reader's page, if any.
func questionBody(q siteQuestion) string {
	body := map[string]any{"query": q.q}
	if q.currentPath != "" {
		body["currentPath"] = q.currentPath
	}
	data, _ := json.Marshal(body) // strings and a map of them always marshal
	return string(data)
}
