package docsjson_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/schemas/docsjson"
)

// TestStagehandSDKDropdowns: Stagehand's docs.json (testdata/sites/stagehand-sdk-dropdowns, see
// its SOURCE) lists the same eight operations in four dropdowns, each into a directory of its
// own: 32 endpoint pages, none listed twice. Only the dropdowns that hold both pages and groups
// list a page twice (their pages list repeats the first page of their groups).
func TestStagehandSDKDropdowns(t *testing.T) {
	site := loadSite(t, filepath.Join("testdata", "sites", "stagehand-sdk-dropdowns"))
	rep := site.Validate(docsjson.ValidateOptions{NoFiles: true})
	if len(rep.Errors) > 0 {
		t.Errorf("errors: %+v", rep.Errors)
	}
	endpoints, pages := 0, 0
	for _, w := range rep.Warnings {
		switch {
		case strings.HasPrefix(w.Message, "endpoint ") && strings.Contains(w.Message, "already listed"):
			endpoints++
			t.Errorf("%s: %s", w.Path, w.Message)
		case strings.HasPrefix(w.Message, "page ") && strings.Contains(w.Message, "already listed"):
			pages++
		}
	}
	if pages != 5 {
		t.Errorf("%d pages listed twice, want 5 (one in each dropdown holding pages and groups)", pages)
	}
	tree, err := site.Resolve()
	if err != nil {
		t.Fatal(err)
	}
	urls := map[string]bool{}
	for _, pg := range tree.Pages {
		if pg.Method != "" {
			urls[pg.URL] = true
		}
	}
	if len(urls) != 32 {
		t.Errorf("%d endpoint page URLs, want 32 (8 operations in 4 directories)", len(urls))
	}
}
