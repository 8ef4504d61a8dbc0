package search_test

import (
	"testing"

	"github.com/lectern-dev/lectern/assistant/search"
)

// TestPageSection checks the section of one page the assistant offers the model as the
// reader's page: the one that best matches the question, the lead when none does, and nothing
// for a page the index lacks or the filter keeps out.
func TestPageSection(t *testing.T) {
	ix := search.Build([]search.Page{
		{URL: "/guides/webhooks", Title: "Webhooks from Acme", Language: "en", Body: "Acme sends events to your endpoint.\n\n" +
			"## Retries\n\nA delivery that fails is retried five times with backoff.\n\n" +
			"## Signatures\n\nEach request carries an HMAC signature header to verify.\n"},
		{URL: "/fr/guides/webhooks", Title: "Webhooks d'Acme", Language: "fr", Body: "Acme envoie des événements.\n"},
		{URL: "/guides/private", Title: "Private", UserGroups: []string{"staff"}, Body: "Staff only retries.\n"},
	})
	tests := []struct {
		name, question, path string
		filter               search.Filter
		ok                   bool
		section              string
	}{
		{"best section", "how do I verify the signature?", "/guides/webhooks", search.Filter{}, true, "Signatures"},
		{"another section for another question", "my webhook delivery failed, is it retried?", "/guides/webhooks", search.Filter{}, true, "Retries"},
		{"lead when no word matches", "pricing of the enterprise plan", "/guides/webhooks", search.Filter{}, true, ""},
		{"unknown path", "retried", "/guides/nope", search.Filter{}, false, ""},
		{"out of the filter's language", "retried", "/fr/guides/webhooks", search.Filter{Language: "en"}, false, ""},
		{"not readable by the reader's groups", "retried", "/guides/private", search.Filter{}, false, ""},
		{"readable by them", "retried", "/guides/private", search.Filter{Groups: []string{"staff"}}, true, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, ok := ix.PageSection(search.Query{Text: tt.question, Filter: tt.filter}, tt.path)
			if ok != tt.ok {
				t.Fatalf("ok %v, want %v (%+v)", ok, tt.ok, r)
			}
			if ok && (r.Path != tt.path || r.Section != tt.section || r.Snippet == "" || r.Text == "") {
				t.Errorf("path %q section %q snippet %q, want %q %q with text", r.Path, r.Section, r.Snippet, tt.path, tt.section)
			}
		})
	}
	var none *search.Index
	if _, ok := none.PageSection(search.Query{Text: "x"}, "/guides/webhooks"); ok {
		t.Error("a nil index has a page")
	}
}
