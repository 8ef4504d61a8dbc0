package gaps_test

import (
	"reflect"
	"testing"

	"github.com/lectern-dev/lectern/query/gaps"
)

// TestClusterJoinsCompoundWords: two adjacent Latin-script words whose concatenation another
// text of the batch writes as one word are one term ("source map" and "sourcemap"), in any
// language; words the batch never writes joined stay apart, and stop words are never joined.
func TestClusterJoinsCompoundWords(t *testing.T) {
	for _, tc := range []struct {
		name  string
		texts []string
		want  map[string][]string // topic key → its texts
	}{
		{"english", []string{
			"source map not loading", "upload sourcemaps", "where is my api key", "apikey invalid",
			"enable dark mode", "darkmode toggle",
		}, map[string][]string{
			"source map": {"source map not loading", "upload sourcemaps"},
			"apikey":     {"where is my api key", "apikey invalid"}, // a tie of forms: the term itself
			"darkmode":   {"enable dark mode", "darkmode toggle"},
		}},
		{"german", []string{
			"wie aktiviere ich den dark mode", "darkmode funktioniert nicht", "passwort zurücksetzen",
			"neues passwort setzen",
		}, map[string][]string{
			"dark mode": {"wie aktiviere ich den dark mode", "darkmode funktioniert nicht"},
			"passwort":  {"passwort zurücksetzen", "neues passwort setzen"},
		}},
		{"never written joined: apart", []string{"source code", "source maps", "dark theme"}, map[string][]string{
			"source":     {"source code", "source maps"},
			"dark theme": {"dark theme"},
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := map[string][]string{}
			for _, tp := range gaps.Cluster(tc.texts) {
				got[tp.Key] = tp.Texts
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("topics %q, want %q", got, tc.want)
			}
		})
	}
}

func TestTermsJoinCompoundWords(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"set up the setup", []string{"setup"}}, // "up" is a stop word, "set" is not
		{"API key or apikey", []string{"apikey"}},
		{"in to into", nil}, // stop words
		{"source map", []string{"source", "map"}},
	} {
		if got := gaps.Terms(tc.in); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("Terms(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
