package sitedocs_test

import (
	"context"
	"testing"

	"github.com/lectern-dev/lectern/assistant/sitedocs"
)

// TestLanguageFolderInAnotherCase: a page path written in another case than the site's
// (/zh-hant/quickstart for LemonData's zh-Hant/quickstart.mdx, its language zh-Hant) is the
// page's, as Mintlify's routes are matched (its build takes routes that differ only in case
// for one: prebuild's getGeneratedRouteKey), so the reader's scope is its language, not the
// default; a path as written is matched first.
func TestLanguageFolderInAnotherCase(t *testing.T) {
	d, err := sitedocs.Load(context.Background(), "../testdata/sites/lemondata-zhhant")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		path, language, page string // page: the URL Catalog.Page finds ("" for none)
	}{
		{"/zh-Hant/quickstart", "zh-Hant", "/zh-Hant/quickstart"},
		{"/zh-hant/quickstart", "zh-Hant", "/zh-Hant/quickstart"},
		{"https://docs.lemondata.cc/ZH-HANT/Quickstart.md#x", "zh-Hant", ""},
		{"/zh-hant/quickstart.md", "zh-Hant", ""},
		{"/zh-hant/introduction/", "zh-Hant", ""},
		{"/zh-hant/not-a-page", "zh-Hant", ""},
		{"/Quickstart", "en", "/quickstart"},
		{"/quickstart", "en", "/quickstart"},
		{"/zh-hans/quickstart", "en", ""},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			if _, l := d.Scopes.Resolve("", "", tt.path); l != tt.language {
				t.Errorf("language of %s: %q, want %q", tt.path, l, tt.language)
			}
			if tt.page == "" {
				return
			}
			p, ok := d.Catalog.Page(tt.path, "", "")
			if !ok || p.URL != tt.page || p.Language != tt.language {
				t.Errorf("Catalog.Page(%s) = %+v, %v; want %s in %s", tt.path, p, ok, tt.page, tt.language)
			}
		})
	}
	if p, ok := d.Catalog.Page("/zh-hant/quickstart", "", "en"); !ok || p.URL != "/quickstart" {
		t.Errorf("/zh-hant/quickstart asked in en = %+v, %v; want its English page /quickstart", p, ok)
	}
}

// TestVariantsInAnotherCase: the variants of a page named in another case are its own.
func TestVariantsInAnotherCase(t *testing.T) {
	d, err := sitedocs.Load(context.Background(), "../testdata/sites/lemondata-zhhant")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range d.Catalog.Variants("/zh-hant/quickstart", nil) {
		got = append(got, p.URL)
	}
	if len(got) != 2 || got[0] != "/quickstart" || got[1] != "/zh-Hant/quickstart" {
		t.Errorf("variants of /zh-hant/quickstart: %v, want [/quickstart /zh-Hant/quickstart]", got)
	}
}
