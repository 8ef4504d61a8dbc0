package sites_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/platform/sites"
)

func TestNewRejectsAssistantSettings(t *testing.T) {
	site := func(sp *sites.Support, starters ...string) []sites.Site {
		return []sites.Site{{Domain: "a", Project: "p", Support: sp, StarterQuestions: starters}}
	}
	for _, tc := range []struct {
		name  string
		sites []sites.Site
		want  string
	}{
		{"empty support", site(&sites.Support{}), "sites[0].support: empty"},
		{"url and email", site(&sites.Support{URL: "https://help.acme.com", Email: "help@acme.com"}), "sites[0].support: both url and email"},
		{"ftp url", site(&sites.Support{URL: "ftp://help.acme.com/x"}), "sites[0].support.url \"ftp://help.acme.com/x\": want an http or https URL"},
		{"javascript url", site(&sites.Support{URL: "javascript:alert(1)"}), "sites[0].support.url"},
		{"relative url", site(&sites.Support{URL: "/support"}), "sites[0].support.url \"/support\": want an http or https URL"},
		{"credentials", site(&sites.Support{URL: "https://bot:s3cret@help.acme.com/new"}), "must not hold credentials"},
		{"no host", site(&sites.Support{URL: "https:///new"}), "want a host"},
		{"fragment", site(&sites.Support{URL: "https://help.acme.com/#new"}), "must not hold a fragment"},
		{"space", site(&sites.Support{URL: "https://help.acme.com/a b"}), "not a URL"},
		{"long url", site(&sites.Support{URL: "https://help.acme.com/" + strings.Repeat("a", 2000)}), "at most 2000"},
		{"email without domain", site(&sites.Support{Email: "help"}), "sites[0].support.email \"help\": want an address"},
		{"email with a name", site(&sites.Support{Email: "Help <help@acme.com>"}), "sites[0].support.email"},
		{"email without dot", site(&sites.Support{Email: "help@localhost"}), "sites[0].support.email"},
		{"email with a query", site(&sites.Support{Email: "help@acme.com?cc=x@y.z"}), "sites[0].support.email"},
		{"four starters", site(nil, "a?", "b?", "c?", "d?"), "sites[0].starterQuestions: 4 questions; at most 3"},
		{"blank starter", site(nil, "How?", "  "), "sites[0].starterQuestions[1]: empty"},
		{"long starter", site(nil, strings.Repeat("é", 201)), "sites[0].starterQuestions[0]: 201 characters"},
		{"starter with a line break", site(nil, "How\ndo I?"), "sites[0].starterQuestions[0]: holds a line break"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := sites.New(tc.sites)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err = %v, want it to contain %q", err, tc.want)
			}
		})
	}
}

func TestSupportLink(t *testing.T) {
	for _, tc := range []struct {
		name    string
		support *sites.Support
		want    string
	}{
		{"none", nil, ""},
		{"link", &sites.Support{URL: "https://help.acme.com/new"}, "https://help.acme.com/new?threadId=01JTHREAD"},
		{"link with a query", &sites.Support{URL: "https://help.acme.com/new?form=docs&threadId=old"}, "https://help.acme.com/new?form=docs&threadId=01JTHREAD"},
		{"email", &sites.Support{Email: "help@acme.com"}, "mailto:help@acme.com"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			reg, err := sites.New([]sites.Site{{Domain: "a", Project: "p", Support: tc.support, StarterQuestions: []string{"How do I start?"}}})
			if err != nil {
				t.Fatal(err)
			}
			s, _ := reg.Domain("a")
			if got := s.SupportLink("01JTHREAD"); got != tc.want {
				t.Errorf("SupportLink = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestLoadReadsAssistantSettings(t *testing.T) {
	for _, tc := range []struct {
		name, yaml, want string
	}{
		{"settings", "    support: {url: https://help.acme.com/new}\n    starterQuestions: [\"How do I start?\", \"What is a key?\"]\n", ""},
		{"misspelt support key", "    support:\n      mail: help@acme.com\n", `line 6: sites[0].support: unknown field "mail" (want url, email)`},
		{"support not a mapping", "    support: https://help.acme.com\n", "sites"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "lectern.yaml")
			body := "sites:\n  - domain: acme\n    project: acme-prod\n    docs: ./docs\n" + tc.yaml
			if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
				t.Fatal(err)
			}
			reg, err := sites.Load(path)
			if tc.want != "" {
				if err == nil || !strings.Contains(err.Error(), tc.want) {
					t.Fatalf("err = %v, want %q", err, tc.want)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			s, _ := reg.Domain("acme")
			if s.Support == nil || s.Support.URL != "https://help.acme.com/new" || len(s.StarterQuestions) != 2 || s.StarterQuestions[1] != "What is a key?" {
				t.Errorf("site = %+v", s)
			}
		})
	}
}
