package docsjson_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
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

// TestListedPageLinkedOut: Polar's docs (testdata/sites/polar-security-link, its SOURCE) list
// "security", whose file docs/security.mdx is a symbolic link to the repository's
// ../SECURITY.md. Read from the docs directory alone the link leads out and is not followed:
// nav validate said the page had no file and suggested "security" itself; it must say that
// the file is a link that leads outside the docs directory (naming the link, not where it
// leads), and the served site must warn in the same words. With the repository as the site's
// root the link is followed and the page has its file. A link inside the docs to no file says so.
func TestListedPageLinkedOut(t *testing.T) {
	src := filepath.Join("testdata", "sites", "polar-security-link")
	tests := []struct {
		name     string
		target   string // of docs/security.mdx
		root     bool   // the repository is the site's root
		want     string // in the one problem; "" for none
		wantNone string // in no problem
	}{
		{"a link out of the docs", "../SECURITY.md", false, "its file security.mdx is a symbolic link that leads outside the docs directory", "did you mean"},
		{"a link out of the docs, inside the root", "../SECURITY.md", true, "", ""},
		{"a link inside the docs to no file", "legal/security.md", false, "its file security.mdx is a symbolic link to no file", "did you mean"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			repo := t.TempDir()
			docs := filepath.Join(repo, "docs")
			for from, to := range map[string]string{"docs.json": "docs/docs.json", "support.mdx": "docs/support.mdx", "SECURITY.md": "SECURITY.md"} {
				data, err := os.ReadFile(filepath.Join(src, from))
				if err != nil {
					t.Fatal(err)
				}
				if err := os.MkdirAll(filepath.Dir(filepath.Join(repo, to)), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(repo, to), data, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if err := os.Symlink(tt.target, filepath.Join(docs, "security.mdx")); err != nil {
				t.Fatal(err)
			}
			root := ""
			if tt.root {
				root = repo
			}
			fsys, err := docsjson.DirFSWithin(docs, root)
			if err != nil {
				t.Fatal(err)
			}
			site, err := docsjson.LoadFS(fsys, "docs.json")
			if err != nil {
				t.Fatalf("LoadFS: %v", err)
			}
			rep := site.Validate(docsjson.ValidateOptions{})
			tree, _, err := site.ResolvePartial()
			if err != nil {
				t.Fatalf("ResolvePartial: %v", err)
			}
			served := site.FileProblems(site.AllPages(tree))
			if tt.want == "" {
				if len(rep.Errors) != 0 || len(served) != 0 {
					t.Fatalf("nav validate %v, the site %v; want no problem", rep.Errors, served)
				}
				return
			}
			if len(rep.Errors) != 1 || len(served) != 1 {
				t.Fatalf("nav validate %v, the site %v; want one problem each", rep.Errors, served)
			}
			for _, p := range []docsjson.Problem{rep.Errors[0], served[0]} {
				if !strings.Contains(p.Message, tt.want) || strings.Contains(p.Message, tt.wantNone) {
					t.Errorf("%q: want %q in it and not %q", p.Message, tt.want, tt.wantNone)
				}
				if strings.Contains(p.Message, "SECURITY") || strings.Contains(p.Message, "legal") {
					t.Errorf("%q names where the link leads", p.Message)
				}
			}
			if rep.Errors[0] != served[0] {
				t.Errorf("nav validate %v, the site %v: want the same problem", rep.Errors[0], served[0])
			}
		})
	}
}
