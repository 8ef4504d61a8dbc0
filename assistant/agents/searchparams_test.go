package agents_test

import (
	"net/http"
	"strings"
	"testing"
)

// TestSearchToolParameters: the search tool takes the optional parameters Mintlify's MCP
// search tool documents, pageSize (1 to 50), scoreThreshold (0 to 1), version and language,
// as well as limit (pageSize's name here before); a version or language on a site that has
// none filters nothing, as all its content is in every one, and one the site lacks among
// several it has is an error naming them.
func TestSearchToolParameters(t *testing.T) {
	h := start(t, nil)
	cline := connect(t, h.base+"/sites/agents-cline/mcp", http.Header{"User-Agent": {"go-test-agent/1"}})
	trails := connect(t, h.base+"/sites/agents-trails/mcp", http.Header{"Authorization": {"Bearer " + h.tokens["agents-trails"]}})
	const q = "install the cline CLI with npm"
	tests := []struct {
		name    string
		trails  bool
		args    map[string]any
		results int    // how many results; -1 for at least one
		err     string // a part of the tool error; "" for none
	}{
		{"pageSize", false, map[string]any{"query": q, "pageSize": 2}, 2, ""},
		{"limit, pageSize's older name", false, map[string]any{"query": q, "limit": 3}, 3, ""},
		{"both, the same", false, map[string]any{"query": q, "pageSize": 1, "limit": 1}, 1, ""},
		{"both, apart", false, map[string]any{"query": q, "pageSize": 1, "limit": 2}, 0, "give pageSize"},
		{"pageSize past 50", false, map[string]any{"query": q, "pageSize": 51}, 0, "pageSize: from 1 to 50"},
		{"scoreThreshold 1: the best result's score", false, map[string]any{"query": q, "pageSize": 50, "scoreThreshold": 1}, 1, ""},
		{"scoreThreshold past 1", false, map[string]any{"query": q, "scoreThreshold": 1.5}, 0, "scoreThreshold: from 0 to 1"},
		{"a language on a site without languages", false, map[string]any{"query": q, "pageSize": 2, "language": "en"}, 2, ""},
		{"a version on a site without versions", false, map[string]any{"query": q, "pageSize": 2, "version": "v2"}, 2, ""},
		{"a version of the site's", true, map[string]any{"query": "chains", "version": "v2"}, -1, ""},
		{"a version the site lacks", true, map[string]any{"query": "chains", "version": "v9"}, 0, `"v9" is not a version of this site`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cs := cline
			if tc.trails {
				cs = trails
			}
			r := callTool(t, cs, "search", tc.args)
			if tc.err != "" {
				if !r.IsError || !strings.Contains(text(t, r), tc.err) {
					t.Errorf("%v %s, want an error with %q", r.IsError, text(t, r), tc.err)
				}
				return
			}
			sc, _ := r.StructuredContent.(map[string]any)
			results, _ := sc["results"].([]any)
			if r.IsError || tc.results >= 0 && len(results) != tc.results || tc.results < 0 && len(results) == 0 {
				t.Errorf("%v, %d results, want %d: %.300s", r.IsError, len(results), tc.results, text(t, r))
			}
		})
	}
}
