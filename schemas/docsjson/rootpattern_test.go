package docsjson_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/schemas/docsjson"
)

// TestRootPatternsKeepMintlifysOne: a navigation with several root patterns shows the one
// Mintlify's validator keeps (the first of products, languages, versions, tabs, dropdowns,
// anchors, groups, pages), not all of them. On Spree's docs.json (testdata/sites/
// spree-versions-beside-tabs), "versions" beside a stale copy of "tabs": before, the tabs'
// 302 pages were listed in no version as well (3,082 listings, 2,074 now), so telemetry's
// page, which v6.x alone lists, was served to the default version v5.x too, in its search and
// its llms.txt.
func TestRootPatternsKeepMintlifysOne(t *testing.T) {
	site := loadSite(t, filepath.Join("testdata", "sites", "spree-versions-beside-tabs"))
	rep := site.Validate(docsjson.ValidateOptions{NoFiles: true})
	if len(rep.Errors) > 0 {
		t.Fatalf("errors: %+v", rep.Errors)
	}
	const want = "navigation has more than one root pattern (versions and tabs); keep exactly one and nest the others inside it: the site shows versions and leaves tabs out"
	found := false
	for _, w := range rep.Warnings {
		found = found || w.Path == "navigation" && strings.HasPrefix(w.Message, want)
	}
	if !found {
		t.Errorf("no warning %q in %+v", want, rep.Warnings)
	}
	tree, err := site.Resolve()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range tree.Root.Children {
		if c.Kind != docsjson.KindVersion {
			t.Errorf("the navigation shows %s %q beside its versions", c.Kind, c.Label)
		}
	}
	versions := map[string][]string{}
	for _, pg := range tree.Pages {
		versions[pg.URL] = append(versions[pg.URL], pg.Version)
		if pg.Version == "" {
			t.Errorf("page %s is listed in no version", pg.URL)
		}
	}
	for _, url := range []string{"/developer/dashboard/overview", "/developer/deployment/telemetry"} {
		if got := versions[url]; len(got) != 1 || got[0] != "v6.x" {
			t.Errorf("%s is in versions %q, want v6.x only", url, got)
		}
	}
	if got := versions["/user/orders/refunding-orders"]; len(got) != 2 {
		t.Errorf("/user/orders/refunding-orders is in versions %q, want v5.x and v6.x", got)
	}
}
