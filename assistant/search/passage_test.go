package search_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/search"
)

// TestPassageAndMatch checks what a result quotes of a long section (the part that matches the
// query; its start when the start matches as well as any part) and its Match (the share of the
// question's weight the page holds, a word the site never uses weighing as the rarest term).
func TestPassageAndMatch(t *testing.T) {
	long := "Webhooks send events to your server. " + strings.Repeat(filler, 8) +
		"To verify a signature, compute an HMAC of the raw body with the signing secret. " + strings.Repeat(filler, 8)
	pages := []search.Page{
		{URL: "/webhooks", Title: "Webhooks", Body: long},
		{URL: "/projects", Title: "Projects", Body: filler},
		{URL: "/regions", Title: "Regions", Body: "Projects live in one region. " + filler},
	}
	ix := search.Build(pages)
	tests := []struct {
		name, query, prefix string
		minMatch, maxMatch  float64
	}{
		{"the matching part, deep in the section", "verify the signature with the signing secret", "… To verify a signature", 0.99, 1},
		{"the start when it matches", "webhooks events", "Webhooks send events", 0.99, 1},
		{"a word the site never uses", "webhooks in kubernetes", "Webhooks send events", 0.05, 0.5},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rs := ix.Search(search.Query{Text: tt.query})
			if len(rs) == 0 || rs[0].Path != "/webhooks" {
				t.Fatalf("%q: results %v, want /webhooks first", tt.query, urls(rs))
			}
			if !strings.HasPrefix(rs[0].Snippet, tt.prefix) || len(rs[0].Snippet) > 700 {
				t.Errorf("%q: snippet %q, want it to start %q", tt.query, rs[0].Snippet, tt.prefix)
			}
			if m := rs[0].Match; m < tt.minMatch || m > tt.maxMatch {
				t.Errorf("%q: match %.3f, want %.2f to %.2f", tt.query, m, tt.minMatch, tt.maxMatch)
			}
		})
	}
}

// TestMatchOfWords: a page holding every word of the question matches it fully, whether or
// not it also holds their synonyms (a synonym adds no weight of its own to the question), and
// a pair of Chinese characters no page has (it straddles two words) does not count against
// the page, while a word the site never uses still does.
func TestMatchOfWords(t *testing.T) {
	ix := search.Build([]search.Page{
		{URL: "/projects", Title: "Projects", Body: "Delete a project from its settings page. " + filler},
		{URL: "/keys", Title: "Keys", Body: "Remove a key from the dashboard. " + filler},
		{URL: "/zh/billing", Language: "zh", Title: "账单", Body: "未使用的积分不会结转到下个月。"},
		{URL: "/zh/limits", Language: "zh", Title: "速率限制", Body: "每分钟的请求数有上限。"},
	})
	tests := []struct {
		name, q, lang, want string
		min, max            float64
	}{
		{"synonyms add no weight", "delete project", "", "/projects", 0.99, 1},
		{"a pair straddling two words", "积分结转", "zh", "/zh/billing", 0.99, 1},
		{"a word the site never uses", "delete project kubernetes", "", "/projects", 0.05, 0.6},
	}
	for _, tc := range tests {
		rs := ix.Search(search.Query{Text: tc.q, Filter: search.Filter{Language: tc.lang}})
		if len(rs) == 0 || rs[0].Path != tc.want {
			t.Fatalf("%s: %q: results %v, want %s first", tc.name, tc.q, urls(rs), tc.want)
		}
		if m := rs[0].Match; m < tc.min || m > tc.max {
			t.Errorf("%s: %q: match %.3f, want %.2f to %.2f", tc.name, tc.q, m, tc.min, tc.max)
		}
	}
}

// TestRerankModel reads rerank.json strictly: it names every feature, and only features.
func TestRerankModel(t *testing.T) {
	names, err := search.ModelFeatures()
	if err != nil {
		t.Fatal(err)
	}
	want := search.FeatureNames()
	if len(names) != len(want) {
		t.Fatalf("rerank.json names %v, want the features %v (run make train-rerank)", names, want)
	}
	for _, n := range want {
		if !names[n] {
			t.Errorf("rerank.json has no weight for %q (run make train-rerank)", n)
		}
	}
}

// TestSectionMatch: a result's SectionMatch is the share of the question its page's best
// section holds, as Match weighs it: all of it when one section holds every word, about half
// when two sections hold half each, never more than Match.
func TestSectionMatch(t *testing.T) {
	ix := search.Build([]search.Page{
		{URL: "/together", Title: "Webhooks", Body: "## Retries\n\nFailed deliveries are sent again with exponential backoff.\n\n## Signing\n\n" + filler},
		{URL: "/scattered", Title: "Reference", Body: "## Deliveries\n\nFailed deliveries show in the log.\n\n## Waiting\n\nThe client waits with exponential backoff.\n\n## Regions\n\n" + filler},
		{URL: "/other", Title: "Projects", Body: filler},
	})
	tests := []struct {
		path     string
		min, max float64
	}{
		{"/together", 0.99, 1},
		{"/scattered", 0.3, 0.7},
	}
	rs := ix.Search(search.Query{Text: "failed deliveries exponential backoff"})
	for _, tc := range tests {
		i := slices.IndexFunc(rs, func(r search.Result) bool { return r.Path == tc.path })
		if i < 0 {
			t.Fatalf("%s not among %v", tc.path, urls(rs))
		}
		r := rs[i]
		if r.Match < 0.99 {
			t.Errorf("%s: match %.3f, want all of the question", tc.path, r.Match)
		}
		if s := r.SectionMatch; s < tc.min || s > tc.max || s > r.Match {
			t.Errorf("%s: section match %.3f, want %.2f to %.2f and at most match %.3f", tc.path, s, tc.min, tc.max, r.Match)
		}
	}
}
