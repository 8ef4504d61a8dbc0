package agents_test

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/eventually"
	"github.com/lectern-dev/lectern/schemas/event"
)

// goldenDir holds the golden files the llmstxt package writes for the fixture sites.
const goldenDir = "../llmstxt/testdata/golden"

// TestGoldenOverHTTP: through host routing (X-Forwarded-Host and -Proto from a trusted
// proxy), llms.txt, llms-full.txt (and their /.well-known copies) and every page's .md equal
// the golden files; each fetch publishes an AI page view of its format.
func TestGoldenOverHTTP(t *testing.T) {
	h := start(t, nil)
	pages := 0
	for domain, root := range map[string]string{"agents-cline": "/docs", "agents-trails": ""} {
		host := map[string]string{"agents-cline": "docs.example.com", "agents-trails": "trails.example.com"}[domain]
		fwd := []string{"X-Forwarded-Host: " + host, "X-Forwarded-Proto: https", "User-Agent: Claude-User/1.0"}
		dir := filepath.Join(goldenDir, domain)
		check := func(path, file string) {
			t.Helper()
			want, err := os.ReadFile(filepath.Join(dir, file))
			if err != nil {
				t.Fatal(err)
			}
			resp, body := h.get(t, root+path, fwd...)
			if resp.StatusCode != 200 || body != string(want) {
				t.Errorf("%s %s: %d, %d bytes; want the %d bytes of %s", host, root+path, resp.StatusCode, len(body), len(want), file)
			}
			if link := resp.Header.Get("Link"); !strings.Contains(link, "<"+root+"/llms.txt>; rel=\"llms-txt\"") || resp.Header.Get("X-Llms-Txt") != root+"/llms.txt" {
				t.Errorf("%s: Link %q, X-Llms-Txt %q", path, link, resp.Header.Get("X-Llms-Txt"))
			}
		}
		check("/llms.txt", "llms.txt")
		check("/.well-known/llms.txt", "llms.txt")
		if resp, body := h.get(t, "/sites/"+domain+"/llms.txt", fwd...); resp.StatusCode != 200 || !strings.Contains(body, "(https://"+host+root+"/") {
			t.Errorf("a proxy rewriting to /sites/%s with X-Forwarded-Host %s: links %.300s", domain, host, body)
		} else if resp.Header.Get("X-Llms-Txt") != root+"/llms.txt" {
			t.Errorf("X-Llms-Txt %q", resp.Header.Get("X-Llms-Txt"))
		}
		check("/llms-full.txt", "llms-full.txt")
		check("/.well-known/llms-full.txt", "llms-full.txt")
		before := pages
		_ = filepath.Walk(filepath.Join(dir, "pages"), func(p string, info os.FileInfo, err error) error {
			if err == nil && !info.IsDir() {
				rel, _ := filepath.Rel(filepath.Join(dir, "pages"), p)
				check("/"+filepath.ToSlash(rel), filepath.Join("pages", rel))
				pages++
			}
			return nil
		})
		if pages == before {
			t.Fatalf("%s: no golden pages", domain)
		}
	}
	eventually.Succeeds(t, 10*time.Second, func() error {
		views := h.events.traffic(event.TypePageView)
		var md, llms, full int
		for _, v := range views {
			if v.Class != event.ClassAI || v.UserAgent != "Claude-User/1.0" || v.Caller != event.CallerAPI {
				return fmt.Errorf("page view %+v: want class ai, the client's user agent, caller api", v)
			}
			switch v.Format {
			case event.FormatMarkdown:
				md++
			case event.FormatLLMs:
				llms++
			case event.FormatLLMsFull:
				full++
			}
		}
		if llms != 6 || full != 4 || md != pages {
			return fmt.Errorf("page views: %d markdown, %d llms, %d llms-full; want %d, 6, 4", md, llms, full, pages)
		}
		return nil
	})
}

func TestMarkdownNegotiation(t *testing.T) {
	h := start(t, nil)
	page := "/sites/agents-cline/getting-started/installing-cline"
	if resp, body := h.do(t, "HEAD", page+".md", ""); resp.StatusCode != 200 || body != "" {
		t.Errorf("HEAD: %d %q", resp.StatusCode, body)
	}
	_, md := h.get(t, page+".md")
	tests := []struct {
		name, path string
		headers    []string
		status     int
		body       string // the .md page when "md"; else a part of the body
	}{
		{"accept markdown", page, []string{"Accept: text/markdown"}, 200, "md"},
		{"accept plain text", page, []string{"Accept: text/plain, */*;q=0.1"}, 200, "md"},
		{"a browser", page, []string{"Accept: text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"}, 406, "send Accept: text/markdown"},
		{"markdown preferred to html", page, []string{"Accept: text/html;q=0.5, text/markdown"}, 200, "md"},
		{"a search hit's anchor (the client keeps it)", page + ".md#install-the-cli", nil, 200, "md"},
		{"a query string", page + ".md?ref=llms.txt", nil, 200, "md"},
		{"an encoded anchor", page + ".md%23install-the-cli", nil, 200, "md"},
		{"an encoded query string", page + ".md%3Fref%3Dllms", nil, 200, "md"},
		{"an encoded anchor, Markdown by Accept", page + "%23install-the-cli", []string{"Accept: text/markdown"}, 200, "md"},
		{"only an encoded anchor", "/sites/agents-cline/%23install.md", nil, 404, "is not a page of agents-cline"},
		{"no such page", "/sites/agents-cline/nope.md", nil, 404, "is not a page of agents-cline"},
		{"hidden page: not listed, not private", "/sites/agents-cline/getting-started/free-models.md", nil, 200, "# Cline Free Models"},
		{"traversal", "/sites/agents-cline/..%2f..%2f..%2fetc%2fpasswd.md", nil, 404, "is not a page"},
		{"no such site", "/sites/nosuch/llms.txt", nil, 404, "unknown site"},
		{"spec llms.txt links", "/sites/agents-trails/v2/api-reference/trails-api.gen.json", nil, 200, `"openapi"`},
		{"host route to another site's page", "/docs/v2/intro.md", []string{"X-Forwarded-Host: docs.example.com"}, 404, "is not a page of agents-cline"},
		{"own routes pass", "/docs/healthz", []string{"Host: docs.example.com"}, 404, ""},
		{"host at the root", "/v2/intro.md", []string{"Host: trails.example.com"}, 200, "# What is Trails?"},
		{"lectern's own routes on a site's host", "/healthz", []string{"Host: trails.example.com"}, 200, "ok"},
		{"a site's /api/ pages are the site's", "/api/users.md", []string{"Host: trails.example.com"}, 404, "is not a page of agents-trails"},
		{"lectern's analytics on a site's host, not rewritten", "/api/external/v1/analytics/trails-docs/views", []string{"Host: trails.example.com"}, 404, "Cannot GET /api/external/v1/analytics/trails-docs/views"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			resp, body := h.get(t, tc.path, tc.headers...)
			if resp.StatusCode != tc.status {
				t.Fatalf("status %d, want %d: %s", resp.StatusCode, tc.status, body)
			}
			if tc.body == "md" && body != md || tc.body != "md" && !strings.Contains(body, tc.body) {
				t.Errorf("body %q, want %q", body[:min(len(body), 300)], tc.body)
			}
			if tc.status == 200 && tc.body == "md" && resp.Header.Get("Vary") == "" {
				t.Errorf("no Vary header on a negotiated page")
			}
		})
	}
	eventually.Succeeds(t, 10*time.Second, func() error { // the HEAD and the 200 GETs of pages, not the others
		if n := len(h.events.traffic(event.TypePageView)); n != 11 {
			return fmt.Errorf("%d page views, want 11 (one per page answered 200 to a GET)", n)
		}
		return nil
	})
}

// TestUntrustedForwardedHost: X-Forwarded-Host from a peer that is not a trusted proxy is
// not believed.
func TestUntrustedForwardedHost(t *testing.T) {
	h := start(t, nil, "10.0.0.0/8")
	if resp, body := h.get(t, "/docs/llms.txt", "X-Forwarded-Host: docs.example.com"); resp.StatusCode != 404 {
		t.Errorf("forwarded host from an untrusted peer: %d %s", resp.StatusCode, body)
	}
	resp, body := h.get(t, "/docs/llms.txt", "Host: docs.example.com", "X-Forwarded-Proto: https")
	if resp.StatusCode != 200 || !strings.Contains(body, "(http://docs.example.com/docs/cline-overview.md)") {
		t.Errorf("Host routing (the scheme of the connection, not the untrusted header): %d %s", resp.StatusCode, body[:min(len(body), 400)])
	}
	resp, body = h.get(t, "/sites/agents-cline/llms.txt", "Host: lectern.internal:8080")
	if resp.StatusCode != 200 || !strings.Contains(body, "(http://lectern.internal:8080/sites/agents-cline/cline-overview.md)") {
		t.Errorf("/sites/ links: %d %s", resp.StatusCode, body[:min(len(body), 400)])
	}
	if resp, _ := h.get(t, "/sites/agents-cline/llms.txt", "Host: <script>"); resp.StatusCode != 400 {
		t.Errorf("a malformed Host: %d", resp.StatusCode)
	}
}

// TestMarkdownRedirects: a path the site's docs.json redirects (create/redirects) is answered
// with 308 (307 when not permanent) to the destination's Markdown, under the site's root on
// its own host too; a destination off the site is sent as it is. A request for HTML gets no
// redirect (Lectern serves no HTML), and a path no redirect matches is still a 404.
func TestMarkdownRedirects(t *testing.T) {
	h := start(t, nil)
	noFollow := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	tests := []struct {
		name, path string
		headers    []string
		status     int
		location   string
	}{
		{"a moved page", "/sites/agents-cline/getting-started/install.md", nil, 308, "/sites/agents-cline/getting-started/installing-cline.md"},
		{"a wildcard, not permanent", "/sites/agents-cline/old-usage/ide.md", nil, 307, "/sites/agents-cline/usage/ide.md"},
		{"asked by Accept", "/sites/agents-cline/getting-started/install", []string{"Accept: text/markdown"}, 308, "/sites/agents-cline/getting-started/installing-cline"},
		{"to the home page", "/sites/agents-cline/start.md", nil, 308, "/sites/agents-cline/index.md"},
		{"the home page, no page at /", "/sites/agents-cline/index.md", nil, 307, "/sites/agents-cline/cline-overview.md"},
		{"the root, asked by Accept", "/sites/agents-cline/", []string{"Accept: text/markdown"}, 307, "/sites/agents-cline/cline-overview"},
		{"the root on the site's host", "/docs/index.md", []string{"Host: docs.example.com"}, 307, "/docs/cline-overview.md"},
		{"on the site's host", "/docs/getting-started/install.md", []string{"Host: docs.example.com"}, 308, "/docs/getting-started/installing-cline.md"},
		{"off the site", "/sites/agents-cline/forum.md", nil, 308, "https://github.com/cline/cline/discussions"},
		{"a browser", "/sites/agents-cline/getting-started/install", []string{"Accept: text/html"}, 404, ""},
		{"no redirect", "/sites/agents-cline/getting-started/uninstall.md", nil, 404, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			req, err := http.NewRequest(http.MethodGet, h.base+tc.path, nil)
			if err != nil {
				t.Fatal(err)
			}
			for _, hd := range tc.headers {
				k, v, _ := strings.Cut(hd, ":")
				if k == "Host" {
					req.Host = strings.TrimSpace(v)
				} else {
					req.Header.Set(k, strings.TrimSpace(v))
				}
			}
			resp, err := noFollow.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != tc.status || resp.Header.Get("Location") != tc.location {
				t.Errorf("%d %q, want %d %q", resp.StatusCode, resp.Header.Get("Location"), tc.status, tc.location)
			}
		})
	}
	if resp, body := h.get(t, "/sites/agents-cline/getting-started/install.md"); resp.StatusCode != 200 || !strings.HasPrefix(pageOf(body), "# ") {
		t.Errorf("following the redirect: %d %.80q", resp.StatusCode, body)
	}
}

// A Markdown or llms.txt fetch counts in the class of the crawler that made it, under the
// agent's name; any other client's fetch, a script's or a browser's, is an AI view of no name.
func TestFetchClassByUserAgent(t *testing.T) {
	h := start(t, nil)
	type who struct {
		class event.Class
		agent string
	}
	agents := map[string]who{
		"Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)":           {event.ClassTraining, "GPTBot"},
		"Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; OAI-SearchBot/1.0; +https://openai.com/searchbot": {event.ClassSearchIndex, "OAI-SearchBot"},
		"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)":                                         {event.ClassSearchIndex, "Googlebot"},
		"Mozilla/5.0 (compatible; Diffbot/0.1; +http://www.diffbot.com)":                                                   {event.ClassOtherAI, "Diffbot"},
		"Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-User/1.0; +Claude-User@anthropic.com)":      {event.ClassAI, "Claude-User"},
		"curl/8.5.0": {event.ClassAI, ""},
		"Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36": {event.ClassAI, ""},
	}
	for ua := range agents {
		for _, path := range []string{"/sites/agents-cline/getting-started/installing-cline.md", "/sites/agents-cline/llms.txt"} {
			if resp, _ := h.get(t, path, "User-Agent: "+ua); resp.StatusCode != 200 {
				t.Fatalf("%s as %s: %d", path, ua, resp.StatusCode)
			}
		}
	}
	eventually.Succeeds(t, 10*time.Second, func() error {
		seen := map[string]int{}
		for _, v := range h.events.traffic(event.TypePageView) {
			want, ok := agents[v.UserAgent]
			if !ok || v.Class != want.class || v.Agent != want.agent {
				return fmt.Errorf("page view of %s by %q: class %q agent %q, want %+v", v.Path, v.UserAgent, v.Class, v.Agent, want)
			}
			seen[v.UserAgent]++
		}
		for ua := range agents {
			if seen[ua] != 2 {
				return fmt.Errorf("%d page views by %q, want 2", seen[ua], ua)
			}
		}
		return nil
	})
}
