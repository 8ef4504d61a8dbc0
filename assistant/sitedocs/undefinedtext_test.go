package sitedocs_test

import (
	"context"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/sitedocs"
)

// TestUndefinedComponentTextIsLeftOut: Mintlify's build renders an element of a component
// nothing defines as nothing, the text inside it included (zylon's backup page wraps a
// sentence in <Warn>, testdata/sites/zylon-undefined-warn, its SOURCE). Lectern's Markdown
// (the .md page, llms-full.txt) and its search text kept the sentence, so the assistant could
// quote what the reader's page does not show. Both now leave the element out, and keep what
// is around it.
func TestUndefinedComponentTextIsLeftOut(t *testing.T) {
	docs, err := sitedocs.Load(context.Background(), "../testdata/sites/zylon-undefined-warn")
	if err != nil {
		t.Fatal(err)
	}
	const url = "/operator-manual/operations/backup"
	page, ok := docs.Catalog.Page(url, "", "")
	if !ok {
		t.Fatalf("no catalog page %s", url)
	}
	var search string
	for _, p := range docs.Pages {
		if p.URL == url {
			search = p.Body
		}
	}
	for _, tt := range []struct{ name, text string }{
		{"the Markdown", page.Body},
		{"the search text", search},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if !strings.Contains(tt.text, "By default, only the last 10 backups are preserved.") {
				t.Fatalf("%s lacks the paragraph after the element (else this proves nothing):\n%s", tt.name, tt.text)
			}
			for _, gone := range []string{"copying backup files", "Warn>"} {
				if strings.Contains(tt.text, gone) {
					t.Errorf("%s holds %q, which Mintlify's page does not show", tt.name, gone)
				}
			}
		})
	}
}
