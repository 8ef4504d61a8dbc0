package event_test

import (
	"errors"
	"net/url"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/schemas/event"
)

func TestPagePath(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"/quickstart", "/quickstart"},
		{"quickstart", "/quickstart"},
		{"/api/users/{id}#get", "/api/users/{id}#get"},
		{"/", "/"},
		{"https://docs.example.com/quickstart?x=1", "https://docs.example.com/quickstart?x=1"},
		{"HTTP://docs.example.com/", "HTTP://docs.example.com/"},
		{"/a:b", "/a:b"},
		{"//evil.example/x", ""},
		{"///evil.example", ""},
		{"javascript:alert(document.cookie)", ""},
		{"JavaScript:alert(1)", ""},
		{"data:text/html,<script>", ""},
		{"vbscript:x", ""},
		{"/\\evil.example", ""},
		{"\\\\evil.example", ""},
		{"/a\nb", ""},
		{"/a\x00b", ""},
		{"/a\u0085b", ""},
		{"https://user:pw@evil.example/", ""},
		{"https:///nohost", ""},
		{"ftp://example.com/x", ""},
	} {
		got, err := event.PagePath(tc.in)
		if tc.want == "" {
			if !errors.Is(err, event.ErrPagePath) {
				t.Errorf("PagePath(%q) = %q, %v; want ErrPagePath", tc.in, got, err)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("PagePath(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
		}
	}
}

func FuzzPagePath(f *testing.F) {
	for _, s := range []string{"/q", "//x", "javascript:1", "https://a.b/c", "a\\b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := event.PagePath(s)
		if err != nil {
			return
		}
		if strings.ContainsAny(p, "\\\x00\n\r") {
			t.Fatalf("PagePath(%q) = %q: backslash or control character", s, p)
		}
		if strings.HasPrefix(p, "/") {
			if strings.HasPrefix(p, "//") {
				t.Fatalf("PagePath(%q) = %q: protocol-relative", s, p)
			}
			return
		}
		u, err := url.Parse(p)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			t.Fatalf("PagePath(%q) = %q: neither a site path nor an http(s) URL", s, p)
		}
	})
}

func TestCanonicalPath(t *testing.T) {
	for _, tc := range []struct{ in, path, page string }{
		{"/quickstart", "/quickstart", "/quickstart"},
		{"/quickstart/", "/quickstart", "/quickstart"},
		{"/quickstart/index", "/quickstart", "/quickstart"},
		{"/quickstart/index/", "/quickstart", "/quickstart"},
		{"/quickstart/index.html", "/quickstart", "/quickstart"},
		{"/quickstart/index.htm", "/quickstart", "/quickstart"},
		{"/quickstart//", "/quickstart", "/quickstart"},
		{"/", "/", "/"},
		{"/index", "/", "/"},
		{"/index.html", "/", "/"},
		{"/index/index/", "/", "/"},
		{"/guides/indexing", "/guides/indexing", "/guides/indexing"},
		{"/reindex", "/reindex", "/reindex"},
		{"/Quickstart/", "/Quickstart", "/Quickstart"},
		{"/api/users/{id}#get", "/api/users/{id}#get", "/api/users/{id}"},
		{"/quickstart/?ref=nav#install", "/quickstart?ref=nav#install", "/quickstart"},
		{"/quickstart/index#install", "/quickstart#install", "/quickstart"},
		{"https://docs.example.com/quickstart/", "https://docs.example.com/quickstart", "https://docs.example.com/quickstart"},
		{"https://docs.example.com/index.html?x=1", "https://docs.example.com/?x=1", "https://docs.example.com/"},
		{"https://docs.example.com", "https://docs.example.com", "https://docs.example.com"},
		{"https://docs.example.com/", "https://docs.example.com/", "https://docs.example.com/"},
	} {
		p, err := event.PagePath(tc.in)
		if err != nil {
			t.Fatalf("PagePath(%q): %v", tc.in, err)
		}
		if got := event.CanonicalPath(p); got != tc.path {
			t.Errorf("CanonicalPath(%q) = %q, want %q", tc.in, got, tc.path)
		}
		if got := event.PageOf(p); got != tc.page {
			t.Errorf("PageOf(%q) = %q, want %q", tc.in, got, tc.page)
		}
	}
}

// FuzzCanonicalPath: the canonical form of a valid page reference is valid, stable, and has
// no trailing slash or index segment left to remove.
func FuzzCanonicalPath(f *testing.F) {
	for _, s := range []string{"/q/", "/q/index", "/index.html?x#y", "https://a.b/c/", "https://a.b", "/a//index//"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := event.PagePath(s)
		if err != nil {
			return
		}
		for _, c := range []string{event.CanonicalPath(p), event.PageOf(p)} {
			if again, err := event.PagePath(c); err != nil || again != c {
				t.Fatalf("%q → %q: not a stored page path (%q, %v)", s, c, again, err)
			}
			if event.CanonicalPath(c) != c {
				t.Fatalf("%q → %q → %q: not stable", s, c, event.CanonicalPath(c))
			}
		}
		page := event.PageOf(p)
		if strings.ContainsAny(page, "?#") {
			t.Fatalf("PageOf(%q) = %q keeps a query or fragment", s, page)
		}
		if page != "/" && (strings.HasSuffix(page, "/") && strings.HasPrefix(page, "/") ||
			strings.HasSuffix(page, "/index") || strings.HasSuffix(page, "/index.html")) {
			t.Fatalf("PageOf(%q) = %q: a trailing slash or index left", s, page)
		}
	})
}

// AgentForm reads a host's path of an agent's fetch as the page and form Lectern's own routes
// record: "/x.md" is page /x as Markdown, llms.txt and llms-full.txt their formats.
func TestAgentForm(t *testing.T) {
	tests := []struct {
		in, page string
		format   event.Format
	}{
		{"/guides/setup.md", "/guides/setup", event.FormatMarkdown},
		{"/index.md", "/", event.FormatMarkdown},
		{"/guides/index.md", "/guides", event.FormatMarkdown},
		{"https://docs.acme.dev/guides/setup.md", "https://docs.acme.dev/guides/setup", event.FormatMarkdown},
		{"/llms.txt", "/llms.txt", event.FormatLLMs},
		{"/docs/llms-full.txt", "/docs/llms-full.txt", event.FormatLLMsFull},
		{"/guides/setup", "/guides/setup", event.FormatHTML},
		{"/.md", "/.md", event.FormatHTML},               // no page before the suffix
		{"/guides/.md", "/guides/.md", event.FormatHTML}, // likewise
		{"/guides/readme.mdx", "/guides/readme.mdx", event.FormatHTML},
		{"/notllms.txt", "/notllms.txt", event.FormatHTML},
	}
	for _, tt := range tests {
		page, format := event.AgentForm(tt.in)
		if page != tt.page || format != tt.format {
			t.Errorf("AgentForm(%q) = %q, %q; want %q, %q", tt.in, page, format, tt.page, tt.format)
		}
	}
}
