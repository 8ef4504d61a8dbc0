package gaps_test

import (
	"slices"
	"testing"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/query/gaps"
)

// TestTopicsAsWritten: a topic and its texts show the form its searches and questions wrote
// most ("SAML", not "saml"), while the normalized form still groups them.
func TestTopicsAsWritten(t *testing.T) {
	reader := func(norm, written string, n int64) store.QueryOutcome {
		return store.QueryOutcome{Source: store.QuerySourceReader, Query: norm, Written: written, Searches: n, NoResults: n, First: at(1), Last: at(2)}
	}
	turn := func(id, q string) store.GapTurn {
		return store.GapTurn{ID: id, ThreadID: "thr_" + id, Query: q, At: at(3)}
	}
	for _, tc := range []struct {
		name      string
		sig       store.GapSignals
		key       string
		texts     []string
		notTopics []string
	}{
		{name: "searches' written form",
			sig: store.GapSignals{Queries: []store.QueryOutcome{reader("saml", "SAML", 3), reader("saml okta", "SAML Okta", 2)}},
			key: "SAML", texts: []string{"SAML", "SAML Okta"}},
		{name: "an agent's lower case and a reader's upper case: the most searches win",
			sig: store.GapSignals{Queries: []store.QueryOutcome{reader("sso login", "SSO login", 4),
				{Source: store.QuerySourceAgent, Query: "sso login", Written: "sso login", Searches: 1, NoResults: 1, First: at(1), Last: at(1)},
				reader("sso okta", "SSO Okta", 1)}},
			key: "SSO", texts: []string{"SSO Okta", "SSO login"}},
		{name: "questions as asked, white space collapsed",
			sig: store.GapSignals{Unanswered: []store.GapTurn{turn("T1", "How do I set up  SAML?"), turn("T2", "SAML with Okta"),
				turn("T3", "how do i set up saml?"), turn("T4", "How do I set up SAML?")}},
			key: "SAML", texts: []string{"How do I set up SAML?", "SAML with Okta"}},
		{name: "no written form known: the normalized one",
			sig: store.GapSignals{Queries: []store.QueryOutcome{reader("saml", "", 3), reader("saml okta", "", 2)}},
			key: "saml", texts: []string{"saml", "saml okta"}},
		{name: "a search and a question of one text",
			sig: store.GapSignals{Queries: []store.QueryOutcome{reader("saml okta", "saml okta", 1)},
				Unanswered: []store.GapTurn{turn("T1", "SAML Okta"), turn("T2", "SAML  Okta"), turn("T3", "SAML setup")}},
			key: "SAML", texts: []string{"SAML Okta", "SAML setup"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var topic *gaps.Gap
			ranked := gaps.Rank(tc.sig, gaps.DefaultOptions())
			for i := range ranked {
				if ranked[i].Kind == gaps.KindTopic {
					topic = &ranked[i]
					break
				}
			}
			if topic == nil || len(ranked) != 1 {
				t.Fatalf("want one topic, got %+v", ranked)
			}
			var texts []string
			for _, q := range topic.Queries {
				texts = append(texts, q.Text)
			}
			slices.Sort(texts)
			if topic.Key != tc.key || !slices.Equal(texts, tc.texts) {
				t.Errorf("topic %q with %q, want %q with %q", topic.Key, texts, tc.key, tc.texts)
			}
		})
	}
}
