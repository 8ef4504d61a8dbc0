package docsjson_test

import (
	"testing"
)

// TestDefaultVersionHoldsPages: the default of a versions list is the first, the one marked
// default put first, that holds a page, as Mintlify's home page is
// (@mintlify/common 1.0.1211, getFirstPageFromNavigation with prioritizeDefaultDivisionItem:
// the marked version first, then the others in order, and one with no page is passed over). A
// version that is only a link to docs elsewhere is never it: novuhq/docs@c1cb9e4's "v0.x"
// (an href to the old docs) put first and marked default left no page in llms.txt and none in
// a search that names no version (rehearse25).
func TestDefaultVersionHoldsPages(t *testing.T) {
	for _, tc := range []struct {
		name, versions string
		want           string // the default version; its pages alone are InDefaultVersion
	}{
		{"a link marked default", `{"version": "v0.x", "default": true, "href": "https://v0.x-docs.novu.co"},
			{"version": "v2.x", "pages": ["v2/a"]}`, "v2.x"},
		{"a link first", `{"version": "v0.x", "href": "https://v0.x-docs.novu.co"},
			{"version": "v2.x", "pages": ["v2/a"]}, {"version": "v3", "pages": ["v3/a"]}`, "v2.x"},
		{"an empty version marked default", `{"version": "v1", "pages": []},
			{"version": "v2.x", "pages": ["v2/a"]}, {"version": "v3", "default": true, "groups": []}`, "v2.x"},
		{"a link marked default before the marked one's turn", `{"version": "v2.x", "pages": ["v2/a"]},
			{"version": "v3", "pages": ["v3/a"]}, {"version": "v0.x", "default": true, "href": "https://v0.x-docs.novu.co"}`, "v2.x"},
		{"the marked one holds pages", `{"version": "v2.x", "pages": ["v2/a"]},
			{"version": "v3", "default": true, "groups": [{"group": "G", "pages": ["v3/a"]}]}`, "v3"},
		{"no pages anywhere", `{"version": "v0.x", "href": "https://a.example"},
			{"version": "v1", "default": true, "href": "https://b.example"}`, "v1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tree, err := loadJSON(t, withSettings(`{"versions": [`+tc.versions+`]}`), nil).Resolve()
			if err != nil {
				t.Fatal(err)
			}
			if got := tree.DefaultVersion(); got != tc.want {
				t.Errorf("default version %q; want %q", got, tc.want)
			}
			for _, p := range tree.Pages {
				if p.InDefaultVersion != (p.Version == tc.want) {
					t.Errorf("%s (version %q): in the default version %v; want %v", p.URL, p.Version, p.InDefaultVersion, !p.InDefaultVersion)
				}
			}
		})
	}
}
