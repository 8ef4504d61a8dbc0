package search_test

import (
	"slices"
	"testing"

	"github.com/lectern-dev/lectern/assistant/search"
)

// A translation that keeps the original's links (alterhq/docs' pages under /es/ link to
// "/features/...") gives their text to the linked page's variant in its own language: an
// English search never finds an English page by a Spanish page's link text, and a Spanish
// search finds the Spanish page by it.
func TestLinkTextStaysInItsLanguage(t *testing.T) {
	page := func(url, lang, variant, body string) search.Page {
		return search.Page{URL: url, Title: "Page " + url, Language: lang, Variant: variant, Body: body}
	}
	pages := []search.Page{
		page("/start", "en", "/start", "Read about [the recorder](/features/record)."),
		page("/features/record", "en", "/features/record", "Capture the screen."),
		page("/es/start", "es", "/start", "Lee sobre [la grabadora zumbona](/features/record)."),
		page("/es/features/record", "es", "/features/record", "Captura la pantalla."),
		page("/de/start", "de", "/start", "Lies über [den Brummrekorder](/features/record)."), // no German variant
	}
	ix := search.Build(pages)
	cases := []struct {
		name, q, lang string
		want          string // a page the results must hold; "" when no linked page may be found
	}{
		{"Spanish link text names the Spanish page", "zumbona", "es", "/es/features/record"},
		{"Spanish link text stays off the English page", "zumbona", "en", ""},
		{"English link text names the English page", "recorder", "en", "/features/record"},
		{"a link with no variant in its language gives its text to none", "brummrekorder", "en", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := ix.Search(search.Query{Text: c.q, Filter: search.Filter{Language: c.lang}})
			var got []string
			for _, r := range res {
				got = append(got, r.Path)
			}
			if c.want == "" {
				for _, r := range res {
					if r.Path == "/features/record" || r.Path == "/es/features/record" {
						t.Fatalf("%q in %s found %s (results %v)", c.q, c.lang, r.Path, res)
					}
				}
				return
			}
			if !slices.Contains(got, c.want) {
				t.Errorf("%q in %s: results %q, want %q among them", c.q, c.lang, got, c.want)
			}
		})
	}
}
