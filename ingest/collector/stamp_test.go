package collector_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/bus/bustest"
	"github.com/lectern-dev/lectern/schemas/event"
	"github.com/oklog/ulid/v2"
	"github.com/valyala/fasthttp"
)

// captured keeps a copy of every event handed to the publisher, in order.
type captured struct {
	mu     sync.Mutex
	events []event.Traffic
}

func (c *captured) PublishBatch(_ context.Context, _ string, msgs []event.Message) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, m := range msgs {
		c.events = append(c.events, *m.Value.(*event.Traffic))
	}
	return nil
}

// take returns the events captured since the last call.
func (c *captured) take() []event.Traffic {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := c.events
	c.events = nil
	return out
}

const firefox = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0"

// post sends body to path over hc (one keep-alive connection: the server decodes every
// request in the same goroutine, with the same pooled memory) and returns status and body.
func post(t *testing.T, hc *fasthttp.HostClient, url, key, userAgent, body string) (int, string, string) {
	t.Helper()
	req, resp := fasthttp.AcquireRequest(), fasthttp.AcquireResponse()
	defer fasthttp.ReleaseRequest(req)
	defer fasthttp.ReleaseResponse(resp)
	req.Header.SetMethod(fasthttp.MethodPost)
	req.SetRequestURI(url)
	req.Header.Set("Authorization", "Bearer "+key)
	if userAgent != "" {
		req.Header.Set("User-Agent", userAgent)
	}
	req.Header.SetContentType("text/plain")
	req.SetBodyString(body)
	if err := hc.Do(req, resp); err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode(), string(resp.Body()), string(resp.Header.ContentType())
}

// The events of a request are decoded into memory the next request reuses: a field one body
// leaves out must be empty in its events, whatever the body before it carried, on both routes
// and for bodies longer than the pooled memory holds.
func TestEventsKeepNoFieldOfAnEarlierBody(t *testing.T) {
	srv := bustest.Start(t)
	pub := &captured{}
	in := serveIntake(t, srv, pub)
	hc := &fasthttp.HostClient{Addr: strings.TrimPrefix(in.url, "http://"), MaxConns: 1}
	at := time.Now().UTC().Add(-time.Hour).Format(time.RFC3339)
	full := func(i int) string {
		return fmt.Sprintf(`{"type":"search_click","path":"/p%d","referrer":"https://r.example/","title":"T","query":"q","results":4,"position":2,"block":3,"lang":"go","target":"https://t.example/","label":"L","action":"a","threadId":"thr_x","timestamp":%q}`, i, at)
	}
	bare := func(i int) string { return fmt.Sprintf(`{"type":"page_view","path":"/b%d"}`, i) }
	serverFull := func(i int) string {
		return fmt.Sprintf(`{"type":"search","query":"q%d","results":9,"referrer":"https://r.example/","title":"T","timestamp":%q,"userAgent":%q,"ip":"203.0.113.9","anonId":"anon-x"}`, i, at, firefox)
	}
	serverBare := func(i int) string {
		return fmt.Sprintf(`{"type":"page_view","path":"/s%d","timestamp":%q,"userAgent":%q}`, i, at, firefox)
	}
	body := func(anon string, n int, ev func(int) string) string {
		parts := make([]string, n)
		for i := range parts {
			parts[i] = ev(i)
		}
		return `{` + anon + `"events":[` + strings.Join(parts, ",") + `]}`
	}
	beacon, server := in.url+"/discovery/v1/events/acme", in.url+"/api/external/v1/analytics/acme-prod/events"
	for _, tc := range []struct {
		name           string
		url, key       string
		fullBody, bare string
		n              int
	}{
		{"beacon", beacon, in.asstKey, body(`"anonId":"anon-1",`, 5, full), body("", 5, bare), 5},
		{"server-side", server, in.ingestKey, body("", 40, serverFull), body("", 40, serverBare), 40},
		{"beacon past the pooled size", beacon, in.asstKey, body(`"anonId":"anon-1",`, 90, full), body("", 90, bare), 90},
		{"server-side past the pooled size", server, in.ingestKey, body("", 700, serverFull), body("", 700, serverBare), 700},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for round := range 8 { // a full body, then a bare one, again and again
				if status, resp, _ := post(t, hc, tc.url, tc.key, firefox, tc.fullBody); status != 202 {
					t.Fatalf("round %d, full body: %d %s", round, status, resp)
				}
				if got := pub.take(); len(got) != tc.n || got[0].Query == "" {
					t.Fatalf("round %d: the full body gave %d events, the first %+v", round, len(got), got[0])
				}
				if status, resp, _ := post(t, hc, tc.url, tc.key, firefox, tc.bare); status != 202 {
					t.Fatalf("round %d, bare body: %d %s", round, status, resp)
				}
				got := pub.take()
				if len(got) != tc.n {
					t.Fatalf("round %d: the bare body gave %d events; want %d", round, len(got), tc.n)
				}
				for i, e := range got {
					e.ID, e.ProjectID, e.Domain, e.Timestamp, e.VisitorID, e.Class, e.UserAgent, e.Path = "", "", "", time.Time{}, "", "", "", ""
					if e != (event.Traffic{Type: event.TypePageView}) {
						t.Fatalf("round %d: bare event %d holds fields no body of it sent: %+v", round, i, e)
					}
					if v := got[i].VisitorID; !strings.HasPrefix(v, "v_") {
						t.Fatalf("round %d: bare event %d has visitor %q, not a hashed id", round, i, v)
					}
					if ts := got[i].Timestamp; tc.url == beacon && time.Since(ts) > time.Minute {
						t.Fatalf("round %d: bare beacon event %d has the time %s, not the server's", round, i, ts)
					}
				}
			}
		})
	}
}

// Visitor ids are made once for each run of one reader on one UTC day, and each event still
// gets the id of its own reader and day: a beacon whose events span midnight, a server-side
// batch alternating between readers.
func TestVisitorIDsOfEachReaderAndDay(t *testing.T) {
	srv := bustest.Start(t)
	pub := &captured{}
	in := serveIntake(t, srv, pub)
	hc := &fasthttp.HostClient{Addr: strings.TrimPrefix(in.url, "http://"), MaxConns: 1}
	now := time.Now().UTC()
	midnight := now.Truncate(24 * time.Hour)
	yesterday, today := midnight.Add(-time.Minute), midnight.Add(time.Second)
	if today.After(now) { // the test runs in the first second of a day
		today = now
	}
	type reader struct{ ip, ua string }
	chrome := "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"
	for _, tc := range []struct {
		name    string
		beacon  bool
		readers []reader
		at      []time.Time
	}{
		{"a beacon across midnight", true,
			[]reader{{"127.0.0.1", firefox}, {"127.0.0.1", firefox}, {"127.0.0.1", firefox}, {"127.0.0.1", firefox}},
			[]time.Time{yesterday, yesterday, today, yesterday}},
		{"a server-side batch of alternating readers", false,
			[]reader{{"203.0.113.1", firefox}, {"203.0.113.1", firefox}, {"203.0.113.2", firefox}, {"203.0.113.1", firefox},
				{"203.0.113.1", chrome}, {"2001:db8::1", chrome}, {"2001:db8::1", chrome}, {"203.0.113.1", firefox}},
			[]time.Time{today, today, today, yesterday, yesterday, today, today, today}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			parts := make([]string, len(tc.at))
			for i, at := range tc.at {
				parts[i] = fmt.Sprintf(`{"type":"page_view","path":"/p%d","timestamp":%q`, i, at.Format(time.RFC3339Nano))
				if !tc.beacon {
					parts[i] += fmt.Sprintf(`,"ip":%q,"userAgent":%q`, tc.readers[i].ip, tc.readers[i].ua)
				}
				parts[i] += "}"
			}
			url, key := in.url+"/api/external/v1/analytics/acme-prod/events", in.ingestKey
			if tc.beacon {
				url, key = in.url+"/discovery/v1/events/acme", in.asstKey
			}
			body := `{"events":[` + strings.Join(parts, ",") + `]}`
			status, resp, ctype := post(t, hc, url, key, firefox, body)
			if want := fmt.Sprintf(`{"accepted":%d}`, len(tc.at)); status != 202 || resp != want || ctype != "application/json" {
				t.Fatalf("answer %d %q (%s); want 202 %s (application/json)", status, resp, ctype, want)
			}
			got := pub.take()
			if len(got) != len(tc.at) {
				t.Fatalf("%d events; want %d", len(got), len(tc.at))
			}
			seen := map[string]bool{}
			for i, e := range got {
				want, err := in.visitors.ID(context.Background(), "acme", tc.readers[i].ip, tc.readers[i].ua, tc.at[i])
				if err != nil {
					t.Fatal(err)
				}
				if e.VisitorID != want {
					t.Errorf("event %d (%v on %s): visitor %q; the hasher says %q", i, tc.readers[i], tc.at[i].Format(time.DateOnly), e.VisitorID, want)
				}
				if _, err := ulid.ParseStrict(e.ID); err != nil {
					t.Errorf("event %d: id %q: %v", i, e.ID, err)
				}
				if i > 0 && e.ID <= got[i-1].ID {
					t.Errorf("event %d: id %s not after the one before, %s", i, e.ID, got[i-1].ID)
				}
				seen[e.ID] = true
			}
			if len(seen) != len(got) {
				t.Errorf("%d distinct event ids among %d events", len(seen), len(got))
			}
		})
	}
}

// Verdicts on User-Agents are kept across requests: each body's events still take the class of
// their own body's User-Agent (and referrer), body after body, in any order.
func TestEachBodyClassifiedByItsOwnUserAgent(t *testing.T) {
	srv := bustest.Start(t)
	pub := &captured{}
	in := serveIntake(t, srv, pub)
	hc := &fasthttp.HostClient{Addr: strings.TrimPrefix(in.url, "http://"), MaxConns: 1}
	const (
		view   = `{"type":"page_view","path":"/a"}`
		viewR  = `{"type":"page_view","path":"/a","referrer":"https://www.google.com/"}`
		search = `{"type":"search","query":"q","results":1}`
	)
	cases := []struct {
		ua, events string
		want       []event.Class // of the events kept, in order
		agent      string
	}{
		{firefox, view + "," + search, []event.Class{event.ClassHuman, event.ClassHuman}, ""},
		{"Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot)", view, []event.Class{event.ClassTraining}, "GPTBot"},
		{"curl/8.5.0", view, nil, ""},
		{"curl/8.5.0", viewR, []event.Class{event.ClassHuman}, ""},
		{"curl/8.5.0", view + "," + viewR, []event.Class{event.ClassHuman}, ""},
		{"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", view + "," + search, []event.Class{event.ClassSearchIndex}, "Googlebot"},
		{"Mozilla/5.0 (compatible; UptimeRobot/2.0; http://www.uptimerobot.com/)", viewR, nil, ""},
		{"Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot", search, []event.Class{event.ClassAI}, "ChatGPT-User"},
		{firefox, viewR, []event.Class{event.ClassHuman}, ""},
	}
	for round := range 3 {
		for i := range cases {
			tc := cases[(i+round)%len(cases)] // another order each round
			status, resp, _ := post(t, hc, in.url+"/discovery/v1/events/acme", in.asstKey, tc.ua, `{"anonId":"a","events":[`+tc.events+`]}`)
			if want := fmt.Sprintf(`{"accepted":%d}`, len(tc.want)); status != 202 || resp != want {
				t.Fatalf("round %d, %.30q %s: %d %s; want 202 %s", round, tc.ua, tc.events, status, resp, want)
			}
			got := pub.take()
			for j, e := range got {
				if e.Class != tc.want[j] || e.Agent != tc.agent || e.UserAgent != tc.ua {
					t.Errorf("round %d, %.30q: event %d is %s/%q (User-Agent %.30q); want %s/%q", round, tc.ua, j, e.Class, e.Agent, e.UserAgent, tc.want[j], tc.agent)
				}
			}
		}
	}
}
