package markdown_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/markdown"
)

// BenchmarkBody renders every page of two public sites of the search evaluation (continue and
// cline, about 250 pages of MDX) to Markdown, as a catalog load does.
func BenchmarkBody(b *testing.B) {
	var pages []string
	var size int
	for _, site := range []string{"continue", "cline"} {
		err := filepath.WalkDir("../search/testdata/eval/"+site, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(p, ".mdx") {
				return err
			}
			data, err := os.ReadFile(p)
			pages = append(pages, string(data))
			size += len(data)
			return err
		})
		if err != nil {
			b.Fatal(err)
		}
	}
	if len(pages) == 0 {
		b.Fatal("no pages")
	}
	b.SetBytes(int64(size))
	b.ReportAllocs()
	var out int
	for b.Loop() {
		out = 0
		for _, p := range pages {
			out += len(markdown.Body(p, "Title", nil))
		}
	}
	b.ReportMetric(float64(len(pages)), "pages")
	b.ReportMetric(float64(out), "markdown-bytes")
}
