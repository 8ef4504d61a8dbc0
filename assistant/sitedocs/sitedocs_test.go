package sitedocs_test

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/assistant/search"
	"github.com/lectern-dev/lectern/assistant/sitedocs"
	"github.com/lectern-dev/lectern/platform/eventually"
	"github.com/lectern-dev/lectern/schemas/docsjson"
)

const acme = "../testdata/sites/acme"

func TestLoad(t *testing.T) {
	d, err := sitedocs.Load(context.Background(), acme)
	if err != nil {
		t.Fatal(err)
	}
	byURL := map[string]search.Page{}
	for _, p := range d.Pages {
		byURL[p.URL] = p
	}
	if _, ok := byURL["/v2/hidden-notes"]; ok {
		t.Error("hidden page indexed")
	}
	if len(d.Pages) != 10 {
		t.Errorf("%d pages, want 10: %v", len(d.Pages), keys(byURL))
	}
	qs := byURL["/v2/quickstart"]
	if qs.Title != "Quickstart" || qs.Version != "v2" || !strings.Contains(qs.Body, "npm install -g @acme/cli") {
		t.Errorf("quickstart page: %+v", qs)
	}
	if !slices.Equal(qs.Breadcrumbs, []string{"v2", "Guides", "Get started"}) || !slices.Equal(qs.Groups, []string{"Get started"}) {
		t.Errorf("quickstart crumbs %v groups %v", qs.Breadcrumbs, qs.Groups)
	}
	ep := byURL["/api-reference/widgets/delete-a-widget"]
	if ep.Title != "Delete a widget" || !strings.Contains(ep.Body, "DELETE /widgets/{id}") || !strings.Contains(ep.Body, "cannot be restored") {
		t.Errorf("endpoint page: %+v", ep)
	}
	if v, l := d.Scopes.Resolve("", ""); v != "v2" || l != "" || !slices.Equal(d.Scopes.Versions, []string{"v2", "v1"}) || len(d.Scopes.Languages) != 0 {
		t.Errorf("scopes %+v", d.Scopes)
	}
	var hidden *sitedocs.Entry
	for i := range d.Entries {
		if d.Entries[i].URL == "/v2/hidden-notes" {
			hidden = &d.Entries[i]
		}
	}
	if hidden == nil || hidden.Index.Rule != docsjson.RuleHidden || hidden.Body == "" {
		t.Errorf("hidden page entry %+v: want it kept with its flags, its text and the rule that left it out", hidden)
	}
}

func keys(m map[string]search.Page) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

func TestLoadErrors(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name, docsJSON string
	}{
		{"missing", ""},
		{"invalid JSON", `{"navigation": `},
		{"invalid navigation", `{"navigation": {"pages": [42]}}`},
	}
	for _, tc := range tests {
		site := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "-"))
		if err := os.MkdirAll(site, 0o755); err != nil {
			t.Fatal(err)
		}
		if tc.docsJSON != "" {
			writeFile(t, filepath.Join(site, "docs.json"), tc.docsJSON)
		}
		if _, err := sitedocs.Load(context.Background(), site); err == nil {
			t.Errorf("%s: no error", tc.name)
		}
	}
}

func writeFile(t testing.TB, path, content string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestSiteFollowsChanges starts with a broken site, fixes it, then edits a page.
func TestSiteFollowsChanges(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "docs.json"), `{"navigation": `)
	site := sitedocs.NewSite(dir, 20*time.Millisecond, slog.New(slog.DiscardHandler))
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- site.Run(ctx) }()
	defer func() {
		cancel()
		if err := <-done; err != nil {
			t.Error(err)
		}
	}()
	waitFor(t, func() bool {
		_, err := site.Snapshot()
		return errors.Is(err, sitedocs.ErrNotReady) && strings.Contains(err.Error(), "JSON")
	})
	writeFile(t, filepath.Join(dir, "page.mdx"), "---\ntitle: Page\n---\n\nThe zebra lives here.\n")
	writeFile(t, filepath.Join(dir, "docs.json"), `{"navigation": {"pages": ["page"]}}`)
	waitFor(t, func() bool { return found(site, "zebra") })
	writeFile(t, filepath.Join(dir, "page.mdx"), "---\ntitle: Page\n---\n\nThe giraffe lives here now.\n")
	waitFor(t, func() bool { return found(site, "giraffe") && !found(site, "zebra") })
}

func found(site *sitedocs.Site, word string) bool {
	snap, err := site.Snapshot()
	return err == nil && len(snap.Index.Search(search.Query{Text: word})) > 0
}

func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	eventually.True(t, 5*time.Second, "the index to change", cond)
}

const tessera = "../testdata/sites/tessera"

// TestLoadTessera: the site's pages, each with the rule that decided its indexing; the index
// holds those in search; a missing file is a problem; translations and versions of a page share
// a variant.
func TestLoadTessera(t *testing.T) {
	d, err := sitedocs.Load(context.Background(), tessera)
	if err != nil {
		t.Fatal(err)
	}
	rules := map[string]docsjson.Rule{}
	variants := map[string]string{}
	for _, e := range d.Entries {
		rules[e.URL+" "+e.Version] = e.Index.Rule
		variants[e.URL] = e.Variant
	}
	want := map[string]docsjson.Rule{
		"/quickstart v2": docsjson.RuleListed, "/custom-domain v2": docsjson.RuleListed,
		"/internal-notes v2": docsjson.RuleNotSearchable, "/legacy-sso v2": docsjson.RuleNoindex,
		"/secret-roadmap v2": docsjson.RuleHidden, "/missing-page v2": docsjson.RuleNoFile,
		"/help-center/static-file-not-served v2": docsjson.RuleSearchable, "/archive/old-uploads v2": docsjson.RuleHiddenParent,
		"/drafts/upload-limits ": docsjson.RuleUnlisted, "/v1/quickstart v1": docsjson.RuleListed,
		"/es/quickstart ": docsjson.RuleListed, "/es/help-center/static-file-not-served ": docsjson.RuleSearchable,
	}
	for k, r := range want {
		if rules[k] != r {
			t.Errorf("%s: rule %q, want %q", k, rules[k], r)
		}
	}
	for _, k := range []string{"/snippets/note ", "/README "} {
		if _, ok := rules[k]; ok {
			t.Errorf("%s is an entry; it is not a page", k)
		}
	}
	indexed := map[string]bool{}
	for _, p := range d.Pages {
		indexed[p.URL] = true
	}
	for k, r := range rules {
		url, _, _ := strings.Cut(k, " ")
		in := r == docsjson.RuleListed || r == docsjson.RuleSearchable
		if indexed[url] != in {
			t.Errorf("%s (%s): indexed %v", url, r, indexed[url])
		}
	}
	for _, u := range []string{"/quickstart", "/v1/quickstart", "/es/quickstart"} {
		if variants[u] != "/quickstart" {
			t.Errorf("%s: variant %q, want /quickstart", u, variants[u])
		}
	}
	if variants["/help-center/static-file-not-served"] != variants["/es/help-center/static-file-not-served"] || variants["/changelog"] != "/changelog" {
		t.Errorf("variants %v", variants)
	}
	// The missing page, and the redirect of /gone to /nowhere, which no page answers.
	if len(d.Problems) != 2 || !strings.Contains(d.Problems[0], `page "missing-page" has no file`) ||
		!strings.HasPrefix(d.Problems[0], "warning: navigation.languages[0].versions[0].tabs[0].groups[0].pages[5]:") ||
		!strings.HasPrefix(d.Problems[1], `warning: redirects[2].destination: destination "/nowhere" is no page of the site`) {
		t.Errorf("problems %q, want the missing page and the redirect to /nowhere", d.Problems)
	}
}

func TestScopesResolve(t *testing.T) {
	d, err := sitedocs.Load(context.Background(), tessera)
	if err != nil {
		t.Fatal(err)
	}
	s := &d.Scopes
	if s.DefaultVersion != "v2" || s.DefaultLanguage != "en" || !slices.Equal(s.Languages, []string{"en", "es"}) || !slices.Equal(s.Tags, []string{"Beta"}) {
		t.Fatalf("scopes %+v", s)
	}
	for _, tc := range []struct {
		version, language string
		paths             []string
		wantV, wantL      string
	}{
		{"", "", nil, "v2", "en"},
		{"", "", []string{"/quickstart"}, "v2", "en"},
		{"", "", []string{"/v1/custom-domain"}, "v1", "en"},
		{"", "", []string{"/es/quickstart"}, "v2", "es"},
		{"", "", []string{"https://docs.tessera.dev/es/custom-domain?x=1#dns"}, "v2", "es"},
		{"", "", []string{"/es/help-center/somewhere-new"}, "v2", "es"},
		{"", "", []string{"/v1/nothing-here"}, "v1", "en"},
		{"", "", []string{"/es/quickstart.md"}, "v2", "es"},
		{"", "", []string{"/secret-roadmap"}, "v2", "en"},
		{"", "", []string{"/nowhere", "/v1/quickstart"}, "v1", "en"},
		{"v1", "", []string{"/es/quickstart"}, "v1", "es"},
		{"", "en", []string{"/es/quickstart"}, "v2", "en"},
	} {
		v, l := s.Resolve(tc.version, tc.language, tc.paths...)
		if v != tc.wantV || l != tc.wantL {
			t.Errorf("Resolve(%q, %q, %q) = %q, %q; want %q, %q", tc.version, tc.language, tc.paths, v, l, tc.wantV, tc.wantL)
		}
	}
}

// TestSnippetsAreSearched: a snippet a page imports is part of the page for search, as it is
// for the page's Markdown: tessera's quickstart shows snippets/note.mdx under "Publish".
func TestSnippetsAreSearched(t *testing.T) {
	d, err := sitedocs.Load(context.Background(), tessera)
	if err != nil {
		t.Fatal(err)
	}
	results := search.Build(d.Pages).Search(search.Query{Text: "who do I write to at support when I need help", Limit: 3, Filter: search.Filter{Version: "v2"}})
	if len(results) == 0 || results[0].Path != "/quickstart" || results[0].Section != "Publish" || !strings.Contains(results[0].Snippet, "support@tessera.dev") {
		t.Fatalf("first result %+v, want /quickstart's Publish section quoting the snippet", results)
	}
	for _, p := range d.Catalog.Pages {
		if p.URL == "/quickstart" && p.Version == "v2" && !strings.Contains(p.Body, "support@tessera.dev") {
			t.Errorf("the Markdown page lacks the snippet:\n%s", p.Body)
		}
	}
}

func TestLanguageOf(t *testing.T) {
	site := func(def string, langs ...string) *sitedocs.Scopes {
		return &sitedocs.Scopes{Languages: langs, DefaultLanguage: def}
	}
	cjk := site("en", "en", "zh-Hans", "zh-Hant", "ja", "ko")
	tests := []struct {
		name string
		s    *sitedocs.Scopes
		text string
		want string
	}{
		{"Japanese: kana with kanji", cjk, "コードノードで使えるPythonのライブラリは？", "ja"},
		{"Japanese: kanji outnumber the kana", cjk, "日本語版価格設定変更方法は", "ja"},
		{"Chinese: Han without kana, the first zh listed", cjk, "如何在代码节点中使用 Python 库？", "zh-Hans"},
		{"Korean", cjk, "코드 노드에서 파이썬 라이브러리를 쓰려면?", "ko"},
		{"English", cjk, "how do I install the cli", ""},
		{"mostly Latin with a word of Han", cjk, "what does the heading 概要 mean on the install page", ""},
		{"Chinese naming a product in Latin letters", cjk, "如何在代码节点中使用 Python 库？", "zh-Hans"},
		{"Japanese naming two products in Latin letters", cjk, "Docker で Nginx を止める方法", "ja"},
		{"Russian naming a product", site("en", "en", "ru"), "как установить Docker Desktop на сервер", "ru"},
		// more Latin letters than Cyrillic, but names: no stop word tells a Latin language (rehearse36)
		{"Russian naming products in more Latin letters", site("en", "en", "ru"), "подключить Claude Desktop MCP", "ru"},
		{"Russian naming products, the default Russian", site("ru", "ru", "en"), "подключить Claude Desktop MCP", ""},
		{"English quoting a Russian word", site("ru", "ru", "en"), "what does the word розыск mean", "en"},
		{"Han on a site with Japanese only", site("en", "en", "ja"), "東京リージョン", "ja"},
		{"the code cn", site("en", "en", "cn"), "如何安装", "cn"},
		{"Russian", site("en", "en", "ru", "de"), "как установить интерфейс командной строки", "ru"},
		{"Cyrillic on a site with Russian and Ukrainian", site("en", "en", "ru", "uk"), "как установить", ""},
		{"a script no language of the site is written in", site("en", "en", "es"), "インストール方法", ""},
		{"the default language is written in it", site("ja", "ja", "en"), "インストール方法", ""},
		{"one language only", site("ja", "ja"), "インストール方法", ""},
		{"Arabic on a site with Arabic and Persian", site("en", "en", "ar", "fa"), "كيف أثبت", ""},
		{"Hebrew", site("en", "en", "he"), "איך להתקין", "he"},
		{"English on a site whose default is Chinese", site("zh", "zh", "en", "ja"), "How do I restart the service after changing the config file?", "en"},
		{"English naming a product in Han", site("zh", "zh", "en", "ja"), "How do I connect the bot to 飞书?", "en"},
		{"Spanish among Latin languages, the default Japanese", site("ja", "ja", "en", "es"), "¿Cómo puedo reiniciar el servicio después de cambiar la configuración?", "es"},
		{"English among Latin languages, the default Japanese", site("ja", "ja", "en", "es"), "How do I restart the service after changing the config?", "en"},
		{"Latin letters that tell no language, several Latin languages", site("ja", "ja", "en", "es"), "cow start", ""},
		{"no Latin language on a site whose default is Chinese", site("zh", "zh", "ja"), "how do I install", ""},
		{"digits only", site("zh", "zh", "en"), "2.0.9", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.s.LanguageOf(tc.text); got != tc.want {
				t.Errorf("LanguageOf(%q) = %q, want %q", tc.text, got, tc.want)
			}
		})
	}
}

// TestEndpointXMintContent: an endpoint page's x-mint.content (Upstash's bulk cancel explains
// the partial failures there, in a Warning and three paragraphs) is its content, as Mintlify
// shows it before the reference: in its Markdown after the endpoint line and before the
// operation, and in what the search finds; it was in neither.
func TestEndpointXMintContent(t *testing.T) {
	d, err := sitedocs.Load(context.Background(), "../testdata/sites/upstash-workflow")
	if err != nil {
		t.Fatal(err)
	}
	const url = "/workflow/api-reference/runs/bulk-cancel-workflow-runs"
	p, ok := d.Catalog.Page(url, "", "")
	if !ok {
		t.Fatalf("no page at %s", url)
	}
	md := d.Catalog.Markdown(p)
	rest := md
	for _, w := range []string{"`DELETE /v2/workflows/runs`", "> **Warning:** If you provide a list of workflow run IDs",
		"In such cases, you can run the bulk cancel operation multiple times.", "## OpenAPI"} {
		i := strings.Index(rest, w)
		if i < 0 {
			t.Fatalf("%q not found (in order) in:\n%.2000s", w, md)
		}
		rest = rest[i+len(w):]
	}
	results := search.Build(d.Pages).Search(search.Query{Text: "some workflow runs cannot be canceled, run the bulk cancel again", Limit: 3})
	if len(results) == 0 || results[0].Path != url || !strings.Contains(results[0].Snippet, "bulk cancel operation multiple times") {
		t.Errorf("results %+v; want %s first, quoting its x-mint content", results, url)
	}
}

// TestEndpointXMintMetadata: an operation's x-mint.metadata (title and description, as
// Mintlify's openapi-setup documents them) is its generated page's title and description in
// its Markdown, in llms.txt's listing and in search; they showed the summary and nothing.
// The spec is Alter's (alterhq/docs), with the documented metadata on GET /v1/models.
func TestEndpointXMintMetadata(t *testing.T) {
	raw, err := os.ReadFile("../search/testdata/eval/alter/openapi.json")
	if err != nil {
		t.Fatal(err)
	}
	var spec map[string]any
	if err := json.Unmarshal(raw, &spec); err != nil {
		t.Fatal(err)
	}
	op := spec["paths"].(map[string]any)["/v1/models"].(map[string]any)["get"].(map[string]any)
	op["x-mint"] = map[string]any{"metadata": map[string]any{"title": "Model catalogue", "description": "Every model the router can reach, by provider"}}
	out, err := json.Marshal(spec)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	docs := `{"name": "Alter", "theme": "mint", "colors": {"primary": "#e600ff"}, "navigation": {"tabs": [{"tab": "API", "openapi": "openapi.json"}]}}`
	for name, body := range map[string][]byte{"docs.json": []byte(docs), "openapi.json": out} {
		if err := os.WriteFile(filepath.Join(dir, name), body, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	d, err := sitedocs.Load(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	const url = "/api-reference/list-available-models"
	p, ok := d.Catalog.Page(url, "", "")
	if !ok {
		t.Fatalf("no page at %s", url)
	}
	if p.Title != "Model catalogue" || p.Description != "Every model the router can reach, by provider" || !p.InLLMs {
		t.Errorf("catalog page %q, %q (in llms.txt: %v); want the metadata's title and description", p.Title, p.Description, p.InLLMs)
	}
	if md := d.Catalog.Markdown(p); !strings.HasPrefix(md, "# Model catalogue\n") || !strings.Contains(md, "Every model the router can reach") {
		t.Errorf("Markdown does not open with the metadata's title and description:\n%.600s", md)
	}
	results := search.Build(d.Pages).Search(search.Query{Text: "model catalogue", Limit: 3})
	if len(results) == 0 || results[0].Path != url || results[0].Title != "Model catalogue" {
		t.Errorf("results %+v; want %s first, titled by its metadata", results, url)
	}
}

// TestWebhookPage: an OpenAPI 3.1 webhook's generated page (the OpenAPI Initiative's newPet
// example) is a page like an endpoint's: its Markdown names it as Mintlify does ("webhook
// newPet") and quotes its path item under "webhooks" with the components it references, it is
// in llms.txt, and search finds it; it had no page at all.
func TestWebhookPage(t *testing.T) {
	d, err := sitedocs.Load(context.Background(), "../testdata/sites/oai-webhook")
	if err != nil {
		t.Fatal(err)
	}
	const url = "/api-reference/newpet"
	p, ok := d.Catalog.Page(url, "", "")
	if !ok {
		t.Fatalf("no page at %s", url)
	}
	if p.Title != "Newpet" || !p.InLLMs || !p.InSearch {
		t.Errorf("page %q (llms.txt %v, search %v); want Mintlify's title Newpet, in llms.txt and search", p.Title, p.InLLMs, p.InSearch)
	}
	md := d.Catalog.Markdown(p)
	rest := md
	for _, w := range []string{"# Newpet", "`webhook newPet`", "## OpenAPI", "```yaml openapi.yaml webhook newPet",
		"webhooks:\n  newPet:", "    post:", "Information about a new pet in the system", "components:\n  schemas:\n    Pet:"} {
		i := strings.Index(rest, w)
		if i < 0 {
			t.Fatalf("%q not found (in order) in:\n%.2000s", w, md)
		}
		rest = rest[i+len(w):]
	}
	results := search.Build(d.Pages).Search(search.Query{Text: "newPet webhook", Limit: 3})
	if len(results) == 0 || results[0].Path != url {
		t.Errorf("results %+v; want %s first", results, url)
	}
}

// TestWebhookMDXPage: a written page whose frontmatter names a webhook (Firecrawl's "Crawl
// Started": openapi: "/api-reference/webhooks-openapi.json webhook crawlStarted") shows that
// webhook's reference in its Markdown, after its own text, as Mintlify renders it; it showed
// its text only.
func TestWebhookMDXPage(t *testing.T) {
	d, err := sitedocs.Load(context.Background(), "../search/testdata/eval/firecrawl")
	if err != nil {
		t.Fatal(err)
	}
	const url = "/api-reference/endpoint/webhook-crawl-started"
	p, ok := d.Catalog.Page(url, "", "")
	if !ok {
		t.Fatalf("no page at %s", url)
	}
	md := d.Catalog.Markdown(p)
	rest := md
	for _, w := range []string{"# Crawl Started", "`webhook crawlStarted`", "For payload examples", "## OpenAPI",
		"```yaml api-reference/webhooks-openapi.json webhook crawlStarted", "webhooks:\n  crawlStarted:", "const: crawl.started"} {
		i := strings.Index(rest, w)
		if i < 0 {
			t.Fatalf("%q not found (in order) in:\n%.2000s", w, md)
		}
		rest = rest[i+len(w):]
	}
}
