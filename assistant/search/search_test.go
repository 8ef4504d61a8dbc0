package search_test

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

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

// scopedSite is a small site with versions, languages, tags and a page for one user group.
func scopedSite() []search.Page {
	return []search.Page{
		{URL: "/v1/auth", Title: "Auth v1", Version: "v1", Language: "en", Tags: []string{"Legacy"}, Body: "Authentication with keys."},
		{URL: "/v2/auth", Title: "Auth v2", Version: "v2", Language: "en", Body: "Authentication with keys and OAuth."},
		{URL: "/fr/v2/auth", Title: "Auth v2 (fr)", Version: "v2", Language: "fr", Body: "Authentication avec des keys."},
		{URL: "/api/auth", Title: "Auth API", Version: "v2", Tags: []string{"API", "Beta"}, Body: "Authentication header keys."},
		{URL: "/admin/auth", Title: "Admin auth", UserGroups: []string{"admin", "staff"}, Body: "Authentication keys for administrators."},
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
		{"tag", search.Filter{Tag: "beta"}, []string{"/api/auth"}},
		{"tag and version", search.Filter{Tag: "legacy", Version: "v2"}, []string{}},
		{"a reader in a user group", search.Filter{Groups: []string{"nope", "Staff"}}, []string{"/admin/auth", "/api/auth", "/changelog", "/fr/v2/auth", "/v1/auth", "/v2/auth"}},
		{"a reader in another group", search.Filter{Groups: []string{"beta-users"}}, []string{"/api/auth", "/changelog", "/fr/v2/auth", "/v1/auth", "/v2/auth"}},
		{"unknown version keeps unscoped pages", search.Filter{Version: "v9"}, []string{"/changelog"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := []string{}
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

// TestSearchBoost: a boost multiplies a page's relevance. Two pages that match a question
// equally swap places when one is boosted or the other lowered; a lowered page that matches
// far better than the rest still ranks.
func TestSearchBoost(t *testing.T) {
	pages := func(a, b float64) []search.Page {
		return []search.Page{
			{URL: "/webhooks", Title: "Handbook", Boost: b, Body: "Webhooks retry failed deliveries three times."},
			{URL: "/changelog", Title: "Changelog", Boost: a, Body: "Webhooks retry failed deliveries three times."},
			{URL: "/other", Title: "Other", Body: "Nothing to see."},
		}
	}
	for _, tc := range []struct {
		name  string
		a, b  float64
		first string
	}{
		{"changelog lowered", 0.5, 0, "/webhooks"},
		{"guide boosted", 0, 3, "/webhooks"},
		{"changelog boosted", 3, 0, "/changelog"},
		{"guide lowered", 0, 0.25, "/changelog"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rs := search.Build(pages(tc.a, tc.b)).Search(search.Query{Text: "do webhooks retry failed deliveries", Limit: 3})
			if len(rs) < 2 || rs[0].Path != tc.first {
				t.Fatalf("got %v, want %s first", urls(rs), tc.first)
			}
			if rs[1].Score >= 1 {
				t.Errorf("second score %v, want below the first's 1", rs[1].Score)
			}
		})
	}
	t.Run("scores multiply", func(t *testing.T) {
		plain := search.Build(pages(0, 0)).Search(search.Query{Text: "webhooks retry", Limit: 2})
		boosted := search.Build(pages(0, 2)).Search(search.Query{Text: "webhooks retry", Limit: 2})
		if len(plain) != 2 || len(boosted) != 2 || plain[0].Path != "/webhooks" || boosted[0].Path != "/webhooks" {
			t.Fatalf("plain %v boosted %v", urls(plain), urls(boosted))
		}
		if got, want := boosted[1].Score, plain[1].Score/2; math.Abs(got-want) > 1e-4 {
			t.Errorf("with the first page boosted 2×, the second scores %v, want %v (half of %v)", got, want, plain[1].Score)
		}
	})
}

// TestSearchOneVariant: a result list holds one variant of a page, however the search is scoped:
// the translation that matches the question best stands for the others.
func TestSearchOneVariant(t *testing.T) {
	ix := search.Build([]search.Page{
		{URL: "/guides/geo", Title: "Geo routing", Language: "en", Variant: "/guides/geo", Body: "Route readers by country with geo rules."},
		{URL: "/es/guides/geo", Title: "Enrutamiento geo", Language: "es", Variant: "/guides/geo", Body: "Enruta a los lectores por país con reglas geo."},
		{URL: "/fr/guides/geo", Title: "Routage géo", Language: "fr", Variant: "/guides/geo", Body: "Routez les lecteurs par pays avec des règles geo."},
		{URL: "/guides/cache", Title: "Cache", Language: "en", Variant: "/guides/cache", Body: "Cache rules for geo content."},
	})
	for _, tc := range []struct {
		q     string
		f     search.Filter
		first string
	}{
		{"geo rules by country", search.Filter{}, "/guides/geo"},
		{"reglas geo por país", search.Filter{}, "/es/guides/geo"},
		{"geo", search.Filter{Language: "fr"}, "/fr/guides/geo"},
	} {
		rs := ix.Search(search.Query{Text: tc.q, Filter: tc.f, Limit: 10})
		variants := 0
		for _, r := range rs {
			if strings.HasSuffix(r.Path, "/guides/geo") {
				variants++
			}
		}
		if len(rs) == 0 || rs[0].Path != tc.first || variants != 1 {
			t.Errorf("%q %+v: got %v, want %s first and one variant of it", tc.q, tc.f, urls(rs), tc.first)
		}
	}
}

func TestSearchLines(t *testing.T) {
	body := "Intro words that say nothing in particular about anything at all, and then some more filler text to push it far. " +
		"Then the part about ```rotating``` keys: rotate an API key — create a new key, deploy it, then revoke the old one. 日本語 keys too.\n\n" +
		"```bash\nlectern keys rotate\n```\n" + strings.Repeat("Trailing words go on and on. ", 20)
	ix := search.Build([]search.Page{{URL: "/keys", Title: "Keys", Body: body}, {URL: "/x", Title: "X", Body: "Nothing."}})
	rs := ix.Search(search.Query{Text: "rotate a key", Lines: true, Limit: 1})
	if len(rs) != 1 {
		t.Fatalf("results %v", urls(rs))
	}
	l := rs[0].Line
	if strings.Contains(l.Text, "\n") || !strings.HasPrefix(l.Text, "… ") || !strings.HasSuffix(l.Text, " …") || utf8.RuneCountInString(l.Text) > 160+4 {
		t.Errorf("line %q: want one line of at most 160 characters windowed inside the text", l.Text)
	}
	u := utf16.Encode([]rune(l.Text))
	var words []string
	for _, m := range l.Matches {
		words = append(words, string(utf16.Decode(u[m.Start:m.End])))
	}
	if len(words) < 3 || words[0] != "rotating" || !slices.Contains(words, "key") || !slices.Contains(words, "keys") {
		t.Errorf("matches %v in %q: want the words of the question, the first one first", words, l.Text)
	}
	if rs := ix.Search(search.Query{Text: "rotate a key", Limit: 1}); rs[0].Line.Text != "" {
		t.Errorf("a line without Lines: %+v", rs[0].Line)
	}
	// No match in the text (the title matched): the start of the text.
	rs = search.Build([]search.Page{{URL: "/n", Title: "Nebula", Body: "Clouds of gas."}}).Search(search.Query{Text: "nebula", Lines: true})
	if len(rs) != 1 || rs[0].Line.Text != "Clouds of gas." || len(rs[0].Line.Matches) != 0 {
		t.Errorf("line without a match: %+v", rs)
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

// TestSearchCJK: a question in Chinese or Japanese, which puts no spaces between words, finds the
// page that says it in other words around it, through the character pairs both share.
func TestSearchCJK(t *testing.T) {
	ix := search.Build([]search.Page{
		{URL: "/zh/billing", Title: "账单", Language: "zh", Body: "## 积分\n\n每月的积分会在账单周期结束时重置，未使用的积分不会结转到下个月。"},
		{URL: "/zh/rate-limits", Title: "速率限制", Language: "zh", Body: "每分钟的请求数有上限，超过后会返回 429 错误。"},
		{URL: "/ja/parse", Title: "ファイルの解析", Language: "ja", Body: "PDFやWordファイルをアップロードしてMarkdownに変換します。"},
		{URL: "/ja/proxies", Title: "プロキシ", Language: "ja", Body: "国を指定して、その国から見えるページを取得します。"},
	})
	for _, tc := range []struct{ q, want string }{
		{"没用完的积分会结转到下个月吗？", "/zh/billing"},
		{"每分钟能发多少个请求？一直收到429错误", "/zh/rate-limits"},
		{"手元のWordファイルをMarkdownに変換したい", "/ja/parse"},
		{"ドイツから見えるページを取得したい", "/ja/proxies"},
	} {
		rs := ix.Search(search.Query{Text: tc.q, Limit: 2})
		if len(rs) == 0 || rs[0].Path != tc.want {
			t.Errorf("%q: %v, want %s first", tc.q, urls(rs), tc.want)
		}
	}
	rs := ix.Search(search.Query{Text: "未使用的积分", Lines: true, Limit: 1})
	if len(rs) != 1 || len(rs[0].Line.Matches) == 0 {
		t.Fatalf("%+v", rs)
	}
	u := utf16.Encode([]rune(rs[0].Line.Text))
	for _, m := range rs[0].Line.Matches {
		if w := string(utf16.Decode(u[m.Start:m.End])); utf8.RuneCountInString(w) < 2 || !strings.Contains("未使用的积分", w) {
			t.Errorf("match %q in %q, want a run of the question's characters (its pairs, overlapping, marked as one)", w, rs[0].Line.Text)
		}
	}
}

// TestCompoundsOfStopWords: two stop words are never joined into a term ("do I" is not "doi",
// "don't" is not "dont"); a stop word is never the first part of one ("my chatbot" is not the
// identifier "mychatbot" of a code sample, which made "how do I add memory to my chatbot" a
// question of four words the tutorial held three of; LangChain's docs), and outside English
// not the second either (Portuguese "de preços" is not "depreços", stemmed as "depreciado" is);
// "log in" still becomes "login", and a hyphen still joins a stop word first ("e-mail", "re-sync").
func TestCompoundsOfStopWords(t *testing.T) {
	ix := search.Build([]search.Page{
		{URL: "/papers", Title: "Papers", Body: "Each paper has a DOI. Readers dont wait; a login is required."},
		{URL: "/memory", Title: "Add memory", Body: "Give the chatbot memory: `mychatbot = build(checkpointer)`."},
		{URL: "/sync", Title: "Sync", Body: "The operator can resync secrets; send an email to support."},
		{URL: "/pt-BR/api", Language: "pt-BR", Title: "API", Body: "Este endpoint está depreciado."},
		{URL: "/pt-BR/precos", Language: "pt-BR", Title: "Preços", Body: "A página de preços lista os planos."},
	})
	tests := []struct {
		q, lang string
		want    []string // terms the query must have
		not     []string // terms it must not have
	}{
		{"how do I log in", "", []string{"login"}, []string{"doi"}},
		{"I don't get it", "", nil, []string{"dont"}},
		{"how do I add memory to my chatbot", "", search.TermsIn("", "chatbot memory"), []string{"mychatbot"}},
		{"does it re-sync, or must I e-mail you", "", search.TermsIn("", "resync email"), nil},
		{"a página de preços", "pt-BR", search.TermsIn("pt-BR", "página preços"), search.TermsIn("pt-BR", "depreciado")},
	}
	for _, tc := range tests {
		got := search.QueryTerms(ix, search.Query{Text: tc.q, Filter: search.Filter{Language: tc.lang}})
		for _, w := range tc.want {
			if !slices.Contains(got, w) {
				t.Errorf("%q: terms %v lack %q", tc.q, got, w)
			}
		}
		for _, w := range tc.not {
			if slices.Contains(got, w) {
				t.Errorf("%q: terms %v hold %q", tc.q, got, w)
			}
		}
	}
}
