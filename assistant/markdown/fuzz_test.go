package markdown_test

import (
	"os"
	"path/filepath"
	"testing"
	"unicode/utf8"

	"github.com/lectern-dev/lectern/assistant/markdown"
)

// FuzzBody: any page renders without a panic, to valid UTF-8 when the page is, and to at most
// a few times its size (components add list markers, labels and quote prefixes, never copies).
func FuzzBody(f *testing.F) {
	for _, s := range []string{
		"<Note>\n  text\n</Note>", "<Steps>\n<Step title=\"a\">\n```\nx\n```\n</Step>\n</Steps>", "{/* x */}\n<a href=\"/x\">\n<h2>T</h2>\n</a>",
		"<Tabs><Tab title=\"x\">y</Tab></Tabs>", "<<<>>>{{{}}}`", "<Card title={`a`} href='/b' {...p} />", "---\ntitle: x\n---\n# x\n",
	} {
		f.Add(s)
	}
	pages, _ := filepath.Glob("../search/testdata/eval/cline/getting-started/*.mdx")
	for _, p := range pages[:min(3, len(pages))] {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(string(b))
		}
	}
	f.Fuzz(func(t *testing.T, src string) {
		out := markdown.Body(src, "T", nil)
		if utf8.ValidString(src) && !utf8.ValidString(out) {
			t.Errorf("invalid UTF-8 out of valid input %q", src)
		}
		if len(out) > 8*len(src)+64 {
			t.Errorf("%d bytes out of %d", len(out), len(src))
		}
	})
}
