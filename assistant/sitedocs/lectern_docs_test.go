package sitedocs_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/search"
	"github.com/lectern-dev/lectern/assistant/sitedocs"
)

// TestLecternDocsQuestions asks questions in readers' own words of Lectern's own docs site (what
// `make run` serves) and expects the page that answers each among the top three results.
func TestLecternDocsQuestions(t *testing.T) {
	docs, err := sitedocs.Load(context.Background(), "../../docs")
	if err != nil {
		t.Fatal(err)
	}
	ix := search.Build(docs.Pages)
	// page may list several pages separated by "|": any of them answers the question (the
	// security page's key table answers the key questions as the authentication guide does, and
	// the API introduction's Authentication section says which key ships in web pages; the
	// assistant guide says where unanswered questions are listed, as the content-gaps page
	// lists them and the SQL page counts them; the traffic export's page documents its own
	// paging, `limit` and `offset`, as the API introduction documents the cursor exports').
	for _, tc := range []struct{ question, page string }{
		{"how do I start it on my laptop", "/quickstart"},
		{"what command runs the test suite", "/quickstart"},
		{"where do I get an api key", "/guides/authentication"},
		{"which key can I put in my web page", "/guides/authentication|/security|/api-reference/introduction"},
		{"what does a 429 mean", "/guides/authentication"},
		{"my key stopped working after I revoked it", "/guides/authentication"},
		{"which questions did the bot fail to answer", "/analytics/clickhouse-sql|/analytics/content-gaps|/guides/assistant"},
		{"sql for the most cited pages", "/analytics/clickhouse-sql"},
		{"how do I count questions per day in clickhouse", "/analytics/clickhouse-sql"},
		{"what happens when an event cannot be stored", "/concepts/events"},
		{"how are the services split up", "/concepts/architecture"},
		{"check my docs.json navigation before publishing", "/quickstart"},
		{"how do I page through the export", "/api-reference/introduction|/api-reference/analytics/page-views-by-visitor-category-traffic-export"},
		{"send a message to the assistant", "/api-reference/assistant/send-a-message-to-the-assistant"},
		{"change the status of a feedback record", "/api-reference/feedback/change-the-status-of-feedback"},
	} {
		t.Run(tc.question, func(t *testing.T) {
			results := ix.Search(search.Query{Text: tc.question, Limit: 3})
			var got []string
			for _, r := range results {
				got = append(got, r.Path)
				if slices.Contains(strings.Split(tc.page, "|"), r.Path) {
					return
				}
			}
			t.Errorf("top 3 for %q = %v, want %s among them", tc.question, got, tc.page)
		})
	}
}

// TestLecternDocsShowTheAnsweringSection asks questions whose page's description names the
// topic of every section, and expects the first result to show the section that answers:
// "how do I rotate an api key" used to show the security page's limits on a public key,
// lifted by the description's "rotate credentials", and the model-free answer quoted them.
func TestLecternDocsShowTheAnsweringSection(t *testing.T) {
	docs, err := sitedocs.Load(context.Background(), "../../docs")
	if err != nil {
		t.Fatal(err)
	}
	ix := search.Build(docs.Pages)
	for _, tc := range []struct {
		question string
		sections []string // "path#section": any of them answers
	}{
		{"how do I rotate an api key?", []string{"/security#Rotating credentials", "/guides/authentication#Rotate a key"}},
		{"rotate api key", []string{"/security#Rotating credentials", "/guides/authentication#Rotate a key"}},
	} {
		res := ix.Search(search.Query{Text: tc.question})
		if len(res) == 0 {
			t.Errorf("%q: no result", tc.question)
			continue
		}
		if got := res[0].Path + "#" + res[0].Section; !slices.Contains(tc.sections, got) {
			t.Errorf("%q: first result shows %q, want one of %q", tc.question, got, tc.sections)
		}
	}
}
