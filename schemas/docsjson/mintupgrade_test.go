package docsjson_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/lectern-dev/lectern/schemas/docsjson"
)

// mintShapes are the hand-made mint.json files of testdata/mint, one per shape of the upgrade;
// each .golden is the docs.json Lectern reads it as (go test -run TestUpgradeMintGolden -update
// rewrites them). scripts/navdiff/upgradediff.mjs settles them against Mintlify's upgrade.
var mintShapes = []string{"minimal", "versions", "locales", "tabs-anchors", "global-links", "settings"}

func TestUpgradeMintGolden(t *testing.T) {
	for _, name := range mintShapes {
		t.Run(name, func(t *testing.T) {
			mint, err := os.ReadFile(filepath.Join("testdata", "mint", name+".json"))
			if err != nil {
				t.Fatal(err)
			}
			got, err := docsjson.MarshalUpgrade(mint)
			if err != nil {
				t.Fatalf("MarshalUpgrade: %v", err)
			}
			golden := filepath.Join("testdata", "mint", name+".golden")
			if *update {
				if err := os.WriteFile(golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update to write it)", err)
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("upgrade of %s.json differs from %s:\n%s", name, golden, got)
			}
			// The site reads as that docs.json: its navigation validates, with the warning.
			site, err := docsjson.LoadFS(fstest.MapFS{"mint.json": {Data: mint}}, "mint.json")
			if err != nil {
				t.Fatalf("LoadFS: %v", err)
			}
			rep := site.Validate(docsjson.ValidateOptions{NoFiles: true})
			if len(rep.Errors) != 0 {
				t.Fatalf("the upgraded site has errors: %v", rep.Errors)
			}
			if !site.Mint || !hasMintWarning(rep) {
				t.Fatalf("Mint = %v, warnings %v: want the mint.json warning", site.Mint, rep.Warnings)
			}
		})
	}
}

func hasMintWarning(rep docsjson.Report) bool {
	for _, w := range rep.Warnings {
		if w.File == docsjson.MintFile && w.Message == docsjson.MintWarning {
			return true
		}
	}
	return false
}

// TestLoadMintSite: a site directory without docs.json is read from its mint.json; with both,
// docs.json wins (Mintlify's getConfigPath order) and mint.json is not read.
func TestLoadMintSite(t *testing.T) {
	mint := `{"name": "Old", "navigation": [{"group": "Start", "pages": ["index"]}]}`
	docs := withSettings(`{"groups": [{"group": "New", "pages": ["index"]}]}`)
	cases := []struct {
		name      string
		files     map[string]string
		wantMint  bool
		wantGroup string
		wantErr   string
	}{
		{name: "mint.json only", files: map[string]string{"mint.json": mint}, wantMint: true, wantGroup: "Start"},
		{name: "both: docs.json wins", files: map[string]string{"mint.json": mint, "docs.json": docs}, wantGroup: "New"},
		{name: "docs.json only", files: map[string]string{"docs.json": docs}, wantGroup: "New"},
		{name: "neither", files: map[string]string{"index.mdx": "# hi"}, wantErr: "docs.json: no such file"},
		{name: "mint.json not JSON", files: map[string]string{"mint.json": "{"}, wantErr: "invalid JSON"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			tc.files["index.mdx"] = "---\ntitle: Home\n---\nHello"
			for name, body := range tc.files {
				if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			site, err := docsjson.Load(dir)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("Load: %v, want an error with %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("Load: %v", err)
			}
			rep := site.Validate(docsjson.ValidateOptions{})
			if site.Mint != tc.wantMint || hasMintWarning(rep) != tc.wantMint {
				t.Fatalf("Mint = %v, warnings %v; want mint %v", site.Mint, rep.Warnings, tc.wantMint)
			}
			if len(rep.Errors) != 0 {
				t.Fatalf("errors: %v", rep.Errors)
			}
			tree, err := site.Resolve()
			if err != nil {
				t.Fatalf("Resolve: %v", err)
			}
			if len(tree.Pages) != 1 || !strings.Contains(strings.Join(tree.Pages[0].Groups, "/"), tc.wantGroup) {
				t.Fatalf("pages %+v, want index in group %q", tree.Pages, tc.wantGroup)
			}
		})
	}
}

// FuzzUpgradeMint feeds arbitrary mint.json bytes to the upgrade and to the loader of a
// mint.json site: nothing panics, the upgrade of any JSON is a JSON object with docs.json's
// required fields, and the upgraded site either validates or its problems are reported
// (Resolve fails exactly when Validate reports navigation errors).
func FuzzUpgradeMint(f *testing.F) {
	for _, name := range mintShapes {
		data, err := os.ReadFile(filepath.Join("testdata", "mint", name+".json"))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(`{"tabs": "x", "anchors": [null, 1, {"url": 2}], "versions": [null], "navigation": {"group": 1}}`))
	f.Add([]byte(`{"navigation": [{"group": "g", "pages": [1, null, {"pages": "x"}]}], "versions": [{"locale": "en"}], "font": "x", "footer": {"links": 3}}`))
	f.Add([]byte(`[]`))
	fsys := fstest.MapFS{"index.mdx": {Data: []byte("# Home")}}
	f.Fuzz(func(t *testing.T, data []byte) {
		out, err := docsjson.MarshalUpgrade(data)
		var v any
		if json.Unmarshal(data, &v) != nil {
			if err == nil {
				t.Fatal("MarshalUpgrade accepted bytes that are not JSON")
			}
			return
		}
		if err != nil {
			t.Fatalf("MarshalUpgrade of JSON: %v", err)
		}
		var docs map[string]any
		if err := json.Unmarshal(out, &docs); err != nil {
			t.Fatalf("the upgrade is not a JSON object: %v\n%s", err, out)
		}
		for _, key := range []string{"$schema", "theme", "colors", "navigation"} {
			if _, ok := docs[key]; !ok {
				t.Fatalf("the upgrade has no %q:\n%s", key, out)
			}
		}
		fsys["mint.json"] = &fstest.MapFile{Data: data}
		site, err := docsjson.LoadFS(fsys, "mint.json")
		if err != nil {
			return // a broken $ref, or an upgrade past its bounds
		}
		config := site.Validate(docsjson.ValidateOptions{NoFiles: true})
		checkReport(t, site.Validate(docsjson.ValidateOptions{}))
		if !hasMintWarning(config) {
			t.Fatalf("no mint.json warning in %v", config.Warnings)
		}
		tree, err := site.Resolve()
		if (err == nil) != (len(navigationOnly(config.Errors)) == 0) {
			t.Fatalf("Resolve error %v but configuration errors %v", err, config.Errors)
		}
		if err == nil {
			checkTree(t, tree)
		}
	})
}

// TestUpgradeMintBounded: a site loaded from a mint.json whose upgrade nests its divisions
// into a navigation past MaxUpgradeEntries entries, or whose upgrade matches its pages to
// its divisions more than MaxUpgradeSteps times, is a load error that says which bound, why
// and how to fix it, not a 15 MB docs.json or 12 s of work on every reload; the largest real
// mint.json of the upgrade's corpus loads, and MarshalUpgrade (`lectern nav upgrade`, which
// the error points to) is not bounded.
func TestUpgradeMintBounded(t *testing.T) {
	mindsdb, err := os.ReadFile(filepath.Join("..", "..", "scripts", "navdiff", "mintcorpus", "mindsdb.json"))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		mint []byte
		want []string // in the load error; none: it loads
	}{
		{"mindsdb, the largest real one", mindsdb, nil},
		{"100 tabs on one anchor's url over 1,000 pages", mintOf(100, 1, "api", "api", 1000),
			[]string{"passes 50000 entries", "100 tabs and 1 anchor", "lectern nav upgrade --write PATH", "trim"}},
		{"300 tabs and 300 anchors on one url over 1,200 pages", mintOf(300, 300, "api", "api", 1200),
			[]string{"too large to upgrade", "300 tabs and 300 anchors", "`mint upgrade`"}},
		{"the pages under neither url", mintOf(300, 300, "api", "other", 1200),
			[]string{"takes more than 5000000 steps", "300 tabs and 300 anchors"}},
		{"200 versions over 1,000 pages", mintVersions(200, 1000), []string{"passes 50000 entries", "200 versions"}},
		{"20 tabs and 20 anchors", mintOf(20, 20, "api", "api", 200), nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := docsjson.LoadFS(fstest.MapFS{"mint.json": {Data: tc.mint}}, "mint.json")
			if len(tc.want) == 0 {
				if err != nil {
					t.Fatalf("LoadFS: %v", err)
				}
				return
			}
			if err == nil {
				t.Fatalf("LoadFS of a %d-byte mint.json: no error, want %q", len(tc.mint), tc.want)
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q\nwant it to say %q", err, w)
				}
			}
		})
	}
	docs, err := docsjson.MarshalUpgrade(mintOf(100, 1, "api", "api", 1000))
	if err != nil || len(docs) < 1<<20 {
		t.Errorf("MarshalUpgrade: %d bytes, %v; want the whole upgrade", len(docs), err)
	}
}

// mintOf is a mint.json of tabs and anchors whose url is divs, and pages of 20 to a group
// under pages/.
func mintOf(tabs, anchors int, divs, pages string, n int) []byte {
	m := map[string]any{"name": "Bound", "colors": map[string]any{"primary": "#000000"}, "navigation": mintGroups(pages, n)}
	var ts, as []any
	for i := range tabs {
		ts = append(ts, map[string]any{"name": fmt.Sprintf("Tab %d", i), "url": divs})
	}
	for i := range anchors {
		as = append(as, map[string]any{"name": fmt.Sprintf("Anchor %d", i), "url": divs, "icon": "book"})
	}
	m["tabs"], m["anchors"] = ts, as
	data, _ := json.Marshal(m)
	return data
}

// mintVersions is a mint.json of versions whose groups no version claims, so each holds all.
func mintVersions(versions, n int) []byte {
	var vs []any
	for i := range versions {
		vs = append(vs, fmt.Sprintf("v%d", i))
	}
	data, _ := json.Marshal(map[string]any{"name": "Bound", "colors": map[string]any{"primary": "#000000"}, "versions": vs, "navigation": mintGroups("docs", n)})
	return data
}

// mintGroups is n pages under dir, 20 to a group.
func mintGroups(dir string, n int) []any {
	var groups []any
	for g := 0; g*20 < n; g++ {
		var pages []any
		for p := g * 20; p < min(n, (g+1)*20); p++ {
			pages = append(pages, fmt.Sprintf("%s/page-%d", dir, p))
		}
		groups = append(groups, map[string]any{"group": fmt.Sprintf("Group %d", g), "pages": pages})
	}
	return groups
}
