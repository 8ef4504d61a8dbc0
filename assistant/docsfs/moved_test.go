package docsfs_test

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/lectern-dev/lectern/assistant/docsfs"
	"github.com/lectern-dev/lectern/schemas/docsjson"
)

// TestMovedPageNamesItsNewPath reproduces a rehearsal on ngrok's docs (rehearse21): the .md of
// a page the site's redirects moved answers with the new page, but the MCP filesystem said only
// "no such file" for its old path, so an agent holding an old link (/platform/botusers, now
// /iam/service-users) was not told where it went. The path is still missing; the error names
// the file it moved to. testdata/ngrok/SOURCE.
func TestMovedPageNamesItsNewPath(t *testing.T) {
	body, err := os.ReadFile("testdata/ngrok/service-users.mdx")
	if err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile("testdata/ngrok/redirects.json")
	if err != nil {
		t.Fatal(err)
	}
	var redirects []docsjson.Redirect
	if err := json.Unmarshal(raw, &redirects); err != nil {
		t.Fatal(err)
	}
	rs := docsjson.CompileRedirects(redirects)
	fs := docsfs.New([]docsfs.File{{Path: "/iam/service-users.md", Title: "Service Users", Content: string(body)}},
		docsfs.Moved(func(url string) (string, bool) {
			ch, err := rs.Follow(url)
			if err != nil || !ch.Moved() {
				return "", false
			}
			return ch.Paths[len(ch.Paths)-1], true
		}))
	const missing = "no such file or directory (ls / lists the site)"
	tests := []struct{ script, want string }{
		{"cat /platform/botusers.md:1-3", "cat: /platform/botusers.md: " + missing + "; the site's redirects moved /platform/botusers.md to /iam/service-users.md\n"},
		{"cd /iam; head -n 2 ../platform/botusers.md", "$ cd /iam\n$ head -n 2 ../platform/botusers.md\nhead: /platform/botusers.md: " + missing + "; the site's redirects moved /platform/botusers.md to /iam/service-users.md\n"},
		{"cat /platform/botusers/index.md", "cat: /platform/botusers/index.md: " + missing + "; the site's redirects moved /platform/botusers/index.md to /iam/service-users.md\n"},
		// the source's .mdx name, which the filesystem answers to as it does the .md one
		{"cat /platform/botusers.mdx", "cat: /platform/botusers.mdx: " + missing + "; the site's redirects moved /platform/botusers.mdx to /iam/service-users.md\n"},
		// moved to a page that is no file here (/universal-gateway/points-of-presence/), or not moved
		{"cat /platform/pops.md", "cat: /platform/pops.md: " + missing + "\n"},
		{"cat /platform/nothing.md", "cat: /platform/nothing.md: " + missing + "\n"},
	}
	for _, tc := range tests {
		t.Run(tc.script, func(t *testing.T) {
			res := run(t, fs, tc.script, docsfs.DefaultLimits)
			if res.Output != tc.want || res.Failed != 1 {
				t.Errorf("output %q (failed %d)\nwant   %q (failed 1)", res.Output, res.Failed, tc.want)
			}
		})
	}
}
