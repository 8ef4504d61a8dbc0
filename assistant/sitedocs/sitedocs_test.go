package sitedocs_test

import (
	"context"
	"errors"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/assistant/search"
	"github.com/lectern-dev/lectern/assistant/sitedocs"
	"github.com/lectern-dev/lectern/platform/eventually"
	"github.com/lectern-dev/lectern/schemas/docsjson"
)

const acme = "../testdata/sites/acme"

func TestLoad(t *testing.T) {
	d, err := sitedocs.Load(context.Background(), acme)
	if err != nil {
		t.Fatal(err)
	}
	byURL := map[string]search.Page{}
	for _, p := range d.Pages {
		byURL[p.URL] = p
	}
	if _, ok := byURL["/v2/hidden-notes"]; ok {
		t.Error("hidden page indexed")
	}
	if len(d.Pages) != 10 {
		t.Errorf("%d pages, want 10: %v", len(d.Pages), keys(byURL))
	}
	qs := byURL["/v2/quickstart"]
	if qs.Title != "Quickstart" || qs.Version != "v2" || !strings.Contains(qs.Body, "npm install -g @acme/cli") {
		t.Errorf("quickstart page: %+v", qs)
	}
	if !slices.Equal(qs.Breadcrumbs, []string{"v2", "Guides", "Get started"}) || !slices.Equal(qs.Groups, []string{"Get started"}) {
		t.Errorf("quickstart crumbs %v groups %v", qs.Breadcrumbs, qs.Groups)
	}
	ep := byURL["/widgets/delete-widget"]
	if ep.Title != "Delete a widget" || !strings.Contains(ep.Body, "DELETE /widgets/{id}") || !strings.Contains(ep.Body, "cannot be restored") {
		t.Errorf("endpoint page: %+v", ep)
	}
	if v, l := d.Scopes.Resolve("", ""); v != "v2" || l != "" || !slices.Equal(d.Scopes.Versions, []string{"v2", "v1"}) || len(d.Scopes.Languages) != 0 {
		t.Errorf("scopes %+v", d.Scopes)
	}
	var hidden *sitedocs.Entry
	for i := range d.Entries {
		if d.Entries[i].URL == "/v2/hidden-notes" {
			hidden = &d.Entries[i]
		}
	}
	if hidden == nil || hidden.Index.Rule != docsjson.RuleHidden || hidden.Body == "" {
		t.Errorf("hidden page entry %+v: want it kept with its flags, its text and the rule that left it out", hidden)
	}
}

func keys(m map[string]search.Page) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

func TestLoadErrors(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name, docsJSON string
	}{
		{"missing", ""},
		{"invalid JSON", `{"navigation": `},
		{"invalid navigation", `{"navigation": {"pages": [42]}}`},
	}
	for _, tc := range tests {
		site := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "-"))
		if err := os.MkdirAll(site, 0o755); err != nil {
			t.Fatal(err)
		}
		if tc.docsJSON != "" {
			writeFile(t, filepath.Join(site, "docs.json"), tc.docsJSON)
		}
		if _, err := sitedocs.Load(context.Background(), site); err == nil {
			t.Errorf("%s: no error", tc.name)
		}
	}
}

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestSiteFollowsChanges starts with a broken site, fixes it, then edits a page.
func TestSiteFollowsChanges(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "docs.json"), `{"navigation": `)
	site := sitedocs.NewSite(dir, 20*time.Millisecond, slog.New(slog.DiscardHandler))
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- site.Run(ctx) }()
	defer func() {
		cancel()
		if err := <-done; err != nil {
			t.Error(err)
		}
	}()
	waitFor(t, func() bool {
		_, err := site.Snapshot()
		return errors.Is(err, sitedocs.ErrNotReady) && strings.Contains(err.Error(), "JSON")
	})
	writeFile(t, filepath.Join(dir, "page.mdx"), "---\ntitle: Page\n---\n\nThe zebra lives here.\n")
	writeFile(t, filepath.Join(dir, "docs.json"), `{"navigation": {"pages": ["page"]}}`)
	waitFor(t, func() bool { return found(site, "zebra") })
	writeFile(t, filepath.Join(dir, "page.mdx"), "---\ntitle: Page\n---\n\nThe giraffe lives here now.\n")
	waitFor(t, func() bool { return found(site, "giraffe") && !found(site, "zebra") })
}

func found(site *sitedocs.Site, word string) bool {
	snap, err := site.Snapshot()
	return err == nil && len(snap.Index.Search(search.Query{Text: word})) > 0
}

func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	eventually.True(t, 5*time.Second, "the index to change", cond)
}
