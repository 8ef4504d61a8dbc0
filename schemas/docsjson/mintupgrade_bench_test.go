package docsjson_test

import (
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"

	"github.com/lectern-dev/lectern/schemas/docsjson"
)

// BenchmarkLoadMint loads the largest real mint.json of the upgrade's corpus (mindsdb: 7 tabs,
// 3 anchors, 48 KB) as a site, upgraded, beside the same site given its upgraded docs.json
// (the baseline): the cost of the upgrade on a load.
func BenchmarkLoadMint(b *testing.B) {
	mint, err := os.ReadFile(filepath.Join("..", "..", "scripts", "navdiff", "mintcorpus", "mindsdb.json"))
	if err != nil {
		b.Fatal(err)
	}
	docs, err := docsjson.MarshalUpgrade(mint)
	if err != nil {
		b.Fatal(err)
	}
	for _, bc := range []struct{ name, file string }{{"docs.json", "docs.json"}, {"mint.json", "mint.json"}} {
		fsys := fstest.MapFS{"docs.json": {Data: docs}, "mint.json": {Data: mint}}
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				site, err := docsjson.LoadFS(fsys, bc.file)
				if err != nil {
					b.Fatal(err)
				}
				if rep := site.Validate(docsjson.ValidateOptions{NoFiles: true}); !rep.OK() {
					b.Fatalf("report: %+v", rep.Errors)
				}
			}
		})
	}
}
