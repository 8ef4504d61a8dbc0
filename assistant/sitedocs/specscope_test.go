package sitedocs_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/search"
	"github.com/lectern-dev/lectern/assistant/sitedocs"
)

// TestEndpointMarkdownSpecOutsideScope: the pages of Hyperswitch's intelligent router
// (schemas/docsjson/testdata/sites/hyperswitch-router, from juspay/hyperswitch's api-reference/)
// name operations that only an OpenAPI file docs.json does not name has, while docs.json names
// another site-wide. Mintlify takes them from that file; their Markdown (the .md page,
// llms-full.txt, the MCP filesystem) was the title alone, without the endpoint, description,
// parameters and responses.
func TestEndpointMarkdownSpecOutsideScope(t *testing.T) {
	d, err := sitedocs.Load(context.Background(), "../../schemas/docsjson/testdata/sites/hyperswitch-router")
	if err != nil {
		t.Fatal(err)
	}
	p, ok := d.Catalog.Page("/intelligent-router-api-reference/success-rate/invalidate-windows", "", "")
	if !ok {
		t.Fatal("no page /intelligent-router-api-reference/success-rate/invalidate-windows")
	}
	md := d.Catalog.Markdown(p)
	for _, want := range []string{
		"# Invalidate windows\n\n> Invalidates the success rate calculation windows for a specific ID\n",
		"\n`POST /success_rate.SuccessRateCalculator/InvalidateWindows`\n",
		"```yaml hyperswitch_intelligent_router_open_api_spec.yml POST /success_rate.SuccessRateCalculator/InvalidateWindows\n",
		"- name: x-tenant-id\n",                         // a parameter
		"    InvalidateWindowsRequest:\n",               // the request body's schema
		"description: Windows invalidated successfully", // a response
	} {
		if !strings.Contains(md, want) {
			t.Errorf("Markdown lacks %q:\n%s", want, md)
		}
	}
}

// TestSchemaPageMarkdown: the page of a schema (frontmatter openapi-schema, Hyperswitch's
// v1/schemas/outgoing--webhook) carries the schema and the components it references, as an API
// page carries its operation; it was its title alone.
func TestSchemaPageMarkdown(t *testing.T) {
	d, err := sitedocs.Load(context.Background(), "../../schemas/docsjson/testdata/sites/hyperswitch-router")
	if err != nil {
		t.Fatal(err)
	}
	p, ok := d.Catalog.Page("/v1/schemas/outgoing--webhook", "", "")
	if !ok {
		t.Fatal("no page /v1/schemas/outgoing--webhook")
	}
	md := d.Catalog.Markdown(p)
	for _, want := range []string{
		"# Outgoing webhook\n",
		"## OpenAPI\n\n```yaml v1/openapi_spec_v1.json OutgoingWebhook\nopenapi: 3.0.3\n",
		"components:\n  schemas:\n",
		"    OutgoingWebhook:\n      type: object\n",
		"          description: The unique event id for each webhook\n", // a property
		"    EventType:\n",                                              // a schema it references
	} {
		if !strings.Contains(md, want) {
			t.Errorf("Markdown lacks %q:\n%.3000s", want, md)
		}
	}
	if strings.Contains(md, "\npaths:") {
		t.Error("Markdown holds the spec's paths")
	}
}

// TestSchemaPageSearchText: a schema page's search text holds its schema's description and
// each property with its description (a property that references a schema has that schema's),
// as an endpoint page's holds its operation's; it was the page's title alone, so a search for
// "unique event id for each webhook" could not find Hyperswitch's Outgoing webhook page.
func TestSchemaPageSearchText(t *testing.T) {
	d, err := sitedocs.Load(context.Background(), "../../schemas/docsjson/testdata/sites/hyperswitch-router")
	if err != nil {
		t.Fatal(err)
	}
	const url = "/v1/schemas/outgoing--webhook"
	i := slices.IndexFunc(d.Pages, func(p search.Page) bool { return p.URL == url })
	if i < 0 {
		t.Fatalf("no search page %s", url)
	}
	for _, want := range []string{
		"OutgoingWebhook",
		"merchant_id: The merchant id of the merchant",
		"event_id: The unique event id for each webhook",
		"timestamp: The time at which webhook was sent",
		"content", "event_type",
	} {
		if !strings.Contains(d.Pages[i].Body, want) {
			t.Errorf("the search text of %s lacks %q:\n%s", url, want, d.Pages[i].Body)
		}
	}
	found := search.Build(d.Pages).Search(search.Query{Text: "unique event id for each webhook", Limit: 5})
	if len(found) == 0 || found[0].URL != url {
		t.Errorf("search for a property's description: %+v, want %s first", found, url)
	}
}

// TestMDXAPIPageMarkdown: an API page written in MDX without a spec (frontmatter api, LemonData's
// Japanese "モデルの取得") shows its endpoint under its description, as an API page of a spec
// does, and its search text holds the endpoint.
func TestMDXAPIPageMarkdown(t *testing.T) {
	d, err := sitedocs.Load(context.Background(), "../../schemas/docsjson/testdata/sites/lemondata-mdx-api")
	if err != nil {
		t.Fatal(err)
	}
	const url = "/ja/api-reference/models/get-model"
	p, ok := d.Catalog.Page(url, "", "ja")
	if !ok {
		t.Fatalf("no page %s", url)
	}
	if md, want := d.Catalog.Markdown(p), "# モデルの取得\n\n> モデルインスタンスを取得します\n\n`GET /v1/models/{model}`\n\n## パスパラメータ\n"; !strings.HasPrefix(md, want) {
		t.Errorf("Markdown starts\n%.200s\nwant\n%s", md, want)
	}
	found := false
	for _, sp := range d.Pages {
		found = found || sp.URL == url && strings.Contains(sp.Body, "GET /v1/models/{model}")
	}
	if !found {
		t.Errorf("the search text of %s lacks its endpoint", url)
	}
}

// TestEndpointSearchTextHasInputs: Z.AI's web search page (MetaGLM/devbook's, testdata
// zai-web-search) documents a request body whose fields readers ask about ("怎么只返回指定网站
// 的内容": search_domain_filter), which the operation's summary and description never mention.
// The page's search text held the summary and description alone, so such a question found
// another page, or none; it holds each parameter and body field with its description.
func TestEndpointSearchTextHasInputs(t *testing.T) {
	d, err := sitedocs.Load(context.Background(), "../../schemas/docsjson/testdata/sites/zai-web-search")
	if err != nil {
		t.Fatal(err)
	}
	const url = "/cn/api/tools/web-search"
	i := slices.IndexFunc(d.Pages, func(p search.Page) bool { return p.URL == url })
	if i < 0 {
		t.Fatalf("no search page %s", url)
	}
	for _, want := range []string{
		"POST /paas/v4/web_search: 网络搜索.",
		"Accept-Language: HTTP 请求头",
		"search_domain_filter: 用于限制搜索结果范围，仅返回指定白名单域名的内容。",
		"search_recency_filter: 在指定时间范围内搜索网页。",
		"search_query: 要搜索的内容。",
	} {
		if !strings.Contains(d.Pages[i].Body, want) {
			t.Errorf("the search text of %s lacks %q:\n%s", url, want, d.Pages[i].Body)
		}
	}
	found := search.Build(d.Pages).Search(search.Query{Text: "白名单域名", Limit: 5})
	if len(found) == 0 || found[0].URL != url {
		t.Errorf("search for a body field's description: %+v, want %s first", found, url)
	}
}

// TestEndpointSearchTextHasNestedInputs: Trigger.dev's trigger endpoint (testdata trigger-api,
// triggerdotdev/trigger.dev's) nests the options readers ask about ("how do I set a delay when
// triggering through the API") under its body's options; the page's search text holds them
// under their dotted names, each with its description (a $ref's schema's when it has none).
func TestEndpointSearchTextHasNestedInputs(t *testing.T) {
	d, err := sitedocs.Load(context.Background(), "../../schemas/docsjson/testdata/sites/trigger-api")
	if err != nil {
		t.Fatal(err)
	}
	const url = "/management/tasks/trigger"
	i := slices.IndexFunc(d.Pages, func(p search.Page) bool { return p.URL == url })
	if i < 0 {
		t.Fatalf("no search page %s", url)
	}
	for _, want := range []string{
		"POST /api/v1/tasks/{taskIdentifier}/trigger: Trigger a task.",
		"\n\noptions.delay: ",
		"\n\noptions.idempotencyKey: An optional property that specifies the idempotency key",
		"\n\noptions.queue.name",
		"\n\npayload",
	} {
		if !strings.Contains(d.Pages[i].Body, want) {
			t.Errorf("the search text of %s lacks %q:\n%s", url, want, d.Pages[i].Body)
		}
	}
}
