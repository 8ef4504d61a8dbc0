package sitedocs_test

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/sitedocs"
)

// TestRedirectToNoPageReported: a redirect whose destination no page answers is a problem of
// the served site (/readyz?verbose, the log, the metric), as `lectern nav validate` reports it
// (Unstructured's redirects[8] to a page it had removed was reported by the one only); one to a
// page, or on to another redirect, is not.
func TestRedirectToNoPageReported(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{
		"docs/docs.json": `{"name": "G", "navigation": {"pages": ["index", "guide"]}, "redirects": [
			{"source": "/old-guide", "destination": "/guide"},
			{"source": "/free-api", "destination": "/api-reference/legacy-api/free-api"},
			{"source": "/older", "destination": "/old-guide"}]}`,
		"docs/index.mdx": "---\ntitle: Home\n---\n\nHello.\n",
		"docs/guide.mdx": "---\ntitle: Guide\n---\n\nSteps.\n",
	})
	d, err := sitedocs.Load(context.Background(), filepath.Join(root, "docs"))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range d.Problems {
		if strings.Contains(p, "redirects[") {
			got = append(got, p)
		}
	}
	if len(got) != 1 || !strings.HasPrefix(got[0], "warning: redirects[1]") || !strings.Contains(got[0], `"/api-reference/legacy-api/free-api" is no page of the site`) {
		t.Errorf("redirect problems %q, want the one to /api-reference/legacy-api/free-api", got)
	}
	if slices.ContainsFunc(d.Problems, func(p string) bool { return strings.HasPrefix(p, "error: ") }) {
		t.Errorf("errors: %q", d.Problems)
	}
}

// TestShadowedPageReported: a redirect whose source is a page's URL shadows the page (redirects
// apply before pages): the served site's problems warn of it in nav validate's words, naming
// the redirect and the page, and the page is in neither search nor llms.txt. AdCP redirects
// the two pages its latest version lists (adcontextprotocol/adcp@4439b187,
// schemas/docsjson/testdata/sites/adcp-dist).
func TestShadowedPageReported(t *testing.T) {
	d, err := sitedocs.Load(context.Background(), "../../schemas/docsjson/testdata/sites/adcp-dist")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range d.Problems {
		if strings.Contains(p, "redirects apply before pages") {
			got = append(got, p)
		}
	}
	if len(got) != 2 || !strings.HasPrefix(got[0], `warning: redirects[0].source: source "/docs/intro" matches the URL of the page "/docs/intro"`) ||
		!strings.Contains(got[1], `land on "/dist/docs/3.1.2/quickstart"`) {
		t.Errorf("problems %q, want the two shadowed pages", got)
	}
	shadowed := func(u string) bool { return u == "/docs/intro" || u == "/docs/quickstart" }
	for _, p := range d.Pages {
		if shadowed(p.URL) {
			t.Errorf("%s is in search", p.URL)
		}
	}
	for _, p := range append(d.Catalog.LLMsPages(), d.Catalog.Files()...) {
		if shadowed(p.URL) {
			t.Errorf("%s is in llms.txt or the MCP filesystem", p.URL)
		}
	}
}
