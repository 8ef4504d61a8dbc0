package search_test

import (
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/search"
)

// TestPartWeight: a page that holds a question's word only inside multi-part identifiers (an
// SSO provider's env vars, ONELOGIN_*) ranks below the page that writes it as a word once
// Experiment.PartWeight counts those parts for less than words; at 1 (Build) it ranks first.
func TestPartWeight(t *testing.T) {
	env := strings.Repeat("Set ONELOGIN_CLIENT_ID, ONELOGIN_CLIENT_SECRET and ONELOGIN_LOGIN_URL, then call oneLoginSignIn(). ", 6)
	pages := []search.Page{
		{URL: "/sso/onelogin", Title: "OneLogin", Body: "Single sign-on with OneLogin.\n\n```\n" + env + "\n```\n"},
		{URL: "/sso/keycloak", Title: "Keycloak", Body: "Readers log in through your Keycloak realm: single sign-on for every login. Create a client in the realm and paste its secret."},
		{URL: "/billing", Title: "Billing", Body: "Invoices are sent monthly."},
	}
	for _, tc := range []struct {
		w     float64
		first string
	}{
		{0, "/sso/onelogin"},
		{1, "/sso/onelogin"},
		{0.5, "/sso/keycloak"},
		{0.25, "/sso/keycloak"},
	} {
		ix, err := search.BuildExperiment(pages, search.Experiment{PartWeight: tc.w})
		if err != nil {
			t.Fatal(err)
		}
		rs := ix.Search(search.Query{Text: "single sign-on login client secret", Limit: 3})
		if len(rs) == 0 || rs[0].Path != tc.first {
			t.Errorf("part weight %g: got %v, want %s first", tc.w, urls(rs), tc.first)
		}
	}
}
