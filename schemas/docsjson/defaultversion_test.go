package docsjson_test

import (
	"strings"
	"testing"
)

// TestInDefaultVersionPerList: a page is in the default version when it is in the default of
// every versions list above it, the one marked default, else the first (Mintlify's "Default
// version"); each dropdown's list has its own, as cosmos/docs@d6f0793's seven dropdowns do.
func TestInDefaultVersionPerList(t *testing.T) {
	nav := `{"dropdowns": [
  {"dropdown": "SDK", "versions": [
    {"version": "next", "pages": ["sdk/next"]},
    {"version": "v0.54", "default": true, "pages": ["sdk/v054"]}]},
  {"dropdown": "EVM", "versions": [
    {"version": "v0.7.0", "pages": ["evm/v070"]},
    {"version": "next", "pages": ["evm/next"]}]},
  {"dropdown": "Home", "pages": ["index"]}]}`
	tree, err := loadJSON(t, withSettings(nav), nil).Resolve()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{"/sdk/next": false, "/sdk/v054": true, "/evm/v070": true, "/evm/next": false, "/": false}
	for _, p := range tree.Pages {
		if w, ok := want[p.URL]; !ok || p.InDefaultVersion != w {
			t.Errorf("%s (version %q): in the default version %v; want %v", p.URL, p.Version, p.InDefaultVersion, w)
		}
	}
	if len(tree.Pages) != len(want) {
		t.Errorf("%d pages; want %d", len(tree.Pages), len(want))
	}
	var text strings.Builder
	if err := tree.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	if want := "versions: next, v0.54, v0.7.0 (defaults, one per versions list: v0.54, v0.7.0)\n"; !strings.Contains(text.String(), want) {
		t.Errorf("nav tree says\n%s\nwant the line %q", text.String(), want)
	}
}
