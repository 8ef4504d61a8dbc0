package markdown_test

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/markdown"
)

// calloutTag finds the callouts a page opens on a line of their own.
var calloutTag = regexp.MustCompile(`(?m)^\s*<(Note|Warning|Tip|Info|Check|Danger)>`)

// TestCalloutLabelsAreComponentNames: on a page in another language a callout is led by its
// component's name in English, as Mintlify's Markdown export writes the component itself
// (<Note> on a German page; @mintlify/common's transformContentForMarkdown), never a label
// translated or of another kind. Real pages in German and Japanese.
func TestCalloutLabelsAreComponentNames(t *testing.T) {
	for _, file := range []string{
		"../search/testdata/dialogshift/de/phone-ai/weiterleitung-warnung.mdx",
		"../search/testdata/eval/alter/ja/api-router/api-gateway.mdx",
	} {
		t.Run(file, func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			kinds := calloutTag.FindAllStringSubmatch(string(src), -1)
			if len(kinds) == 0 {
				t.Fatal("the page has no callout; the case needs one")
			}
			body := markdown.Body(string(src), "", nil)
			for _, k := range kinds {
				if want := "> **" + k[1] + ":**"; !strings.Contains(body, want) {
					t.Errorf("no %q in the Markdown:\n%s", want, body)
				}
			}
		})
	}
}
