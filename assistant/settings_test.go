package assistant_test

import (
	"io"
	"net/http"
	"testing"

	"github.com/lectern-dev/lectern/platform/sites"
)

// TestSettingsRoute: GET /discovery/v1/assistant/{domain}/settings serves the site's starter
// questions and support (link mode: the page as configured; email mode: mailto:) and its
// docs.json's search.prompt (acme's, in Cline's shape: {"search": {"prompt": "..."}}), an empty
// list and neither for a site without them, and refuses a key of another site.
func TestSettingsRoute(t *testing.T) {
	list := supportSites(t, &sites.Support{URL: "https://help.acme.com/new"}, nil)
	list[0].StarterQuestions = []string{"How do I verify webhook signatures?", "How do I rotate a key?"}
	list = append(list, sites.Site{Domain: "initech", Project: "initech-docs", Docs: list[0].Docs, Support: &sites.Support{Email: "help@initech.com"}})
	h := start(t, list)
	for _, tc := range []struct {
		name, domain, token string
		status              int
		want                string
	}{
		{"starters and a support page", "acme", h.tokens["acme"], 200,
			`{"starterQuestions":["How do I verify webhook signatures?","How do I rotate a key?"],"support":{"mode":"link","url":"https://help.acme.com/new"},"searchPrompt":"Search Acme documentation..."}`},
		{"neither", "globex", h.tokens["globex"], 200, `{"starterQuestions":[]}`},
		{"a support address, acme's docs", "initech", h.tokens["initech"], 200,
			`{"starterQuestions":[],"support":{"mode":"email","url":"mailto:help@initech.com"},"searchPrompt":"Search Acme documentation..."}`},
		{"another site's key", "acme", h.tokens["globex"], 403, ""},
		{"no key", "acme", "", 401, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req, err := http.NewRequest(http.MethodGet, h.base+"/discovery/v1/assistant/"+tc.domain+"/settings", nil)
			if err != nil {
				t.Fatal(err)
			}
			if tc.token != "" {
				req.Header.Set("Authorization", "Bearer "+tc.token)
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			body, _ := io.ReadAll(resp.Body)
			if resp.StatusCode != tc.status {
				t.Fatalf("status %d (%s), want %d", resp.StatusCode, body, tc.status)
			}
			if tc.want != "" && string(body) != tc.want {
				t.Errorf("body %s\nwant %s", body, tc.want)
			}
		})
	}
}
