package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"
)

// Under ordinary mixed traffic (matched and unmatched routes, every method, CORS preflights,
// many Origins and User-Agents), every /metrics scrape answers 200, parses with Prometheus's
// own parser, and carries only label values that are route patterns, standard methods and
// statuses: nothing from a request's memory, which Fiber reuses for the next request.
func TestMetricsSurviveMixedTraffic(t *testing.T) {
	l := startLectern(t, testConfig(t, "sqlite"))
	var (
		stop     atomic.Bool
		sent     sync.Map // feedback id → path
		wg       sync.WaitGroup
		scrapes  atomic.Int64
		failures = make(chan string, 100)
	)
	fail := func(format string, args ...any) {
		select {
		case failures <- fmt.Sprintf(format, args...):
		default:
		}
	}
	for w := range 8 {
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(uint64(w), 7))
			for i := 0; i < 150 && !stop.Load(); i++ {
				mixedRequest(t, l, rng, w, i, &sent, fail)
			}
		})
	}
	scraped := make(chan struct{})
	go func() {
		defer close(scraped)
		for !stop.Load() {
			checkScrape(t, l, fail)
			scrapes.Add(1)
		}
	}()
	wg.Wait()
	stop.Store(true)
	<-scraped
	checkScrape(t, l, fail) // and once more after the load
	close(failures)
	for f := range failures {
		t.Error(f)
	}
	if scrapes.Load() < 5 {
		t.Errorf("only %d scrapes ran beside the load", scrapes.Load())
	}
	checkPromtool(t, l)

	// The events stored during the run carry exactly the paths that were sent.
	want := map[string]string{}
	sent.Range(func(k, v any) bool { want[k.(string)] = v.(string); return true })
	waitFor(t, "every posted feedback exported", func() bool { return len(exportedPaths(t, l)) >= len(want) })
	got := exportedPaths(t, l)
	for id, path := range want {
		if got[id] != path {
			t.Errorf("feedback %s: exported path %q, sent %q", id, got[id], path)
		}
	}
}

var junkMethods = []string{"FOO", "PROPFIND", "BREW", "X"}

// mixedRequest sends one request of a mix browsers and scripts send.
func mixedRequest(t *testing.T, l *testLectern, rng *rand.Rand, w, i int, sent *sync.Map, fail func(string, ...any)) {
	var req *http.Request
	var err error
	path := fmt.Sprintf("/docs/w%d-r%d-%x", w, i, rng.Uint32())
	switch i % 8 {
	case 0:
		req, err = http.NewRequest("GET", l.URL+"/healthz", nil)
	case 1:
		req, err = http.NewRequest("GET", l.URL+"/nope"+path, nil) // unmatched
	case 2:
		body := fmt.Sprintf(`{"path":%q,"source":"contextual","helpful":true}`, path)
		req, err = http.NewRequest("POST", l.URL+"/discovery/v1/feedback/acme", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Authorization", "Bearer "+l.AsstKey)
	case 3:
		req, err = http.NewRequest("OPTIONS", l.URL+"/discovery/v1/feedback/acme", nil)
		req.Header.Set("Access-Control-Request-Method", "POST")
	case 4:
		req, err = http.NewRequest("PATCH", l.URL+"/api/external/v1/analytics/acme-prod/feedback/01J0000000000000000000000X", strings.NewReader(`{"status":"resolved"}`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Authorization", "Bearer "+l.AdminKey)
	case 5:
		req, err = http.NewRequest(junkMethods[rng.IntN(len(junkMethods))], l.URL+path, nil)
	case 6:
		req, err = http.NewRequest("GET", l.URL+"/api/external/v1/analytics/acme-prod/feedback?limit=5", nil)
		req.Header.Set("Authorization", "Bearer "+l.AdminKey)
	default:
		req, err = http.NewRequest("DELETE", l.URL+"/discovery/v1/feedback/acme", nil)
	}
	if err != nil {
		fail("request: %v", err)
		return
	}
	req.Header.Set("Origin", fmt.Sprintf("https://site-%d.example", rng.IntN(1000)))
	req.Header.Set("User-Agent", fmt.Sprintf("agent/%d (%s)", rng.IntN(1000), path))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		fail("%s %s: %v", req.Method, req.URL.Path, err)
		return
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if i%8 == 2 {
		var ok struct{ ID string }
		if resp.StatusCode != 202 || json.Unmarshal(data, &ok) != nil || ok.ID == "" {
			fail("feedback POST: %d %s", resp.StatusCode, data)
			return
		}
		sent.Store(ok.ID, path)
	}
}

var allowedMethods = map[string]bool{"GET": true, "HEAD": true, "POST": true, "PUT": true, "PATCH": true,
	"DELETE": true, "CONNECT": true, "OPTIONS": true, "TRACE": true, "other": true}

// checkScrape scrapes /metrics and checks every label of the request counter.
func checkScrape(t *testing.T, l *testLectern, fail func(string, ...any)) {
	resp, err := http.Get(l.URL + "/metrics")
	if err != nil {
		fail("scrape: %v", err)
		return
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 {
		fail("scrape: %d %.300s", resp.StatusCode, data)
		return
	}
	p := expfmt.NewTextParser(model.UTF8Validation)
	families, err := p.TextToMetricFamilies(bytes.NewReader(data))
	if err != nil {
		fail("scrape does not parse: %v", err)
		return
	}
	fam := families["lectern_http_requests_total"]
	if fam == nil {
		fail("no lectern_http_requests_total in the scrape")
		return
	}
	for _, m := range fam.GetMetric() {
		for _, lp := range m.GetLabel() {
			v := lp.GetValue()
			switch lp.GetName() {
			case "method":
				if !allowedMethods[v] {
					fail("method label %q is not a standard method or other", v)
				}
			case "route":
				if v != "unmatched" && (!strings.HasPrefix(v, "/") || strings.Contains(v, "/docs/w") || strings.Contains(v, "/nope")) {
					fail("route label %q is not a route pattern", v)
				}
			case "status":
				if n, err := strconv.Atoi(v); err != nil || n < 100 || n > 599 {
					fail("status label %q", v)
				}
			}
		}
	}
}

// checkPromtool runs `promtool check metrics` (Debian's prometheus package) on a scrape.
func checkPromtool(t *testing.T, l *testLectern) {
	promtool, err := exec.LookPath("promtool")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("promtool not found (apt-get install prometheus); CI must run this check")
		}
		t.Log("SKIP promtool check: promtool not installed (apt-get install prometheus)")
		return
	}
	resp, err := http.Get(l.URL + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	cmd := exec.Command(promtool, "check", "metrics")
	cmd.Stdin = resp.Body
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("promtool check metrics: %v\n%s", err, out)
	}
}

// exportedPaths reads every feedback record of acme-prod: id → path.
func exportedPaths(t *testing.T, l *testLectern) map[string]string {
	t.Helper()
	out := map[string]string{}
	q := url.Values{"limit": {"100"}}
	for {
		p := getPage(t, l, q)
		for _, f := range p.Feedback {
			out[f.ID] = f.Path
		}
		if !p.HasMore || p.NextCursor == nil {
			return out
		}
		q.Set("cursor", *p.NextCursor)
	}
}
