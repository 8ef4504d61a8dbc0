package agents_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/platform/sites"
)

// TestSpecLinksResolve: on a site of our own with specs in every shape (the llmstxt package's
// agents-relay), each spec link of the generated llms.txt is a remote URL linked as it is, or
// a file of the site that the agent routes serve with its content type, through /sites/{domain}
// and through host routing alike. Nothing else of the site is served as a spec.
func TestSpecLinksResolve(t *testing.T) {
	dir, err := filepath.Abs("../llmstxt/testdata/sites/agents-relay")
	if err != nil {
		t.Fatal(err)
	}
	h := startWith(t, []sites.Site{{Domain: "agents-relay", Project: "relay-docs", Docs: dir, Hosts: []string{"relay.example.com"}}}, nil)
	const remote = "https://events.example.org/relay/webhooks.asyncapi.yaml"
	for _, via := range []struct {
		name, root string // root: the site's root path as the client reaches it
		headers    []string
	}{
		{"prefix", "/sites/agents-relay", nil},
		{"host", "", []string{"Host: relay.example.com"}},
	} {
		t.Run(via.name, func(t *testing.T) {
			resp, body := h.get(t, via.root+"/llms.txt", via.headers...)
			if resp.StatusCode != 200 {
				t.Fatalf("llms.txt: %d %s", resp.StatusCode, body)
			}
			base := h.base + via.root
			if via.name == "host" {
				base = "http://relay.example.com"
			}
			async, open := specLinks(body, "AsyncAPI"), specLinks(body, "OpenAPI")
			want := []string{base + "/api-reference/asyncapi.yaml", remote, base + "/api-reference/presence.asyncapi.json"}
			if !slices.Equal(async, want) || !slices.Equal(open, []string{base + "/api-reference/openapi.yaml"}) {
				t.Fatalf("AsyncAPI links %q, OpenAPI links %q; want %q and the OpenAPI file", async, open, want)
			}
			types := map[string]string{".yaml": "application/yaml", ".json": "application/json"}
			for _, link := range append(async, open...) {
				file, local := strings.CutPrefix(link, base+"/")
				if !local {
					continue // the remote spec, linked as written
				}
				want, err := os.ReadFile(filepath.Join(dir, file))
				if err != nil {
					t.Fatal(err)
				}
				resp, got := h.get(t, via.root+"/"+file, via.headers...)
				ct := resp.Header.Get("Content-Type")
				if resp.StatusCode != 200 || got != string(want) || !strings.HasPrefix(ct, types[filepath.Ext(file)]) {
					t.Errorf("%s: %d, %s, %d bytes; want 200, %s, the %d bytes of the file", link, resp.StatusCode, ct, len(got), types[filepath.Ext(file)], len(want))
				}
			}
		})
	}
	tests := []struct {
		name, path string
		status     int
	}{
		{"a spec of the other language", "/sites/agents-relay/es/api-reference/asyncapi.yaml", 200},
		{"a spec escaped in the path", "/sites/agents-relay/api-reference%2Fasyncapi.yaml", 200},
		{"a spec reached by ..", "/sites/agents-relay/es/../api-reference/presence.asyncapi.json", 200},
		{"docs.json", "/sites/agents-relay/docs.json", 404},
		{"a page's source", "/sites/agents-relay/api-reference/realtime.mdx", 404},
		{"the remote spec", "/sites/agents-relay/" + remote, 404},
		{"out of the site", "/sites/agents-relay/..%2f..%2fllmstxt.go", 404},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if resp, body := h.get(t, tc.path); resp.StatusCode != tc.status {
				t.Errorf("%s: %d, want %d: %.200s", tc.path, resp.StatusCode, tc.status, body)
			}
		})
	}
}

// specLinks returns the link targets of an llms.txt section "## {kind} Specs".
func specLinks(llms, kind string) []string {
	_, section, ok := strings.Cut(llms, "\n## "+kind+" Specs\n\n")
	if !ok {
		return nil
	}
	section, _, _ = strings.Cut(section, "\n## ")
	var out []string
	for _, line := range strings.Split(strings.TrimSpace(section), "\n") {
		if _, target, ok := strings.Cut(line, "]("); ok {
			out = append(out, strings.TrimSuffix(target, ")"))
		}
	}
	return out
}

// A page file dir/index is served at /dir, so its Markdown is /dir.md and, as the file is
// named, /dir/index.md (a language's home page, /es, among them); /index.md is the home page.
func TestIndexPagesByTheirFileName(t *testing.T) {
	dir, err := filepath.Abs("../llmstxt/testdata/sites/agents-relay")
	if err != nil {
		t.Fatal(err)
	}
	h := startWith(t, []sites.Site{{Domain: "agents-relay", Project: "relay-docs", Docs: dir}}, nil)
	for _, tc := range []struct{ page, alias string }{
		{"/sites/agents-relay/es.md", "/sites/agents-relay/es/index.md"},
		{"/sites/agents-relay/index.md", "/sites/agents-relay/index.md"},
	} {
		resp, want := h.get(t, tc.page)
		if resp.StatusCode != 200 || !strings.HasPrefix(pageOf(want), "# ") {
			t.Fatalf("%s: %d %.100q", tc.page, resp.StatusCode, want)
		}
		if resp, got := h.get(t, tc.alias); resp.StatusCode != 200 || got != want {
			t.Errorf("%s: %d, %d bytes; want 200 and the %d bytes of %s", tc.alias, resp.StatusCode, len(got), len(want), tc.page)
		}
	}
	if resp, body := h.get(t, "/sites/agents-relay/api-reference/index.md"); resp.StatusCode != 404 {
		t.Errorf("a folder with no page of its own: %d %.100q, want 404", resp.StatusCode, body)
	}
}

// TestSiteSpecAtOwnPath: a site whose spec is its docs root's openapi.json (the usual name)
// links it in llms.txt as https://docs.acme.com/openapi.json; on the site's host that address
// is the site's spec, not Lectern's own /openapi.json (which it had answered, or 404 under a
// base path). A site without such a spec leaves /openapi.json to Lectern.
func TestSiteSpecAtOwnPath(t *testing.T) {
	dir := t.TempDir()
	spec := `{"openapi": "3.1.0", "info": {"title": "Acme", "version": "1"}, "paths": {"/users": {"get": {"summary": "List users", "responses": {"200": {"description": "OK"}}}}}}`
	for name, body := range map[string]string{
		"docs.json":    `{"name": "Acme", "navigation": {"tabs": [{"tab": "Guides", "pages": ["index"]}, {"tab": "API", "openapi": "openapi.json"}]}}`,
		"index.mdx":    "---\ntitle: Home\n---\nWelcome.\n",
		"openapi.json": spec,
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	plain, err := filepath.Abs("../llmstxt/testdata/sites/agents-relay") // its specs live under api-reference/
	if err != nil {
		t.Fatal(err)
	}
	h := startWith(t, []sites.Site{
		{Domain: "acme", Project: "acme", Docs: dir, Hosts: []string{"docs.acme.com"}},
		{Domain: "acmebase", Project: "acmebase", Docs: dir, Hosts: []string{"acme.example.com"}, BasePath: "/docs"},
		{Domain: "relay", Project: "relay", Docs: plain, Hosts: []string{"relay.example.com"}},
	}, nil)
	for _, tc := range []struct {
		name, host, path, link, want string
	}{
		{"the site's spec at its root", "docs.acme.com", "/openapi.json", "http://docs.acme.com/openapi.json", spec},
		{"under a base path", "acme.example.com", "/docs/openapi.json", "http://acme.example.com/docs/openapi.json", spec},
		{"a site without one", "relay.example.com", "/openapi.json", "", ownOpenAPI},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.link != "" {
				llms := tc.path[:len(tc.path)-len("/openapi.json")] + "/llms.txt"
				if _, body := h.get(t, llms, "Host: "+tc.host); !slices.Contains(specLinks(body, "OpenAPI"), tc.link) {
					t.Fatalf("llms.txt links %q, want %s:\n%s", specLinks(body, "OpenAPI"), tc.link, body)
				}
			}
			resp, body := h.get(t, tc.path, "Host: "+tc.host)
			if resp.StatusCode != 200 || body != tc.want {
				t.Errorf("GET %s on %s: %d %.120q, want 200 %.120q", tc.path, tc.host, resp.StatusCode, body, tc.want)
			}
		})
	}
}
