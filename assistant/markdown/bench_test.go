package markdown_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/lectern-dev/lectern/assistant/markdown"
)

// BenchmarkBody renders every page of two public sites of the search evaluation (continue and
// cline, about 250 pages of MDX) to Markdown, as a catalog load does.
func BenchmarkBody(b *testing.B) {
	var pages []string
	var size int
	for _, site := range []string{"continue", "cline"} {
		for _, depth := range []string{"", "*/", "*/*/", "*/*/*/", "*/*/*/*/"} {
			names, _ := filepath.Glob("../search/testdata/eval/" + site + "/" + depth + "*.mdx")
			for _, name := range names {
				data, err := os.ReadFile(name)
				if err != nil {
					b.Fatal(err)
				}
				pages, size = append(pages, string(data)), size+len(data)
			}
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
