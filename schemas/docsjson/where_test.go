package docsjson_test

import "testing"

// TestWhere: a problem's JSON path is named by the navigation elements it lies in, so that
// someone new to a docs.json of fourteen languages (Raydium's, raydium-io/raydium-docs-v1@127e3ac)
// can tell which language's Home tab navigation.languages[13].tabs[0].groups[0] is.
func TestWhere(t *testing.T) {
	site := loadJSON(t, withSettings(`{"languages": [
		{"language": "en", "tabs": [{"tab": "Home", "groups": [{"group": " ", "pages": ["index"]}]}]},
		{"language": "ar", "tabs": [{"tab": "Home", "groups": [{"group": " ", "pages": ["ar/index"]}]},
			{"tab": "Guides", "groups": [{"group": "Swap", "pages": ["ar/a", {"group": "Deep", "pages": ["ar/b", "ar/c"]}]}]}]}]}`), nil)
	tests := []struct{ path, want string }{
		{"navigation.languages[1].tabs[0].groups[0]", `language "ar" › tab "Home"`},
		{"navigation.languages[1].tabs[0].groups[0].pages[0]", `language "ar" › tab "Home" › group ""`},
		{"navigation.languages[1].tabs[1].groups[0].pages[1].pages[1]", `language "ar" › tab "Guides" › group "Swap" › group "Deep"`},
		{"navigation.languages[1].tabs[1].groups[0].pages[0]", `language "ar" › tab "Guides" › group "Swap"`},
		{"navigation.languages[0]", ""},
		{"navigation.languages[0].tabs", `language "en"`},
		{"navigation", ""},
		{"redirects[3].destination", ""},
		{"navigation.languages[7].tabs[0]", ""},
	}
	for _, tt := range tests {
		if got := site.Where(tt.path); got != tt.want {
			t.Errorf("Where(%q) = %q, want %q", tt.path, got, tt.want)
		}
	}
}
