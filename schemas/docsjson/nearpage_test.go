package docsjson_test

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/lectern-dev/lectern/schemas/docsjson"
)

// TestMissingPageNearInFolderOfOtherCase: ContactShip's docs (testdata/sites/
// contactship-folder-case, its SOURCE) list "es/integrations/quickstart" while its file is
// es/Integrations/quickstart.mdx. The error names the file the entry most likely means, as it
// does for a page of the entry's own folder whose name differs in letter case; it suggested
// nothing, so the reader was told to create a page that exists.
func TestMissingPageNearInFolderOfOtherCase(t *testing.T) {
	const unpublished = "until then its link in the navigation is broken, and it is left out of search, the assistant's context, llms.txt and the Markdown pages"
	rep := loadSite(t, filepath.Join("testdata", "sites", "contactship-folder-case")).Validate(docsjson.ValidateOptions{})
	for _, tt := range []struct{ path, page, near string }{
		{"navigation.languages[0].tabs[0].groups[1].pages[0]", "es/integrations/quickstart", "es/Integrations/quickstart"},
		{"navigation.languages[0].tabs[0].groups[1].pages[1]", "es/integrations/make", "es/Integrations/make"},
		{"navigation.languages[0].tabs[0].groups[1].pages[2]", "es/integrations/n8n", "es/Integrations/n8n"},
	} {
		want := docsjson.Problem{Path: tt.path, Message: `page "` + tt.page + `" has no file; did you mean "` + tt.near + `"? (or create ` + tt.page + `.mdx); ` + unpublished}
		if !slices.Contains(rep.Errors, want) {
			t.Errorf("no error %q at %s; errors: %v", want.Message, tt.path, rep.Errors)
		}
	}
	if len(rep.Errors) != 3 {
		t.Errorf("%d errors, want 3: %v", len(rep.Errors), rep.Errors)
	}
}
