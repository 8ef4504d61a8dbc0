package sites_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/platform/sites"
)

// TestRoot: a site's root is read from the sites file's directory when relative, and must be
// an existing directory that holds the docs directory; each refusal names the field, the site
// and the rule.
func TestRoot(t *testing.T) {
	dir := t.TempDir()
	for _, d := range []string{"mono/docs", "mono/shared", "other"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "mono/README.md"), []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(dir, "mono/docs"), filepath.Join(dir, "other/docs")); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, docs, root string
		want             string // in the error; "" none
		wantRoot         string // the root read, under dir
	}{
		{"none", "./mono/docs", "", "", ""},
		{"the repository, relative", "./mono/docs", "./mono", "", "mono"},
		{"the docs directory itself", "./mono/docs", "mono/docs", "", "mono/docs"},
		{"absolute", "./mono/docs", filepath.Join(dir, "mono"), "", "mono"},
		{"the docs through a link into the root", "./other/docs", "./mono", "", "mono"},
		{"missing", "./mono/docs", "./monorepo", `sites[0].root "` + filepath.Join(dir, "monorepo") + `" (site "acme"): want an existing directory that holds the docs directory`, ""},
		{"a file", "./mono/docs", "./mono/README.md", `(site "acme"): want a directory that holds the docs directory, not a file`, ""},
		{"beside the docs", "./mono/docs", "./mono/shared", `(site "acme"): does not hold the docs directory`, ""},
		{"below the docs", "./mono", "./mono/docs", `(site "acme"): does not hold the docs directory`, ""},
		{"the docs missing", "./mono/site", "./mono", `(site "acme"): the docs directory`, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(dir, "lectern.yaml")
			yaml := "sites:\n  - domain: acme\n    project: acme-prod\n    docs: " + tc.docs + "\n"
			if tc.root != "" {
				yaml += "    root: " + tc.root + "\n"
			}
			if err := os.WriteFile(path, []byte(yaml), 0o600); err != nil {
				t.Fatal(err)
			}
			reg, err := sites.Load(path)
			if tc.want != "" {
				if err == nil || !strings.Contains(err.Error(), tc.want) {
					t.Fatalf("Load = %v, want an error containing %q", err, tc.want)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			acme, _ := reg.Domain("acme")
			want := ""
			if tc.wantRoot != "" {
				want = filepath.Join(dir, tc.wantRoot)
			}
			if acme.Root != want {
				t.Errorf("root %q, want %q", acme.Root, want)
			}
		})
	}
}
