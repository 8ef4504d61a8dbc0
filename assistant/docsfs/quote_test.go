package docsfs_test

import (
	"strings"
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

// TestSpacedNameHint: a page whose file name has a space, named unquoted (as ls prints it),
// is two arguments that name nothing; the error says so and gives the command with the name
// quoted, which runs.
func TestSpacedNameHint(t *testing.T) {
	fs := docsfs.New([]docsfs.File{{Path: "/zh/alert-sources/standard alert.md", Title: "T", Content: "# 标准告警事件\n\nbody\n"}})
	for _, tc := range []struct{ script, want string }{
		{"cat /zh/alert-sources/standard alert.md", "cat '/zh/alert-sources/standard alert.md'"},
		{"cd /zh/alert-sources; head -n 1 standard alert.md", "head -n 1 'standard alert.md'"},
		{"cat -n /zh/alert-sources/standard alert.md:1-1", "cat -n '/zh/alert-sources/standard alert.md:1-1'"},
	} {
		res := run(t, fs, tc.script, docsfs.DefaultLimits)
		if res.Failed != 1 || !strings.Contains(res.Output, "no such file or directory") || !strings.Contains(res.Output, "one argument when quoted: "+tc.want) {
			t.Errorf("%s:\n%s", tc.script, res.Output)
			continue
		}
		hinted := tc.want
		if strings.HasPrefix(tc.script, "cd ") {
			hinted = "cd /zh/alert-sources; " + tc.want
		}
		if res := run(t, fs, hinted, docsfs.DefaultLimits); res.Failed != 0 || !strings.Contains(res.Output, "# 标准告警事件") {
			t.Errorf("%s: %+v", hinted, res)
		}
	}
	if res := run(t, fs, "cat /zh/nothing here.md", docsfs.DefaultLimits); strings.Contains(res.Output, "quoted") {
		t.Errorf("a hint for names that are no page: %s", res.Output)
	}
}
