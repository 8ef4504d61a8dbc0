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
// warning of the site saying that it is not followed, naming the link and not where it leads
// (a path of the server), and what it leads to is not read: a skills folder linked from a
// monorepo's shared folder is not loaded, one linked inside the directory is. Links inside
// the directory warn of nothing; past ten links the rest are counted.
func TestLinksOutsideTheSiteWarned(t *testing.T) {
	const why = ": a symbolic link that leads outside the docs directory; Lectern does not follow it"
	tests := []struct {
		name  string
		links map[string]string // link (in the docs directory) → target
		want  []string          // the warnings' starts
		skill bool              // the payments skill is read through .mintlify/skills
	}{
		{name: "a skills folder outside (a monorepo's shared one)", links: map[string]string{".mintlify/skills": "../../shared/skills"},
			want: []string{"warning: .mintlify/skills" + why}, skill: false},
		{name: "a page, and the parent (a loop)", links: map[string]string{"guide.mdx": "../shared/guide.mdx", "up": ".."},
			want: []string{"warning: guide.mdx" + why, "warning: up" + why}},
		{name: "inside the directory", links: map[string]string{".mintlify/skills": "../skills", "home.mdx": "index.mdx"}, skill: true},
		{name: "twelve", links: twelveLinks(), want: append(twelveWarnings(why), "warning: 2 more symbolic links lead outside the docs directory and are not followed either")},
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
			if _, linked := tc.links[".mintlify/skills"]; linked {
				if read := slices.ContainsFunc(d.Catalog.Skills, func(s sitedocs.Skill) bool { return s.Name == "payments" }); read != tc.skill {
					t.Errorf("the linked skill read: %v, want %v (%+v)", read, tc.skill, d.Catalog.Skills)
				}
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

// TestLinksOutsideTheSiteAreNotRead: a page whose file is a link out of the docs directory
// (a contributor's "notes.mdx -> /proc/self/environ", here a file beside the directory) is
// not read: its text is in no page, no Markdown and no llms-full.txt; the page is reported.
func TestLinksOutsideTheSiteAreNotRead(t *testing.T) {
	const secret = "LECTERN_LLM_API_KEY=sk-not-for-readers"
	root := t.TempDir()
	dir := filepath.Join(root, "docs")
	writeFiles(t, root, map[string]string{
		"docs/docs.json":  `{"name": "G", "navigation": {"pages": ["index", "notes"]}}`,
		"docs/index.mdx":  "---\ntitle: Home\n---\n\nHello.\n",
		"server.env":      secret + "\n",
		"docs/inside.mdx": "---\ntitle: Inside\n---\n\nA page inside.\n",
	})
	symlink(t, "../server.env", filepath.Join(dir, "notes.mdx"))
	symlink(t, "inside.mdx", filepath.Join(dir, "alias.mdx"))
	d, err := sitedocs.Load(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range d.Entries {
		if strings.Contains(e.Body, secret) {
			t.Errorf("page %s holds the file the link leads to", e.URL)
		}
		if p, ok := d.Catalog.Page(e.URL, "", ""); ok && strings.Contains(d.Catalog.Markdown(p), secret) {
			t.Errorf("the Markdown of %s holds the file the link leads to", e.URL)
		}
	}
	if !slices.ContainsFunc(d.Problems, func(p string) bool {
		return strings.Contains(p, `"notes" has no file`) || strings.Contains(p, "notes.mdx: a symbolic link")
	}) {
		t.Errorf("the page behind the link is not reported: %q", d.Problems)
	}
	alias, ok := d.Catalog.Page("/alias", "", "")
	if !ok || !strings.Contains(d.Catalog.Markdown(alias), "A page inside.") {
		t.Errorf("a link inside the directory is not read: %v", ok)
	}
}
