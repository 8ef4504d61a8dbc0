package llmstxt_test

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/lectern-dev/lectern/assistant/llmstxt"
	"github.com/lectern-dev/lectern/assistant/sitedocs"
	"gopkg.in/yaml.v3"
)

// skillServer is the MCP server the generated skills of these tests name.
func skillServer(base string) llmstxt.MCP {
	return llmstxt.MCP{URL: base + "/mcp", Tools: []llmstxt.Tool{
		{Name: "search", Description: "Search the docs."},
		{Name: "query_docs_filesystem", Description: "Read the docs as Markdown files."},
	}}
}

// TestSkillGolden: the skill.md generated for two real sites (Trails at the root of its
// host, Dify's navigation under a base path) equals its golden file (go test ./llmstxt
// -update rewrites them; review the diff), and generating it again gives the same bytes.
func TestSkillGolden(t *testing.T) {
	for name, base := range map[string]string{"agents-trails": "https://trails.example.com", "agents-dify": "https://dify.example.com/docs"} {
		t.Run(name, func(t *testing.T) {
			docs, err := sitedocs.Load(context.Background(), siteDir(name))
			if err != nil {
				t.Fatal(err)
			}
			site := llmstxt.Site{Catalog: docs.Catalog, Name: name, Base: base}
			sk := llmstxt.GeneratedSkill(site, skillServer(base))
			golden(t, filepath.Join("testdata/golden", name, "skill.md"), sk.Content)
			if again := llmstxt.GeneratedSkill(site, skillServer(base)); again != sk {
				t.Error("a second generation differs")
			}
			checkFrontmatter(t, sk)
		})
	}
}

// checkFrontmatter: the file's frontmatter is YAML whose name and description are the
// skill's, by the agentskills.io rules.
func checkFrontmatter(t *testing.T, sk sitedocs.Skill) {
	t.Helper()
	rest, ok := strings.CutPrefix(sk.Content, "---\n")
	block, _, ok2 := strings.Cut(rest, "\n---\n")
	if !ok || !ok2 {
		t.Fatalf("no frontmatter:\n%.300s", sk.Content)
	}
	var fm struct{ Name, Description string }
	if err := yaml.Unmarshal([]byte(block), &fm); err != nil {
		t.Fatalf("frontmatter: %v\n%s", err, block)
	}
	if fm.Name != sk.Name || fm.Description != sk.Description {
		t.Errorf("frontmatter %+v, want name %q and description %q", fm, sk.Name, sk.Description)
	}
	if !validSkillName(fm.Name) {
		t.Errorf("name %q breaks the agentskills.io rules", fm.Name)
	}
	if n := utf8.RuneCountInString(fm.Description); n == 0 || n > 1024 {
		t.Errorf("description of %d characters", n)
	}
}

// validSkillName: 1 to 64 lowercase letters, digits and hyphens, no hyphen first, last or twice.
func validSkillName(s string) bool {
	if s == "" || len(s) > 64 || s[0] == '-' || s[len(s)-1] == '-' || strings.Contains(s, "--") {
		return false
	}
	return strings.Trim(s, "abcdefghijklmnopqrstuvwxyz0123456789-") == ""
}

// catalog is a catalog of groups × perGroup pages, each group a tab of its own.
func catalog(name, desc string, groups, perGroup int) *sitedocs.Catalog {
	c := &sitedocs.Catalog{Name: name, Description: desc}
	for g := range groups {
		for p := range perGroup {
			c.Pages = append(c.Pages, sitedocs.CatalogPage{URL: fmt.Sprintf("/g%d/page-%d", g, p), Title: fmt.Sprintf("Page %d of group %d", p, g),
				SectionPath: []string{fmt.Sprintf("Tab %d", g), fmt.Sprintf("Group %d", g)}, InLLMs: true})
		}
	}
	return c
}

// TestSkillMeta: the frontmatter's name is a slug of the site's name by the agentskills.io
// rules, and its description the site's, else a sentence of the name and the top labels.
func TestSkillMeta(t *testing.T) {
	long := strings.Repeat("Very long product name ", 10)
	tests := []struct {
		name, siteName, desc string
		groups               int
		wantName, wantDesc   string
	}{
		{"slug", "Acme  Cloud™ Docs!", "Build on Acme.", 1, "acme-cloud-docs", "Build on Acme."},
		{"no latin letters", "文档", "", 1, "docs", "文档: documentation covering Tab 0."},
		{"long name", long, "x", 1, strings.TrimRight(strings.ToLower(strings.ReplaceAll(long, " ", "-"))[:64], "-"), "x"},
		{"no name", "", "", 3, "fallback-name", "fallback name: documentation covering Tab 0, Tab 1 and Tab 2."},
		{"description on one line", "A", "First line\nsecond line.", 1, "a", "First line second line."},
		{"long description", "A", strings.Repeat("word ", 400), 1, "a", ""},
		{"many labels", "A", "", 400, "a", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			site := llmstxt.Site{Catalog: catalog(tc.siteName, tc.desc, tc.groups, 1), Name: "fallback name", Base: "https://x.example.com"}
			sk := llmstxt.GeneratedSkill(site, skillServer(site.Base))
			if sk.Name != tc.wantName {
				t.Errorf("name %q, want %q", sk.Name, tc.wantName)
			}
			if tc.wantDesc != "" && sk.Description != tc.wantDesc {
				t.Errorf("description %q, want %q", sk.Description, tc.wantDesc)
			}
			checkFrontmatter(t, sk)
		})
	}
}

// TestSkillBounds: a huge navigation gives a file within MaxSkillBytes that still names
// every section it can and counts what it leaves out; a small one lists every page.
func TestSkillBounds(t *testing.T) {
	tests := []struct {
		name             string
		groups, perGroup int
		ownLLMs          string // the site's own llms.txt, served in place of the generated one
		wantAll          bool
		wantNote         string
	}{
		{"fits", 3, 20, "", true, "llms.txt lists every page with its description"},
		{"long sections", 2, 500, "", false, "more pages (llms.txt lists them)"},
		// 10,000 pages are more than llms.txt's 100,000 characters hold (rehearse34: apinizer's
		// 1,411 lost their descriptions, and the skill said "with its description"): the skill
		// says what the file gave up, and sends agents to the MCP server for the pages it omits.
		{"long sections, llms.txt cut short", 2, 5000, "", false, "more pages (the MCP server searches them)"},
		{"many sections", 1000, 1, "", false, "more sections are not listed here; llms.txt lists every page"},
		{"many sections, llms.txt cut short", 5000, 2, "", false, "more sections are not listed here; the MCP server searches and reads every page"},
		// A site's own llms.txt (rehearse26: crazyrouter's links 27 of 580 pages) lists what its
		// writers chose: the skill does not send agents to it for every page.
		{"own llms.txt", 3, 20, "# Big\n\n- [Start](https://big.example.com/g0/page-0)\n", true, "llms.txt is the site's own guide to its docs for agents"},
		{"own llms.txt, long sections", 2, 5000, "# Big\n", false, "more pages (the MCP server searches them)"},
		{"own llms.txt, many sections", 5000, 2, "# Big\n", false, "more sections are not listed here; the MCP server searches and reads every page"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := catalog("Big", "Big docs.", tc.groups, tc.perGroup)
			c.LLMsTxt, c.LLMsFullTxt = tc.ownLLMs, tc.ownLLMs
			site := llmstxt.Site{Catalog: c, Name: "big", Base: "https://big.example.com"}
			sk := llmstxt.GeneratedSkill(site, skillServer(site.Base))
			if len(sk.Content) > llmstxt.MaxSkillBytes {
				t.Fatalf("%d bytes, want at most %d", len(sk.Content), llmstxt.MaxSkillBytes)
			}
			listed := strings.Count(sk.Content, "\n- [Page ")
			if (listed == tc.groups*tc.perGroup) != tc.wantAll {
				t.Errorf("%d of %d pages listed", listed, tc.groups*tc.perGroup)
			}
			if !strings.Contains(sk.Content, tc.wantNote) {
				t.Errorf("no %q in:\n%s", tc.wantNote, sk.Content)
			}
			if tc.ownLLMs != "" && strings.Contains(sk.Content, "llms.txt lists") {
				t.Errorf("a site with its own llms.txt: the skill says llms.txt lists pages:\n%s", sk.Content)
			}
			if own := strings.Contains(sk.Content, "llms-full.txt is the site's own full text"); own != (tc.ownLLMs != "") {
				t.Errorf("the skill says llms-full.txt is the site's own: %v, want %v", own, tc.ownLLMs != "")
			}
			for _, want := range []string{"https://big.example.com/mcp", "https://big.example.com/llms.txt", "https://big.example.com/g0/page-0.md"} {
				if !strings.Contains(sk.Content, want) {
					t.Errorf("no %s", want)
				}
			}
			checkFrontmatter(t, sk)
		})
	}
}

// TestSkillSaysWhatLLMsTxtHolds: the skill's line on llms.txt says what the generated file
// holds at each of its sizes (TestCap's sites): every page with its description, every page
// with descriptions shortened, or the pages that fit.
func TestSkillSaysWhatLLMsTxtHolds(t *testing.T) {
	tests := []struct {
		name  string
		pages int
		want  string
	}{
		{"fits", 100, "/llms.txt lists every page with its description"},
		{"descriptions shortened", 400, "/llms.txt lists every page, descriptions shortened to fit its 100000 characters"},
		{"entries dropped", 2000, "/llms.txt lists the pages that fit its 100000 characters and counts the rest by section"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			site := load(t, writeSite(t, tc.pages, 300, map[string]string{}))
			sk := llmstxt.GeneratedSkill(site, skillServer(site.Base))
			if !strings.Contains(sk.Content, site.Base+tc.want) {
				t.Errorf("no %q in:\n%.1500s", tc.want, sk.Content)
			}
		})
	}
}

// TestSkillDescriptionOfOneTab: a site without a description whose pages all sit under one tab
// over several groups is described by its groups. BF Wellness's Italian docs (rehearse45) are
// one tab, "Documentazione", over five groups: their skill.md said "documentazione su
// Documentazione", which tells an agent nothing. A navigation of several tabs is still
// described by its tabs (TestSkillMeta), and one of a single group keeps its tab (Gellum's
// "Docs" over "Inicio", TestSkillLanguage).
func TestSkillDescriptionOfOneTab(t *testing.T) {
	tests := []struct{ name, dir, want string }{
		{"BF Wellness: one tab over five groups", siteDir("bfwellness"),
			"BF Wellness Docs: documentazione su Panoramica, Linee Guida, BF Spa Ospiti, Sito Web & Siteground e Asset Digitali."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			docs, err := sitedocs.Load(context.Background(), tt.dir)
			if err != nil {
				t.Fatal(err)
			}
			site := llmstxt.Site{Catalog: docs.Catalog, Name: "s", Base: "https://docs.example.com"}
			sk := llmstxt.GeneratedSkill(site, skillServer(site.Base))
			if sk.Description != tt.want {
				t.Errorf("description %q, want %q", sk.Description, tt.want)
			}
			checkFrontmatter(t, sk)
		})
	}
}
