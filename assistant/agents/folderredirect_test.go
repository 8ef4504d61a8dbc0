package agents_test

import (
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/platform/sites"
)

// TestFolderShowsItsFirstPage: Turso's docs send old URLs to "/cli", "/sdk" and "/sdk/flutter",
// folders without a page of their own (../../schemas/docsjson/testdata/sites/
// turso-folder-redirect, its SOURCE). Mintlify sends a folder's URL to the first page of the
// navigation inside it (mintlify/mint#93, #114); the Markdown routes answered 404, so an agent
// following the site's redirect found nothing (rehearse29). A path that is no folder of the
// site ("/sdk/js") is still not found.
func TestFolderShowsItsFirstPage(t *testing.T) {
	docs, err := filepath.Abs("../../schemas/docsjson/testdata/sites/turso-folder-redirect")
	if err != nil {
		t.Fatal(err)
	}
	h := startWith(t, []sites.Site{{Domain: "turso", Project: "turso-docs", Docs: docs}}, nil)
	noFollow := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	for _, tc := range []struct {
		path     string
		headers  []string
		status   int
		location string
	}{
		{"/sites/turso/cli.md", nil, 307, "/sites/turso/cli/introduction.md"},
		{"/sites/turso/sdk.md", nil, 307, "/sites/turso/sdk/introduction.md"},
		{"/sites/turso/sdk/flutter.md", nil, 307, "/sites/turso/sdk/flutter/quickstart.md"},
		{"/sites/turso/cli/", []string{"Accept: text/markdown"}, 307, "/sites/turso/cli/introduction"},
		{"/sites/turso/reference.md", nil, 308, "/sites/turso/cli.md"}, // the site's redirect, to the folder
		{"/sites/turso/sdk/js.md", nil, 404, ""},
		{"/sites/turso/cl.md", nil, 404, ""}, // a prefix of a folder's name is no folder
	} {
		t.Run(tc.path, func(t *testing.T) {
			req, err := http.NewRequest(http.MethodGet, h.base+tc.path, nil)
			if err != nil {
				t.Fatal(err)
			}
			for _, hd := range tc.headers {
				k, v, _ := strings.Cut(hd, ":")
				req.Header.Set(k, strings.TrimSpace(v))
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
	if resp, body := h.get(t, "/sites/turso/reference.md"); resp.StatusCode != 200 || !strings.HasPrefix(pageOf(body), "# ") {
		t.Errorf("following the redirects: %d %.80q", resp.StatusCode, body)
	}
}
