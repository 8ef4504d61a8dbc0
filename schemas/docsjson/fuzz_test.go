package docsjson_test

import (
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/schemas/docsjson"
)

// FuzzSite feeds arbitrary docs.json bytes to the loader, the validator (with and without
// files) and the resolver: none may panic, and they must agree with one another.
func FuzzSite(f *testing.F) {
	for _, name := range goldenSites {
		data, err := os.ReadFile(filepath.Join("testdata", "sites", name, "docs.json"))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	for _, tc := range validationCases {
		if tc.raw {
			f.Add([]byte(tc.nav))
		} else {
			f.Add([]byte(`{"navigation": ` + tc.nav + `}`))
		}
	}
	f.Add([]byte(`{"navigation": {"$ref": "nav.json", "global": {"anchors": [{"anchor": "x", "href": "mailto:a@b"}]}}}`))
	f.Add([]byte(`{"navigation": {"pages": [{"$ref": "docs.json"}]}}`))
	fsys := siteFS("", map[string]string{
		"a.mdx":       "---\ntitle: A\nhidden: true\nopenapi: GET /users\n---\nbody",
		"b.md":        "---\ntitle: [unclosed\n---\n",
		"api.yaml":    usersSpec,
		"events.yaml": ordersAsyncAPI,
		"nav.json":    `{"tabs": [{"tab": "T", "openapi": "api.yaml", "pages": ["a", "b", "GET /users", {"$ref": "group.json"}]}]}`,
		"group.json":  `{"group": "G", "pages": ["a"]}`,
	})
	f.Fuzz(func(t *testing.T, data []byte) {
		fsys["docs.json"].Data = data
		site, err := docsjson.LoadFS(fsys, "docs.json")
		if err != nil {
			return
		}
		config := site.Validate(docsjson.ValidateOptions{NoFiles: true})
		full := site.Validate(docsjson.ValidateOptions{})
		checkReport(t, config)
		checkReport(t, full)
		if len(full.Errors) < len(config.Errors) {
			t.Fatalf("checking files lost errors: %d < %d", len(full.Errors), len(config.Errors))
		}
		partial, prep, perr := site.ResolvePartial()
		if perr != nil && strings.Contains(perr.Error(), "could not be resolved") {
			t.Fatalf("ResolvePartial hit a fault: %v", perr)
		}
		if nav := navigationOnly(config.Errors); len(prep.Errors) != len(nav) || len(prep.Warnings) != len(config.Warnings) {
			t.Fatalf("ResolvePartial reported %d errors, %d warnings; Validate %d (of the navigation), %d", len(prep.Errors), len(prep.Warnings), len(nav), len(config.Warnings))
		}
		if perr == nil && partial == nil {
			t.Fatal("ResolvePartial returned neither a tree nor an error")
		}
		tree, err := site.Resolve()
		if (err == nil) != (len(navigationOnly(config.Errors)) == 0) {
			t.Fatalf("Resolve error %v but configuration report OK = %v", err, config.OK())
		}
		if err != nil {
			return
		}
		checkTree(t, tree)
	})
}

func checkReport(t *testing.T, rep docsjson.Report) {
	t.Helper()
	for _, p := range append(rep.Errors, rep.Warnings...) {
		if strings.TrimSpace(p.Message) == "" {
			t.Fatalf("problem at %q has no message", p.Path)
		}
	}
}

func checkTree(t *testing.T, tree *docsjson.Tree) {
	t.Helper()
	for _, p := range tree.Pages {
		if !strings.HasPrefix(p.URL, "/") || p.Title == "" {
			t.Fatalf("page %+v has no URL or title", p)
		}
	}
	if _, err := json.Marshal(tree); err != nil {
		t.Fatalf("marshal tree: %v", err)
	}
	if err := tree.WriteText(io.Discard); err != nil {
		t.Fatalf("WriteText: %v", err)
	}
	_ = tree.PagesIn(tree.DefaultVersion(), "")
	_ = tree.Languages()
}

// TestExportRuleCases writes the rule table's configurations to $NAVDIFF_RULES (a JSON list of
// {name, config}) for scripts/navdiff, which runs them through Mintlify's validator and Lectern's.
// Without the variable it checks that every case is a JSON document the export could write.
func TestExportRuleCases(t *testing.T) {
	type rule struct {
		Name   string          `json:"name"`
		Config json.RawMessage `json:"config"`
	}
	var rules []rule
	for _, tc := range validationCases {
		raw := withSettings(tc.nav)
		if tc.raw {
			raw = tc.nav
		}
		if tc.files != nil || !json.Valid([]byte(raw)) {
			continue // a case about files, or about JSON syntax: Mintlify's validator takes a parsed object
		}
		rules = append(rules, rule{tc.name, json.RawMessage(raw)})
	}
	if len(rules) < 40 {
		t.Fatalf("only %d rule cases to export", len(rules))
	}
	out := os.Getenv("NAVDIFF_RULES")
	if out == "" {
		return
	}
	data, err := json.MarshalIndent(rules, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(out, data, 0o600); err != nil {
		t.Fatal(err)
	}
}

// navigationOnly drops the problems of the top-level settings (theme, name, colors), which only
// Validate reports: Resolve serves a site without them.
func navigationOnly(ps []docsjson.Problem) []docsjson.Problem {
	var out []docsjson.Problem
	for _, p := range ps {
		if p.Path != "theme" && p.Path != "name" && p.Path != "colors" && !strings.HasPrefix(p.Path, "colors.") {
			out = append(out, p)
		}
	}
	return out
}
