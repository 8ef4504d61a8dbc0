package docsjson_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/schemas/docsjson"
)

// unreachable is a loader that has no document: each read fails with err.
type unreachable struct{ err error }

func (u unreachable) ReadSpec(string) ([]byte, error) { return nil, u.err }

// TestUnreachableSpecReportedOnce: a spec given by URL that cannot be fetched, or is being
// fetched, is one problem, not one per endpoint page. Portkey's docs (Portkey-AI/docs-core@b60bcb7,
// testdata/sites/portkey-endpoints) name their spec in api.openapi and list MDX endpoint pages
// 373 times: a first start whose fetch failed reported 390 problems (in /readyz?verbose, the log
// and lectern_assistant_site_problems), 373 of them the same. A page taking its spec from the
// navigation is reported where docs.json names the spec; a spec that pages' frontmatter names
// by URL is reported at the first of them, counting the others.
func TestUnreachableSpecReportedOnce(t *testing.T) {
	const url = "https://api.example.com/openapi.json"
	page := "---\ntitle: P\nopenapi: " + url + " GET /users\n---\n"
	frontmatter := func() *docsjson.Site {
		return loadJSON(t, withSettings(`{"pages": ["a", "b", "c"]}`), map[string]string{"a.mdx": page, "b.mdx": page, "c.mdx": page})
	}
	down := fmt.Errorf("GET %s: dial tcp: connection refused", url)
	pending := fmt.Errorf("fetching: %w", docsjson.ErrSpecPending)
	tests := []struct {
		name     string
		site     *docsjson.Site
		fail     error
		report   int    // problems of the report (docs.json)
		pageProb string // the one page problem, "" for none
	}{
		{name: "portkey: api.openapi cannot be fetched", site: loadSite(t, filepath.Join("testdata", "sites", "portkey-endpoints")), fail: down, report: 1},
		{name: "portkey: api.openapi is being fetched", site: loadSite(t, filepath.Join("testdata", "sites", "portkey-endpoints")), fail: pending, report: 1},
		{name: "frontmatter: cannot be fetched", site: frontmatter(), fail: down,
			pageProb: `page "a": openapi "` + url + `" could not be fetched: ` + down.Error() + ` (frontmatter of a.mdx); the page shows no API reference, nor do 2 other pages whose frontmatter names it`},
		{name: "frontmatter: being fetched", site: frontmatter(), fail: pending,
			pageProb: `page "a": openapi "` + url + `" is being fetched in the background (no copy is cached yet) (frontmatter of a.mdx); the page shows its API reference when it arrives, as do 2 other pages whose frontmatter names it`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.site.SetRemoteSpecs(unreachable{tt.fail})
			tree, rep, err := tt.site.ResolvePartial()
			if err != nil {
				t.Fatalf("ResolvePartial: %v", err)
			}
			if n := len(rep.Errors) + len(rep.Warnings); n != tt.report {
				t.Errorf("%d problems in the report, want %d: %+v", n, tt.report, rep)
			}
			var got []string
			for _, p := range tree.PageProblems() {
				got = append(got, p.Message)
			}
			want := []string{}
			if tt.pageProb != "" {
				want = []string{tt.pageProb}
			}
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("page problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
		})
	}
}
