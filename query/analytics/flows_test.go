package analytics_test

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/query/analytics"
)

// TestFlowChart checks the Sankey columns built from a flow read against golden files: the
// entry column, six named pages a column and an "other" node for the rest (whose onward
// sessions still count), drop-off, and links between nodes of consecutive columns.
func TestFlowChart(t *testing.T) {
	link := func(step int, from, to string, n int64) store.FlowLink {
		return store.FlowLink{Step: step, From: from, To: to, Sessions: n}
	}
	wide := store.Flows{Entries: []store.PathSessions{{Path: "/", Sessions: 40}}, Entry: "/"}
	for i, n := range []int64{9, 8, 7, 6, 5, 4, 3, 2} { // eight pages after the entry: two fall into "other"
		p := "/p" + string(rune('a'+i))
		wide.Links = append(wide.Links, link(0, "/", p, n))
		if i >= 6 {
			wide.Links = append(wide.Links, link(1, p, "/q", 1), link(1, p, "", n-1))
		}
	}
	wide.Links = append(wide.Links, link(0, "/", "", 4), link(1, "/pa", "/q", 9), link(2, "/q", "/r", 5), link(2, "/q", "", 6))
	for _, tc := range []struct {
		name string
		in   store.Flows
	}{
		{"none", store.Flows{}},
		{"entry without sessions", store.Flows{Entry: "/nowhere", Entries: []store.PathSessions{{Path: "/", Sessions: 2}}}},
		{"one session", store.Flows{Entries: []store.PathSessions{{Path: "/", Sessions: 1}}, Entry: "/",
			Links: []store.FlowLink{link(0, "/", "/a", 1), link(1, "/a", "/b", 1), link(2, "/b", "/c", 1)}}},
		{"wide", wide},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := json.MarshalIndent(analytics.FlowChart(tc.in), "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			golden(t, filepath.Join("testdata", "flows", tc.name+".json"), got)
		})
	}
}

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// golden compares got with the file, rewriting it with -update.
func golden(t *testing.T, path string, got []byte) {
	t.Helper()
	got = append(got, '\n')
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o750); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path) // #nosec G304 -- the test's own golden file
	if err != nil {
		t.Fatalf("%v (go test -update writes it)", err)
	}
	if string(got) != string(want) {
		t.Errorf("%s differs:\n got %s\nwant %s", path, got, want)
	}
}
