package docsjson_test

import (
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/schemas/docsjson"
)

// ordersSchema is a small GraphQL schema with one type of each kind, a subscription and an
// extension of the Query type.
const ordersSchema = `"""A money amount in cents."""
scalar Money

"""Something with an id."""
interface Node { id: ID! }

"""An order a customer placed."""
type Order implements Node {
  id: ID!
  """What it costs."""
  total: Money!
  status: Status
  lines(first: Int = 10): [Line!]!
}

type Line { sku: String! }

enum Status {
  """Placed, not paid."""
  OPEN
  PAID @deprecated(reason: "Use SETTLED.")
  SETTLED
}

union SearchResult = Order | Line

input OrderFilter { status: Status = OPEN }

type Query {
  """Find an order by its id."""
  order(id: ID!): Order
  orders(filter: OrderFilter, first: Int = 20): [Order!]!
}

extend type Query { search(text: String!): [SearchResult!]! }

type Mutation {
  cancelOrder("""The order to cancel.""" id: ID!): Order @deprecated
}

type Subscription { orderPlaced: Order! }
`

// graphqlPages lists a tree's pages that its graphql field makes, as "URL title (groups)".
func graphqlPages(tree *docsjson.Tree) []string {
	var got []string
	for _, p := range tree.Pages {
		if strings.HasSuffix(p.NavPath, ".graphql") {
			got = append(got, p.URL+" "+p.Title+" ("+strings.Join(p.Groups, " › ")+")")
		}
	}
	return got
}

func TestGraphQLPages(t *testing.T) {
	all := []string{
		"/DIR/queries/order order (Queries)",
		"/DIR/queries/orders orders (Queries)",
		"/DIR/queries/search search (Queries)",
		"/DIR/mutations/cancelOrder cancelOrder (Mutations)",
		"/DIR/types/Money Money (Types)",
		"/DIR/types/Node Node (Types)",
		"/DIR/types/Order Order (Types)",
		"/DIR/types/Line Line (Types)",
		"/DIR/types/Status Status (Types)",
		"/DIR/types/SearchResult SearchResult (Types)",
		"/DIR/types/OrderFilter OrderFilter (Types)",
	}
	in := func(dir string) []string {
		out := make([]string, len(all))
		for i, s := range all {
			out[i] = strings.Replace(s, "/DIR", dir, 1)
		}
		return out
	}
	cases := []struct {
		name    string
		graphql string
		want    []string
	}{
		{"a file: the default directory", `"schema.graphql"`, in("/graphql-reference")},
		{"a file from the root", `"/schema.graphql"`, in("/graphql-reference")},
		{"an object with a directory", `{"source": "schema.graphql", "directory": "api/graphql"}`, in("/api/graphql")},
		{"a directory written as a path", `{"source": "schema.graphql", "directory": "/api-reference/"}`, in("/api-reference")},
		{"an object without a directory", `{"source": "schema.graphql"}`, in("/graphql-reference")},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			site := loadJSON(t, withSettings(`{"tabs": [{"tab": "Guides", "pages": ["intro"]},
				{"tab": "GraphQL", "groups": [{"group": "Start", "pages": ["start"]}], "graphql": `+tc.graphql+`}]}`),
				map[string]string{"schema.graphql": ordersSchema, "intro.mdx": "# Intro", "start.mdx": "# Start"})
			tree, err := site.Resolve()
			if err != nil {
				t.Fatalf("Resolve: %v", err)
			}
			got := graphqlPages(tree)
			if !slices.Equal(got, tc.want) {
				t.Errorf("pages:\n got %q\nwant %q", got, tc.want)
			}
			tab := tree.Root.Children[1]
			var labels []string
			for _, c := range tab.Children {
				labels = append(labels, c.Label)
			}
			if want := []string{"Start", "Queries", "Mutations", "Types"}; !slices.Equal(labels, want) {
				t.Errorf("the tab's children are %q, want %q (its groups, then the generated ones)", labels, want)
			}
			for _, p := range tree.Pages {
				if strings.HasSuffix(p.NavPath, ".graphql") && (!p.Index.Search || !p.Index.LLMsTxt) {
					t.Errorf("%s is not indexed: %+v", p.URL, p.Index)
				}
			}
		})
	}
}

// mustPageAt is the page of a tree at url.
func mustPageAt(t *testing.T, tree *docsjson.Tree, url string) docsjson.Page {
	t.Helper()
	p, ok := pageAt(tree, url)
	if !ok {
		t.Fatalf("no page at %s", url)
	}
	return p
}

func TestGraphQLPageText(t *testing.T) {
	site := loadJSON(t, withSettings(`{"tabs": [{"tab": "GraphQL", "graphql": "schema.graphql"}]}`),
		map[string]string{"schema.graphql": ordersSchema})
	tree, err := site.Resolve()
	if err != nil {
		t.Fatalf("Resolve: %v", err)
	}
	cases := []struct {
		url         string
		description string
		has         []string
	}{
		{"/graphql-reference/queries/order", "Find an order by its id.", []string{
			"```graphql\nquery order(id: ID!): Order\n```", "Find an order by its id.",
			"## Arguments", "### id\n\n`ID!`, required", "## Returns\n\n[`Order`](/graphql-reference/types/Order)",
			"An order a customer placed."}},
		{"/graphql-reference/queries/orders", "", []string{
			"### filter\n\n[`OrderFilter`](/graphql-reference/types/OrderFilter)\n", "### first\n\n`Int`, default `20`",
			"[`[Order!]!`](/graphql-reference/types/Order)"}},
		{"/graphql-reference/mutations/cancelOrder", "", []string{
			"mutation cancelOrder(id: ID!): Order", "The order to cancel.", "This mutation is deprecated: No longer supported"}},
		{"/graphql-reference/types/Order", "An order a customer placed.", []string{
			"type Order implements Node {\n  id: ID!\n  total: Money!\n  status: Status\n  lines(first: Int = 10): [Line!]!\n}",
			"## Fields", "### total\n\n[`Money!`](/graphql-reference/types/Money)\n\nWhat it costs."}},
		{"/graphql-reference/types/Status", "", []string{
			"enum Status {\n  OPEN\n  PAID\n  SETTLED\n}", "## Values", "### OPEN\n\nPlaced, not paid.", "This value is deprecated: Use SETTLED."}},
		{"/graphql-reference/types/SearchResult", "", []string{
			"union SearchResult = Order | Line", "## Possible types", "- [`Order`](/graphql-reference/types/Order)\n- [`Line`](/graphql-reference/types/Line)"}},
		{"/graphql-reference/types/Node", "Something with an id.", []string{
			"interface Node {\n  id: ID!\n}", "## Implemented by\n\n- [`Order`](/graphql-reference/types/Order)"}},
		{"/graphql-reference/types/OrderFilter", "", []string{
			"input OrderFilter {\n  status: Status = OPEN\n}", "### status\n\n[`Status`](/graphql-reference/types/Status), default `OPEN`"}},
		{"/graphql-reference/types/Money", "A money amount in cents.", []string{"```graphql\nscalar Money\n```"}},
	}
	for _, tc := range cases {
		t.Run(tc.url, func(t *testing.T) {
			p := mustPageAt(t, tree, tc.url)
			if p.Description != tc.description {
				t.Errorf("description %q, want %q", p.Description, tc.description)
			}
			for _, s := range tc.has {
				if !strings.Contains(p.Content, s) {
					t.Errorf("the page's text lacks %q:\n%s", s, p.Content)
				}
			}
		})
	}
}

func TestGraphQLProblems(t *testing.T) {
	cases := []struct {
		name     string
		nav      string
		files    map[string]string
		errors   []string // "path: part of the message"
		warnings []string
	}{
		{"missing file", `{"tabs": [{"tab": "G", "graphql": "missing.graphql"}]}`, nil,
			[]string{`navigation.tabs[0].graphql: graphql names "missing.graphql", which does not exist`}, nil},
		{"not SDL", `{"tabs": [{"tab": "G", "graphql": "schema.graphql"}]}`, map[string]string{"schema.graphql": "type Query {"},
			[]string{`navigation.tabs[0].graphql: GraphQL schema "schema.graphql" cannot be used: schema.graphql:1:`}, nil},
		{"a type it does not define", `{"tabs": [{"tab": "G", "graphql": "schema.graphql"}]}`, map[string]string{"schema.graphql": "type Query { a: Missing }"},
			[]string{`navigation.tabs[0].graphql: GraphQL schema "schema.graphql" cannot be used: schema.graphql:1:17: Undefined type Missing.`}, nil},
		{"an http URL", `{"tabs": [{"tab": "G", "graphql": "http://example.com/schema.graphql"}]}`, nil,
			[]string{`navigation.tabs[0].graphql: graphql "http://example.com/schema.graphql" is not an https URL`}, nil},
		{"an https URL, not fetched", `{"tabs": [{"tab": "G", "graphql": "https://example.com/schema.graphql"}]}`, nil,
			nil, []string{`navigation.tabs[0].graphql: graphql "https://example.com/schema.graphql" is a URL and was not fetched`}},
		{"an object with another key", `{"tabs": [{"tab": "G", "graphql": {"source": "schema.graphql", "dir": "x"}}]}`, map[string]string{"schema.graphql": ordersSchema},
			[]string{`navigation.tabs[0].graphql.dir: graphql as an object holds only "source" and "directory"`}, nil},
		{"an object without source", `{"tabs": [{"tab": "G", "graphql": {"directory": "x"}}]}`, nil,
			[]string{`navigation.tabs[0].graphql: graphql must name a GraphQL schema (SDL) file`}, nil},
		{"a number", `{"tabs": [{"tab": "G", "graphql": 3}]}`, nil,
			[]string{`navigation.tabs[0].graphql: graphql must name a GraphQL schema file (a string) or be an object`}, nil},
		{"on a group", `{"groups": [{"group": "G", "pages": ["a"], "graphql": "schema.graphql"}]}`, map[string]string{"schema.graphql": ordersSchema, "a.mdx": "# A"},
			nil, []string{`navigation.groups[0].graphql: graphql is read on tabs only`}},
		{"beside openapi", `{"tabs": [{"tab": "G", "graphql": "schema.graphql", "openapi": "openapi.yaml"}]}`, map[string]string{"schema.graphql": ordersSchema, "openapi.yaml": usersSpec},
			nil, []string{`navigation.tabs[0].graphql: tab "G" sets graphql with openapi or asyncapi, which Mintlify refuses`}},
		{"beside pages", `{"tabs": [{"tab": "G", "graphql": "schema.graphql", "pages": ["a"]}]}`, map[string]string{"schema.graphql": ordersSchema, "a.mdx": "# A"},
			nil, []string{`navigation.tabs[0].graphql: tab "G" sets graphql and holds pages; Mintlify allows only groups beside graphql`}},
		{"alone on a tab", `{"tabs": [{"tab": "G", "graphql": "schema.graphql"}]}`, map[string]string{"schema.graphql": ordersSchema}, nil, nil},
	}
	has := func(ps []docsjson.Problem, want string) bool {
		for _, p := range ps {
			if strings.HasPrefix(p.Path+": "+p.Message, want) {
				return true
			}
		}
		return false
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rep := loadJSON(t, withSettings(tc.nav), tc.files).Validate(docsjson.ValidateOptions{})
			for _, w := range tc.errors {
				if !has(rep.Errors, w) {
					t.Errorf("no error %q in %v", w, rep.Errors)
				}
			}
			for _, w := range tc.warnings {
				if !has(rep.Warnings, w) {
					t.Errorf("no warning %q in %v", w, rep.Warnings)
				}
			}
			if len(rep.Errors) != len(tc.errors) {
				t.Errorf("errors %v, want %d", rep.Errors, len(tc.errors))
			}
			n := 0
			for _, w := range rep.Warnings {
				if strings.HasSuffix(w.Path, ".graphql") {
					n++
				}
			}
			if n != len(tc.warnings) {
				t.Errorf("warnings %v, want %d of graphql", rep.Warnings, len(tc.warnings))
			}
		})
	}
}

// TestGraphQLServedWithABrokenSchema: a served site (ResolvePartial) keeps its other pages and
// reports the schema that makes none.
func TestGraphQLServedWithABrokenSchema(t *testing.T) {
	site := loadJSON(t, withSettings(`{"tabs": [{"tab": "Guides", "pages": ["intro"]}, {"tab": "G", "graphql": "schema.graphql"}]}`),
		map[string]string{"intro.mdx": "# Intro", "schema.graphql": "type Query {"})
	tree, _, err := site.ResolvePartial()
	if err != nil {
		t.Fatalf("ResolvePartial: %v", err)
	}
	if len(tree.Pages) != 1 || tree.Pages[0].URL != "/intro" {
		t.Errorf("pages %v, want /intro alone", tree.Pages)
	}
	found := false
	for _, p := range tree.PageProblems() {
		found = found || p.Path == "navigation.tabs[1].graphql" && strings.Contains(p.Message, `GraphQL schema "schema.graphql" cannot be used`)
	}
	if !found {
		t.Errorf("the broken schema is not among the problems: %v", tree.PageProblems())
	}
}

// remoteDocs is a RemoteSpecs of fixed documents.
type remoteDocs map[string]string

func (r remoteDocs) ReadSpec(url string) ([]byte, error) {
	if s, ok := r[url]; ok {
		return []byte(s), nil
	}
	return nil, errNotFound
}

var errNotFound = &notFound{}

type notFound struct{}

func (*notFound) Error() string { return "404 Not Found" }

func TestGraphQLRemoteSchema(t *testing.T) {
	const u = "https://api.example.com/schema.graphql"
	site := loadJSON(t, withSettings(`{"tabs": [{"tab": "G", "openapi": "https://api.example.com/openapi.json", "groups": [{"group": "A", "pages": ["a"]}]},
		{"tab": "H", "graphql": "`+u+`"}]}`), map[string]string{"a.mdx": "# A"})
	if got, want := site.SpecURLs(), []string{"https://api.example.com/openapi.json", u}; !slices.Equal(got, want) {
		t.Errorf("SpecURLs %q, want %q", got, want)
	}
	site.SetRemoteSpecs(remoteDocs{u: ordersSchema, "https://api.example.com/openapi.json": billingSpec})
	tree, err := site.Resolve()
	if err != nil {
		t.Fatalf("Resolve: %v", err)
	}
	if got := graphqlPages(tree); len(got) != 11 {
		t.Errorf("%d pages of the remote schema, want 11: %q", len(got), got)
	}
	if p := mustPageAt(t, tree, "/graphql-reference/queries/order"); p.NavPath != "navigation.tabs[1].graphql" {
		t.Errorf("NavPath %q", p.NavPath)
	}
	site = loadJSON(t, withSettings(`{"tabs": [{"tab": "H", "graphql": "`+u+`"}]}`), nil)
	site.SetRemoteSpecs(remoteDocs{})
	rep := site.Validate(docsjson.ValidateOptions{})
	if len(rep.Errors) != 1 || !strings.Contains(rep.Errors[0].Message, `graphql "`+u+`" could not be fetched: 404 Not Found`) {
		t.Errorf("errors %v, want the failed fetch", rep.Errors)
	}
}

// TestGraphQLKarzoun resolves KarzounApps/docs@1e12e4d's GraphQL tab: a page per query,
// mutation and named type of its 418 KB schema, at the URLs its own descriptions link to.
func TestGraphQLKarzoun(t *testing.T) {
	dir := filepath.Join("testdata", "sites", "karzoun-graphql")
	site := loadSite(t, dir)
	if rep := site.Validate(docsjson.ValidateOptions{NoFiles: true}); len(rep.Errors) > 0 {
		t.Fatalf("errors: %v", rep.Errors)
	}
	tree := resolve(t, dir)
	bySection := map[string]int{}
	urls := map[string]docsjson.Page{}
	for _, p := range tree.Pages {
		if p.NavPath != "navigation.languages[0].tabs[0].graphql" {
			continue
		}
		bySection[strings.Join(p.Breadcrumbs, " › ")]++
		urls[p.URL] = p
		if p.GraphQL != "public-api.graphql" || p.Language != "ar" || !p.Index.Search || !p.Index.LLMsTxt || p.Content == "" {
			t.Errorf("%s: schema %q, language %q, index %+v, %d bytes of text", p.URL, p.GraphQL, p.Language, p.Index, len(p.Content))
		}
	}
	want := map[string]int{"ar › GraphQL API › Queries": 128, "ar › GraphQL API › Mutations": 141, "ar › GraphQL API › Types": 305}
	for k, n := range want {
		if bySection[k] != n {
			t.Errorf("%s: %d pages, want %d (all: %v)", k, bySection[k], n, bySection)
		}
	}
	cases := []struct{ url, title, description string }{
		{"/api-reference/queries/activityEvents", "activityEvents", ""},
		{"/api-reference/mutations/appsAdd", "appsAdd", ""},
		{"/api-reference/types/miniAppDetailResponse", "miniAppDetailResponse", ""},
		{"/api-reference/types/ActionsPayload", "ActionsPayload", "Union type for all action payloads."},
	}
	for _, tc := range cases {
		p, ok := urls[tc.url]
		if !ok {
			t.Errorf("no page at %s", tc.url)
			continue
		}
		if p.Title != tc.title || tc.description != "" && p.Description != tc.description {
			t.Errorf("%s: title %q, description %q", tc.url, p.Title, p.Description)
		}
	}
	// Every page the schema's own descriptions link to is generated, but for four links of
	// the site that are broken on Mintlify too: two name operations the (filtered) schema
	// does not have, two name a mutation as a query and a query as a mutation.
	links := regexp.MustCompile(`\(/api-reference/(?:queries|mutations|types)/[A-Za-z0-9_]+\)`).FindAllString(readTestdata(t, "karzoun-graphql", "public-api.graphql"), -1)
	var broken []string
	distinct := map[string]bool{}
	for _, l := range links {
		l = strings.Trim(l, "()")
		distinct[l] = true
		if _, ok := urls[l]; !ok && !slices.Contains(broken, l) {
			broken = append(broken, l)
		}
	}
	slices.Sort(broken)
	wantBroken := []string{"/api-reference/mutations/automationExportPAF", "/api-reference/queries/conversationsTotalUnreadCount",
		"/api-reference/queries/draftAutomationDetail", "/api-reference/queries/formsGetContentTypes"}
	if len(distinct) < 100 || !slices.Equal(broken, wantBroken) {
		t.Errorf("of the schema's %d distinct links, %q have no page; want %q", len(distinct), broken, wantBroken)
	}
	for _, u := range []string{"/api-reference/queries/automationExportPAF", "/api-reference/mutations/draftAutomationDetail"} {
		if _, ok := urls[u]; !ok {
			t.Errorf("no page at %s", u)
		}
	}
	if _, ok := urls["/api-reference/types/Query"]; ok {
		t.Error("the Query root type has a page")
	}
}
