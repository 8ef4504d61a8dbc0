package llmstxt_test

import (
	"context"
	"testing"

	"github.com/lectern-dev/lectern/assistant/llmstxt"
	"github.com/lectern-dev/lectern/assistant/sitedocs"
)

// evalSites are the three public sites of the search evaluation (93 to 154 pages each).
var evalSites = []string{"trails", "continue", "cline", "../../../../docs"}

// BenchmarkLoad measures a site's load with its catalog (every page rendered to Markdown),
// as each index rebuild does it.
func BenchmarkLoad(b *testing.B) {
	for _, name := range evalSites {
		b.Run(name, func(b *testing.B) {
			var pages, size int
			for b.Loop() {
				docs, err := sitedocs.Load(context.Background(), "../search/testdata/eval/"+name)
				if err != nil {
					b.Fatal(err)
				}
				pages, size = len(docs.Catalog.Pages), 0
				for _, p := range docs.Catalog.Pages {
					size += len(p.Body)
				}
			}
			b.ReportMetric(float64(pages), "pages")
			b.ReportMetric(float64(size), "markdown-bytes")
		})
	}
}

// BenchmarkLLMsFullTxt measures writing llms-full.txt (served from a cache afterwards).
func BenchmarkLLMsFullTxt(b *testing.B) {
	for _, name := range evalSites {
		b.Run(name, func(b *testing.B) {
			docs, err := sitedocs.Load(context.Background(), "../search/testdata/eval/"+name)
			if err != nil {
				b.Fatal(err)
			}
			site := llmstxt.Site{Catalog: docs.Catalog, Name: name, Base: "https://docs.example.com"}
			var n int
			for b.Loop() {
				n = len(llmstxt.LLMsFullTxt(site))
			}
			b.ReportMetric(float64(n), "bytes")
		})
	}
}
