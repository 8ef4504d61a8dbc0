package docsjson_test

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/lectern-dev/lectern/schemas/docsjson"
)

// TestFileProblemsAgreeWithValidate: a served site warns of every listed page without a
// published file that `nav validate` reports as an error, in its words, at its path. ngrok's
// docs (testdata/sites/ngrok-agent-listed-twice, its SOURCE) list the agent's overview as
// "agent/index" and again as "agent", which has no file of its own: Validate reported the
// second listing, the served site did not (its listing was marked listed elsewhere, since
// both have the URL /agent), so /readyz?verbose counted one problem fewer than nav validate.
func TestFileProblemsAgreeWithValidate(t *testing.T) {
	files := map[string]string{"guide.mdx": "# Guide\n", "fr/guide.mdx": "# Guide\n", ".mintignore": "drafts/\n", "drafts/plan.mdx": "# Plan\n"}
	tests := []struct {
		name string
		site func(t *testing.T) *docsjson.Site
		want int // file problems
	}{
		{"ngrok lists a page by its folder's index and again by the folder", func(t *testing.T) *docsjson.Site {
			return loadSite(t, filepath.Join("testdata", "sites", "ngrok-agent-listed-twice"))
		}, 1},
		{"a missing page listed twice", func(t *testing.T) *docsjson.Site {
			return loadJSON(t, withSettings(`{"groups": [{"group": "A", "pages": ["guide", "setup"]}, {"group": "B", "pages": ["setup"]}]}`), files)
		}, 2},
		{"an ignored page listed twice", func(t *testing.T) *docsjson.Site {
			return loadJSON(t, withSettings(`{"groups": [{"group": "A", "pages": ["drafts/plan"]}, {"group": "B", "pages": ["guide", "drafts/plan"]}]}`), files)
		}, 2},
		{"a missing page two languages list", func(t *testing.T) *docsjson.Site {
			return loadJSON(t, withSettings(`{"languages": [{"language": "en", "pages": ["guide", "shared"]}, {"language": "fr", "pages": ["fr/guide", "shared"]}]}`), files)
		}, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			site := tt.site(t)
			rep := site.Validate(docsjson.ValidateOptions{})
			tree, _, err := site.ResolvePartial()
			if err != nil {
				t.Fatalf("ResolvePartial: %v", err)
			}
			got := site.FileProblems(site.AllPages(tree))
			if len(got) != tt.want {
				t.Errorf("%d file problems, want %d: %v", len(got), tt.want, got)
			}
			for _, p := range got {
				if !slices.Contains(rep.Errors, p) {
					t.Errorf("the site warns %q, which nav validate does not report; its errors: %v", p, rep.Errors)
				}
			}
			if len(rep.Errors) != len(got) {
				t.Errorf("nav validate reports %d errors, the site %d file problems:\n%v\n%v", len(rep.Errors), len(got), rep.Errors, got)
			}
		})
	}
}
