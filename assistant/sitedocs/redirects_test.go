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
