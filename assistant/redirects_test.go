package assistant_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/lectern-dev/lectern/platform/sites"
)

// TestPageShadowedByRedirect: POST /discovery/v1/page of a page whose URL a redirect's source
// matches answers where the redirect leads, as Mintlify's hosting layer applies redirects
// before any page (create/redirects, "When redirects take effect"): tessera's /setup →
// /quickstart, with a setup page of its own, answers /quickstart; the spec's loop is a 404
// naming it, not followed forever. AdCP's listed /docs/intro
// (adcontextprotocol/adcp@4439b187, schemas/docsjson/testdata/sites/adcp-dist) leads to an
// unlisted snapshot, which is in no search: a 404 that says where it moved, where it answered
// /docs/intro; version 3.0's pages, which no redirect moves, are answered as before. AdCP's
// search and the assistant's citations never link the shadowed pages.
func TestPageShadowedByRedirect(t *testing.T) {
	tessera := tesseraSites(t)[1] // a copy of tessera, which the test may add files to
	if err := os.WriteFile(filepath.Join(tessera.Docs, "setup.mdx"), []byte("---\ntitle: Old setup\n---\n\nThe old setup steps.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// The loop create/redirects warns of ("Avoid infinite redirects").
	docs, err := os.ReadFile(filepath.Join(tessera.Docs, "docs.json"))
	if err != nil {
		t.Fatal(err)
	}
	docs = bytes.Replace(docs, []byte(`"redirects": [`), []byte(`"redirects": [{"source": "/docs/:slug*", "destination": "/help/:slug*"}, {"source": "/help/:slug*", "destination": "/docs/:slug*"}, `), 1)
	if err := os.WriteFile(filepath.Join(tessera.Docs, "docs.json"), docs, 0o644); err != nil {
		t.Fatal(err)
	}
	adcp, err := filepath.Abs("../schemas/docsjson/testdata/sites/adcp-dist")
	if err != nil {
		t.Fatal(err)
	}
	h := start(t, []sites.Site{tessera, {Domain: "adcp", Project: "adcp-docs", Docs: adcp}})
	for _, tc := range []struct {
		domain, path string
		filter       map[string]any
		status       int
		want, err    string
	}{
		{domain: "tessera-all", path: "/setup", status: 200, want: "/quickstart"},
		{domain: "tessera-all", path: "/setup.md", status: 200, want: "/quickstart"},
		{domain: "tessera-all", path: "/gone", status: 404, err: `page "/gone" moved: the site's redirects send it to "/nowhere", which is no page of tessera-all`},
		{domain: "tessera-all", path: "/away", status: 404, err: `page "/away" moved off tessera-all: the site's redirects send it to "https://example.com/tessera"`},
		{domain: "tessera-all", path: "/help/setup", status: 404, err: `page "/help/setup" never reaches a page of tessera-all: the redirects lead back to a path they left (/help/setup → /docs/setup → /help/setup)`},
		{domain: "adcp", path: "/docs/intro", status: 404, err: `page "/docs/intro" moved: the site's redirects send it to "/dist/docs/3.1.2/intro", which is not in site search: not in the navigation`},
		{domain: "adcp", path: "/dist/docs/3.0.26/quickstart", filter: map[string]any{"version": "3.0"}, status: 200, want: "/dist/docs/3.0.26/quickstart"},
	} {
		body := map[string]any{"path": tc.path}
		if tc.filter != nil {
			body["filter"] = tc.filter
		}
		status, data := h.postFor(t, tc.domain, "/discovery/v1/page/"+tc.domain, body)
		var r struct{ Path, Error, Message string }
		if err := json.Unmarshal(data, &r); err != nil {
			t.Fatalf("%s: %v: %s", tc.path, err, data)
		}
		if status != tc.status || r.Path != tc.want || r.Error != tc.err || r.Message != tc.err {
			t.Errorf("%s %s %v: %d %s\nwant %d path %q error %q", tc.domain, tc.path, tc.filter, status, data, tc.status, tc.want, tc.err)
		}
	}
	shadowed := []string{"/docs/intro", "/docs/quickstart"}
	for _, q := range []string{"Introduction to AdCP", "AdCP quickstart"} {
		found := h.search(t, "adcp", map[string]any{"query": q})
		step, cited := h.ask(t, "adcp", ask(q))
		for _, u := range shadowed {
			if slices.Contains(found, u) || slices.Contains(step, u) || slices.Contains(cited, u) {
				t.Errorf("%q: search %q, the assistant's sources %q, cited %q; %s redirects", q, found, step, cited, u)
			}
		}
	}
	if status, _ := h.postSearch(t, "adcp", map[string]any{"query": "AdCP"}); status != http.StatusOK {
		t.Errorf("search: %d", status)
	}
}
