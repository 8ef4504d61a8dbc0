package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/schemas/docsjson"
)

// TestNavUpgrade: `lectern nav upgrade` prints the docs.json a mint.json site is read as,
// writes it with --write only where there is none, and refuses what it cannot upgrade with
// exit 1 (2 for a usage mistake).
func TestNavUpgrade(t *testing.T) {
	mint := `{"name": "Old", "tabs": [{"name": "API", "url": "api"}], "navigation": [{"group": "Start", "pages": ["index"]}, {"group": "API", "pages": ["api/users"]}]}`
	upgraded, err := docsjson.MarshalUpgrade([]byte(mint))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name      string
		files     map[string]string
		args      []string // after the site directory's path, which {dir} stands for
		code      int
		stdout    string // the whole stdout, or with a leading "~" a part of it
		stderr    string // part of stderr
		wantDocs  string // docs.json afterwards ("" none)
		fileInDir string // the path argument names this file of the site instead of the site
	}{
		{name: "prints the upgrade", files: map[string]string{"mint.json": mint}, args: []string{"{dir}"}, stdout: string(upgraded)},
		{name: "a mint.json file", files: map[string]string{"mint.json": mint}, args: []string{"{dir}"}, fileInDir: "mint.json", stdout: string(upgraded)},
		{name: "writes docs.json", files: map[string]string{"mint.json": mint}, args: []string{"--write", "{dir}"}, stdout: "~wrote ", wantDocs: string(upgraded)},
		{name: "never over docs.json", files: map[string]string{"mint.json": mint, "docs.json": "{}"}, args: []string{"--write", "{dir}"}, fileInDir: "mint.json",
			code: 1, stderr: "already exists; it is never overwritten", wantDocs: "{}"},
		{name: "a site read from docs.json", files: map[string]string{"mint.json": mint, "docs.json": "{}"}, args: []string{"{dir}"}, code: 1,
			stderr: "the site has a docs.json, which it is read from", wantDocs: "{}"},
		{name: "no mint.json", files: map[string]string{"index.mdx": "# Hi"}, args: []string{"{dir}"}, code: 1, stderr: "no mint.json to upgrade"},
		{name: "not JSON", files: map[string]string{"mint.json": "{"}, args: []string{"{dir}"}, code: 1, stderr: "invalid JSON at line 1"},
		{name: "no path", files: map[string]string{}, args: nil, code: 2, stderr: "PATH"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := writeSite(t, tc.files)
			target := dir
			if tc.fileInDir != "" {
				target = filepath.Join(dir, tc.fileInDir)
			}
			args := []string{"upgrade"}
			for _, a := range tc.args {
				args = append(args, strings.ReplaceAll(a, "{dir}", target))
			}
			code, out, errOut := runNav(args...)
			if code != tc.code || !strings.Contains(errOut, tc.stderr) {
				t.Fatalf("exit %d, stderr %q; want %d and %q", code, errOut, tc.code, tc.stderr)
			}
			if part, ok := strings.CutPrefix(tc.stdout, "~"); ok && !strings.Contains(out, part) || !ok && out != tc.stdout {
				t.Fatalf("stdout:\n%s\nwant:\n%s", out, tc.stdout)
			}
			docs, err := os.ReadFile(filepath.Join(dir, "docs.json"))
			if tc.wantDocs == "" && err == nil || tc.wantDocs != "" && string(docs) != tc.wantDocs {
				t.Fatalf("docs.json afterwards: %q (%v); want %q", docs, err, tc.wantDocs)
			}
		})
	}
}
