package assistant_test

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestPageInAnotherCase: a page path in another case than the site's folder (/zh-hant/... for
// LemonData's zh-Hant/, testdata/sites/lemondata-zhhant) is that page, as Mintlify matches
// routes: the page route serves it under its own path, and a search asked from it is in its
// language (zh-Hant), not the default.
func TestPageInAnotherCase(t *testing.T) {
	h := startSite(t, "acme", "testdata/sites/lemondata-zhhant")
	for _, path := range []string{"/zh-hant/quickstart", "/ZH-HANT/quickstart.md", "/zh-Hant/quickstart"} {
		status, body := h.postJSON(t, "/discovery/v1/page/acme", "", map[string]any{"path": path})
		var page struct{ Path, Content string }
		if err := json.Unmarshal(body, &page); status != 200 || err != nil || page.Path != "/zh-Hant/quickstart" || !strings.HasPrefix(page.Content, "# 快速入門") {
			t.Errorf("page %s: %d %s; want /zh-Hant/quickstart", path, status, body)
		}
	}
	for _, from := range []string{"/zh-hant/quickstart", "/zh-hant/introduction", "/zh-Hant/introduction"} {
		status, body := h.postJSON(t, "/discovery/v1/search/acme", "", map[string]any{"query": "API Key", "currentPath": from})
		var hits []struct{ Path string }
		if err := json.Unmarshal(body, &hits); status != 200 || err != nil || len(hits) == 0 {
			t.Fatalf("search from %s: %d %s", from, status, body)
		}
		for _, hit := range hits {
			if !strings.HasPrefix(hit.Path, "/zh-Hant/") {
				t.Errorf("search from %s: hit %s is not in zh-Hant", from, hit.Path)
			}
		}
	}
}
