package search_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/search"
)

// divisionPages: React and Flutter are one family (the same pages per framework, as Reown's
// dropdowns); Guides and API are divisions of no family, whose two webhook pages say the same.
var divisionPages = []search.Page{
	{URL: "/react/theming", Title: "Theming", Body: "Set themeMode to dark or light.",
		Division: search.Division{Name: "React", Family: "React", Counterpart: "/theming"}},
	{URL: "/flutter/theming", Title: "Theming", Body: "Set the theme mode to dark or light: the theme mode of the modal follows the theme mode of the app.",
		Division: search.Division{Name: "Flutter", Family: "React", Counterpart: "/theming"}},
	{URL: "/flutter/email", Title: "Email login", Body: "Let users log in with their email; the email login shows a code.",
		Division: search.Division{Name: "Flutter", Family: "React", Counterpart: "/email"}},
	{URL: "/react/socials", Title: "Socials", Body: "Social logins and email.",
		Division: search.Division{Name: "React", Family: "React", Counterpart: "/socials"}},
	{URL: "/overview", Title: "Overview", Body: "AppKit connects wallets; users log in with email or a wallet."},
	{URL: "/guides/webhooks", Title: "Webhooks", Body: "Failed webhook deliveries are retried for a day.", Division: search.Division{Name: "Guides"}},
	{URL: "/api/webhooks", Title: "Webhooks", Body: "Failed webhook deliveries are retried for a day.", Division: search.Division{Name: "API"}},
}

// TestReaderDivisionRanks: the reader's division orders results; it hides none but the other
// divisions' counterparts of the reader's own pages.
func TestReaderDivisionRanks(t *testing.T) {
	ix := search.Build(divisionPages)
	for _, tc := range []struct {
		name, q, division string
		want              []string // the results, in order
	}{
		{"no division: Flutter's theming first", "theme mode", "", []string{"/flutter/theming", "/react/theming"}},
		{"React: its own page, Flutter's counterpart left out", "theme mode", "React", []string{"/react/theming"}},
		{"Flutter: its own page, React's counterpart left out", "theme mode", "Flutter", []string{"/flutter/theming"}},
		{"no division: Flutter's email page first", "email login", "", []string{"/flutter/email", "/react/socials", "/overview"}},
		{"React: its scope first, Flutter's page after it", "email login", "React", []string{"/react/socials", "/overview", "/flutter/email"}},
		{"a division of no family: a tie goes to the reader's", "webhook retries", "API", []string{"/api/webhooks", "/guides/webhooks"}},
		{"the other division of no family", "webhook retries", "Guides", []string{"/guides/webhooks", "/api/webhooks"}},
		{"a division the index lacks changes nothing", "email login", "Unity", []string{"/flutter/email", "/react/socials", "/overview"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rs := ix.Search(search.Query{Text: tc.q, Division: tc.division, Limit: 10})
			if got := resultPaths(rs); !slices.Equal(got, tc.want) {
				t.Fatalf("%v, want %v", got, tc.want)
			}
			checkMonotone(t, rs)
		})
	}
}

// TestReaderDivisionFused: with an embeddings ranking, another division's counterpart of a
// page adds to the reader's page, and other divisions of the family come after the reader's.
func TestReaderDivisionFused(t *testing.T) {
	ix := search.Build(divisionPages)
	dense := []int{sectionOf(t, ix, "/flutter/email"), sectionOf(t, ix, "/flutter/theming"), sectionOf(t, ix, "/react/theming")}
	for _, tc := range []struct {
		division string
		want     []string
	}{
		{"", []string{"/flutter/theming", "/react/theming", "/flutter/email"}},
		{"React", []string{"/react/theming", "/flutter/email"}},
	} {
		rs := ix.Search(search.Query{Text: "theme mode", Dense: dense, Division: tc.division, Limit: 10})
		if got := resultPaths(rs); !slices.Equal(got, tc.want) {
			t.Errorf("division %q: %v, want %v", tc.division, got, tc.want)
		}
		checkMonotone(t, rs)
	}
}

// checkMonotone checks that the first result scores 1 and none scores more than the one before.
func checkMonotone(t *testing.T, rs []search.Result) {
	t.Helper()
	for i, r := range rs {
		if i == 0 && r.Score != 1 || i > 0 && r.Score > rs[i-1].Score {
			var b strings.Builder
			for _, r := range rs {
				b.WriteString(r.Path + " ")
			}
			t.Errorf("scores of %s: result %d scores %v", b.String(), i, r.Score)
		}
	}
}
