package assistant_test

import (
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/platform/sites"
)

// productsDocs is a site of two products, as Mintlify's navigation guide writes them, which
// share one page (a page a product lists is the product's, as dify's Cloud and Self-Host
// share theirs).
const productsDocs = `{"name": "Acme", "navigation": {"products": [
  {"product": "Payments", "groups": [{"group": "Payments", "pages": ["payments/refunds", "shared/api-keys"]}]},
  {"product": "Identity", "groups": [{"group": "Identity", "pages": ["identity/verify", "shared/api-keys"]}]},
  {"product": "Mobile SDK", "href": "https://mobile.example.com"}
]}}`

var productsFiles = map[string]string{
	"payments/refunds.mdx": "---\ntitle: Refunds\n---\nRefund a captured payment in full or in part; the refund reaches the card in five days.\n",
	"identity/verify.mdx":  "---\ntitle: Verify a user\n---\nVerify a user's identity document; the verification refund policy does not apply.\n",
	"shared/api-keys.mdx":  "---\ntitle: API keys\n---\nCreate an API key in the dashboard and send it as a bearer token.\n",
}

// TestProductFilter: Mintlify's search filters narrow results to one product of a site whose
// navigation defines several (optimize/search, "Search filters"). filter.product does so in
// the discovery search and in the assistant's search step; a page two products list is found
// in both; a product the site lacks is a 400 naming the field and the site's products. Lectern
// had ignored filter.product.
func TestProductFilter(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "docs.json"), []byte(productsDocs), 0o644); err != nil {
		t.Fatal(err)
	}
	for name, body := range productsFiles {
		if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	h := start(t, []sites.Site{{Domain: "acme", Project: "acme-docs", Docs: dir}})
	for _, tc := range []struct {
		name, q, product string
		want, absent     []string
	}{
		{"no filter: every product", "refund", "", []string{"/payments/refunds", "/identity/verify"}, nil},
		{"one product", "refund", "Payments", []string{"/payments/refunds"}, []string{"/identity/verify"}},
		{"the other product", "refund", "identity", []string{"/identity/verify"}, []string{"/payments/refunds"}},
		{"a page both products list", "bearer token API key", "Identity", []string{"/shared/api-keys"}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			body := map[string]any{"query": tc.q}
			msg := ask(tc.q)
			if tc.product != "" {
				body["filter"] = map[string]any{"product": tc.product}
				msg["filter"] = map[string]any{"product": tc.product}
			}
			step, _ := h.ask(t, "acme", msg)
			for channel, found := range map[string][]string{"discovery search": h.search(t, "acme", body), "search step": step} {
				for _, p := range tc.want {
					if !slices.Contains(found, p) {
						t.Errorf("%s: %v lacks %s", channel, found, p)
					}
				}
				for _, p := range tc.absent {
					if slices.Contains(found, p) {
						t.Errorf("%s: %v holds %s, of another product", channel, found, p)
					}
				}
			}
		})
	}
	status, data := h.postSearch(t, "acme", map[string]any{"query": "refund", "filter": map[string]any{"product": "Billing"}})
	if status != http.StatusBadRequest || !strings.Contains(string(data), `"field":"filter.product"`) || !strings.Contains(string(data), `\"Payments\", \"Identity\"`) {
		t.Errorf("an unknown product: %d %s, want a 400 naming filter.product and the site's products", status, data)
	}
	status, data = h.postSearch(t, "acme", map[string]any{"query": "refund", "filter": map[string]any{"product": strings.Repeat("p", 300)}})
	if status != http.StatusBadRequest || !strings.Contains(string(data), `"field":"filter.product"`) {
		t.Errorf("a product name too long: %d %s, want a 400 naming filter.product", status, data)
	}
}
