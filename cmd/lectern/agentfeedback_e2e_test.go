package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/eventually"
)

// testAgentFeedbackEndToEnd: with agentFeedback on in lectern.yaml, a real `lectern all`
// serves each page's Markdown with Mintlify's Submitting Feedback instructions; an agent that
// follows them (POSTs the page's path and its feedback to the URL they give) is answered 202,
// and the feedback export holds its report once, as agent feedback on the page. A body without
// feedback is a 400 naming the field.
func TestAgentFeedbackEndToEndSQLite(t *testing.T) { testAgentFeedbackEndToEnd(t, "sqlite") }

func TestAgentFeedbackEndToEndClickHouse(t *testing.T) { testAgentFeedbackEndToEnd(t, "clickhouse") }

func testAgentFeedbackEndToEnd(t *testing.T, store string) {
	cfg := testConfig(t, store)
	docs, err := filepath.Abs("../../docs")
	if err != nil {
		t.Fatal(err)
	}
	cfg.Sites = filepath.Join(t.TempDir(), "lectern.yaml")
	yaml := fmt.Sprintf("sites:\n  - {domain: acme, project: acme-prod, docs: %q, agentFeedback: true}\n  - {domain: other, project: other-prod, docs: %q}\n", docs, docs)
	if err := os.WriteFile(cfg.Sites, []byte(yaml), 0o600); err != nil {
		t.Fatal(err)
	}
	l := startLectern(t, cfg)
	status, page := l.do(t, "GET", "/sites/acme/quickstart.md", "", nil)
	m := regexp.MustCompile("(?m)^POST (\\S+)\n\n```json\n\\{\n  \"path\": \"([^\"]+)\"").FindSubmatch(page)
	if status != 200 || m == nil || string(m[1]) != l.URL+"/sites/acme/feedback" || string(m[2]) != "/quickstart" {
		t.Fatalf("quickstart.md (%d) gives no feedback instructions for %s/sites/acme/feedback and /quickstart:\n%.900s", status, l.URL, page)
	}
	if _, other := l.do(t, "GET", "/sites/other/quickstart.md", "", nil); strings.Contains(string(other), "<AgentInstructions>") {
		t.Errorf("a site without agentFeedback has feedback instructions:\n%.600s", other)
	}
	route := strings.TrimPrefix(string(m[1]), l.URL)
	if status, body := l.do(t, "POST", route, "", map[string]string{"path": string(m[2])}); status != 400 || !strings.Contains(string(body), `"field":"feedback"`) {
		t.Errorf("no feedback: %d %s", status, body)
	}
	report := map[string]string{"path": string(m[2]), "feedback": "The make run step does not say which port the server listens on."}
	if status, body := l.do(t, "POST", route, "", report); status != 202 {
		t.Fatalf("report: %d %s", status, body)
	}
	eventually.Succeeds(t, 20*time.Second, func() error {
		status, body := l.do(t, "GET", "/api/external/v1/analytics/acme-prod/feedback?source=agent", l.AdminKey, nil)
		var page struct {
			Feedback []struct {
				Path, Comment, Source, Status string
				Helpful                       *bool
			}
		}
		if err := json.Unmarshal(body, &page); status != 200 || err != nil {
			return fmt.Errorf("export: %d %s", status, body)
		}
		if len(page.Feedback) != 1 {
			return fmt.Errorf("%d agent feedback records, want 1", len(page.Feedback))
		}
		f := page.Feedback[0]
		if f.Path != "/quickstart" || f.Source != "agent" || f.Status != "pending" || f.Helpful == nil || *f.Helpful || f.Comment != report["feedback"] {
			return fmt.Errorf("record %+v", f)
		}
		return nil
	})
}
