package search_test

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/lectern-dev/lectern/assistant/search"
)

// fusePages: "/vehicles" holds no word of the query "automobile insurance"; "/insurance" holds
// one. An embeddings model that ranks /vehicles' section first is what hybrid retrieval adds.
var fusePages = []search.Page{
	{URL: "/insurance", Title: "Insurance", Body: "Insurance covers the office building and its furniture."},
	{URL: "/vehicles", Title: "Vehicles", Body: "Cars of the fleet are repaired by the company; claims go to the fleet manager."},
	{URL: "/v2/vehicles", Title: "Vehicles", Version: "v2", Body: "In v2 the fleet lives in its own project."},
	{URL: "/holidays", Title: "Holidays", Body: "Days off are booked in the calendar."},
}

// sectionOf returns the first section of the page at path.
func sectionOf(t *testing.T, ix *search.Index, path string) int {
	t.Helper()
	for s := range ix.Len() {
		if search.SectionPath(ix, s) == path {
			return s
		}
	}
	t.Fatalf("no section of %s", path)
	return -1
}

func resultPaths(rs []search.Result) []string {
	var out []string
	for _, r := range rs {
		out = append(out, r.Path)
	}
	return out
}

func TestDenseRankingFusesWithWords(t *testing.T) {
	ix := search.Build(fusePages)
	vehicles, holidays, v2 := sectionOf(t, ix, "/vehicles"), sectionOf(t, ix, "/holidays"), sectionOf(t, ix, "/v2/vehicles")
	tests := []struct {
		name string
		q    search.Query
		want []string // the result paths, in order
	}{
		{"words alone", search.Query{Text: "automobile insurance"}, []string{"/insurance"}},
		{"dense alone (no known word)", search.Query{Text: "automobile", Dense: []int{vehicles, holidays}}, []string{"/vehicles", "/holidays"}},
		{"both rankings agree on nothing: the word rank first, ties by order", search.Query{Text: "automobile insurance", Dense: []int{vehicles}}, []string{"/insurance", "/vehicles"}},
		{"a page both rank comes first", search.Query{Text: "fleet insurance", Dense: []int{vehicles}, Filter: search.Filter{Version: "v1"}}, []string{"/vehicles", "/insurance"}},
		{"the filter applies to dense pages", search.Query{Text: "automobile", Dense: []int{v2, vehicles}, Filter: search.Filter{Version: "v1"}}, []string{"/vehicles"}},
		{"sections out of range are skipped", search.Query{Text: "automobile", Dense: []int{-1, ix.Len(), vehicles}}, []string{"/vehicles"}},
		{"the limit holds", search.Query{Text: "automobile", Dense: []int{vehicles, holidays}, Limit: 1}, []string{"/vehicles"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ix.Search(tt.q)
			if !slices.Equal(resultPaths(got), tt.want) {
				t.Fatalf("paths %v, want %v", resultPaths(got), tt.want)
			}
			if got[0].Score != 1 {
				t.Errorf("first score %v, want 1", got[0].Score)
			}
		})
	}
}

func TestEmbedTextIsBounded(t *testing.T) {
	ix := search.Build([]search.Page{{URL: "/a", Title: "Été", Body: strings.Repeat("é", 500)}})
	for _, n := range []int{1, 2, 3, 7, 100} {
		got := ix.EmbedText(0, n)
		if len(got) > n || !strings.HasPrefix("Été\n"+strings.Repeat("é", 500), got) || !utf8.ValidString(got) {
			t.Errorf("EmbedText(0, %d) = %q", n, got)
		}
	}
}
