package search_test

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/lectern-dev/lectern/assistant/search"
)

func urls(rs []search.Result) []string {
	var out []string
	for _, r := range rs {
		out = append(out, r.URL)
	}
	return out
}

func TestSearchResultFields(t *testing.T) {
	ix := search.Build(loadSite(t))
	rs := ix.Search(search.Query{Text: "how long is the grace period when rotating a key"})
	if len(rs) == 0 {
		t.Fatal("no results")
	}
	got := rs[0]
	want := search.Result{
		URL: "/authentication/api-keys#rotating-a-key", Path: "/authentication/api-keys", Title: "API keys",
		Section: "Rotating a key", Breadcrumbs: []string{"Authentication"},
	}
	if got.URL != want.URL || got.Path != want.Path || got.Title != want.Title || got.Section != want.Section ||
		!slices.Equal(got.Breadcrumbs, want.Breadcrumbs) {
		t.Errorf("first result %+v, want %+v", got, want)
	}
	if !strings.HasPrefix(got.Snippet, "Rotate keys regularly") || got.Score <= 0 {
		t.Errorf("snippet %q, score %v", got.Snippet, got.Score)
	}
	seen := map[string]bool{}
	for i, r := range rs {
		if seen[r.Path] {
			t.Errorf("page %s twice", r.Path)
		}
		seen[r.Path] = true
		if i > 0 && r.Score > rs[i-1].Score {
			t.Errorf("results not sorted: %v", urls(rs))
		}
	}
}

func TestSearchLeadAndCode(t *testing.T) {
	ix := search.Build(loadSite(t))
	tests := []struct{ q, url string }{ // url: the first result's URL, or its path
		{"npm install @relay/node", "/sdks/node#installation"},
		{"constructEvent", "/guides/webhook-signatures#verify-with-the-sdk"},
		{"HorizontalPodAutoscaler", "/deployment/kubernetes#scaling"},
		{"Relay is one API for SMS, email and push notifications", "/introduction"},
		{"relay.messages.send", "/sdks/node#send-a-message"},
		{"Idempotency-Key header", "/guides/idempotency"},
		{"Let's Encrypt", "/deployment/custom-domain#tls-certificates"},
	}
	for _, tt := range tests {
		rs := ix.Search(search.Query{Text: tt.q, Limit: 3})
		if len(rs) == 0 || rs[0].URL != tt.url && rs[0].Path != tt.url {
			t.Errorf("%q: got %v, want %s first", tt.q, urls(rs), tt.url)
		}
	}
}

func TestSearchLimits(t *testing.T) {
	ix := search.Build(loadSite(t))
	tests := []struct {
		name  string
		q     search.Query
		count int
	}{
		{"default limit", search.Query{Text: "message"}, search.DefaultLimit},
		{"limit", search.Query{Text: "message", Limit: 2}, 2},
		{"capped at the number of pages", search.Query{Text: "message", Limit: 1000}, -1},
		{"empty", search.Query{}, 0},
		{"stop words only", search.Query{Text: "how do I do it?"}, 0},
		{"unknown words", search.Query{Text: "xylophone zeppelin"}, 0},
		{"punctuation", search.Query{Text: "?!.,;"}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rs := ix.Search(tt.q)
			if tt.count >= 0 && len(rs) != tt.count {
				t.Errorf("%d results, want %d", len(rs), tt.count)
			}
			if tt.count < 0 && (len(rs) > search.MaxLimit || len(rs) < 20) {
				t.Errorf("%d results", len(rs))
			}
		})
	}
}

func TestSearchConversation(t *testing.T) {
	ix := search.Build(loadSite(t))
	tests := []struct {
		name string
		q    search.Query
		want string // first result's path
	}{
		{"follow-up uses history", search.Query{Text: "and for python?", History: []string{"how do I install the node sdk"}}, "/sdks/python"},
		{"last message outweighs history", search.Query{Text: "how do I rotate my api key", History: []string{"how do webhooks retry"}}, "/authentication/api-keys"},
		{"recent history outweighs old", search.Query{Text: "what are the limits?", History: []string{"how do I upload attachments", "how many api requests per second"}}, "/api-reference/rate-limits"},
		{"code context", search.Query{Text: "this throws an error", Context: []string{"const event = relay.webhooks.constructEvent(rawBody, sig, secret)"}}, "/guides/webhook-signatures"},
		{"text selection context", search.Query{Text: "what does this mean?", Context: []string{"Requests over the limit fail with status 429 Too Many Requests and a Retry-After header giving the number of seconds to wait."}}, "/api-reference/rate-limits"},
		{"context only", search.Query{Context: []string{"helm install relay-gateway relay/gateway"}}, "/deployment/kubernetes"},
		{"long context does not drown the question", search.Query{Text: "how do I cancel a scheduled message", Context: []string{strings.Repeat("curl https://api.relay.dev/v1/messages -H Authorization Bearer key ", 20)}}, "/guides/scheduling"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rs := ix.Search(tt.q)
			if len(rs) == 0 || rs[0].Path != tt.want {
				t.Errorf("got %v, want %s first", urls(rs), tt.want)
			}
		})
	}
}

// scopedSite is a small site with versions, languages and groups.
func scopedSite() []search.Page {
	return []search.Page{
		{URL: "/v1/auth", Title: "Auth v1", Version: "v1", Language: "en", Groups: []string{"Guides"}, Body: "Authentication with keys."},
		{URL: "/v2/auth", Title: "Auth v2", Version: "v2", Language: "en", Groups: []string{"Guides"}, Body: "Authentication with keys and OAuth."},
		{URL: "/fr/v2/auth", Title: "Auth v2 (fr)", Version: "v2", Language: "fr", Groups: []string{"Guides"}, Body: "Authentication avec des keys."},
		{URL: "/api/auth", Title: "Auth API", Version: "v2", Groups: []string{"API reference"}, Body: "Authentication header keys."},
		{URL: "/changelog", Title: "Changelog", Body: "Authentication keys changed."},
	}
}

func TestSearchFilter(t *testing.T) {
	ix := search.Build(scopedSite())
	tests := []struct {
		name   string
		filter search.Filter
		want   []string
	}{
		{"none", search.Filter{}, []string{"/api/auth", "/changelog", "/fr/v2/auth", "/v1/auth", "/v2/auth"}},
		{"version", search.Filter{Version: "v1"}, []string{"/changelog", "/v1/auth"}},
		{"version is case-insensitive", search.Filter{Version: "V2"}, []string{"/api/auth", "/changelog", "/fr/v2/auth", "/v2/auth"}},
		{"language", search.Filter{Language: "fr"}, []string{"/api/auth", "/changelog", "/fr/v2/auth"}},
		{"version and language", search.Filter{Version: "v2", Language: "en"}, []string{"/api/auth", "/changelog", "/v2/auth"}},
		{"group", search.Filter{Groups: []string{"API reference"}}, []string{"/api/auth", "/changelog"}},
		{"any of the groups", search.Filter{Groups: []string{"guides", "nope"}}, []string{"/changelog", "/fr/v2/auth", "/v1/auth", "/v2/auth"}},
		{"unknown version keeps unscoped pages", search.Filter{Version: "v9"}, []string{"/changelog"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, r := range ix.Search(search.Query{Text: "authentication keys", Filter: tt.filter, Limit: 10}) {
				got = append(got, r.Path)
			}
			slices.Sort(got)
			if !slices.Equal(got, tt.want) {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}

func TestBuildPages(t *testing.T) {
	ix := search.Build([]search.Page{
		{URL: "/guides/rate-limits", Body: "Only text about throttling."},
		{URL: "/empty", Title: "Empty page"},
		{URL: "/described", Description: "Everything about dinosaurs.", Body: "## Details\nMore."},
		{URL: "/api/get-user", Title: "Get a user", Breadcrumbs: []string{"API"}, Body: "GET /users/{id}\n\nReturns the user with this id.\n\nid (string, required): the user id."},
	})
	if ix.Len() != 5 {
		t.Errorf("Len() = %d, want 5", ix.Len())
	}
	tests := []struct{ q, url, title, snippet string }{
		{"throttling", "/guides/rate-limits", "rate limits", "Only text about throttling."},
		{"empty page", "/empty", "Empty page", ""},
		{"dinosaurs", "/described", "described", "Everything about dinosaurs."},
		{"users id", "/api/get-user", "Get a user", "GET /users/{id}\n\nReturns the user with this id.\n\nid (string, required): the user id."},
	}
	for _, tt := range tests {
		rs := ix.Search(search.Query{Text: tt.q})
		if len(rs) == 0 {
			t.Errorf("%q: no results", tt.q)
			continue
		}
		if r := rs[0]; r.URL != tt.url || r.Title != tt.title || r.Snippet != tt.snippet {
			t.Errorf("%q: got %q %q %q, want %q %q %q", tt.q, r.URL, r.Title, r.Snippet, tt.url, tt.title, tt.snippet)
		}
	}
	rs := ix.Search(search.Query{Text: "user"})
	rs[0].Breadcrumbs[0] = "changed"
	if again := ix.Search(search.Query{Text: "user"}); again[0].Breadcrumbs[0] != "API" {
		t.Error("a result's breadcrumbs alias the index")
	}
}

func TestBuildEmpty(t *testing.T) {
	ix := search.Build(nil)
	if ix.Len() != 0 || ix.Search(search.Query{Text: "anything"}) != nil {
		t.Error("empty index answers")
	}
	var none *search.Index
	if none.Len() != 0 || none.Pages() != 0 || none.Search(search.Query{Text: "anything"}) != nil {
		t.Error("nil index answers")
	}
}

func TestSearchConcurrent(t *testing.T) {
	ix := search.Build(loadSite(t))
	want := map[string][]string{}
	for _, q := range questions {
		want[q.q] = urls(ix.Search(search.Query{Text: q.q}))
	}
	var wg sync.WaitGroup
	errs := make(chan error, len(questions)*8)
	for g := range 8 {
		wg.Go(func() {
			for i := range questions {
				q := questions[(i+g)%len(questions)].q
				if got := urls(ix.Search(search.Query{Text: q})); !slices.Equal(got, want[q]) {
					errs <- fmt.Errorf("%q: got %v, want %v", q, got, want[q])
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

func TestSearchQueryExpansion(t *testing.T) {
	ix := search.Build([]search.Page{
		{URL: "/login", Title: "Login", Body: "Use the login form with your password."},
		{URL: "/setup", Title: "Setup", Body: "The setup wizard configures the project."},
		{URL: "/cli", Title: "CLI", Body: "Install the cli with brew."},
		{URL: "/log", Title: "Logs", Body: "Read the request log in the dashboard."},
		{URL: "/forms", Title: "Forms", Body: "A form collects input from users."},
	})
	tests := []struct{ q, want string }{
		{"how do I log in", "/login"},                // joined: "log in" → login
		{"how do I sign in", "/login"},               // phrase synonym: "sign in" → login
		{"set it up", "/setup"},                      // no join: "it" stands between
		{"set up the project", "/setup"},             // joined: "set up" → setup
		{"command line install", "/cli"},             // phrase synonym: "command line" → cli
		{"where is the request log", "/log"},         // "log" alone is no compound
		{"the Log In button", "/login"},              // case does not matter
		{"authentication with a password", "/login"}, // synonym: authentication → login
	}
	for _, tt := range tests {
		rs := ix.Search(search.Query{Text: tt.q})
		if len(rs) == 0 || rs[0].Path != tt.want {
			t.Errorf("%q: got %v, want %s first", tt.q, urls(rs), tt.want)
		}
	}
}
