package sitedocs_test

import (
	"context"
	"testing"

	"github.com/lectern-dev/lectern/assistant/sitedocs"
)

// BenchmarkLoadNamedSpec loads 0xtrails' docs (search evaluation data), whose 32 endpoint
// pages name its 414 KB OpenAPI spec in their frontmatter: what every change of one of its
// files costs the server.
func BenchmarkLoadNamedSpec(b *testing.B) {
	for b.Loop() {
		d, err := sitedocs.Load(context.Background(), "../search/testdata/eval/trails")
		if err != nil || len(d.Pages) < 80 {
			b.Fatalf("load: %v, %d pages", err, len(d.Pages))
		}
	}
}
