package assistant_test

import (
	"encoding/json"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/assistant/answer"
	"github.com/lectern-dev/lectern/assistant/internal/llmtest"
	"github.com/lectern-dev/lectern/assistant/internal/uitest"
	"github.com/lectern-dev/lectern/platform/sites"
	"github.com/lectern-dev/lectern/schemas/event"
)

// supportSites are testSites with acme's support and globex's set as given.
func supportSites(t *testing.T, acme, globex *sites.Support) []sites.Site {
	list := testSites(t)
	list[0].Support, list[1].Support = acme, globex
	return list
}

// finishMeta is the finish metadata of a reply: v1's annotation, v2's messageMetadata.
type finishMeta struct {
	ThreadID   string           `json:"threadId"`
	Resolution event.Resolution `json:"resolution"`
	Support    *struct {
		Mode string `json:"mode"`
		URL  string `json:"url"`
	} `json:"support"`
}

// replyOf asks question of domain in protocol v ("v1" or "v2") and returns the reply's text,
// its finish metadata and its thread id.
func replyOf(t *testing.T, h *harness, v, domain, question string) (string, finishMeta, string) {
	t.Helper()
	var fin finishMeta
	if v == "v1" {
		resp := h.post(t, domain, ask(question))
		parts := checkReply(t, resp)
		items := decodePart[[]json.RawMessage](t, parts[len(parts)-4])
		if err := json.Unmarshal(items[0], &fin); err != nil {
			t.Fatal(err)
		}
		return text(t, parts), fin, resp.Header.Get("X-Thread-Id")
	}
	resp := h.postV2(t, domain, askV5(question))
	chunks := checkV2Reply(t, resp)
	for _, c := range chunks {
		if c.Type == "finish" {
			raw, _ := json.Marshal(c.Fields["messageMetadata"])
			if err := json.Unmarshal(raw, &fin); err != nil {
				t.Fatal(err)
			}
		}
	}
	return uitest.Text(chunks), fin, resp.Header.Get("X-Thread-Id")
}

// TestDeclineDeflectsToSupport: a reply the docs cannot give ends with the site's support
// line, in both protocols, and its finish metadata carries the support (link mode: the page
// with the reply's thread as threadId; email mode: mailto:); an answer, and a site without
// support, carry none, and the conversation event records the reply as sent.
func TestDeclineDeflectsToSupport(t *testing.T) {
	h := start(t, supportSites(t, &sites.Support{URL: "https://help.acme.com/new?form=docs"}, &sites.Support{Email: "help@globex.com"}))
	const unanswerable = "What will the weather be in Paris tomorrow?"
	for _, v := range []string{"v1", "v2"} {
		for _, tc := range []struct {
			name, domain, question, wantMode, wantURL, wantLine string // wantURL: "{thread}" stands for the reply's thread id
		}{
			{"link mode", "acme", unanswerable, "link", "https://help.acme.com/new?form=docs&threadId={thread}", "contact support: [help.acme.com/new](https://help.acme.com/new?form=docs&threadId={thread})"},
			{"email mode", "globex", unanswerable, "email", "mailto:help@globex.com", "contact support: [help@globex.com](mailto:help@globex.com)"},
			{"an answer", "acme", "How do I verify webhook signatures?", "", "", ""},
		} {
			t.Run(v+" "+tc.name, func(t *testing.T) {
				sub := h.subscribe(map[string]string{"acme": "acme-docs", "globex": "globex-docs"}[tc.domain])
				reply, fin, thread := replyOf(t, h, v, tc.domain, tc.question)
				ev := nextEvent(t, sub)
				if ev.Response != reply {
					t.Errorf("event response %q, want the reply %q", ev.Response, reply)
				}
				if tc.wantMode == "" {
					if fin.Support != nil || strings.Contains(reply, "support") {
						t.Errorf("an answer deflects: support %+v, reply %q", fin.Support, reply)
					}
					return
				}
				if fin.Resolution != event.Unanswered || fin.Support == nil {
					t.Fatalf("finish %+v: want unanswered with support", fin)
				}
				wantURL := strings.ReplaceAll(tc.wantURL, "{thread}", thread)
				if fin.Support.Mode != tc.wantMode || fin.Support.URL != wantURL {
					t.Errorf("support %+v, want %s %s", *fin.Support, tc.wantMode, wantURL)
				}
				if line := strings.ReplaceAll(tc.wantLine, "{thread}", thread); !strings.HasSuffix(reply, line) {
					t.Errorf("reply\n%s\nwant it to end with\n%s", reply, line)
				}
			})
		}
	}
}

// TestNoSupportNoDeflection: a declined reply of a site without support neither names support
// nor carries it in the finish metadata.
func TestNoSupportNoDeflection(t *testing.T) {
	h := start(t, nil)
	for _, v := range []string{"v1", "v2"} {
		reply, fin, _ := replyOf(t, h, v, "acme", "What will the weather be in Paris tomorrow?")
		if fin.Resolution != event.Unanswered || fin.Support != nil || strings.Contains(reply, "support") {
			t.Errorf("%s: finish %+v, reply %q: want unanswered without support", v, fin, reply)
		}
	}
}

// TestModelDeclineDeflectsToSupport: a model's reply that declines ends with the support line
// and carries the support, in both protocols: one the model marks with answer.NoAnswer (taken
// out of the text), whether the search found pages or none, with no second request to the
// model. A reply that cites a page does not, nor do greetings, thanks or an uncited reply the
// model did not mark, which all got the line before (any reply citing no page did).
func TestModelDeclineDeflectsToSupport(t *testing.T) {
	const signatures = "How do I verify webhook signatures?"
	for _, tc := range []struct {
		name, question string
		tokens         []string
		text           string // the reply before any support line
		want           bool
	}{
		{"marked not covered", signatures, []string{"The documentation does not ", "cover this.\n\n[[no-", "answer]]"}, "The documentation does not cover this.", true},
		{"no page found", "Qwzxv blorfington?", []string{"I found nothing about that.\n" + answer.NoAnswer}, "I found nothing about that.", true},
		{"an answer", signatures, []string{"Compute an HMAC ([Webhooks](/v2/webhooks#verify-webhook-signatures))."}, "Compute an HMAC ([Webhooks](/v2/webhooks#verify-webhook-signatures)).", false},
		{"a greeting", "Hello!", []string{"Hello! What would you like to know?"}, "Hello! What would you like to know?", false},
		{"thanks", "Thanks a lot!", []string{"You're welcome."}, "You're welcome.", false},
		{"uncited and unmarked", "That signature check worked, thanks", []string{"Glad it works."}, "Glad it works.", false},
	} {
		for _, v := range []string{"v1", "v2"} {
			t.Run(v+" "+tc.name, func(t *testing.T) {
				srv := llmtest.Start(t, llmtest.Script{Tokens: tc.tokens})
				h := start(t, supportSites(t, &sites.Support{URL: "https://help.acme.com/new"}, nil), withModel(srv, 10*time.Second))
				reply, fin, thread := replyOf(t, h, v, "acme", tc.question)
				link := "https://help.acme.com/new?threadId=" + url.QueryEscape(thread)
				wantText := tc.text
				if tc.want {
					wantText += "\n\nIf you need more help, contact support: [help.acme.com/new](" + link + ")"
				}
				if reply != wantText {
					t.Errorf("reply %q, want %q", reply, wantText)
				}
				if got := fin.Support != nil && fin.Support.Mode == "link" && fin.Support.URL == link; got != tc.want {
					t.Errorf("finish support %+v, want it: %v", fin.Support, tc.want)
				}
				if n := len(srv.Requests()); n != 1 {
					t.Errorf("%d requests to the model, want the reply's one", n)
				}
			})
		}
	}
}
