package docsjson_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/schemas/docsjson"
)

// TestValidateSaysWhichLanguageLacksItsPages: when a language or version lists many pages that
// have no file (a translation under way: 0xsequence/docs@2e7df85 lists 476 pages in Spanish and
// has 74, in Japanese 351), nav validate says so once at the language or version, beside each
// page's error: 527 "has no file" errors alone did not say they were two translations' gaps.
func TestValidateSaysWhichLanguageLacksItsPages(t *testing.T) {
	// division lists n pages under prefix, of which have have a file.
	division := func(kind, label, prefix string, n, have int, files map[string]string) string {
		var pages []string
		for i := range n {
			p := fmt.Sprintf("%spage-%d", prefix, i)
			pages = append(pages, p)
			if i < have {
				files[p+".mdx"] = "# Page"
			}
		}
		list, _ := json.Marshal(pages)
		return fmt.Sprintf(`{%q: %q, "groups": [{"group": "G", "pages": %s}]}`, kind, label, list)
	}
	tests := []struct {
		name string
		nav  func(files map[string]string) string
		want []string // the warnings at the navigation's languages and versions, as "path: message"
	}{
		{name: "an untranslated share of one language", nav: func(f map[string]string) string {
			return `{"languages": [` + division("language", "en", "", 30, 30, f) + `, ` + division("language", "es", "es/", 30, 18, f) + `, ` +
				division("language", "ja", "ja/", 30, 29, f) + `]}`
		}, want: []string{`navigation.languages[1]: language "es": 12 of the 30 pages it lists have no file (each is an error at its place in the navigation); ` +
			`until they are written they are broken links in the navigation and are left out of search, the assistant's context and llms.txt`}},
		{name: "a version", nav: func(f map[string]string) string {
			return `{"versions": [` + division("version", "v2", "", 20, 20, f) + `, ` + division("version", "v1", "v1/", 20, 5, f) + `]}`
		}, want: []string{`navigation.versions[1]: version "v1": 15 of the 20 pages it lists have no file (each is an error at its place in the navigation); ` +
			`until they are written they are broken links in the navigation and are left out of search, the assistant's context and llms.txt`}},
		{name: "fewer than ten missing", nav: func(f map[string]string) string {
			return `{"languages": [` + division("language", "en", "", 30, 30, f) + `, ` + division("language", "fr", "fr/", 12, 3, f) + `]}`
		}},
		{name: "ten missing of many", nav: func(f map[string]string) string {
			return `{"languages": [` + division("language", "en", "", 30, 30, f) + `, ` + division("language", "fr", "fr/", 60, 50, f) + `]}`
		}},
		{name: "most of the site missing: the source-tree warning alone", nav: func(f map[string]string) string {
			return `{"languages": [` + division("language", "en", "", 30, 5, f) + `, ` + division("language", "fr", "fr/", 30, 5, f) + `]}`
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := map[string]string{}
			nav := tt.nav(files)
			rep := loadJSON(t, withSettings(nav), files).Validate(docsjson.ValidateOptions{})
			var got []string
			for _, w := range rep.Warnings {
				if strings.HasPrefix(w.Path, "navigation.") && !strings.Contains(strings.TrimPrefix(w.Path, "navigation."), ".") {
					got = append(got, w.Path+": "+w.Message)
				}
			}
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("warnings\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}
