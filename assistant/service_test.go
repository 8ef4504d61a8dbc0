package assistant_test

import (
	"context"
	"flag"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/assistant"
	"github.com/lectern-dev/lectern/assistant/sitedocs"
	"github.com/lectern-dev/lectern/platform/envflag"
	"github.com/lectern-dev/lectern/platform/eventually"
	"github.com/lectern-dev/lectern/platform/sites"
	dto "github.com/prometheus/client_model/go"
)

func TestMetrics(t *testing.T) {
	h := start(t, nil)
	checkReply(t, h.post(t, "acme", ask("How do I verify webhook signatures?")))
	checkReply(t, h.post(t, "acme", ask("What is the weather in Paris?")))
	errorBody(t, h.post(t, "acme", map[string]any{}))
	want := map[string]float64{
		`lectern_assistant_requests_total{result="ok"}`:            2,
		`lectern_assistant_requests_total{result="rejected"}`:      1,
		`lectern_assistant_answers_total{resolution="answered"}`:   1,
		`lectern_assistant_answers_total{resolution="unanswered"}`: 1,
		`lectern_assistant_first_text_seconds_count`:               2,
		`lectern_assistant_search_seconds_count`:                   2,
		`lectern_assistant_index_pages{domain="acme"}`:             10,
		`lectern_assistant_index_pages{domain="globex"}`:           4,
	}
	got := gather(t, h)
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s = %v, want %v", k, got[k], v)
		}
	}
	if s := got[`lectern_assistant_index_sections{domain="acme"}`]; s < 10 {
		t.Errorf("acme index sections %v, want at least one a page", s)
	}
}

// gather flattens the registry into "name{label="value"}" → value.
func gather(t testing.TB, h *harness) map[string]float64 {
	mfs, err := h.reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]float64{}
	for _, mf := range mfs {
		for _, m := range mf.GetMetric() {
			name := mf.GetName() + labels(m)
			switch {
			case m.Counter != nil:
				out[name] = m.GetCounter().GetValue()
			case m.Gauge != nil:
				out[name] = m.GetGauge().GetValue()
			case m.Histogram != nil:
				out[mf.GetName()+"_count"+labels(m)] = float64(m.GetHistogram().GetSampleCount())
			}
		}
	}
	return out
}

func labels(m *dto.Metric) string {
	if len(m.GetLabel()) == 0 {
		return ""
	}
	var l []string
	for _, p := range m.GetLabel() {
		l = append(l, p.GetName()+`="`+p.GetValue()+`"`)
	}
	return "{" + strings.Join(l, ",") + "}"
}

// TestNotReady serves a site whose docs.json is broken: the service is ready (the site was
// tried), the site answers 503 naming the problem until the file is fixed, then it serves.
func TestNotReady(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("docs.json", `{"navigation": {"pages": [`)
	h := startUnready(t, []sites.Site{{Domain: "acme", Project: "acme-docs", Docs: dir}})
	h.waitReady() // the first build was tried
	if err := h.svc.SitesHealthy(context.Background()); err == nil || !strings.Contains(err.Error(), "site acme: not served") || !strings.Contains(err.Error(), "invalid JSON") {
		t.Errorf("SitesHealthy: %v, want the site and its problem named", err)
	}
	checkReadiness(t, h.svc, "degraded", "degraded: site acme: not served (error: docs.json: invalid JSON", "")
	resp := h.post(t, "acme", ask("q"))
	msg, _ := errorBody(t, resp)
	if resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") == "" || !strings.Contains(msg, "docs.json: invalid JSON") {
		t.Errorf("status %d %q Retry-After %q, want 503 naming the problem, with Retry-After", resp.StatusCode, msg, resp.Header.Get("Retry-After"))
	}
	write("start.mdx", "---\ntitle: Start\n---\n\nThe tortoise starts here.\n")
	write("docs.json", `{"navigation": {"pages": ["start"]}}`)
	// The site is re-read on its interval: wait until it is served again.
	eventually.Succeeds(t, 20*time.Second, func() error { return h.svc.SitesHealthy(context.Background()) })
	if answer := text(t, checkReply(t, h.post(t, "acme", ask("Where does the tortoise start?")))); !strings.Contains(answer, "[Start](/start)") {
		t.Errorf("answer after the fix:\n%s", answer)
	}
	checkReadiness(t, h.svc, "ok", "ok", "")
	// Broken again: the last index is served, and the error degrades the sites check.
	write("docs.json", `{"navigation": {"pages": [`)
	eventually.Succeeds(t, 20*time.Second, func() error {
		return readiness(h.svc, "degraded", "degraded: site acme: 1 error, 0 warnings (lectern nav validate lists them)", "")
	})
}

// A site with nothing to serve answers 503 naming a few of its problems, not all of them.
func TestNothingToServeNamesFirstProblems(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "docs.json"), []byte(`{"navigation": {"pages": [1, 2, 3, 4, 5]}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	h := startUnready(t, []sites.Site{{Domain: "acme", Project: "acme-docs", Docs: dir}})
	h.waitReady()
	resp := h.post(t, "acme", ask("q"))
	msg, _ := errorBody(t, resp)
	if resp.StatusCode != http.StatusServiceUnavailable || !strings.Contains(msg, "no page that resolves (5 problems") ||
		!strings.Contains(msg, "pages[2]") || strings.Contains(msg, "pages[3]") {
		t.Errorf("status %d %q; want 503 naming 5 problems and only the first three", resp.StatusCode, msg)
	}
}

// TestReadinessListsAtMostFiftyProblems: a site missing many of its pages (a language with
// hundreds of untranslated pages) lists 50 of its problems in /readyz?verbose and counts all
// of them, as the metric does.
func TestReadinessListsAtMostFiftyProblems(t *testing.T) {
	dir := t.TempDir()
	pages := []string{`"start"`}
	for i := range 60 {
		pages = append(pages, fmt.Sprintf(`"missing-%d"`, i))
	}
	if err := os.WriteFile(filepath.Join(dir, "docs.json"), []byte(`{"navigation": {"pages": [`+strings.Join(pages, ", ")+`]}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "start.mdx"), []byte("---\ntitle: Start\n---\nThe tortoise starts here.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	h := start(t, []sites.Site{{Domain: "acme", Project: "acme-docs", Docs: dir}})
	st := h.svc.SiteStates(context.Background()).(map[string]sitedocs.State)["acme"]
	if !st.Serving || len(st.Problems) != 50 || st.ProblemsTotal != 60 || !strings.Contains(st.Problems[0], `page "missing-0" has no file`) {
		t.Errorf("state: serving %v, %d problems listed of %d (first %q); want served, 50 of 60 listed, missing-0 first",
			st.Serving, len(st.Problems), st.ProblemsTotal, st.Problems[0])
	}
	if got := gather(t, h)[`lectern_assistant_site_problems{domain="acme"}`]; got != 60 {
		t.Errorf("lectern_assistant_site_problems = %v, want 60", got)
	}
}

func TestConfig(t *testing.T) {
	t.Setenv("LECTERN_LLM_MODEL", "llama3")
	t.Setenv("LECTERN_ASSISTANT_THREAD_TTL", "2h")
	var c assistant.Config
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	c.RegisterFlags(fs)
	if c.Model.Model != "" || c.ThreadTTL != 24*time.Hour {
		t.Errorf("registering the flags read the environment: %+v", c)
	}
	if d := assistant.DefaultConfig(); d.Model.Model != "" || d.ThreadTTL != 24*time.Hour {
		t.Errorf("DefaultConfig read the environment: %+v", d)
	}
	if err := fs.Parse([]string{"--llm-base-url", "http://127.0.0.1:11434/v1", "--assistant-thread-turns", "6"}); err != nil {
		t.Fatal(err)
	}
	if err := envflag.Apply(fs); err != nil {
		t.Fatal(err)
	}
	if c.Model.Model != "llama3" || c.ThreadTTL != 2*time.Hour || c.ThreadTurns != 6 || c.Model.BaseURL != "http://127.0.0.1:11434/v1" {
		t.Errorf("config %+v", c)
	}
	if err := c.Validate(); err != nil {
		t.Error(err)
	}
	bad := []func(*assistant.Config){
		func(c *assistant.Config) { c.IndexInterval = time.Millisecond },
		func(c *assistant.Config) { c.ThreadTTL = 0 },
		func(c *assistant.Config) { c.ThreadTurns = 0 },
		func(c *assistant.Config) { c.ThreadTurns = 21 },
		func(c *assistant.Config) { c.Model.BaseURL = "not a url" },
	}
	for i, b := range bad {
		c := assistant.DefaultConfig()
		b(&c)
		if err := c.Validate(); err == nil {
			t.Errorf("bad config %d accepted", i)
		}
	}
}
