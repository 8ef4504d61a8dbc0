package assistant_test

import (
	"strings"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/assistant/internal/llmtest"
)

// TestReaderPageToldToTheModel checks that the model is told the page the reader asks from
// (currentPath, else a context item's path), by its title and its URL as the site serves it,
// and is offered its best section as a source once, marked as the reader's page; and that it
// is told nothing of a path that is no readable page of the site in the question's scope. A
// reply citing the reader's page cites it as any source.
func TestReaderPageToldToTheModel(t *testing.T) {
	srv := llmtest.Start(t, llmtest.Script{Tokens: []string{"See ", "[Rate limits](/v2/rate-limits)."}})
	list := testSites(t)
	list[0].Hosts, list[0].BasePath = []string{"docs.acme.dev"}, "/docs"
	h := start(t, list, withModel(srv, 10*time.Second))
	const webhooks = "How do I verify webhook signatures?"
	tests := []struct {
		name, domain, question string
		currentPath            string
		contextPath            string
		filter                 map[string]any
		wantLine               string // the reader's page line's "title" (URL); "" for none
		wantSource             string // the marked source's heading line; "" for none
		cited                  bool   // the reply's link to /v2/rate-limits cites a source
	}{
		{name: "current path, page not found by the search", domain: "acme", question: webhooks, currentPath: "/v2/rate-limits",
			wantLine: `"Rate limits" (/docs/v2/rate-limits)`, wantSource: "] Rate limits (the reader's page)", cited: true},
		{name: "served path under the base path", domain: "acme", question: webhooks, currentPath: "/docs/v2/rate-limits",
			wantLine: `"Rate limits" (/docs/v2/rate-limits)`, wantSource: "] Rate limits (the reader's page)", cited: true},
		{name: "URL on the site's host", domain: "acme", question: webhooks, currentPath: "https://docs.acme.dev/docs/v2/rate-limits?x=1#raising-the-limit",
			wantLine: `"Rate limits" (/docs/v2/rate-limits)`, wantSource: "] Rate limits (the reader's page)", cited: true},
		{name: "context item's path", domain: "acme", question: webhooks, contextPath: "/v2/rate-limits",
			wantLine: `"Rate limits" (/docs/v2/rate-limits)`, wantSource: "] Rate limits (the reader's page)", cited: true},
		{name: "best section of the reader's page", domain: "acme", question: "How do I raise the limit on my enterprise plan?", currentPath: "/v2/rate-limits",
			wantLine: `"Rate limits" (/docs/v2/rate-limits)`, wantSource: "] Rate limits › Raising the limit (the reader's page)", cited: true},
		{name: "page already among the sources is marked, not added", domain: "acme", question: webhooks, currentPath: "/v2/webhooks",
			wantLine: `"Webhooks" (/docs/v2/webhooks)`, wantSource: "[1] Webhooks › Verify webhook signatures (the reader's page)"},
		// The French pages hold nothing of the English question: the sources are the English
		// pages (searchAsked), and the reader's French page is still told and offered.
		{name: "other language's page asked from", domain: "globex", question: "How are invoices paid?", currentPath: "/fr/factures",
			wantLine: `"Factures" (/fr/factures)`, wantSource: "] Factures (the reader's page)"},
		{name: "other language's page asked from in its language", domain: "globex", question: "Comment se paient les factures ?", currentPath: "/fr/factures",
			wantLine: `"Factures" (/fr/factures)`, wantSource: "[1] Factures › Moyens de paiement (the reader's page)"},
		{name: "page of another language than the filter's", domain: "globex", question: "How are invoices paid?", currentPath: "/fr/factures",
			filter: map[string]any{"language": "en"}},
		{name: "hidden page", domain: "acme", question: webhooks, currentPath: "/v2/hidden-notes"},
		{name: "unknown path", domain: "acme", question: webhooks, currentPath: "/v2/no-such-page"},
		{name: "URL of another site", domain: "acme", question: webhooks, currentPath: "https://example.com/docs/v2/rate-limits"},
		{name: "other version's page outside the filter", domain: "acme", question: webhooks, currentPath: "/v1/quickstart",
			filter: map[string]any{"version": "v2"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			body := askV5(tt.question)
			if tt.currentPath != "" {
				body["currentPath"] = tt.currentPath
			}
			if tt.contextPath != "" {
				body["context"] = []any{map[string]any{"type": "code", "value": "verify(req)", "path": tt.contextPath}}
			}
			if tt.filter != nil {
				body["filter"] = tt.filter
			}
			chunks := checkV2Reply(t, h.postV2(t, tt.domain, body))
			reqs := srv.Requests()
			sys := reqs[len(reqs)-1].Messages[0].Content
			line := strings.Contains(sys, "The reader is asking from the page")
			switch {
			case tt.wantLine == "" && line:
				t.Errorf("the model is told of a reader's page:\n%s", sys)
			case tt.wantLine != "" && !strings.Contains(sys, "The reader is asking from the page "+tt.wantLine):
				t.Errorf("system message lacks the reader's page %s:\n%s", tt.wantLine, sys)
			}
			marked := strings.Count(sys, "(the reader's page)\nLink:")
			if want := map[bool]int{false: 0, true: 1}[tt.wantSource != ""]; marked != want || tt.wantSource != "" && !strings.Contains(sys, tt.wantSource+"\nLink:") {
				t.Errorf("%d excerpts marked as the reader's page, want %d (%q):\n%s", marked, want, tt.wantSource, sys)
			}
			if strings.Contains(sys, "purple-pineapple") {
				t.Errorf("the hidden page's text reaches the model:\n%s", sys)
			}
			if n := strings.Count(sys, "Link: [Webhooks](/v2/webhooks"); tt.currentPath == "/v2/webhooks" && n != 1 {
				t.Errorf("the reader's page is listed %d times, want once:\n%s", n, sys)
			}
			meta, _ := chunks[len(chunks)-1].Fields["messageMetadata"].(map[string]any)
			sources, _ := meta["sources"].([]any)
			cited := false
			for _, s := range sources {
				if m, _ := s.(map[string]any); m["url"] == "/v2/rate-limits" {
					cited = true
				}
			}
			if cited != tt.cited {
				t.Errorf("rate limits cited: %v, want %v (finish %v)", cited, tt.cited, meta)
			}
		})
	}
}
