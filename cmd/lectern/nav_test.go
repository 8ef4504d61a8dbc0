package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// writeSite creates a site directory from file names and contents.
func writeSite(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, body := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func runNav(args ...string) (int, string, string) {
	var stdout, stderr bytes.Buffer
	code := 0
	err := runEnv(context.Background(), append([]string{"nav"}, args...), nil, &stdout, &stderr)
	var ex exitError
	switch {
	case errors.As(err, &ex):
		code = int(ex)
	case err != nil:
		code = 1
		stderr.WriteString(err.Error())
	}
	return code, stdout.String(), stderr.String()
}

type navReport struct {
	Errors   []struct{ Path, Message, File string } `json:"errors"`
	Warnings []struct{ Path, Message, File string } `json:"warnings"`
}

func TestNavValidateLecternDocs(t *testing.T) {
	for _, args := range [][]string{
		{"validate", "../../docs"},
		{"validate", "../../docs/docs.json"},
		{"validate", "--no-files", "../../docs"},
	} {
		code, out, errOut := runNav(args...)
		if code != 0 || !strings.Contains(out, "0 errors, 0 warnings") {
			t.Errorf("nav %q = %d\n%s%s", args, code, out, errOut)
		}
	}
}

func TestNavValidateJSON(t *testing.T) {
	dir := writeSite(t, map[string]string{
		"docs.json": `{"theme": "mint", "name": "Test", "colors": {"primary": "#000000"}, "navigation": {"tabs": [{"tab": "A", "groups": [{"group": "G", "expanded": true, "pages": ["a", "missing"]}]}, {"pages": ["b"]}]}}`,
		"a.mdx":     "---\ntitle: A\n---\n",
		"b.md":      "# B",
	})
	code, out, errOut := runNav("validate", dir, "--json")
	if code != 1 {
		t.Fatalf("exit %d, want 1\n%s%s", code, out, errOut)
	}
	var rep navReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("stdout is not the JSON report: %v\n%s", err, out)
	}
	wantErrors := []string{"navigation.tabs[0].groups[0].pages[1]", "navigation.tabs[1]"}
	if len(rep.Errors) != len(wantErrors) {
		t.Fatalf("errors = %+v, want paths %q", rep.Errors, wantErrors)
	}
	for i, e := range rep.Errors {
		if e.Path != wantErrors[i] || e.Message == "" {
			t.Errorf("error %d = %+v, want path %s", i, e, wantErrors[i])
		}
	}
	if len(rep.Warnings) != 1 || rep.Warnings[0].Path != "navigation.tabs[0].groups[0].expanded" {
		t.Errorf("warnings = %+v", rep.Warnings)
	}
}

func TestNavValidateNoFiles(t *testing.T) {
	dir := writeSite(t, map[string]string{"docs.json": `{"theme": "mint", "name": "Test", "colors": {"primary": "#000000"}, "navigation": {"pages": ["missing"]}}`})
	if code, out, _ := runNav("validate", dir); code != 1 || !strings.Contains(out, `page "missing" has no file`) {
		t.Errorf("with files: exit %d\n%s", code, out)
	}
	if code, out, _ := runNav("validate", "--no-files", dir); code != 0 || !strings.Contains(out, "files not read") {
		t.Errorf("--no-files: exit %d\n%s", code, out)
	}
}

// TestNavValidateAssistantFiles: a skill the assistant cannot use is a warning of nav validate,
// named by its file, as the assistant's load warns about it; --no-files reads no such file.
func TestNavValidateAssistantFiles(t *testing.T) {
	dir := writeSite(t, map[string]string{
		"docs.json": `{"theme": "mint", "name": "Test", "colors": {"primary": "#000000"}, "navigation": {"pages": ["a"]}}`,
		"a.mdx":     "---\ntitle: A\n---\n",
		".mintlify/assistant/skills/refunds/skill.md":  "# Refunds\n",
		".mintlify/assistant/skills/Bad Slug/skill.md": "---\nname: B\ndescription: B.\n---\nb",
	})
	code, out, errOut := runNav("validate", dir, "--json")
	var rep navReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil || code != 0 {
		t.Fatalf("exit %d, want 0 (warnings only): %v\n%s%s", code, err, out, errOut)
	}
	want := []string{".mintlify/assistant/skills/Bad Slug", ".mintlify/assistant/skills/refunds/skill.md"}
	if len(rep.Warnings) != len(want) {
		t.Fatalf("warnings %+v, want paths %q", rep.Warnings, want)
	}
	for i, w := range rep.Warnings {
		if w.Path != want[i] || w.Message == "" {
			t.Errorf("warning %d = %+v, want path %s", i, w, want[i])
		}
	}
	if code, out, _ := runNav("validate", "--no-files", dir); code != 0 || strings.Contains(out, ".mintlify") {
		t.Errorf("--no-files: exit %d\n%s", code, out)
	}
}

// TestNavValidateUnbuiltSource: a source tree whose pages are built into another directory
// (LangChain's src/, whose docs.json lists oss/python/overview for src/oss/overview.mdx) gets
// one line saying so, first, and each page's error still.
func TestNavValidateUnbuiltSource(t *testing.T) {
	files := map[string]string{"docs.json": `{"theme": "mint", "name": "Test", "colors": {"primary": "#000000"}, "navigation": {"groups": [{"group": "Python",
		"pages": ["oss/python/overview", "oss/python/quickstart", "oss/python/agents"]}, {"group": "Home", "pages": ["index"]}]}}`,
		"index.mdx": "# Home", "oss/overview.mdx": "# Overview", "oss/quickstart.mdx": "# Quickstart", "oss/agents.mdx": "# Agents"}
	code, out, _ := runNav("validate", writeSite(t, files))
	lines := strings.Split(out, "\n")
	if code != 1 || len(lines) < 4 || lines[2] != "navigation" ||
		lines[3] != "  warning: 3 of the 4 pages the navigation lists have no file here: if this is a source tree whose pages are built into another directory, validate the directory the site is published from (the one holding docs.json beside the built pages)" ||
		strings.Count(out, "has no file;") != 3 {
		t.Errorf("exit %d\n%s\nwant the summary first, then the 3 pages' errors", code, out)
	}
	delete(files, "oss/python/agents")
	files["oss/python/overview.mdx"], files["oss/python/quickstart.mdx"] = "# Overview", "# Quickstart"
	if code, out, _ := runNav("validate", writeSite(t, files)); code != 1 || strings.Contains(out, "source tree") || strings.Count(out, "has no file;") != 1 {
		t.Errorf("one page of four missing: exit %d\n%s\nwant its error alone", code, out)
	}
}

// TestNavValidateHumanGroupsByPath: problems are grouped by JSON path, each path followed by the
// navigation elements it lies in (`in group "G"`), which a path alone does not tell someone
// new to a docs.json of many languages or tabs.
func TestNavValidateHumanGroupsByPath(t *testing.T) {
	dir := writeSite(t, map[string]string{
		"docs.json": `{"theme": "mint", "name": "Test", "colors": {"primary": "#000000"}, "navigation": {"groups": [{"group": "G", "expanded": "yes", "tabs": [], "pages": ["GET /x", "a", "a"]}]}}`,
	})
	code, out, _ := runNav("validate", "--no-files", dir)
	want := dir + `: 1 error, 3 warnings (configuration only; files not read)

navigation.groups[0]
  warning: group "G" holds tabs; a group holds only pages (nest groups inside pages) (Mintlify's validator accepts this)

navigation.groups[0].expanded
  in group "G"
  error: expanded must be true or false, but it is a string

navigation.groups[0].pages[0]
  in group "G"
  warning: endpoint "GET /x" has no OpenAPI spec in scope; set "openapi" on this element or one of its parents (Mintlify's validator accepts this)

navigation.groups[0].pages[2]
  in group "G"
  warning: page "a" is already listed at navigation.groups[0].pages[1]; list each page once per version, language and product
`
	if code != 1 || out != want {
		t.Errorf("exit %d, output:\n%s\nwant:\n%s", code, out, want)
	}
}

func TestNavValidateLoadErrors(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string
		want  string
	}{
		{"invalid JSON", map[string]string{"docs.json": "{\n  \"navigation\": {,}\n}"}, "invalid JSON at line 2, column 18"},
		{"broken ref", map[string]string{"docs.json": `{"navigation": {"$ref": "nav.json"}}`}, `$ref "nav.json" names a file that does not exist (docs.json → nav.json)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := writeSite(t, tt.files)
			code, out, _ := runNav("validate", dir)
			if code != 1 || !strings.Contains(out, tt.want) {
				t.Errorf("exit %d, want 1 and %q in:\n%s", code, tt.want, out)
			}
			code, out, _ = runNav("validate", "--json", dir)
			var rep navReport
			if err := json.Unmarshal([]byte(out), &rep); err != nil || code != 1 || len(rep.Errors) != 1 || !strings.Contains(rep.Errors[0].Message, tt.want) {
				t.Errorf("--json: exit %d, report %+v (%v)", code, rep, err)
			}
		})
	}
	if code, out, _ := runNav("validate", filepath.Join(t.TempDir(), "nowhere")); code != 1 || !strings.Contains(out, "no such file") {
		t.Errorf("missing site: exit %d\n%s", code, out)
	}
}

func TestNavTree(t *testing.T) {
	code, out, errOut := runNav("tree", "../../docs")
	if code != 0 || !strings.Contains(out, `"Quickstart"  /quickstart  (quickstart.mdx)`) || !strings.Contains(out, "POST /discovery/v1/assistant/{domain}/message") {
		t.Errorf("tree = %d\n%s%s", code, out, errOut)
	}
	textCount := regexp.MustCompile(`(?m)^(\d+) pages$`).FindStringSubmatch(out)
	code, out, _ = runNav("tree", "--json", "../../docs")
	var tree struct {
		PageCount int `json:"pageCount"`
		Root      struct {
			Children []json.RawMessage `json:"children"`
		} `json:"root"`
	}
	if err := json.Unmarshal([]byte(out), &tree); err != nil || code != 0 || len(textCount) != 2 ||
		strconv.Itoa(tree.PageCount) != textCount[1] || tree.PageCount < 10 || len(tree.Root.Children) != 2 {
		t.Errorf("tree --json = %d: %d pages (text says %v), %d top-level children (%v)", code, tree.PageCount, textCount, len(tree.Root.Children), err)
	}
	dir := writeSite(t, map[string]string{"docs.json": `{"navigation": {"tabs": []}, "styling": {"eyebrows": 1}}`})
	if code, _, errOut := runNav("tree", dir); code != 1 || !strings.Contains(errOut, "styling.eyebrows") {
		t.Errorf("invalid site: exit %d\n%s", code, errOut)
	}
}

// TestNavValidateRequiredFields: like Mintlify's validator, nav validate refuses a docs.json
// without the top-level fields every site needs, naming each; nav tree still resolves it (the
// assistant indexes such a site).
func TestNavValidateRequiredFields(t *testing.T) {
	dir := writeSite(t, map[string]string{"docs.json": `{"colors": {"primary": "teal"}, "navigation": {"pages": ["a"]}}`, "a.mdx": "# A"})
	code, out, _ := runNav("validate", dir)
	for _, want := range []string{"3 errors, 0 warnings", "\ntheme\n  error: docs.json has no \"theme\"", "\nname\n  error: docs.json has no \"name\"", "\ncolors.primary\n  error: colors.primary is \"teal\""} {
		if !strings.Contains(out, want) {
			t.Errorf("nav validate printed:\n%s\nwant %q", out, want)
		}
	}
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	if code, out, errOut := runNav("tree", dir); code != 0 || !strings.Contains(out, "/a") {
		t.Errorf("nav tree = %d:\n%s%s", code, out, errOut)
	}
}

// TestNavUsage: a usage mistake is one line naming it and the hint to ask for help (exit 2);
// help is on stdout (exit 0).
func TestNavUsage(t *testing.T) {
	tests := []struct {
		args []string
		code int
		want string
	}{
		{nil, 2, "Usage: lectern nav <command>"},
		{[]string{"frobnicate"}, 2, `lectern nav: unknown command "frobnicate"`},
		{[]string{"validat", "docs"}, 2, `lectern nav: unknown command "validat" (did you mean "validate"?)`},
		{[]string{"validate"}, 2, "lectern nav validate: missing one PATH"},
		{[]string{"validate", "a", "b"}, 2, `lectern nav validate: unexpected argument "b"`},
		{[]string{"validate", "--bogus", "../../docs"}, 2, "lectern nav validate: unknown flag --bogus"},
		{[]string{"tree"}, 2, "lectern nav tree: missing one PATH"},
		{[]string{"help"}, 0, "Usage: lectern nav <command>"},
		{[]string{"--help"}, 0, "Usage: lectern nav <command>"},
		{[]string{"validate", "-h"}, 0, "Usage: lectern nav validate [flags] PATH"},
	}
	for _, tt := range tests {
		code, out, errOut := runNav(tt.args...)
		if code != tt.code {
			t.Errorf("nav %q = %d, want %d", tt.args, code, tt.code)
		}
		got := errOut
		if tt.code == 0 {
			got = out
		}
		if !strings.Contains(got, tt.want) {
			t.Errorf("nav %q printed %q, want %q", tt.args, got, tt.want)
		}
		if tt.code == 2 && len(tt.args) > 0 && !strings.Contains(errOut, "--help' for usage.") {
			t.Errorf("nav %q: no hint to run --help:\n%s", tt.args, errOut)
		}
	}
}

// TestNavRoot: Polar's docs (the docs/ folder of polarsource/polar; the files are
// schemas/docsjson/testdata/sites/polar-security-link, laid out as the repository has them)
// list "security", whose file links to the repository's ../SECURITY.md. A served site with the
// repository as its root: reads it; nav validate, index and tree had no way to be told the
// root, so validate failed on a site that serves without a problem. --root is that root: the
// link is followed, and a root that does not hold the site is refused.
func TestNavRoot(t *testing.T) {
	src := filepath.Join("..", "..", "schemas", "docsjson", "testdata", "sites", "polar-security-link")
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
	if err := os.Symlink("../SECURITY.md", filepath.Join(docs, "security.mdx")); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		args []string
		code int
		want string // in the output
	}{
		{[]string{"validate", docs}, 1, "its file security.mdx is a symbolic link that leads outside the docs directory"},
		{[]string{"validate", "--root", repo, docs}, 0, "0 errors, 0 warnings"},
		{[]string{"validate", "--root", repo, filepath.Join(docs, "docs.json")}, 0, "0 errors, 0 warnings"},
		{[]string{"validate", "--root", t.TempDir(), docs}, 1, "does not hold the docs directory"},
		{[]string{"index", docs}, 0, "file-missing"},
		{[]string{"index", "--root", repo, docs}, 0, "2 pages; 2 in search"},
		{[]string{"tree", "--root", repo, docs}, 0, "Security and Vulnerability Reporting"},
	}
	for _, tt := range tests {
		code, out, errOut := runNav(tt.args...)
		if code != tt.code || !strings.Contains(out+errOut, tt.want) {
			t.Errorf("nav %q = %d, want %d and %q in:\n%s%s", tt.args, code, tt.code, tt.want, out, errOut)
		}
	}
}
