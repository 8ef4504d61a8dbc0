package sitedocs_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"github.com/lectern-dev/lectern/assistant/sitedocs"
	"github.com/lectern-dev/lectern/assistant/specfetch"
)

// dodoSpec is Dodo Payments' OpenAPI document (516 KiB, 306 $refs), vendored for the search
// evaluation.
const dodoSpec = "../search/testdata/eval/dodo/openapi/openapi.documented.yml"

// BenchmarkLoadSpecByURL loads a site whose API tab names a real spec: as a file of the site
// (the baseline), by URL on loopback with a new fetcher each time (a first load: 200), and by
// URL with one fetcher (each later load: a conditional request answered 304).
func BenchmarkLoadSpecByURL(b *testing.B) {
	spec, err := os.ReadFile(dodoSpec)
	if err != nil {
		b.Fatal(err)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("ETag", `"dodo"`)
		if r.Header.Get("If-None-Match") == `"dodo"` {
			w.WriteHeader(http.StatusNotModified)
			return
		}
		w.Write(spec)
	}))
	b.Cleanup(srv.Close)
	site := func(ref string) string {
		dir := b.TempDir()
		writeFile(b, filepath.Join(dir, "docs.json"), `{"navigation": {"tabs": [{"tab": "Guides", "pages": ["intro"]}, {"tab": "API", "openapi": "`+ref+`"}]}}`)
		writeFile(b, filepath.Join(dir, "intro.mdx"), "---\ntitle: Intro\n---\nPayments.")
		writeFile(b, filepath.Join(dir, "openapi.yml"), string(spec))
		return dir
	}
	load := func(b *testing.B, dir string, f func() *specfetch.Fetcher) {
		for b.Loop() {
			d, err := sitedocs.Load(context.Background(), dir, sitedocs.FetchSpecs(f()))
			if err != nil || len(d.Pages) < 50 || len(d.Problems) > 0 {
				b.Fatalf("load: %v, %d pages, problems %q", err, len(d.Pages), d.Problems)
			}
		}
	}
	cfg := specfetch.DefaultConfig()
	b.Run("file", func(b *testing.B) { load(b, site("openapi.yml"), func() *specfetch.Fetcher { return nil }) })
	b.Run("url-first", func(b *testing.B) {
		load(b, site(srv.URL+"/openapi.yml"), func() *specfetch.Fetcher { return specfetch.New(cfg, "", nil) })
	})
	b.Run("url-304", func(b *testing.B) {
		f := specfetch.New(cfg, "", nil)
		load(b, site(srv.URL+"/openapi.yml"), func() *specfetch.Fetcher { return f })
	})
}
