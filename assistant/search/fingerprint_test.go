package search_test

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/lectern-dev/lectern/assistant/search"
)

// TestOutsideLinks: the symbolic links of a site that lead out of its directory are listed
// (a linked skills folder, a linked page, a link to the parent, which loops), and the
// fingerprint does not follow them: an edit of a skill reached through one changes nothing,
// an edit inside the directory does. Links inside the directory, links that lead nowhere and
// links in hidden folders are not listed.
func TestOutsideLinks(t *testing.T) {
	tmp := t.TempDir()
	dir := filepath.Join(tmp, "docs")
	for _, d := range []string{"outside/skills/deploy", "docs/.mintlify/assistant", "docs/snippets", "docs/.git"} {
		if err := os.MkdirAll(filepath.Join(tmp, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write(t, tmp, "outside/skills/deploy/skill.md", "---\nname: deploy\ndescription: Deploy.\n---\nSteps.\n")
	write(t, tmp, "outside/page.mdx", "# Page\n")
	write(t, dir, "index.mdx", "# Home\n")
	write(t, dir, "snippets/a.mdx", "A\n")
	for link, target := range map[string]string{
		".mintlify/assistant/skills": "../../../outside/skills", // the case the last session left: a skill folder outside
		"guide.mdx":                  "../outside/page.mdx",
		"up":                         "..", // leads out, and would loop
		"self":                       ".",  // loops inside
		"shared":                     "snippets",
		"gone.mdx":                   "../nowhere.mdx",
		".git/root":                  "/",
	} {
		if err := os.Symlink(target, filepath.Join(dir, link)); err != nil {
			t.Fatal(err)
		}
	}
	links, err := search.OutsideLinks(dir)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{".mintlify/assistant/skills", "guide.mdx", "up"}; !slices.Equal(links, want) {
		t.Errorf("outside links %q, want %q", links, want)
	}
	fp := search.DirFingerprint(dir)
	before, err := fp()
	if err != nil {
		t.Fatal(err)
	}
	write(t, tmp, "outside/skills/deploy/skill.md", "---\nname: deploy\ndescription: Deploy it.\n---\nMore steps.\n")
	if after, err := fp(); err != nil || after != before {
		t.Errorf("fingerprint %s → %s (%v): want it unchanged by a file outside the directory", before, after, err)
	}
	write(t, dir, "index.mdx", "# Home page\n")
	if after, err := fp(); err != nil || after == before {
		t.Errorf("fingerprint unchanged by an edit inside the directory (%v)", err)
	}
}
