package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestNavLinksDevbook checks a real site's broken links end to end: MetaGLM/devbook links
// to pages it does not have (testdata/links-devbook/SOURCE).
func TestNavLinksDevbook(t *testing.T) {
	const site = "testdata/links-devbook"
	code, out, errOut := runNav("links", site)
	if code != 1 {
		t.Fatalf("nav links = %d, want 1\n%s%s", code, out, errOut)
	}
	for _, want := range []string{
		site + ": 11 broken links in 3 files (3 files, 11 links checked)",
		"\ncn/guide/overview/pricing.mdx\n  12: /guides/llm/glm-4-32b-0414-128k: no such page\n",
		"  13: /api-reference/video/cogvideox-2&vidu: no such page\n",
		"\ncn/guide/video/vidu2.mdx\n  33: /api-reference/video/cogvideox-2&vidu: no such page\n" +
			"  59: /images/020f485a-fb03-4698-8a6c-f9f89b5b7361.jpeg: no such file\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

// TestNavLinksSpaceInAngleBrackets: a destination in angle brackets that starts with a space
// before its scheme is an external link, as the URL parser reads it after stripping the space
// (scalev-id/docs: testdata/links-scalev/SOURCE); it was reported as a page the site lacks.
func TestNavLinksSpaceInAngleBrackets(t *testing.T) {
	const site = "testdata/links-scalev"
	code, out, errOut := runNav("links", "--check-anchors", site)
	if code != 0 || !strings.Contains(out, site+": 0 broken links") {
		t.Errorf("nav links = %d, want 0 and no broken link\n%s%s", code, out, errOut)
	}
}

// TestNavLinksRepoSpecPages: Mintlify's checker takes as link targets, beside the endpoint
// pages the navigation generates, the pages each OpenAPI file of the site generates under the
// default directory, api-reference, listed or not. Polar's docs (testdata/links-polar/SOURCE)
// generate theirs under api-reference/2026-04 and link to api-reference/customers/... and
// api-reference/customer_state_changed: of the whole site Mintlify's checker reported 12 broken
// links, lectern nav links 108. The two links to pages the site does not have stay broken.
func TestNavLinksRepoSpecPages(t *testing.T) {
	const site = "testdata/links-polar"
	code, out, errOut := runNav("links", site)
	want := site + ": 2 broken links in 1 file (1 file, 7 links checked)\n\n" +
		"integrate/customer-state.mdx\n" +
		"  6: /features/benefits/introduction: no such page\n" +
		"  8: /features/customer-management#external-id: no such page\n"
	if code != 1 || out != want {
		t.Errorf("nav links = %d, want 1 and\n%s\ngot\n%s%s", code, want, out, errOut)
	}
}

func TestNavLinksFlags(t *testing.T) {
	const site = "testdata/links-devbook"
	tests := []struct {
		name   string
		args   []string
		code   int
		broken int
	}{
		{"files by path", []string{"--files", "cn/guide/llm/glm-4-32b-0414-128k.mdx"}, 1, 1},
		{"files by path from the working directory", []string{"--files", site + "/cn/guide/video/vidu2.mdx"}, 1, 2},
		{"files by glob", []string{"--files", "cn/**/video/*.mdx"}, 1, 2},
		{"two files", []string{"--files", "cn/guide/video/vidu2.mdx", "--files", "cn/guide/llm/*.mdx"}, 1, 3},
		{"files that match nothing", []string{"--files", "en/**/*.mdx"}, 0, 0},
		{"anchors and redirects", []string{"--check-anchors", "--check-redirects", "--check-snippets"}, 1, 11},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := append(append([]string{"links", "--json"}, tt.args...), site)
			code, out, errOut := runNav(args...)
			var rep struct {
				Broken []struct {
					File, Link, Reason string
					Line               int
				}
			}
			if err := json.Unmarshal([]byte(out), &rep); err != nil {
				t.Fatalf("nav %q: %v\n%s%s", args, err, out, errOut)
			}
			if code != tt.code || len(rep.Broken) != tt.broken {
				t.Errorf("nav %q = %d with %d broken, want %d with %d\n%s", args, code, len(rep.Broken), tt.code, tt.broken, out)
			}
			for _, b := range rep.Broken {
				if b.File == "" || b.Line == 0 || b.Link == "" || b.Reason == "" {
					t.Errorf("incomplete %+v", b)
				}
			}
		})
	}
}

func TestNavLinksLecternDocs(t *testing.T) {
	code, out, errOut := runNav("links", "--check-anchors", "--check-redirects", "../../docs")
	if code != 0 || !strings.Contains(out, ": 0 broken links") {
		t.Errorf("nav links docs = %d\n%s%s", code, out, errOut)
	}
}

func TestNavLinksUsage(t *testing.T) {
	for _, args := range [][]string{{"links"}, {"links", "testdata/links-devbook/docs.json"}, {"links", "testdata/no-such-dir"}} {
		if code, out, errOut := runNav(args...); code == 0 {
			t.Errorf("nav %q = 0\n%s%s", args, out, errOut)
		}
	}
}

// TestNavLinksFetchOpenAPI: an endpoint page of a spec given by URL is a link target only when
// the spec is fetched (--fetch-openapi).
func TestNavLinksFetchOpenAPI(t *testing.T) {
	srv, _ := specServer(t)
	site := writeSite(t, map[string]string{
		"docs.json": `{"name": "Stockroom", "theme": "mint", "colors": {"primary": "#112233"}, "navigation": {"tabs": [
			{"tab": "Guides", "pages": ["intro"]}, {"tab": "API reference", "openapi": "` + srv.URL + `/v1/openapi.json"}]}}`,
		"intro.mdx": "---\ntitle: Stockroom\n---\nSee [reserving](/api-reference/reservations/reserve-stock-for-an-order).\n",
	})
	code, out, errOut := runNav("links", site)
	if code != 1 || !strings.Contains(out, "1 broken link in 1 file") || !strings.Contains(out, "1 OpenAPI spec given by URL not fetched") {
		t.Errorf("nav links = %d\n%s%s", code, out, errOut)
	}
	code, out, errOut = runNav("links", "--fetch-openapi", site)
	if code != 0 || !strings.Contains(out, "0 broken links in 0 files (1 file, 1 link checked); 1 OpenAPI spec given by URL fetched") {
		t.Errorf("nav links --fetch-openapi = %d\n%s%s", code, out, errOut)
	}
}
