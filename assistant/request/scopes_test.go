package request_test

import (
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/request"
	"github.com/lectern-dev/lectern/assistant/sitedocs"
)

// TestLanguageAsALocale: a language filter given as a locale (what browsers and agents send)
// selects the site's language it is a locale of; one of another script, or of no language
// the site has, is refused naming the site's languages, as an unknown code is.
func TestLanguageAsALocale(t *testing.T) {
	for _, tc := range []struct {
		site  []string
		asked string
		want  string // "" : refused
	}{
		{[]string{"zh", "en", "ja"}, "zh-CN", "zh"},
		{[]string{"zh", "en", "ja"}, "ja-JP", "ja"},
		{[]string{"zh", "en", "ja"}, "en-GB", "en"},
		{[]string{"zh", "en", "ja"}, "EN", "en"},
		{[]string{"en", "pt-BR"}, "pt", "pt-BR"},
		{[]string{"en", "zh", "zh-Hant"}, "zh-TW", "zh-Hant"},
		{[]string{"en", "zh", "zh-Hant"}, "zh-Hans-CN", "zh"},
		{[]string{"en", "cn", "jp"}, "zh-CN", "cn"},
		{[]string{"en", "cn", "jp"}, "ja", "jp"},
		{[]string{"en", "zh"}, "zh-TW", ""}, // Traditional is not the site's Simplified
		{[]string{"en", "zh"}, "fr-CA", ""},
		{[]string{"en", "zh"}, "not a tag", ""},
		{[]string{"en", "zh"}, strings.Repeat("en-", 40) + "GB", ""},
	} {
		t.Run(strings.Join(tc.site, ",")+"/"+tc.asked[:min(len(tc.asked), 12)], func(t *testing.T) {
			f, err := request.CheckScopes(request.Filter{Language: tc.asked}, &sitedocs.Scopes{Languages: tc.site})
			switch {
			case tc.want == "" && err == nil:
				t.Errorf("%q on a site of %q: selected %q, want refused", tc.asked, tc.site, f.Language)
			case tc.want == "" && !strings.Contains(err.Error(), "filter.language") || tc.want == "" && !strings.Contains(err.Error(), "use one of"):
				t.Errorf("%q refused as %v; want the field and the site's languages named", tc.asked, err)
			case tc.want != "" && (err != nil || f.Language != tc.want):
				t.Errorf("%q on a site of %q: %q, %v; want %q", tc.asked, tc.site, f.Language, err, tc.want)
			}
		})
	}
}
