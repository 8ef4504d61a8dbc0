package markdown_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/lectern-dev/lectern/assistant/markdown"
)

// TestFlexRowReadsAsALine: a <div> laid out as a row (Tailwind's flex without flex-col) whose
// items are each a line of text reads as one line, as a browser shows it. Turnkey's
// EndpointPath (tkhq/docs@c8289df, testdata/turnkey-endpoint, 171 pages) writes the method and
// each path segment in a div of such rows: the Markdown had one paragraph per div ("POST",
// "/", "public", "/", "v1"…).
func TestFlexRowReadsAsALine(t *testing.T) {
	page := func(site, path string) string {
		b, err := os.ReadFile(filepath.Join("testdata", site, filepath.FromSlash(path)))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	none := func(string) (string, bool) { return "", false }
	tests := []struct {
		name, src string
		read      func(string) (string, bool)
		want      []string // in order
		not       []string
	}{
		{name: "turnkey: the endpoint snippet", src: page("turnkey-endpoint", "api-reference/activities/approve-activity.mdx"),
			read: readSite("turnkey-endpoint"),
			want: []string{"POST /public/v1/submit/approve_activity\n\n**API Key**"}, not: []string{"POST\n", "\n/\n"}},
		{name: "turnkey: the endpoint written on the page", src: page("turnkey-nestedparam", "api-reference/auth-proxy/signup.mdx"),
			read: readSite("turnkey-nestedparam"),
			want: []string{"POST https://authproxy.turnkey.com/v1/signup_v2\n\n### Authorizations"}},
		{name: "className, and a row with no gap given is spaced", src: "<div className=\"flex items-center\">\n  <div>Price</div>\n  <div>10 USD</div>\n</div>\n",
			read: none, want: []string{"Price 10 USD"}},
		{name: "a column stays stacked", src: "<div class=\"flex flex-col gap-2\">\n  <div>One</div>\n  <div>Two</div>\n</div>\n",
			read: none, want: []string{"One\n\nTwo"}},
		{name: "a plain div stays stacked", src: "<div>\n  <div>One</div>\n  <div>Two</div>\n</div>\n",
			read: none, want: []string{"One\n\nTwo"}},
		{name: "a row holding blocks keeps them", src: "<div class=\"flex gap-4\">\n  <div>\n\n- a\n- b\n\n  </div>\n  <div>Text</div>\n</div>\n",
			read: none, want: []string{"- a\n- b\n\nText"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			inOrder(t, markdown.Body(tt.src, "", tt.read), tt.want, tt.not)
		})
	}
}

// TestParamFieldNamedTwice: a ParamField with two of query=, path=, body= and header= is
// named as Mintlify names it (query, then path, then body, then header: @mintlify/common's
// rehypeParamFieldIds), and its location is left unsaid: Mintlify's API playground rejects such
// a field ("multiple location/name pairs specified") and its page shows no location. Turnkey
// (tkhq/docs@c8289df) writes body="attestation" path="authenticators.attestation" for a
// field of the request body: the Markdown called it a path parameter.
func TestParamFieldNamedTwice(t *testing.T) {
	page, err := os.ReadFile(filepath.Join("testdata", "turnkey-endpoint", "api-reference", "activities", "approve-activity.mdx"))
	if err != nil {
		t.Fatal(err)
	}
	none := func(string) (string, bool) { return "", false }
	tests := []struct {
		name, src string
		want      []string
		not       []string
	}{
		{name: "turnkey: body and path", src: string(page),
			want: []string{"- `organizationId` (body, string, required)", "- `parameters` (object, required)"},
			not:  []string{"(path,"}},
		{name: "query wins over path", src: "<ParamField path=\"id\" query=\"limit\" type=\"number\">\nHow many.\n</ParamField>\n",
			want: []string{"- `limit` (number): How many."}, not: []string{"`id`", "query,", "path,"}},
		{name: "one location is said", src: "<ParamField path=\"id\" type=\"string\" required>\nThe id.\n</ParamField>\n",
			want: []string{"- `id` (path, string, required): The id."}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			inOrder(t, markdown.Body(tt.src, "", none), tt.want, tt.not)
		})
	}
}
