package docsfs_test

import (
	"testing"

	"github.com/lectern-dev/lectern/assistant/docsfs"
)

// TestQuote: a path Quote gives is one argument of cat, whatever its file name holds
// (Flashduty's docs have "alert-sources/standard alert.mdx"); a plain path stays as it is.
func TestQuote(t *testing.T) {
	for _, p := range []string{"/zh/告警/standard alert.md", "/a/it's here.md", `/b/"x" $y;z|w&v.md`, "/c/plain-页面.md"} {
		fs := docsfs.New([]docsfs.File{{Path: p, Title: "T", Content: "# T\n\nbody\n"}})
		q := docsfs.Quote(p)
		if (q == p) != (p == "/c/plain-页面.md") {
			t.Errorf("Quote(%q) = %q", p, q)
		}
		res := run(t, fs, "cat "+q, docsfs.DefaultLimits)
		if res.Failed != 0 || res.Output != "# T\n\nbody\n" {
			t.Errorf("cat %s: %+v", q, res)
		}
	}
}
