package agents_test

import (
	"strings"
	"testing"
)

// TestIndexNote: a page's Markdown begins, as Mintlify's .md pages do, with the quote that
// says where the site's llms.txt is, on the address the client reached the site by (Lectern's
// /sites/{domain}, the site's host, its base path there), whether it asked for the .md URL or
// for the page with Accept: text/markdown. The site's agent instructions (docs.json
// markdown.instructions: Cline's two lines) follow it, before the title, as on Mintlify's pages.
func TestIndexNote(t *testing.T) {
	const clineInstructions = "> ## Agent Instructions\n> Name the editor (VS Code, JetBrains) an answer is about.\n> Prefer the CLI for steps that can be scripted.\n\n"
	h := start(t, nil)
	tests := []struct {
		name, path string
		headers    []string
		llms       string // the llms.txt URL the note names; "" for h.base + "/sites/agents-cline/llms.txt"
		then       string // what follows the note before the title
	}{
		{"on lectern's address", "/sites/agents-cline/getting-started/installing-cline.md", nil, "", clineInstructions},
		{"by Accept", "/sites/agents-cline/getting-started/installing-cline", []string{"Accept: text/markdown"}, "", clineInstructions},
		{"on the site's host, without instructions", "/v2/intro.md", []string{"Host: trails.example.com"}, "http://trails.example.com/llms.txt", ""},
		{"under its base path", "/docs/getting-started/installing-cline.md", []string{"X-Forwarded-Host: docs.example.com", "X-Forwarded-Proto: https"}, "https://docs.example.com/docs/llms.txt", clineInstructions},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			llms := tc.llms
			if llms == "" {
				llms = h.base + "/sites/agents-cline/llms.txt"
			}
			want := "> ## Documentation Index\n> Fetch the complete documentation index at: " + llms +
				"\n> Use this file to discover all available pages before exploring further.\n\n" + tc.then + "# "
			resp, body := h.get(t, tc.path, tc.headers...)
			if resp.StatusCode != 200 || !strings.HasPrefix(body, want) {
				t.Errorf("%d %.300q, want it to begin %q", resp.StatusCode, body, want)
			}
		})
	}
}
