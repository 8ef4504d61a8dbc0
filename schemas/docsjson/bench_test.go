package docsjson_test

import (
	"encoding/json"
	"fmt"
	"testing"
	"testing/fstest"

	"github.com/lectern-dev/lectern/schemas/docsjson"
)

// largeSite builds a site of 10 tabs × 10 groups × 100 pages (every tenth page inside a
// nested group) with a file for every page.
func largeSite(tb testing.TB) fstest.MapFS {
	tb.Helper()
	fsys := fstest.MapFS{}
	var tabs []any
	for t := range 10 {
		var groups []any
		for g := range 10 {
			var pages, nested []any
			for n := range 100 {
				page := fmt.Sprintf("tab%d/group%d/page%d", t, g, n)
				fsys[page+".mdx"] = &fstest.MapFile{Data: []byte("---\ntitle: Page\n---\nbody\n")}
				if n%10 == 0 {
					nested = append(nested, page)
				} else {
					pages = append(pages, page)
				}
			}
			pages = append(pages, map[string]any{"group": "Nested", "expanded": true, "pages": nested})
			groups = append(groups, map[string]any{"group": fmt.Sprintf("Group %d", g), "pages": pages})
		}
		tabs = append(tabs, map[string]any{"tab": fmt.Sprintf("Tab %d", t), "groups": groups})
	}
	data, err := json.Marshal(map[string]any{"theme": "mint", "name": "large", "colors": map[string]string{"primary": "#0D9373"}, "navigation": map[string]any{"tabs": tabs}})
	if err != nil {
		tb.Fatal(err)
	}
	fsys["docs.json"] = &fstest.MapFile{Data: data}
	return fsys
}

// BenchmarkValidate10kPages loads and validates a 10,000-page docs.json: the configuration
// alone, and with every page file checked.
func BenchmarkValidate10kPages(b *testing.B) {
	fsys := largeSite(b)
	for _, bc := range []struct {
		name string
		opts docsjson.ValidateOptions
	}{{"config", docsjson.ValidateOptions{NoFiles: true}}, {"files", docsjson.ValidateOptions{}}} {
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				site, err := docsjson.LoadFS(fsys, "docs.json")
				if err != nil {
					b.Fatal(err)
				}
				if rep := site.Validate(bc.opts); !rep.OK() || len(rep.Warnings) > 0 {
					b.Fatalf("report not clean: %+v", rep)
				}
			}
		})
	}
}

// BenchmarkResolve10kPages resolves the same site, reading every page's frontmatter.
func BenchmarkResolve10kPages(b *testing.B) {
	fsys := largeSite(b)
	site, err := docsjson.LoadFS(fsys, "docs.json")
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		tree, err := site.Resolve()
		if err != nil || len(tree.Pages) != 10000 {
			b.Fatalf("Resolve: %v", err)
		}
	}
}
