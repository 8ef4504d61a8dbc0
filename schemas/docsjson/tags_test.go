package docsjson_test

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/schemas/docsjson"
)

// outline lists the nodes below n, one a line, indented by depth: a group as `group "Users"`
// (" [expanded]", " [hidden]"), a generated page as its endpoint and URL (" [hidden]").
func outline(n *docsjson.Node) []string {
	var lines []string
	var walk func(n *docsjson.Node, depth int)
	walk = func(n *docsjson.Node, depth int) {
		indent := strings.Repeat("  ", depth)
		flags := ""
		if n.Expanded {
			flags += " [expanded]"
		}
		if n.Hidden {
			flags += " [hidden]"
		}
		if p := n.Page; p != nil {
			lines = append(lines, fmt.Sprintf("%s%s %s%s", indent, docsjson.EndpointName(p.Method, p.APIPath), p.URL, flags))
			return
		}
		lines = append(lines, fmt.Sprintf("%s%s %q%s", indent, n.Kind, n.Label, flags))
		for _, c := range n.Children {
			walk(c, depth+1)
		}
	}
	for _, c := range n.Children {
		walk(c, 0)
	}
	return lines
}

// nodeAt is the node below root reached by following child labels.
func nodeAt(t *testing.T, root *docsjson.Node, labels ...string) *docsjson.Node {
	t.Helper()
	n := root
	for _, l := range labels {
		i := slices.IndexFunc(n.Children, func(c *docsjson.Node) bool { return c.Label == l })
		if i < 0 {
			t.Fatalf("no node %q below %q", l, n.Label)
		}
		n = n.Children[i]
	}
	return n
}

// groupLabels lists the labels of n's children that are groups, and how many pages each holds.
func groupLabels(n *docsjson.Node) []string {
	var got []string
	for _, c := range n.Children {
		if c.Kind == docsjson.KindGroup {
			got = append(got, fmt.Sprintf("%s (%d)", c.Label, len(c.Children)))
		}
	}
	return got
}

// endpointPage is the tree's page for an endpoint.
func endpointPage(t *testing.T, tree *docsjson.Tree, method, apiPath string) docsjson.Page {
	t.Helper()
	for _, p := range tree.Pages {
		if p.Method == method && p.APIPath == apiPath {
			return p
		}
	}
	t.Fatalf("no page for %s %s", method, apiPath)
	return docsjson.Page{}
}

// TestTagGroupsOfRealSpecs: an element's generated endpoint pages are listed in groups by
// their operation's first tag, as Mintlify's build lists them (@mintlify/scraping's
// processOpenApiPath finds the group with @mintlify/common's findOpenApiNavGroup): each group
// comes where its first operation comes in the spec, not in the order of the spec's tags
// list (QStash's lists Logs, Signing Keys, Flow Control; its paths bring Flow Control, Signing
// Keys, Logs), and a tag group is part of its pages' breadcrumbs and group chain. The specs
// and navigations are real: Upstash's (upstash/docs) and Alter's (alterhq/docs).
func TestTagGroupsOfRealSpecs(t *testing.T) {
	upstash := resolve(t, filepath.Join("testdata", "sites", "upstash-api"))
	alter := resolve(t, filepath.Join("testdata", "sites", "alter-api"))
	cases := []struct {
		name    string
		tree    *docsjson.Tree
		element []string
		groups  []string
		method  string
		apiPath string
		crumbs  []string
		chain   []string
	}{
		{"QStash: nested in a group, tags listed in another order", upstash, []string{"QStash", "QStash", "REST", "API"},
			[]string{"Messages (6)", "Queues (6)", "Schedules (6)", "URL Groups (5)", "DLQ (6)", "Flow Control (8)", "Signing Keys (2)", "Logs (1)"},
			"POST", "/v2/publish/{destination}", []string{"QStash", "QStash", "REST", "API", "Messages"}, []string{"QStash", "REST", "API", "Messages"}},
		{"Workflow: a spec without a tags list", upstash, []string{"Workflow", "API Reference", "REST API"},
			[]string{"Runs (4)", "Logs (1)", "DLQ (10)", "Flow Control (9)", "Signing Keys (2)", "Notify (3)"},
			"POST", "/v2/notify/{eventId}", []string{"Workflow", "API Reference", "REST API", "Notify"}, []string{"API Reference", "REST API", "Notify"}},
		{"Alter: untagged operations beside guides", alter, []string{"en", "API Router"},
			[]string{"Getting Started (1)", "Gateway & Router (3)", "App Integrations (3)", "Reference (1)", "API Reference (3)"},
			"GET", "/v1/models", nil, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			n := nodeAt(t, c.tree.Root, c.element...)
			if got := groupLabels(n); !slices.Equal(got, c.groups) {
				t.Errorf("groups:\n got %q\nwant %q", got, c.groups)
			}
			if c.crumbs == nil {
				return
			}
			p := endpointPage(t, c.tree, c.method, c.apiPath)
			if !slices.Equal(p.Breadcrumbs, c.crumbs) || !slices.Equal(p.Groups, c.chain) {
				t.Errorf("%s %s: breadcrumbs %q, groups %q; want %q, %q", c.method, c.apiPath, p.Breadcrumbs, p.Groups, c.crumbs, c.chain)
			}
		})
	}
}

// TestTagGroupsOfAlterPerLanguage: every language's API Router tab of Alter's real docs.json
// lists the untagged endpoints in an expanded "API Reference" group after its guides, in
// document order, and the pages' breadcrumbs end with it.
func TestTagGroupsOfAlterPerLanguage(t *testing.T) {
	tree := resolve(t, filepath.Join("testdata", "sites", "alter-api"))
	want := []string{`group "API Reference" [expanded]`,
		"  GET /v1/models /api-reference/list-available-models",
		"  POST /v1/completions /api-reference/create-a-completion",
		"  POST /v1/chat/completions /api-reference/create-a-chat-completion"}
	for _, lang := range tree.Root.Children {
		i := slices.IndexFunc(lang.Children, func(n *docsjson.Node) bool { return len(n.OpenAPI) > 0 })
		if i < 0 {
			t.Fatalf("language %q has no tab with openapi", lang.Label)
		}
		tab := lang.Children[i]
		got := outline(tab)
		if len(got) < len(want) || !slices.Equal(got[len(got)-len(want):], want) {
			t.Errorf("%s › %s ends with\n%s\nwant\n%s", lang.Label, tab.Label, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		g := tab.Children[len(tab.Children)-1]
		if len(g.Children) == 0 {
			t.Errorf("%s: the tab's last child %q holds no pages", lang.Label, g.Label)
			continue
		}
		if p := g.Children[0].Page; p == nil || !slices.Equal(p.Breadcrumbs, []string{lang.Label, tab.Label, "API Reference"}) {
			t.Errorf("%s: first endpoint page %+v, want breadcrumbs [%s %s API Reference]", lang.Label, p, lang.Label, tab.Label)
		}
	}
}

// op is a path item of one operation, for the specs of TestTagGroupRules.
func op(path, method, summary, extra string) string {
	return fmt.Sprintf("  %s:\n    %s:\n      summary: %s\n%s", path, method, summary, extra)
}

// tagged is an operation's tags line.
func tagged(tags ...string) string {
	return "      tags: [" + strings.Join(tags, ", ") + "]\n"
}

// TestTagGroupRules: the tag groups of generated pages as Mintlify's build makes them (read
// from @mintlify/scraping 4.0.1081's processOpenApiPath and processOpenApiWebhook and
// @mintlify/common 1.0.1211's createOpenApiTagResolver, findOpenApiNavGroup and findNavGroup),
// and as api-playground/openapi-setup.mdx ("Group display names") documents x-group: the
// group's label, the tag's name its URL's segment.
func TestTagGroupRules(t *testing.T) {
	const head31 = "openapi: 3.1.0\ninfo: {title: T, version: \"1\"}\n"
	cases := []struct {
		name string
		nav  string // the first tab (or group) is the one checked
		spec string
		want []string
	}{
		{
			// The shape of LangSmith's spec (langchain-ai/docs, src/langsmith/langsmith-platform-openapi.json):
			// several tags share one x-group, and so one group: up to OpenAPI 3.1 findNavGroup
			// finds a tag's group by its label alone.
			"x-group labels the group, the tag name stays in the URL", `{"tabs": [{"tab": "API", "openapi": "spec.yaml"}]}`,
			head31 + "tags:\n  - {name: run, x-group: Tracing}\n  - {name: runs, x-group: Tracing}\n  - {name: fleet orgs}\npaths:\n" +
				op("/runs/{id}", "get", "Read run", tagged("run")) + op("/runs", "post", "Create runs", tagged("runs")) +
				op("/orgs", "get", "List orgs", tagged(`"fleet orgs"`)) + op("/runs/{id}/share", "get", "Read shared run", tagged("run")),
			[]string{`group "Tracing" [expanded]`, "  GET /runs/{id} /api-reference/run/read-run", "  POST /runs /api-reference/runs/create-runs",
				"  GET /runs/{id}/share /api-reference/run/read-shared-run",
				`group "fleet orgs" [expanded]`, "  GET /orgs /api-reference/fleet-orgs/list-orgs"},
		},
		{
			"the first of several tags", `{"tabs": [{"tab": "API", "openapi": "spec.yaml"}]}`,
			head31 + "paths:\n" + op("/a", "get", "A", tagged("Users", "Admin")) + op("/b", "get", "B", tagged("Admin", "Users")),
			[]string{`group "Users" [expanded]`, "  GET /a /api-reference/users/a", `group "Admin" [expanded]`, "  GET /b /api-reference/admin/b"},
		},
		{
			"untagged and empty tags: the API Reference group, where the first comes", `{"tabs": [{"tab": "API", "openapi": "spec.yaml"}]}`,
			head31 + "paths:\n" + op("/a", "get", "A", tagged("Users")) + op("/b", "get", "B", "") + op("/c", "get", "C", tagged(`""`)) +
				op("/d", "get", "D", "      tags: []\n"),
			[]string{`group "Users" [expanded]`, "  GET /a /api-reference/users/a",
				`group "API Reference" [expanded]`, "  GET /b /api-reference/b", "  GET /c /api-reference/c", "  GET /d /api-reference/d"},
		},
		{
			// findNavGroup finds a group by its label: untagged operations and a tag labelled
			// "API Reference" share a group, whichever comes first.
			"untagged operations join a tag group labelled API Reference", `{"tabs": [{"tab": "API", "openapi": "spec.yaml"}]}`,
			head31 + "tags:\n  - {name: core, x-group: API Reference}\npaths:\n" +
				op("/a", "get", "A", tagged("core")) + op("/b", "get", "B", "") + op("/c", "get", "C", tagged("core")),
			[]string{`group "API Reference" [expanded]`, "  GET /a /api-reference/core/a", "  GET /b /api-reference/b", "  GET /c /api-reference/core/c"},
		},
		{
			"a tag labelled API Reference joins the untagged operations", `{"tabs": [{"tab": "API", "openapi": "spec.yaml"}]}`,
			head31 + "tags:\n  - {name: core, x-group: API Reference}\npaths:\n" +
				op("/b", "get", "B", "") + op("/a", "get", "A", tagged("core")),
			[]string{`group "API Reference" [expanded]`, "  GET /b /api-reference/b", "  GET /a /api-reference/core/a"},
		},
		{
			"webhooks join the groups of the paths", `{"tabs": [{"tab": "API", "openapi": "spec.yaml"}]}`,
			head31 + "paths:\n" + op("/pets", "get", "List pets", tagged("Pets")) + "webhooks:\n" +
				op("newPet", "post", "New pet", tagged("Pets")) + op("petGone", "post", "Pet gone", "") + op("newOwner", "post", "New owner", tagged("Owners")),
			[]string{`group "Pets" [expanded]`, "  GET /pets /api-reference/pets/list-pets", "  webhook newPet /api-reference/pets/new-pet",
				`group "API Reference" [expanded]`, "  webhook petGone /api-reference/pet-gone",
				`group "Owners" [expanded]`, "  webhook newOwner /api-reference/owners/new-owner"},
		},
		{
			// A hidden operation still makes its group (findOpenApiNavGroup runs before the
			// x-hidden check) but is not in it: its URL is numbered against the group's shown
			// pages, which it does not count among.
			"x-hidden and x-excluded", `{"tabs": [{"tab": "API", "openapi": "spec.yaml"}]}`,
			head31 + "paths:\n" + op("/a", "get", "A", tagged("Users")) + op("/a2", "get", "A", tagged("Users")+"      x-hidden: true\n") +
				op("/a3", "get", "A", tagged("Users")) + op("/s", "get", "S", tagged("Secret")+"      x-hidden: true\n") +
				op("/x", "get", "X", tagged("Gone")+"      x-excluded: true\n"),
			[]string{`group "Users" [expanded]`, "  GET /a /api-reference/users/a", "  GET /a2 /api-reference/users/a-1 [hidden]", "  GET /a3 /api-reference/users/a-1",
				`group "Secret" [expanded] [hidden]`, "  GET /s /api-reference/secret/s [hidden]"},
		},
		{
			// Pages are numbered within their group: two tags whose URL segments are the same
			// give the same URL, as in Mintlify's build.
			"numbering is per group", `{"tabs": [{"tab": "API", "openapi": "spec.yaml"}]}`,
			head31 + "paths:\n" + op("/a", "get", "List", tagged("Users")) + op("/b", "get", "List", tagged("users")) + op("/c", "get", "List", tagged("users")),
			[]string{`group "Users" [expanded]`, "  GET /a /api-reference/users/list", `group "users" [expanded]`, "  GET /b /api-reference/users/list", "  GET /c /api-reference/users/list-1"},
		},
		{
			"in a group: after its pages, not expanded", `{"groups": [{"group": "API", "openapi": "spec.yaml", "pages": ["GET /a"]}, {"group": "All", "openapi": "spec.yaml"}]}`,
			head31 + "paths:\n" + op("/a", "get", "A", tagged("Users")) + op("/b", "get", "B", tagged("Users")),
			[]string{`group "API" [expanded]`, "  GET /a /api-reference/users/a", `group "All" [expanded]`, `  group "Users"`, "    GET /a /api-reference/users/a", "    GET /b /api-reference/users/b"},
		},
		{
			// OpenAPI 3.2 nests tags (parent), picks the tag of kind nav first, labels by
			// summary and shows a badge tag as the page's tag; a hidden operation is in no group.
			"OpenAPI 3.2 nested tags", `{"tabs": [{"tab": "API", "openapi": "spec.yaml"}]}`,
			"openapi: 3.2.0\ninfo: {title: T, version: \"1\"}\ntags:\n  - {name: pets, kind: nav, summary: Pets}\n  - {name: cats, parent: pets, summary: Cats}\n" +
				"  - {name: beta, kind: badge, summary: Beta}\n  - {name: audience, kind: audience}\npaths:\n" +
				op("/cats", "get", "List", tagged("beta", "audience", "cats")) + op("/pets", "get", "List", tagged("pets")) +
				op("/cats/secret", "get", "List", tagged("cats")+"      x-hidden: true\n") + op("/other", "get", "Other", tagged("audience")),
			[]string{`group "Pets" [expanded]`, `  group "Cats"`, "    GET /cats /api-reference/cats/list", "  GET /pets /api-reference/pets/list",
				"GET /cats/secret /api-reference/cats/list-1 [hidden]", `group "API Reference" [expanded]`, "  GET /other /api-reference/other"},
		},
		{
			// In OpenAPI 3.2 a group is found by its label and its tag's name (the tag
			// resolver keys it): tags sharing an x-group stay apart.
			"OpenAPI 3.2: tags sharing a label stay apart", `{"tabs": [{"tab": "API", "openapi": "spec.yaml"}]}`,
			"openapi: 3.2.0\ninfo: {title: T, version: \"1\"}\ntags:\n  - {name: run, x-group: Tracing}\n  - {name: runs, x-group: Tracing}\npaths:\n" +
				op("/runs/{id}", "get", "Read run", tagged("run")) + op("/runs", "post", "Create runs", tagged("runs")) + op("/runs/{id}/share", "get", "Read shared run", tagged("run")),
			[]string{`group "Tracing" [expanded]`, "  GET /runs/{id} /api-reference/run/read-run", "  GET /runs/{id}/share /api-reference/run/read-shared-run",
				`group "Tracing" [expanded]`, "  POST /runs /api-reference/runs/create-runs"},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tree, err := loadJSON(t, withSettings(c.nav), map[string]string{"spec.yaml": c.spec}).Resolve()
			if err != nil {
				t.Fatalf("Resolve: %v", err)
			}
			got := outline(tree.Root.Children[len(tree.Root.Children)-1])
			if strings.Contains(c.nav, `"groups"`) {
				got = outline(tree.Root)
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("tree:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(c.want, "\n"))
			}
		})
	}
}

// TestTagGroupBreadcrumbs: a generated page's breadcrumbs and group chain end with its tag
// groups; an OpenAPI 3.2 badge tag is the page's tag, as x-mint.metadata's tag would be.
func TestTagGroupBreadcrumbs(t *testing.T) {
	spec := "openapi: 3.2.0\ninfo: {title: T, version: \"1\"}\ntags:\n  - {name: pets, summary: Pets}\n  - {name: cats, parent: pets, x-group: Felines}\n" +
		"  - {name: beta, kind: badge}\npaths:\n" + op("/cats", "get", "List", tagged("cats", "beta"))
	tree, err := loadJSON(t, withSettings(`{"tabs": [{"tab": "API", "openapi": "spec.yaml"}]}`), map[string]string{"spec.yaml": spec}).Resolve()
	if err != nil {
		t.Fatalf("Resolve: %v", err)
	}
	p := endpointPage(t, tree, "GET", "/cats")
	if want := []string{"API", "Pets", "Felines"}; !slices.Equal(p.Breadcrumbs, want) {
		t.Errorf("breadcrumbs %q, want %q", p.Breadcrumbs, want)
	}
	if want := []string{"Pets", "Felines"}; !slices.Equal(p.Groups, want) {
		t.Errorf("groups %q, want %q", p.Groups, want)
	}
	if want := []string{"beta"}; !slices.Equal(p.Tags, want) {
		t.Errorf("tags %q, want %q", p.Tags, want)
	}
	if p.URL != "/api-reference/cats/list" {
		t.Errorf("URL %s, want /api-reference/cats/list", p.URL)
	}
}
