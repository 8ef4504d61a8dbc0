package assistant_test

import "testing"

// TestScopesUnderTheBasePath: on a site served under a base path, the page a reader asks from
// is sent as the browser has it (the widget sends location.pathname, a reader's URL holds the
// base path), and still tells the search's language and version, as the same page without the
// base path does (controls "the language of the current page" and "the version of the current
// page"): through the discovery search, the assistant's search step and its answer.
func TestScopesUnderTheBasePath(t *testing.T) {
	list := tesseraSites(t)[:1]
	list[0].Hosts, list[0].BasePath = []string{"docs.tessera.dev"}, "/docs"
	h := start(t, list)
	variants := variantsOf(t, list)
	for _, c := range []control{
		{name: "the language of the current page", q: "instala la CLI con npm", opts: map[string]any{"currentPath": "/docs/es/custom-domain"}, first: "/es/quickstart", absent: []string{"/quickstart", "/v1/quickstart"}},
		{name: "the language of the current page's URL, asked in English", q: "install the cli with npm", opts: map[string]any{"currentPath": "https://docs.tessera.dev/docs/es/quickstart#install"}, first: "/es/quickstart", absent: []string{"/quickstart"}},
		{name: "the language of a context item's page", q: "install the cli with npm", context: "/docs/es/custom-domain", first: "/es/quickstart", absent: []string{"/quickstart"}},
		{name: "the version of the current page", q: "connect a custom domain", opts: map[string]any{"currentPath": "/docs/v1/quickstart"}, first: "/v1/custom-domain", absent: []string{"/custom-domain", "/changelog"}},
		{name: "the site's own path still tells", q: "connect a custom domain", opts: map[string]any{"currentPath": "/v1/quickstart"}, first: "/v1/custom-domain", absent: []string{"/custom-domain"}},
		{name: "the base path alone is the default", q: "install the tessera cli with npm", opts: map[string]any{"currentPath": "/docs"}, first: "/quickstart", absent: []string{"/es/quickstart", "/v1/quickstart"}},
	} {
		t.Run(c.name, func(t *testing.T) { c.run(t, h, variants) })
	}
}
