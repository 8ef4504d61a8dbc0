package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// One bad site never takes the service down: with a good site (whose docs.json has a
// warning-level problem) and a site whose docs.json is broken, lectern all is ready, the good
// site answers, the broken one answers 503 naming the problem, /readyz?verbose and the metrics
// say which site has problems, and fixing the file brings the site up without a restart. A site
// that breaks after it was good keeps serving its last index.
func TestOneBadSiteNeverTakesTheServiceDown(t *testing.T) {
	good := writeSite(t, map[string]string{
		// "tlh" is no language Mintlify knows: a warning, and the site is served.
		"docs.json": `{"navigation": {"languages": [{"language": "en", "groups": [{"group": "Start", "pages": ["install"]}]},
			{"language": "tlh", "groups": [{"group": "Start", "pages": ["tlh/install"]}]}]}}`,
		"install.mdx":     "---\ntitle: Installing the gizmo\n---\nInstall the gizmo with `brew install gizmo`, then run `gizmo init` in your project.",
		"tlh/install.mdx": "---\ntitle: gizmo\n---\nnuqneH",
	})
	broken := writeSite(t, map[string]string{
		"docs.json":   `{"navigation": {"pages": ["intro"]`, // cut short
		"intro.mdx":   "---\ntitle: Widgets\n---\nWidgets are configured in widgets.yaml.",
		"widgets.mdx": "# More",
	})
	cfg := testConfig(t, "sqlite")
	cfg.Sites = filepath.Join(t.TempDir(), "lectern.yaml")
	yaml := fmt.Sprintf("sites:\n  - {domain: acme, project: acme-prod, docs: %q}\n  - {domain: other, project: other-prod, docs: %q}\n", good, broken)
	if err := os.WriteFile(cfg.Sites, []byte(yaml), 0o600); err != nil {
		t.Fatal(err)
	}
	cfg.Assistant.IndexInterval = 100 * time.Millisecond
	l := startLectern(t, cfg) // waits for /readyz 200: the broken site must not hold it back

	ask := func(domain, key, question string) (int, string) {
		status, body := l.do(t, "POST", "/discovery/v1/assistant/"+domain+"/message", key,
			map[string]any{"fp": "anonymous", "messages": []map[string]string{{"role": "user", "content": question}}})
		return status, string(body)
	}
	if status, body := ask("acme", l.AsstKey, "How do I install the gizmo?"); status != 200 || !strings.Contains(body, "brew install gizmo") {
		t.Errorf("the good site answered %d %.300s; want 200 from its install page", status, body)
	}
	status, body := ask("other", l.OtherAsst, "How are widgets configured?")
	if status != 503 || !strings.Contains(body, "docs.json: invalid JSON") || !strings.Contains(body, "cannot be served") || strings.Contains(body, broken) {
		t.Errorf("the broken site answered %d %s; want 503 naming the docs.json problem, not the server's paths", status, body)
	}

	var ready struct {
		Ready   bool
		Checks  map[string]string
		Details struct {
			Sites map[string]struct {
				State    string
				Serving  bool
				Markdown bool
				Pages    int
				Problems []string
			}
		}
	}
	status, raw := l.do(t, "GET", "/readyz?verbose", "", nil)
	if status != 200 || json.Unmarshal(raw, &ready) != nil || !ready.Ready {
		t.Fatalf("/readyz?verbose: %d %s", status, raw)
	}
	acme, other := ready.Details.Sites["acme"], ready.Details.Sites["other"]
	if acme.State != "ready" || !acme.Markdown || !acme.Serving || acme.Pages != 2 || len(acme.Problems) != 1 || !strings.HasPrefix(acme.Problems[0], "warning: ") || !strings.Contains(acme.Problems[0], "tlh") {
		t.Errorf("acme in /readyz?verbose: %+v; want ready, 2 pages served and one warning about tlh", acme)
	}
	if other.State != "failed" || other.Markdown || other.Serving || len(other.Problems) == 0 || !strings.HasPrefix(ready.Checks["sites"], "degraded: ") {
		t.Errorf("other in /readyz?verbose: %+v, sites check %q; want failed, not served, its problem, degraded", other, ready.Checks["sites"])
	}
	if got := siteProblems(t, l, "acme"); got != 1 {
		t.Errorf("lectern_assistant_site_problems{domain=acme} = %d; want 1", got)
	}
	if got := siteProblems(t, l, "other"); got < 1 {
		t.Errorf("lectern_assistant_site_problems{domain=other} = %d; want at least 1", got)
	}

	// The owner fixes the file: the site comes up without a restart.
	if err := os.WriteFile(filepath.Join(broken, "docs.json"), []byte(`{"navigation": {"pages": ["intro", "widgets"]}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the fixed site answers", func() bool {
		status, body := ask("other", l.OtherAsst, "How are widgets configured?")
		return status == 200 && strings.Contains(body, "widgets.yaml")
	})
	if got := siteProblems(t, l, "other"); got != 0 {
		t.Errorf("after the fix lectern_assistant_site_problems{domain=other} = %d; want 0", got)
	}

	// The good site breaks: it keeps its last index and says why it could not reload.
	if err := os.WriteFile(filepath.Join(good, "docs.json"), []byte(`{"navigation": `), 0o600); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the reload failure reported", func() bool {
		_, raw := l.do(t, "GET", "/readyz?verbose", "", nil)
		return strings.Contains(string(raw), "serving the index of")
	})
	if got := siteProblems(t, l, "acme"); got != 1 || !strings.Contains(sitesCheck(t, l), "site acme") {
		t.Errorf("after the break: %d problems, sites check %q; want the reload failure", got, sitesCheck(t, l))
	}
	if status, body := ask("acme", l.AsstKey, "How do I install the gizmo?"); status != 200 || !strings.Contains(body, "brew install gizmo") {
		t.Errorf("after its docs.json broke, the site answered %d %.300s; want its last index", status, body)
	}
	if status, raw := l.do(t, "GET", "/readyz", "", nil); status != 200 {
		t.Errorf("/readyz after the break: %d %s; want 200", status, raw)
	}
}

var siteProblemsLine = regexp.MustCompile(`(?m)^lectern_assistant_site_problems\{domain="([^"]+)"\} (\d+)$`)

// siteProblems reads lectern_assistant_site_problems for domain from /metrics (-1 if absent).
func siteProblems(t *testing.T, l *testLectern, domain string) int {
	t.Helper()
	_, body := l.do(t, "GET", "/metrics", "", nil)
	for _, m := range siteProblemsLine.FindAllStringSubmatch(string(body), -1) {
		if m[1] == domain {
			n, _ := strconv.Atoi(m[2])
			return n
		}
	}
	return -1
}

func sitesCheck(t *testing.T, l *testLectern) string {
	t.Helper()
	var ready struct{ Checks map[string]string }
	_, raw := l.do(t, "GET", "/readyz", "", nil)
	_ = json.Unmarshal(raw, &ready)
	return ready.Checks["sites"]
}
