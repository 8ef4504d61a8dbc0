package docsfs_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/assistant/docsfs"
)

// FuzzRun: any command line either is refused as a syntax error or runs within its bounds;
// nothing panics and the output never passes the limit by more than its marker.
func FuzzRun(f *testing.F) {
	for _, s := range []string{
		"ls", "tree -L 2 /", "cat /guides/auth.md:1-3", "grep -n -i -C 2 'key|token' / | head -n 5", "cd guides && cat *.md | wc",
		`grep -e "a\"b" /`, "sed -n '2,$p' /index.md", "find . -iname '*AUTH*'", "tail -n +2 /index.md; echo done",
		"grep '(((a*)*)*)*$' /", "cat '/x y.md'", "ls ../../..", "head -n 99999999999 /index.md",
	} {
		f.Add(s)
	}
	fs := testFS()
	lim := docsfs.Limits{Output: 2048, Pipe: 8192, Commands: 16, Timeout: 2 * time.Second}
	f.Fuzz(func(t *testing.T, script string) {
		res, err := fs.Run(context.Background(), script, lim)
		if err != nil {
			return
		}
		if len(res.Output) > lim.Output+512 {
			t.Errorf("%d bytes of output for %q", len(res.Output), script)
		}
		if res.Truncated != strings.Contains(res.Output, "[output truncated at") {
			t.Errorf("truncated=%v but output %q", res.Truncated, res.Output)
		}
	})
}
