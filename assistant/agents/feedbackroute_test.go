package agents_test

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/assistant/agents"
	"github.com/lectern-dev/lectern/platform/ratelimit"
	"github.com/lectern-dev/lectern/platform/sites"
	"github.com/lectern-dev/lectern/schemas/event"
)

// feedbackSites are the fixture sites with agent feedback on for agents-cline (an open MCP
// server, served at https://docs.example.com/docs) and off for agents-trails.
func feedbackSites(t testing.TB) []sites.Site {
	list := fixtureSites(t)
	list[0].AgentFeedback = true
	return list
}

// TestFeedbackRoute: POST /feedback takes Mintlify's agent feedback body and records it as
// submit_feedback records its reports (agent feedback, unhelpful, pending, on the page a
// reader sees at the path, once), and answers bad input with a 4xx naming the field.
func TestFeedbackRoute(t *testing.T) {
	h := startWith(t, feedbackSites(t), nil)
	long := strings.Repeat("é", 10001)
	for _, tc := range []struct {
		name, path, body string
		headers          []string
		status           int
		recorded         string   // the page the record is on; "" for none
		fields           []string // the fields a 4xx names
		says             string   // what its message says
	}{
		{name: "a page", path: "/sites/agents-cline/feedback", body: `{"path": "/usage/ide", "feedback": "The keyboard shortcut for the chat panel is wrong on macOS."}`,
			status: 202, recorded: "/usage/ide"},
		{name: "through the site's host, the page's .md URL", path: "/docs/feedback", headers: []string{"Host: docs.example.com"},
			body:   `{"path": "http://docs.example.com/docs/getting-started/installing-cline.md#step-2", "feedback": "Step 2 names a menu VS Code no longer has."}`,
			status: 202, recorded: "/getting-started/installing-cline"},
		{name: "a path the redirects move", path: "/sites/agents-cline/feedback", body: `{"path": "/getting-started/install", "feedback": "Outdated."}`,
			status: 202, recorded: "/getting-started/installing-cline"},
		{name: "extra fields ignored", path: "/sites/agents-cline/feedback",
			body: `{"path": "/cline-overview", "feedback": "The overview links a retired forum.", "severity": "low"}`, status: 202, recorded: "/cline-overview"},
		{name: "a form's Content-Type", path: "/sites/agents-cline/feedback", headers: []string{"Content-Type: application/x-www-form-urlencoded"},
			body: `{"path": "/cline-overview", "feedback": "x"}`, status: 415},
		{name: "no path", path: "/sites/agents-cline/feedback", body: `{"feedback": "x"}`, status: 400, fields: []string{"path"}},
		{name: "nothing", path: "/sites/agents-cline/feedback", body: `{}`, status: 400, fields: []string{"path", "feedback"}},
		{name: "blank feedback", path: "/sites/agents-cline/feedback", body: `{"path": "/usage/ide", "feedback": "  "}`, status: 400, fields: []string{"feedback"}},
		{name: "feedback too long", path: "/sites/agents-cline/feedback", body: `{"path": "/usage/ide", "feedback": "` + long + `"}`, status: 400, fields: []string{"feedback"}},
		{name: "path not a string", path: "/sites/agents-cline/feedback", body: `{"path": 7, "feedback": "x"}`, status: 400, fields: []string{"path"}},
		{name: "no page there", path: "/sites/agents-cline/feedback", body: `{"path": "/no/such/page", "feedback": "x"}`, status: 400, fields: []string{"path"},
			says: "is not a page of these docs; the pages are listed in " + h.base + "/sites/agents-cline/llms.txt"},
		{name: "redirected off the site", path: "/sites/agents-cline/feedback", body: `{"path": "/forum", "feedback": "x"}`, status: 400, fields: []string{"path"}},
		{name: "not JSON", path: "/sites/agents-cline/feedback", body: `path=/usage/ide&feedback=x`, status: 400, fields: []string{"body"}},
		{name: "too large", path: "/sites/agents-cline/feedback", body: `{"path": "/usage/ide", "feedback": "` + strings.Repeat("x", 200<<10) + `"}`, status: 413, fields: []string{"body"}},
		{name: "switched off", path: "/sites/agents-trails/feedback", headers: []string{"Authorization: Bearer " + h.tokens["agents-trails"]},
			body: `{"path": "/", "feedback": "x"}`, status: 404},
		{name: "keyed as the site's MCP server", path: "/sites/agents-trails/feedback", body: `{"path": "/", "feedback": "x"}`, status: 401},
		{name: "no such site", path: "/sites/nosuch/feedback", body: `{"path": "/", "feedback": "x"}`, status: 404},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := len(h.events.feedback())
			resp, body := h.do(t, http.MethodPost, tc.path, tc.body, append([]string{"Content-Type: application/json"}, tc.headers...)...)
			if resp.StatusCode != tc.status {
				t.Fatalf("status %d, want %d: %.300s", resp.StatusCode, tc.status, body)
			}
			got := h.events.feedback()[before:]
			if tc.recorded == "" {
				if len(got) != 0 {
					t.Errorf("recorded %+v", got)
				}
				var e struct{ Details []struct{ Field string } }
				if err := json.Unmarshal([]byte(body), &e); err != nil {
					t.Fatalf("not the JSON error envelope: %v: %.300s", err, body)
				}
				var fields []string
				for _, d := range e.Details {
					fields = append(fields, d.Field)
				}
				if tc.fields != nil && !slices.Equal(fields, tc.fields) {
					t.Errorf("fields %q, want %q: %.300s", fields, tc.fields, body)
				}
				if !strings.Contains(body, tc.says) {
					t.Errorf("the error does not say %q: %.300s", tc.says, body)
				}
				return
			}
			var ok struct{ ID, Path string }
			if err := json.Unmarshal([]byte(body), &ok); err != nil || ok.Path != tc.recorded {
				t.Errorf("answer %s (%v), want the record's id and path %s", body, err, tc.recorded)
			}
			if len(got) != 1 {
				t.Fatalf("%d feedback records, want 1: %+v", len(got), got)
			}
			f := got[0]
			if f.ID != ok.ID || f.Path != tc.recorded || f.Source != event.SourceAgent || f.Status != event.StatusPending ||
				f.Helpful == nil || *f.Helpful || f.ProjectID != "cline-docs" || f.Domain != "agents-cline" || f.Comment == "" {
				t.Errorf("record %+v", f)
			}
		})
	}
}

// siteInstructions begins agents-cline's docs.json markdown.instructions, which follow the
// feedback instructions and precede the title.
const siteInstructions = "> ## Agent Instructions\n> Name the editor"

// TestFeedbackInstructions: with agent feedback on, every page's Markdown (.md, Accept:
// text/markdown, POST /discovery/v1/page) carries Mintlify's Submitting Feedback instructions
// after the Documentation Index note, with the site's URL as the client reached it (the site's
// own for the discovery route, which is on Lectern's address) and the page's path; without it,
// none does.
func TestFeedbackInstructions(t *testing.T) {
	list := feedbackSites(t)
	bare := list[0] // agents-cline's docs, at no host of their own
	bare.Domain, bare.Project, bare.Hosts, bare.BasePath = "agents-local", "local-docs", nil, ""
	h := startWith(t, append(list, bare), nil)
	block := func(base, page string) string {
		return "<AgentInstructions>\n\n## Submitting Feedback\n\n" +
			"If you encounter incorrect, outdated, or confusing documentation on this page, submit feedback:\n\n" +
			"POST " + base + "/feedback\n\n```json\n{\n  \"path\": \"" + page + "\",\n  \"feedback\": \"Description of the issue\"\n}\n```\n\n" +
			"Only submit feedback when you have something specific and actionable to report.\n\n</AgentInstructions>\n"
	}
	local := h.base + "/sites/agents-cline"
	for _, tc := range []struct {
		name, path string
		headers    []string
		want       string // the block after the note; "" for none
	}{
		{"a page's .md", "/sites/agents-cline/usage/ide.md", nil, block(local, "/usage/ide")},
		{"Accept: text/markdown", "/sites/agents-cline/usage/ide", []string{"Accept: text/markdown"}, block(local, "/usage/ide")},
		{"the site's host and base path", "/docs/getting-started/installing-cline.md", []string{"Host: docs.example.com"},
			block("http://docs.example.com/docs", "/getting-started/installing-cline")},
		{"the home page, the first page's", "/sites/agents-cline/index.md", nil, block(local, "/cline-overview")},
		{"a site without agent feedback", "/sites/agents-trails/index.md", nil, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp, body := h.get(t, tc.path, tc.headers...)
			if resp.StatusCode != http.StatusOK {
				t.Fatalf("status %d: %.300s", resp.StatusCode, body)
			}
			_, rest, _ := strings.Cut(body, "\n\n")
			if tc.want == "" {
				if strings.Contains(body, "<AgentInstructions>") || strings.Contains(body, "/feedback") {
					t.Errorf("feedback instructions on a site without agent feedback:\n%.600s", body)
				}
				return
			}
			if !strings.HasPrefix(body, "> ## Documentation Index\n") || !strings.HasPrefix(rest, tc.want+"\n"+siteInstructions) {
				t.Errorf("got\n%.900s\nwant the note, then\n%s\nthen docs.json's instructions and the title", body, tc.want)
			}
		})
	}
	// POST /discovery/v1/page is on Lectern's own address, not the site's: the block names the
	// site's own URL when lectern.yaml lists its hosts, else its routes on this server.
	t.Run("POST /discovery/v1/page", func(t *testing.T) {
		for domain, want := range map[string]string{
			"agents-cline":  block("https://docs.example.com/docs", "/usage/ide") + "\n" + siteInstructions,
			"agents-local":  block(h.base+"/sites/agents-local", "/usage/ide") + "\n" + siteInstructions,
			"agents-trails": "",
		} {
			resp, body := h.do(t, http.MethodPost, "/discovery/v1/page/"+domain, `{"path": "/usage/ide"}`,
				"Content-Type: application/json", "Authorization: Bearer "+h.tokens[domain])
			var page struct{ Content string }
			if err := json.Unmarshal([]byte(body), &page); err != nil {
				t.Fatalf("%s: %d %v: %.300s", domain, resp.StatusCode, err, body)
			}
			if want == "" && strings.Contains(page.Content, "<AgentInstructions>") || want != "" && !strings.HasPrefix(page.Content, want) {
				t.Errorf("%s: content\n%.900s\nwant it to begin with\n%s", domain, page.Content, want)
			}
		}
	})
}

// TestFeedbackSiteBudget: the feedback route spends submit_feedback's site budget
// (--agents-site-rate): past it, a 429 with Retry-After, and nothing recorded.
func TestFeedbackSiteBudget(t *testing.T) {
	agentsConfig = func(c *agents.Config) { c.SiteRate = ratelimit.Rate{Requests: 2, Per: time.Hour} }
	defer func() { agentsConfig = nil }()
	h := startWith(t, feedbackSites(t), nil)
	cs := connect(t, h.base+"/sites/agents-cline/mcp", nil)
	if r := callTool(t, cs, "submit_feedback", map[string]any{"path": "/usage/ide", "description": "Outdated."}); r.IsError {
		t.Fatalf("submit_feedback: %s", text(t, r))
	}
	post := func() (*http.Response, string) {
		return h.do(t, http.MethodPost, "/sites/agents-cline/feedback", `{"path": "/usage/ide", "feedback": "Outdated."}`, "Content-Type: application/json")
	}
	if resp, body := post(); resp.StatusCode != http.StatusAccepted {
		t.Fatalf("second report of the budget: %d %s", resp.StatusCode, body)
	}
	resp, body := post()
	if resp.StatusCode != http.StatusTooManyRequests || resp.Header.Get("Retry-After") == "" ||
		!strings.Contains(body, "the agents-cline docs take at most 2/h feedback reports from all clients together; retry in ") {
		t.Errorf("third report: %d Retry-After %q %s", resp.StatusCode, resp.Header.Get("Retry-After"), body)
	}
	if n := len(h.events.feedback()); n != 2 {
		t.Errorf("%d feedback records, want 2", n)
	}
}
