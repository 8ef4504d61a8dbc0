package sitedocs_test

import (
	"context"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/sitedocs"
)

// TestListedPageIgnored: a draft the navigation lists under a folder .mintignore excludes is
// no page: not in search or the assistant's context, not in llms.txt, not served as Markdown
// (Mintlify: excluded files "aren't accessible to visitors"), and the site says why. Lectern
// had served it as any listed page.
func TestListedPageIgnored(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"docs.json":          `{"name": "Acme", "navigation": {"groups": [{"group": "Start", "pages": ["index", "drafts/pricing"]}]}}`,
		".mintignore":        "drafts/\n",
		"index.mdx":          "---\ntitle: Home\n---\nWelcome to Acme.\n",
		"drafts/pricing.mdx": "---\ntitle: Pricing draft\ndescription: Unannounced prices.\n---\nThe zebra plan costs 9 dollars.\n",
	})
	d, err := sitedocs.Load(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range d.Entries {
		if e.URL == "/drafts/pricing" && (e.Index.Search || e.Index.Assistant || e.Index.LLMsTxt) {
			t.Errorf("the ignored draft is indexed: %+v", e.Index)
		}
	}
	for _, p := range d.Pages {
		if p.URL == "/drafts/pricing" {
			t.Errorf("the ignored draft is in site search")
		}
	}
	if _, ok := d.Catalog.Page("/drafts/pricing", "", ""); ok {
		t.Errorf("the ignored draft is served as Markdown")
	}
	for _, p := range d.Catalog.LLMsPages() {
		if p.URL == "/drafts/pricing" {
			t.Errorf("the ignored draft is in llms.txt")
		}
	}
	if _, ok := d.Catalog.Page("/", "", ""); !ok {
		t.Errorf("the home page is not served")
	}
	if len(d.Problems) != 1 || !strings.Contains(d.Problems[0], `page "drafts/pricing": its file drafts/pricing.mdx is ignored (.mintignore pattern "drafts/")`) {
		t.Errorf("problems %q, want the ignored draft named with its pattern", d.Problems)
	}
}
