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
