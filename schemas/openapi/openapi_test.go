package openapi_test

import (
	"bytes"
	"encoding/json"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/schemas/openapi"
	"gopkg.in/yaml.v3"
)

// docsCopy is the copy the docs site generates its API pages from.
const docsCopy = "../../docs/api-reference/openapi.yaml"

func TestDocsCopyIsIdentical(t *testing.T) {
	docs, err := os.ReadFile(docsCopy)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(docs, openapi.YAML()) {
		t.Fatalf("%s differs from schemas/openapi/openapi.yaml; run: cp schemas/openapi/openapi.yaml docs/api-reference/openapi.yaml", docsCopy)
	}
}

func TestEmbeddedDocumentConverts(t *testing.T) {
	got := openapi.JSON()
	if !json.Valid(got) {
		t.Fatal("JSON() is not valid JSON")
	}
	var fromJSON, fromYAML any
	if err := json.Unmarshal(got, &fromJSON); err != nil {
		t.Fatal(err)
	}
	if err := yaml.Unmarshal(openapi.YAML(), &fromYAML); err != nil {
		t.Fatal(err)
	}
	// Re-encode the YAML decoding through JSON so both sides hold the same Go types.
	data, err := json.Marshal(fromYAML)
	if err != nil {
		t.Fatalf("the YAML holds a value JSON cannot hold: %v", err)
	}
	var want any
	if err := json.Unmarshal(data, &want); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(fromJSON, want) {
		t.Fatal("JSON() does not hold the same values as the YAML")
	}
	if !bytes.HasPrefix(got, []byte("{\n  \"openapi\": \"3.1.0\",\n  \"info\": {")) {
		t.Errorf("JSON() does not keep the YAML's key order: %.60q", got)
	}
}

func TestCopiesAreIndependent(t *testing.T) {
	a := openapi.JSON()
	a[0] = 'x'
	if openapi.JSON()[0] != '{' {
		t.Error("JSON() returns the cached slice itself")
	}
	y := openapi.YAML()
	y[0] = 'x'
	if openapi.YAML()[0] == 'x' {
		t.Error("YAML() returns the embedded slice itself")
	}
}

func TestToJSON(t *testing.T) {
	for _, tc := range []struct {
		name, yaml, want, err string
	}{
		{"key order kept", "b: 1\na: 2\nc: {z: 1, y: 2}", `{"b":1,"a":2,"c":{"z":1,"y":2}}`, ""},
		{"scalars", "s: 'x'\nn: null\nt: true\ni: 0x10\nf: 1.5\ne: 1e3\nq: '200'\nv: 3.1.0",
			`{"s":"x","n":null,"t":true,"i":16,"f":1.5,"e":1000,"q":"200","v":"3.1.0"}`, ""},
		{"yaml 1.1 booleans stay strings", "a: no\nb: yes\nc: on", `{"a":"no","b":"yes","c":"on"}`, ""},
		{"timestamps stay strings", "d: 2025-05-01\nt: 2025-05-01T12:00:00Z", `{"d":"2025-05-01","t":"2025-05-01T12:00:00Z"}`, ""},
		{"html characters unescaped", "a: '<id> & more'", `{"a":"<id> & more"}`, ""},
		{"aliases followed", "a: &x [1, 2]\nb: *x", `{"a":[1,2],"b":[1,2]}`, ""},
		{"integer keys become strings", "200: ok", `{"200":"ok"}`, ""},
		{"block text", "d: |\n  one\n  two\n", `{"d":"one\ntwo\n"}`, ""},
		{"merge key refused", "a: &x {k: 1}\nb:\n  <<: *x\n", "", "merge"},
		{"duplicate key refused", "a: 1\na: 2", "", "duplicate key"},
		{"infinity refused", "a: .inf", "", "no JSON form"},
		{"custom tag refused", "a: !thing x", "", "no JSON form"},
		{"two documents refused", "a: 1\n---\nb: 2", "", "one YAML document"},
		{"empty refused", "", "", "one YAML document"},
		{"not YAML", "a: [1", "", "parse YAML"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := openapi.ToJSON([]byte(tc.yaml))
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("err = %v, want one mentioning %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var compact bytes.Buffer
			if err := json.Compact(&compact, got); err != nil {
				t.Fatal(err)
			}
			if compact.String() != tc.want {
				t.Fatalf("got %s, want %s", compact.String(), tc.want)
			}
		})
	}
}

// doc is the decoded document, for the structural checks below.
type doc = map[string]any

func decoded(t *testing.T) doc {
	t.Helper()
	var d doc
	if err := json.Unmarshal(openapi.JSON(), &d); err != nil {
		t.Fatal(err)
	}
	return d
}

// resolve follows a local "$ref" (one level at a time) until v is not a reference.
func resolve(t *testing.T, d doc, v any) doc {
	t.Helper()
	m, _ := v.(doc)
	for range 10 {
		ref, ok := m["$ref"].(string)
		if !ok {
			return m
		}
		cur := any(d)
		for _, part := range strings.Split(strings.TrimPrefix(ref, "#/"), "/") {
			part = strings.NewReplacer("~1", "/", "~0", "~").Replace(part)
			obj, _ := cur.(doc)
			cur = obj[part]
		}
		if cur == nil {
			t.Fatalf("unresolved reference %s", ref)
		}
		m, _ = cur.(doc)
	}
	t.Fatal("reference chain too long")
	return nil
}

// operations lists every operation as "METHOD path" with its object.
func operations(d doc) map[string]doc {
	out := map[string]doc{}
	for p, item := range d["paths"].(doc) {
		for m, op := range item.(doc) {
			if o, ok := op.(doc); ok {
				out[strings.ToUpper(m)+" "+p] = o
			}
		}
	}
	return out
}

// TestEveryRouteIsDescribed checks the document against the routes Lectern mounts.
func TestEveryRouteIsDescribed(t *testing.T) {
	want := []string{
		"POST /discovery/v1/assistant/{domain}/message",
		"POST /discovery/v2/assistant/{domain}/message",
		"POST /discovery/v1/feedback/{domain}",
		"POST /discovery/v1/events/{domain}",
		"POST /discovery/v1/search/{domain}",
		"POST /discovery/v1/page/{domain}",
		"POST /api/external/v1/analytics/{projectId}/events",
		"POST /v1/analytics/{projectId}/events",
		"GET /api/external/v1/analytics/{projectId}/assistant",
		"GET /api/external/v1/analytics/{projectId}/feedback",
		"PATCH /api/external/v1/analytics/{projectId}/feedback/{id}",
		"GET /v1/analytics/{projectId}/assistant",
		"GET /v1/analytics/{projectId}/feedback",
		"PATCH /v1/analytics/{projectId}/feedback/{id}",
		"GET /api/external/v1/analytics/{projectId}/views",
		"GET /api/external/v1/analytics/{projectId}/visitors",
		"GET /api/external/v1/analytics/{projectId}/traffic",
		"GET /api/external/v1/analytics/{projectId}/traffic/daily",
		"GET /api/external/v1/analytics/{projectId}/searches",
		"GET /api/external/v1/analytics/{projectId}/feedback/by-page",
		"GET /api/external/v1/analytics/{projectId}/feedback/daily",
		"GET /api/external/v1/analytics/{projectId}/assistant/caller-stats",
		"GET /api/external/v1/analytics/{projectId}/assistant/threads/{threadId}",
		"GET /v1/analytics/{projectId}/views",
		"GET /v1/analytics/{projectId}/visitors",
		"GET /v1/analytics/{projectId}/traffic",
		"GET /v1/analytics/{projectId}/traffic/daily",
		"GET /v1/analytics/{projectId}/searches",
		"GET /v1/analytics/{projectId}/feedback/by-page",
		"GET /v1/analytics/{projectId}/feedback/daily",
		"GET /v1/analytics/{projectId}/assistant/caller-stats",
		"GET /v1/analytics/{projectId}/assistant/threads/{threadId}",
		"GET /api/external/v1/analytics/{projectId}/agents",
		"GET /api/external/v1/analytics/{projectId}/engagement",
		"GET /api/external/v1/analytics/{projectId}/engagement/pages",
		"GET /api/external/v1/analytics/{projectId}/engagement/flows",
		"GET /api/external/v1/analytics/{projectId}/engagement/funnels",
		"GET /api/external/v1/analytics/{projectId}/gaps",
		"GET /v1/analytics/{projectId}/agents",
		"GET /v1/analytics/{projectId}/engagement",
		"GET /v1/analytics/{projectId}/engagement/pages",
		"GET /v1/analytics/{projectId}/engagement/flows",
		"GET /v1/analytics/{projectId}/engagement/funnels",
		"GET /v1/analytics/{projectId}/gaps",
		"GET /healthz", "GET /readyz", "GET /metrics", "GET /openapi.json", "GET /asyncapi.json",
		"GET /widget.js", "GET /widget/v1/widget.js", "GET /dashboard", "GET /discovery/v1/assistant/{domain}/settings",
		"POST /sites/{domain}/mcp", "GET /sites/{domain}/mcp", "DELETE /sites/{domain}/mcp", "POST /sites/{domain}/feedback",
		"GET /sites/{domain}/llms.txt", "GET /sites/{domain}/.well-known/llms.txt",
		"GET /sites/{domain}/llms-full.txt", "GET /sites/{domain}/.well-known/llms-full.txt",
		"GET /sites/{domain}/{page}.md", "GET /sites/{domain}/.well-known/mcp", "GET /sites/{domain}/.well-known/mcp.json",
		"GET /sites/{domain}/.well-known/mcp/server-card.json", "GET /sites/{domain}/.well-known/mcp/server-cards.json",
		"GET /sites/{domain}/skill.md", "GET /sites/{domain}/.well-known/agent-skills/index.json",
		"GET /sites/{domain}/.well-known/agent-skills/{skill}/SKILL.md",
		"GET /sites/{domain}/.well-known/skills/index.json", "GET /sites/{domain}/.well-known/skills/{skill}/skill.md",
		"GET /sites/{domain}/.well-known/agent-card.json", "GET /sites/{domain}/.well-known/api-catalog",
	}
	ops := operations(decoded(t))
	var got []string
	for k := range ops {
		got = append(got, k)
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Fatalf("operations:\n got %q\nwant %q", got, want)
	}
	ids := map[string]string{}
	for k, op := range ops {
		id, _ := op["operationId"].(string)
		if id == "" {
			t.Errorf("%s has no operationId", k)
		}
		if other, dup := ids[id]; dup {
			t.Errorf("%s and %s share operationId %q", k, other, id)
		}
		ids[id] = k
		if s, _ := op["summary"].(string); s == "" {
			t.Errorf("%s has no summary", k)
		}
		if s, _ := op["description"].(string); s == "" {
			t.Errorf("%s has no description", k)
		}
	}
}

// keyed reports the security scheme an operation requires, "" for none.
func keyed(op doc) string {
	sec, _ := op["security"].([]any)
	for _, s := range sec {
		for name := range s.(doc) {
			return name
		}
	}
	return ""
}

// TestKeyedRoutesDocumentErrorsAndLimits checks the errors and headers every keyed route has.
func TestKeyedRoutesDocumentErrorsAndLimits(t *testing.T) {
	d := decoded(t)
	for k, op := range operations(d) {
		scheme := keyed(op)
		switch {
		case strings.HasPrefix(k, "POST /discovery/") || strings.HasPrefix(k, "GET /discovery/"):
			if scheme != "assistantKey" {
				t.Errorf("%s: security %q, want assistantKey", k, scheme)
			}
		case k == "POST /sites/{domain}/mcp" || k == "POST /sites/{domain}/feedback": // open, or a site's assistant key (mcp: key)
			if sec, _ := op["security"].([]any); len(sec) != 2 || len(sec[0].(doc)) != 0 || scheme != "assistantKey" {
				t.Errorf("%s: security %v, want [{}, {assistantKey: []}]", k, op["security"])
			}
		case strings.HasPrefix(k, "GET /sites/") || strings.HasPrefix(k, "DELETE /sites/"):
			if sec, ok := op["security"].([]any); !ok || len(sec) > 0 && len(sec[0].(doc)) != 0 {
				t.Errorf("%s: want security [] or an optional key", k)
			}
			continue
		case strings.HasSuffix(k, "/events") && strings.Contains(k, "/analytics/"):
			if scheme != "ingestKey" {
				t.Errorf("%s: security %q, want ingestKey", k, scheme)
			}
		case strings.Contains(k, "/analytics/"):
			if scheme != "adminKey" {
				t.Errorf("%s: security %q, want adminKey", k, scheme)
			}
		default:
			if _, ok := op["security"]; !ok || scheme != "" {
				t.Errorf("%s: want security: [] (no key)", k)
			}
			continue
		}
		responses := op["responses"].(doc)
		want := []string{"400", "401", "403", "404", "429", "500", "503"}
		if _, body := op["requestBody"]; body {
			want = append(want, "413", "415")
		}
		for _, code := range want {
			if _, ok := responses[code]; !ok {
				t.Errorf("%s: no %s response", k, code)
			}
		}
		for code, r := range responses {
			resp := resolve(t, d, r)
			headers, _ := resp["headers"].(doc)
			if code == "413" {
				if len(headers) > 0 {
					t.Errorf("%s %s: a 413 is answered before the limiter and has no headers", k, code)
				}
				continue
			}
			for _, h := range []string{"X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"} {
				hdr := resolve(t, d, headers[h])
				if hdr == nil {
					t.Errorf("%s %s: no %s header", k, code, h)
					continue
				}
				early := code == "400" || code == "403" // answered before the limiter in some cases
				if req, _ := hdr["required"].(bool); req == early {
					t.Errorf("%s %s: %s required = %v, want %v", k, code, h, req, !early)
				}
			}
			if code == "429" {
				if ra := resolve(t, d, headers["Retry-After"]); ra == nil || ra["required"] != true {
					t.Errorf("%s 429: Retry-After must be a required header", k)
				}
			}
		}
	}
}

// TestEveryBodyHasExamples checks that every request body and response content has examples.
func TestEveryBodyHasExamples(t *testing.T) {
	d := decoded(t)
	hasExamples := func(where string, content any) {
		c, _ := content.(doc)
		if len(c) == 0 && !strings.HasSuffix(where, " 202") && !strings.HasSuffix(where, " 302") { // accepted, redirected: no body
			t.Errorf("%s: no content", where)
		}
		for mt, m := range c {
			media := m.(doc)
			ex, _ := media["examples"].(doc)
			if _, one := media["example"]; !one && len(ex) == 0 {
				t.Errorf("%s %s: no example", where, mt)
			}
		}
	}
	for k, op := range operations(d) {
		if rb, ok := op["requestBody"]; ok {
			hasExamples(k+" request", resolve(t, d, rb)["content"])
		}
		for code, r := range op["responses"].(doc) {
			hasExamples(k+" "+code, resolve(t, d, r)["content"])
		}
	}
}

// TestErrorExamplesMatchStatus checks that each error response's examples use the envelope.
func TestErrorExamplesMatchStatus(t *testing.T) {
	d := decoded(t)
	for name, r := range d["components"].(doc)["responses"].(doc) {
		content := r.(doc)["content"].(doc)
		media, _ := content["application/json"].(doc)
		schema, _ := media["schema"].(doc)
		if ref, _ := schema["$ref"].(string); ref != "#/components/schemas/Error" {
			continue
		}
		for exName, ex := range media["examples"].(doc) {
			v := ex.(doc)["value"].(doc)
			msg, _ := v["error"].(string)
			details, _ := v["details"].([]any)
			if msg == "" || len(details) == 0 {
				t.Errorf("%s example %s: want error and at least one detail", name, exName)
			}
		}
	}
}

// TestPatternsCompile checks every schema pattern compiles (Go's RE2 is close to the
// ECMA-262 subset the patterns use).
func TestPatternsCompile(t *testing.T) {
	var walk func(path string, v any)
	n := 0
	walk = func(path string, v any) {
		switch x := v.(type) {
		case doc:
			for k, c := range x {
				if s, ok := c.(string); ok && k == "pattern" {
					n++
					if _, err := regexp.Compile(s); err != nil {
						t.Errorf("%s: pattern %q: %v", path, s, err)
					}
				}
				walk(path+"/"+k, c)
			}
		case []any:
			for _, c := range x {
				walk(path, c)
			}
		}
	}
	walk("#", decoded(t))
	if n < 5 {
		t.Errorf("found %d patterns; the walk is broken", n)
	}
}

// Every discovery URL the document shows as an example uses a domain the route accepts (a
// Token: the leading label of the hostname, no dots).
func TestExampleDiscoveryDomainsAreTokens(t *testing.T) {
	token := regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$`)
	urls := regexp.MustCompile(`/discovery/v[0-9]+/(?:assistant|feedback|events|search|page)/([^/{}:'"\s]+)`)
	found := 0
	for _, m := range urls.FindAllSubmatch(openapi.YAML(), -1) {
		found++
		if !token.Match(m[1]) {
			t.Errorf("example %s uses domain %q, which the route rejects", m[0], m[1])
		}
	}
	if found == 0 {
		t.Fatal("no example discovery URL found; the pattern is stale")
	}
}
