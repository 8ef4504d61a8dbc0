package main

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/eventually"
	"github.com/lectern-dev/lectern/platform/keys"
)

var (
	beaconBody = map[string]any{"anonId": "a1b2c3", "events": []any{
		map[string]any{"type": "page_view", "path": "/quickstart", "referrer": "https://www.google.com/", "title": "Quickstart"},
		map[string]any{"type": "search", "query": "custom domain", "results": 7},
	}}
	serverBody = map[string]any{"events": []any{
		map[string]any{"type": "page_view", "path": "/quickstart", "timestamp": "2026-11-20T09:00:00Z", "userAgent": "Mozilla/5.0 (compatible; GPTBot/1.2)", "ip": "203.0.113.7"},
	}}
)

// trafficKeys are the ingest keys the contract calls use.
type trafficKeys struct{ ingest, ghostIngest string }

func (c *contract) trafficKeys(t *testing.T) trafficKeys {
	t.Helper()
	var k trafficKeys
	var err error
	if _, k.ingest, err = c.l.keys.Create(context.Background(), keys.KindIngest, "acme-prod", keys.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
	if _, k.ghostIngest, err = c.l.keys.Create(context.Background(), keys.KindIngest, "ghost-prod", keys.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
	eventually.True(t, 10*time.Second, "the server accepting the ingest key", func() bool {
		return c.send(t, apiCall{method: "POST", path: "/api/external/v1/analytics/acme-prod/events", key: k.ingest, body: serverBody}).status != 401
	})
	return k
}

// trafficRoutes checks the beacon and the server-side event routes against the document.
func (c *contract) trafficRoutes(t *testing.T, g ghostKeys) {
	l := c.l
	k := c.trafficKeys(t)
	const beacon = "/discovery/v1/events/acme"
	big := map[string]any{"events": []any{map[string]any{"type": "page_view", "path": "/" + strings.Repeat("x", 1<<20)}}}
	c.run(t, []apiCall{
		{name: "beacon 202", op: "createEvents", method: "POST", path: beacon, key: l.AsstKey, status: 202, body: beaconBody},
		{name: "beacon 202 sendBeacon", op: "createEvents", method: "POST", path: beacon, contentType: "text/plain", status: 202, req: reqAny,
			body: `{"key":"` + l.AsstKey + `","events":[{"type":"page_view","path":"/quickstart"}]}`},
		{name: "beacon unknown type", op: "createEvents", method: "POST", path: beacon, key: l.AsstKey, status: 400, req: reqInvalid,
			body: map[string]any{"events": []any{map[string]any{"type": "click"}}}},
		{name: "beacon no key", op: "createEvents", method: "POST", path: beacon, status: 401, req: reqAny, body: beaconBody},
		{name: "beacon admin key", op: "createEvents", method: "POST", path: beacon, key: l.AdminKey, status: 403, body: beaconBody},
		{name: "beacon unregistered domain", op: "createEvents", method: "POST", path: "/discovery/v1/events/ghost", key: g.asst, status: 404, body: beaconBody},
		{name: "beacon too large", op: "createEvents", method: "POST", path: beacon, key: l.AsstKey, status: 413, req: reqAny, body: big},
		{name: "beacon content type", op: "createEvents", method: "POST", path: beacon, key: l.AsstKey, status: 415, req: reqInvalid, contentType: "image/png", body: beaconBody},
	})
	for _, route := range []struct{ op, base string }{
		{"createServerEvents", "/api/external/v1/analytics/"}, {"createServerEventsAlias", "/v1/analytics/"},
	} {
		path := route.base + "acme-prod/events"
		c.run(t, []apiCall{
			{name: route.op + " 202", op: route.op, method: "POST", path: path, key: k.ingest, status: 202, body: serverBody},
			{name: route.op + " no timestamp", op: route.op, method: "POST", path: path, key: k.ingest, status: 400, req: reqInvalid,
				body: map[string]any{"events": []any{map[string]any{"type": "page_view", "path": "/a"}}}},
			{name: route.op + " no key", op: route.op, method: "POST", path: path, status: 401, req: reqInvalid, body: serverBody},
			{name: route.op + " admin key", op: route.op, method: "POST", path: path, key: l.AdminKey, status: 403, body: serverBody},
			{name: route.op + " unregistered project", op: route.op, method: "POST", path: route.base + "ghost-prod/events", key: k.ghostIngest, status: 404, body: serverBody},
			{name: route.op + " too large", op: route.op, method: "POST", path: path, key: k.ingest, status: 413, req: reqAny, body: big},
			{name: route.op + " content type", op: route.op, method: "POST", path: path, key: k.ingest, status: 415, req: reqInvalid, contentType: "image/png", body: serverBody},
		})
	}
	for _, call := range []apiCall{
		{op: "createEvents", method: "POST", path: beacon, key: l.AsstKey, body: beaconBody},
		{op: "createServerEvents", method: "POST", path: "/api/external/v1/analytics/acme-prod/events", key: k.ingest, body: serverBody},
		{op: "createServerEventsAlias", method: "POST", path: "/v1/analytics/acme-prod/events", key: k.ingest, body: serverBody},
	} {
		c.limited(t, call)
	}
}

// discoveryRoutes checks the search and page routes against the document.
func (c *contract) discoveryRoutes(t *testing.T, g ghostKeys) {
	l := c.l
	big := map[string]any{"query": strings.Repeat("x", 1<<20)}
	for _, r := range []struct {
		op, path string
		ok, bad  map[string]any
	}{
		{"searchDocs", "/discovery/v1/search/", map[string]any{"query": "run the tests", "pageSize": 3}, map[string]any{"query": "x", "pageSize": 0}},
		{"getPage", "/discovery/v1/page/", map[string]any{"path": "/quickstart"}, map[string]any{"path": ""}},
	} {
		c.run(t, []apiCall{
			{name: r.op + " 200", op: r.op, method: "POST", path: r.path + "acme", key: l.AsstKey, status: 200, body: r.ok},
			{name: r.op + " bad body", op: r.op, method: "POST", path: r.path + "acme", key: l.AsstKey, status: 400, req: reqInvalid, body: r.bad},
			{name: r.op + " no key", op: r.op, method: "POST", path: r.path + "acme", status: 401, req: reqInvalid, body: r.ok},
			{name: r.op + " admin key", op: r.op, method: "POST", path: r.path + "acme", key: l.AdminKey, status: 403, body: r.ok},
			{name: r.op + " unregistered domain", op: r.op, method: "POST", path: r.path + "ghost", key: g.asst, status: 404, body: r.ok},
			{name: r.op + " too large", op: r.op, method: "POST", path: r.path + "acme", key: l.AsstKey, status: 413, req: reqAny, body: big},
			{name: r.op + " content type", op: r.op, method: "POST", path: r.path + "acme", key: l.AsstKey, status: 415, req: reqInvalid, contentType: "text/plain", body: r.ok},
		})
		c.limited(t, apiCall{op: r.op, method: "POST", path: r.path + "acme", key: l.AsstKey, body: r.ok})
	}
	const settings = "/discovery/v1/assistant/%s/settings"
	op := "getAssistantSettings"
	c.run(t, []apiCall{
		{name: op + " 200", op: op, method: "GET", path: fmt.Sprintf(settings, "acme"), key: l.AsstKey, status: 200},
		{name: op + " bad domain", op: op, method: "GET", path: fmt.Sprintf(settings, "a.b"), key: l.AsstKey, status: 400, req: reqInvalid},
		{name: op + " no key", op: op, method: "GET", path: fmt.Sprintf(settings, "acme"), status: 401, req: reqInvalid},
		{name: op + " admin key", op: op, method: "GET", path: fmt.Sprintf(settings, "acme"), key: l.AdminKey, status: 403},
		{name: op + " unregistered domain", op: op, method: "GET", path: fmt.Sprintf(settings, "ghost"), key: g.asst, status: 404},
	})
	c.limited(t, apiCall{op: op, method: "GET", path: fmt.Sprintf(settings, "acme"), key: l.AsstKey})
}
