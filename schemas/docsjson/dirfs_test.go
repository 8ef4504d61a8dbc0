package docsjson_test

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/lectern-dev/lectern/schemas/docsjson"
)

// TestDirFSWithin reads a monorepo's docs (docs/snippets -> ../shared/snippets, and a link out
// of the repository) through DirFSWithin: the shared snippet only when the root holds it, the
// file outside the root never, no name above the docs directory, and a root that does not
// hold the docs refused.
func TestDirFSWithin(t *testing.T) {
	tmp := t.TempDir()
	for name, body := range map[string]string{"repo/docs/index.mdx": "Home", "repo/shared/snippets/a.mdx": "Shared", "server.env": "SECRET"} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(tmp, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(tmp, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for link, target := range map[string]string{"repo/docs/snippets": "../shared/snippets", "repo/docs/env": "../../server.env"} {
		if err := os.Symlink(target, filepath.Join(tmp, link)); err != nil {
			t.Fatal(err)
		}
	}
	docs := filepath.Join(tmp, "repo/docs")
	tests := []struct {
		name, root string
		err        error
		reads      map[string]bool // file → readable
	}{
		{"no root", "", nil, map[string]bool{"index.mdx": true, "snippets/a.mdx": false, "env": false}},
		{"the repository", filepath.Join(tmp, "repo"), nil, map[string]bool{"index.mdx": true, "snippets/a.mdx": true, "env": false, "../shared/snippets/a.mdx": false}},
		{"the docs' folder beside it", filepath.Join(tmp, "repo/shared"), docsjson.ErrRootOutside, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fsys, err := docsjson.DirFSWithin(docs, tc.root)
			if !errors.Is(err, tc.err) {
				t.Fatalf("DirFSWithin: %v, want %v", err, tc.err)
			}
			for file, want := range tc.reads {
				if _, err := fs.ReadFile(fsys, file); (err == nil) != want {
					t.Errorf("%s read: %v, want readable %v", file, err, want)
				}
			}
		})
	}
}
