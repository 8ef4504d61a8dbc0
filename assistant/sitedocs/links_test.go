package sitedocs_test

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/sitedocs"
)

// TestLinksOutsideTheSiteWarned: a symbolic link that leads outside the docs directory is a
// warning of the site saying why it is not watched (search.DirFingerprint does not follow it:
// the sites file names the directory only, and a link may lead anywhere), naming the link and
// not where it leads (a path of the server). The site still reads through it: the skill is
// loaded. Links inside the directory warn of nothing; past ten links the rest are counted.
func TestLinksOutsideTheSiteWarned(t *testing.T) {
	const why = ": a symbolic link that leads outside the docs directory; Lectern reads through it but does not watch it for changes"
	tests := []struct {
		name  string
		links map[string]string // link (in the docs directory) → target
		want  []string          // the warnings' starts
	}{
		{name: "a skills folder outside (a monorepo's shared one)", links: map[string]string{".mintlify/skills": "../../shared/skills"},
			want: []string{"warning: .mintlify/skills" + why}},
		{name: "a page, and the parent (a loop)", links: map[string]string{"guide.mdx": "../shared/guide.mdx", "up": ".."},
			want: []string{"warning: guide.mdx" + why, "warning: up" + why}},
		{name: "inside the directory", links: map[string]string{".mintlify/skills": "../skills", "home.mdx": "index.mdx"}},
		{name: "twelve", links: twelveLinks(), want: append(twelveWarnings(why), "warning: 2 more symbolic links lead outside the docs directory and are not watched either")},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			dir := filepath.Join(root, "docs")
			writeFiles(t, root, map[string]string{
				"docs/docs.json":                  `{"name": "G", "navigation": {"pages": ["index"]}}`,
				"docs/index.mdx":                  "---\ntitle: Home\n---\n\nHello.\n",
				"docs/skills/payments/SKILL.md":   "---\nname: payments\ndescription: Take payments.\n---\n\nSteps.\n",
				"shared/skills/payments/SKILL.md": "---\nname: payments\ndescription: Take payments.\n---\n\nSteps.\n",
				"shared/guide.mdx":                "# Guide\n",
			})
			for link, target := range tc.links {
				symlink(t, target, filepath.Join(dir, link))
			}
			d, err := sitedocs.Load(context.Background(), dir)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, p := range d.Problems {
				if strings.Contains(p, "symbolic link") {
					got = append(got, p)
					if strings.Contains(p, root) {
						t.Errorf("the warning names a path of the server: %s", p)
					}
				}
			}
			if len(got) != len(tc.want) {
				t.Fatalf("warnings %q, want %d starting %q", got, len(tc.want), tc.want)
			}
			for i := range got {
				if !strings.HasPrefix(got[i], tc.want[i]) {
					t.Errorf("warning %q, want it to start %q", got[i], tc.want[i])
				}
			}
			if _, linked := tc.links[".mintlify/skills"]; linked && !slices.ContainsFunc(d.Catalog.Skills, func(s sitedocs.Skill) bool { return s.Name == "payments" }) {
				t.Errorf("the linked skill is not read: %+v", d.Catalog.Skills)
			}
		})
	}
}

// twelveLinks are twelve pages linked from outside the directory, p00.mdx to p11.mdx.
func twelveLinks() map[string]string {
	out := map[string]string{}
	for i := range 12 {
		out[fmt.Sprintf("p%02d.mdx", i)] = "../shared/guide.mdx"
	}
	return out
}

// twelveWarnings are the warnings of the first ten of twelveLinks.
func twelveWarnings(why string) []string {
	var out []string
	for i := range 10 {
		out = append(out, fmt.Sprintf("warning: p%02d.mdx%s", i, why))
	}
	return out
}
