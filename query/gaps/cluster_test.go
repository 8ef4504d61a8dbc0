package gaps_test

import (
	"reflect"
	"testing"

	"github.com/lectern-dev/lectern/query/gaps"
)

func TestTerms(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"How do I set a custom domain?", []string{"set", "custom", "domain"}},
		{"custom domains", []string{"custom", "domain"}},
		{"API keys and policies", []string{"api", "key", "policy"}},
		{"access status analysis", []string{"access", "status", "analysis"}},
		{"rate limit 429 (429!)", []string{"rate", "limit", "429"}},
		{"it's \"quoted\"", []string{"quoted"}},
		{"why doesn't my webhook fire? I've tried, they're not sent", []string{"webhook", "fire", "tried", "sent"}}, // contractions' parts
		{"what happens to a faction leader who doesn't do their job", []string{"happen", "faction", "leader", "job"}},
		{"Grüße 日本語", []string{"grüße", "日本", "本語"}}, // CJK text as pairs (TestTermsCJK)
		{"how do i", nil},
		{"a b c", nil},
		{"", nil},
		{"webhooks, webhook", []string{"webhook"}},
		{"gas bus", []string{"gas", "bus"}},
	} {
		if got := gaps.Terms(tc.in); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("Terms(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestCluster(t *testing.T) {
	type topic struct {
		key   string
		texts []string
	}
	for _, tc := range []struct {
		name  string
		texts []string
		want  []topic
	}{
		{"shared words", []string{
			"how do i set a custom domain", "custom domain not working", "ssl certificate custom domain",
			"verify webhook signature", "webhook retries", "verify webhooks",
			"rate limit 429", "rate limits per key", "delete my account",
		}, []topic{
			{"custom", []string{"how do i set a custom domain", "custom domain not working", "ssl certificate custom domain"}},
			{"webhook", []string{"verify webhook signature", "webhook retries", "verify webhooks"}},
			{"limit", []string{"rate limit 429", "rate limits per key"}},
			{"delete my account", []string{"delete my account"}},
		}},
		{"a word in most texts is too general to head a topic", []string{
			"api keys", "api rate limits", "api webhooks", "rate limits", "api key rotation",
		}, []topic{
			{"key", []string{"api keys", "api key rotation"}},
			{"limits", []string{"api rate limits", "rate limits"}}, // as both write it
			{"api", []string{"api webhooks"}},                      // it shares nothing else

		}},
		{"every text shares the same words", []string{"rotate keys", "rotate api keys", "keys rotate daily", "rotating keys"},
			[]topic{{"keys", []string{"rotate keys", "rotate api keys", "keys rotate daily", "rotating keys"}}}},
		{"nothing shared", []string{"sso", "billing"}, []topic{{"sso", []string{"sso"}}, {"billing", []string{"billing"}}}},
		{"only stop words", []string{"how do i", "what is it"}, []topic{{"how do i", []string{"how do i"}}, {"what is it", []string{"what is it"}}}},
		{"none", nil, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []topic
			for _, tp := range gaps.Cluster(tc.texts) {
				got = append(got, topic{tp.Key, tp.Texts})
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("Cluster:\n got %q\nwant %q", got, tc.want)
			}
		})
	}
}

// TestClusterTerms checks the words a topic is shown with: its head, then the two most common.
func TestClusterTerms(t *testing.T) {
	tps := gaps.Cluster([]string{"custom domain ssl", "custom domain dns", "custom domain dns records"})
	if len(tps) != 1 || !reflect.DeepEqual(tps[0].Terms, []string{"custom", "domain", "dns"}) {
		t.Errorf("topics %+v; want one, with terms custom, domain, dns", tps)
	}
}
