package llmstxt_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/lectern-dev/lectern/assistant/llmstxt"
	"github.com/lectern-dev/lectern/assistant/sitedocs"
)

// writeSite writes a site of n pages in two groups, each page with a description of desc
// characters.
func writeSite(t *testing.T, n, desc int, extra map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	var a, b []string
	for i := range n {
		name := fmt.Sprintf("page-%04d", i)
		d := strings.Repeat(fmt.Sprintf("word%d ", i%10), desc/6+1)[:desc]
		body := fmt.Sprintf("---\ntitle: Page %d\ndescription: %q\n---\n\nText of page %d.\n", i, d, i)
		if err := os.WriteFile(filepath.Join(dir, name+".mdx"), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		if i < n/2 {
			a = append(a, name)
		} else {
			b = append(b, name)
		}
	}
	nav := map[string]any{"name": "Big", "navigation": map[string]any{"groups": []any{
		map[string]any{"group": "First", "pages": a}, map[string]any{"group": "Second", "pages": b}}}}
	data, _ := json.Marshal(nav)
	extra["docs.json"] = string(data)
	for name, content := range extra {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func load(t *testing.T, dir string) llmstxt.Site {
	t.Helper()
	docs, err := sitedocs.Load(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	return llmstxt.Site{Catalog: docs.Catalog, Name: "big", Base: "https://big.example.com"}
}

// TestCap: a generated llms.txt stays within 100,000 characters, shortened as Mintlify
// documents: descriptions first, then entries dropped with a note of what was left out.
func TestCap(t *testing.T) {
	tests := []struct {
		name              string
		pages, desc       int
		wantAll, wantNote bool
		wantDescAtMost    int
	}{
		{"fits", 100, 300, true, false, 300},
		{"descriptions shortened", 400, 300, true, false, 150},
		{"entries dropped", 2000, 300, false, true, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out := llmstxt.LLMsTxt(load(t, writeSite(t, tc.pages, tc.desc, map[string]string{})))
			if n := utf8.RuneCountInString(out); n > llmstxt.MaxChars {
				t.Fatalf("%d characters", n)
			}
			listed := strings.Count(out, "\n- [Page ")
			if (listed == tc.pages) != tc.wantAll {
				t.Errorf("%d of %d pages listed", listed, tc.pages)
			}
			if strings.Contains(out, "## Omitted") != tc.wantNote {
				t.Errorf("note: %v, want %v", strings.Contains(out, "## Omitted"), tc.wantNote)
			}
			if tc.wantNote && !strings.Contains(out, fmt.Sprintf("%d more pages are not listed", tc.pages-listed)) {
				t.Errorf("the note does not count the %d pages left out:\n%s", tc.pages-listed, out[strings.Index(out, "## Omitted"):])
			}
			for _, line := range strings.Split(out, "\n") {
				if _, d, ok := strings.Cut(line, ".md): "); ok && utf8.RuneCountInString(d) > max(tc.wantDescAtMost, 0) {
					t.Fatalf("a description of %d characters, want at most %d: %q", utf8.RuneCountInString(d), tc.wantDescAtMost, line)
				}
			}
		})
	}
}

func TestCustomFiles(t *testing.T) {
	custom := "# Big\n\nOur own index.\n"
	site := load(t, writeSite(t, 3, 20, map[string]string{"llms.txt": custom, "llms-full.txt": "# Big\n\nEverything.\n"}))
	if got := llmstxt.LLMsTxt(site); got != custom {
		t.Errorf("llms.txt = %q, want the custom file", got)
	}
	if got := llmstxt.LLMsFullTxt(site); got != "# Big\n\nEverything.\n" {
		t.Errorf("llms-full.txt = %q, want the custom file", got)
	}
}

func TestPageURL(t *testing.T) {
	for url, want := range map[string]string{"/": "https://x/index.md", "/guides/a": "https://x/guides/a.md"} {
		if got := llmstxt.PageURL("https://x", url); got != want {
			t.Errorf("PageURL(%q) = %q, want %q", url, got, want)
		}
	}
}

// TestSectionsOnce: on the shape of Dify's navigation (testdata/sites/agents-dify), where a
// nested group interrupts its parent's pages and two products repeat the same groups, each
// section is one heading with all its pages, in the order of its first page; the two
// products' sections are named apart. The whole file is golden
// (testdata/golden/agents-dify/llms.txt).
func TestSectionsOnce(t *testing.T) {
	docs, err := sitedocs.Load(context.Background(), "testdata/sites/agents-dify")
	if err != nil {
		t.Fatal(err)
	}
	got := llmstxt.LLMsTxt(llmstxt.Site{Catalog: docs.Catalog, Base: "https://docs.example.com"})
	var headings []string
	seen := map[string]bool{}
	for line := range strings.Lines(got) {
		if h, ok := strings.CutPrefix(strings.TrimSpace(line), "## "); ok {
			if seen[h] {
				t.Errorf("heading %q is repeated", h)
			}
			seen[h] = true
			headings = append(headings, h)
		}
	}
	want := []string{"Cloud › Workflow & Chatflow", "Cloud › Nodes", "Cloud › Start", "Cloud › Trigger", "Cloud › Human Input", "Cloud › Debug",
		"Self-Host › Workflow & Chatflow", "Self-Host › Nodes", "Self-Host › Start", "Self-Host › Trigger", "Self-Host › Human Input", "Self-Host › Debug"}
	if strings.Join(headings, "\n") != strings.Join(want, "\n") {
		t.Errorf("headings\n%s\nwant\n%s", strings.Join(headings, "\n"), strings.Join(want, "\n"))
	}
	golden(t, "testdata/golden/agents-dify/llms.txt", got)
}

// TestTagGroupSections: the endpoint pages an element's openapi generates are listed in
// llms.txt under their tag groups, as the navigation lists them (docsjson's tag groups, in the
// order the spec brings them), not all under the element. The spec is Upstash Workflow's real
// one (schemas/docsjson/testdata/sites/upstash-api, upstash/docs@ef0ce43).
func TestTagGroupSections(t *testing.T) {
	spec, err := os.ReadFile("../../schemas/docsjson/testdata/sites/upstash-api/workflow/openapi.yaml")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	files := map[string]string{
		"openapi.yaml": string(spec),
		"docs.json":    `{"name": "Workflow", "navigation": {"tabs": [{"tab": "REST API", "openapi": "openapi.yaml"}]}}`,
	}
	for name, content := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got := llmstxt.LLMsTxt(load(t, dir))
	var headings []string
	for line := range strings.Lines(got) {
		if h, ok := strings.CutPrefix(strings.TrimSpace(line), "## "); ok {
			headings = append(headings, h)
		}
	}
	want := []string{"Runs", "Logs", "DLQ", "Flow Control", "Signing Keys", "Notify", "OpenAPI Specs"}
	if strings.Join(headings, "\n") != strings.Join(want, "\n") {
		t.Errorf("headings\n%s\nwant\n%s", strings.Join(headings, "\n"), strings.Join(want, "\n"))
	}
	if !strings.Contains(got, "## Notify\n\n- [Notify Event](https://big.example.com/api-reference/notify/notify-event.md)") {
		t.Errorf("the Notify section does not start with its first endpoint page:\n%s", got)
	}
}
