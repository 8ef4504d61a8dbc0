package docsjson_test

import (
	"fmt"
	"slices"
	"testing"
)

// TestPageListedByTwoLanguages: a page several languages list is one indexed page of every
// language, at the default language's listing, else the first (Mintlify's build gives it no
// language in search and the default's in its language switcher); listings in different
// versions, and the endpoint pages a spec generates, stay one per language.
func TestPageListedByTwoLanguages(t *testing.T) {
	files := map[string]string{"intro.mdx": "# Intro", "faq.mdx": "# FAQ", "es/faq.mdx": "# FAQ", "api.yaml": usersSpec}
	for _, tc := range []struct {
		name, nav string
		want      []string // each listing: URL, language, version, rule, EveryLanguage
	}{
		{name: "the first language's listing", nav: `{"languages": [
			{"language": "en", "pages": ["intro", "faq"]}, {"language": "es", "pages": ["intro", "es/faq"]}]}`,
			want: []string{"/intro en  listed true", "/faq en  listed false", "/intro es  listed-elsewhere false", "/es/faq es  listed false"}},
		{name: "the default language's listing", nav: `{"languages": [
			{"language": "en", "pages": ["intro"]}, {"language": "es", "default": true, "pages": ["intro"]}, {"language": "fr", "pages": ["intro"]}]}`,
			want: []string{"/intro en  listed-elsewhere false", "/intro es  listed true", "/intro fr  listed-elsewhere false"}},
		{name: "versions stay apart", nav: `{"languages": [
			{"language": "en", "versions": [{"version": "v1", "pages": ["intro"]}, {"version": "v2", "pages": ["intro"]}]},
			{"language": "es", "versions": [{"version": "v1", "pages": ["intro"]}]}]}`,
			want: []string{"/intro en v1 listed true", "/intro en v2 listed false", "/intro es v1 listed-elsewhere false"}},
		{name: "one spec's endpoint pages in each language", nav: `{"languages": [
			{"language": "en", "groups": [{"group": "API", "openapi": "api.yaml", "pages": ["GET /users"]}]},
			{"language": "es", "groups": [{"group": "API", "openapi": "api.yaml", "pages": ["GET /users"]}]}]}`,
			want: []string{"/api-reference/list-users en  listed false", "/api-reference/list-users es  listed false"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tree, err := loadJSON(t, withSettings(tc.nav), files).Resolve()
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, p := range tree.Pages {
				got = append(got, fmt.Sprintf("%s %s %s %s %v", p.URL, p.Language, p.Version, p.Index.Rule, p.EveryLanguage))
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("listings\n got  %q\n want %q", got, tc.want)
			}
		})
	}
}
