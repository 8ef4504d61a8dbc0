package sitedocs_test

import (
	"context"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/sitedocs"
)

// TestCatalog: the catalog of a fixture site built from real pages (agents-cline, agents-trails).
func TestCatalog(t *testing.T) {
	cline, err := sitedocs.Load(context.Background(), "../testdata/sites/agents-cline")
	if err != nil {
		t.Fatal(err)
	}
	c := cline.Catalog
	var urls, sections []string
	for _, p := range c.LLMsPages() {
		urls = append(urls, p.URL)
		sections = append(sections, p.Section)
	}
	if strings.Join(urls, " ") != "/cline-overview /getting-started/installing-cline /usage/ide /enterprise-solutions/team-management/managing-members "+
		"/continue/ide-extensions/quick-start /continue/customize/deep-dives/configuration /continue/guides/snyk-mcp-continue-cookbook" {
		t.Errorf("pages in navigation order, the hidden group left out: %v", urls)
	}
	if strings.Join(sections, ",") != "Getting started,Getting started,Using Cline,Using Cline,Continue,Continue,Cookbooks" {
		t.Errorf("sections %v", sections)
	}
	if len(c.Links) != 2 || c.Links[0] != (sitedocs.Link{Label: "GitHub", URL: "https://github.com/cline/cline"}) || c.Links[1].URL != "https://discord.gg/cline" {
		t.Errorf("links %+v", c.Links)
	}
	if len(c.Skills) != 1 || c.Skills[0].Name != "install-cline" || !strings.HasPrefix(c.Skills[0].Description, "Install Cline in an editor") {
		t.Errorf("skills %+v", c.Skills)
	}
	if c.Name != "Cline and Continue" || len(c.Instructions) != 2 {
		t.Errorf("name %q, instructions %q", c.Name, c.Instructions)
	}
	p, ok := c.Page("/usage/ide", "", "")
	if !ok || !strings.HasPrefix(c.Markdown(p), "> ## Agent Instructions\n> Name the editor (VS Code, JetBrains) an answer is about.\n> Prefer the CLI for steps that can be scripted.\n\n# ") {
		t.Errorf("the page's Markdown does not begin with the instructions, before its title: %.200q", c.Markdown(p))
	}
	if p, ok := c.Page("/getting-started/free-models", "", ""); !ok || p.InLLMs || p.Indexed || p.InSearch {
		t.Errorf("a page of a hidden group: %v %+v; want it served as Markdown (hidden is not private), in no index", ok, p)
	}
	if slices.ContainsFunc(c.Files(), func(p *sitedocs.CatalogPage) bool { return p.URL == "/getting-started/free-models" }) {
		t.Error("a page of a hidden group is a file of the MCP filesystem")
	}
}

// TestCatalogScopesAndSchema: llms.txt lists the default version only; API pages carry their
// operation unless markdown.schema is false; a spec named from a page's frontmatter is found
// relative to the page.
func TestCatalogScopesAndSchema(t *testing.T) {
	trails, err := sitedocs.Load(context.Background(), "../testdata/sites/agents-trails")
	if err != nil {
		t.Fatal(err)
	}
	c := trails.Catalog
	if c.DefaultVersion != "v2" || slices.ContainsFunc(c.LLMsPages(), func(p *sitedocs.CatalogPage) bool { return p.Version == "v1" }) {
		t.Errorf("llms.txt pages of another version than the default %q", c.DefaultVersion)
	}
	if _, ok := c.Page("/v1/get-started", "", ""); !ok {
		t.Error("a page of another version is not in the catalog (the filesystem and .md serve it)")
	}
	page, _ := c.Page("/v2/api-reference/endpoints/get-chains", "", "")
	if !strings.Contains(page.Body, "## OpenAPI\n\n```yaml v2/api-reference/trails-api.gen.json POST /rpc/Trails/GetChains\nopenapi: 3.0.0\n") ||
		!slices.Equal(c.Specs, []string{"v2/api-reference/trails-api.gen.json"}) {
		t.Errorf("API page without its operation; specs %v:\n%.500s", c.Specs, page.Body)
	}
	dir := copySite(t, "../testdata/sites/agents-trails")
	cfg, _ := os.ReadFile(filepath.Join(dir, "docs.json"))
	noSchema := strings.Replace(string(cfg), `"name": "Trails",`, `"name": "Trails", "markdown": {"schema": false},`, 1)
	if err := os.WriteFile(filepath.Join(dir, "docs.json"), []byte(noSchema), 0o644); err != nil {
		t.Fatal(err)
	}
	without, err := sitedocs.Load(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	page, _ = without.Catalog.Page("/v2/api-reference/endpoints/get-chains", "", "")
	if strings.Contains(page.Body, "## OpenAPI") || !strings.Contains(page.Body, "`POST /rpc/Trails/GetChains`") {
		t.Errorf("markdown.schema false keeps the operation:\n%.300s", page.Body)
	}
}

// TestCatalogLanguagesAndCustomFiles: the default language is the one marked default; custom
// llms files and a root skill.md are read.
func TestCatalogLanguagesAndCustomFiles(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"docs.json": `{"name": "G", "navigation": {"languages": [
			{"language": "fr", "pages": ["fr/accueil"]},
			{"language": "en", "default": true, "pages": ["en/home"]}]}}`,
		"fr/accueil.mdx": "---\ntitle: Accueil\n---\n\nBonjour.\n",
		"en/home.mdx":    "---\ntitle: Home\n---\n\nHello.\n",
		"llms.txt":       "# G\n\nOurs.\n",
		"skill.md":       "---\nname: G Tools!\ndescription: Do things.\n---\n\nSteps.\n",
	})
	d, err := sitedocs.Load(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	c := d.Catalog
	if c.DefaultLanguage != "en" || len(c.LLMsPages()) != 1 || c.LLMsPages()[0].URL != "/en/home" {
		t.Errorf("default language %q, llms pages %v", c.DefaultLanguage, c.LLMsPages())
	}
	if c.LLMsTxt != "# G\n\nOurs.\n" || c.LLMsFullTxt != "" {
		t.Errorf("custom files %q %q", c.LLMsTxt, c.LLMsFullTxt)
	}
	if len(c.Skills) != 1 || c.Skills[0].Name != "g-tools" || c.Skills[0].Description != "Do things." {
		t.Errorf("skills %+v", c.Skills)
	}
}

// copySite copies a site directory into a temporary one.
// TestCatalogSpecs: the catalog lists the OpenAPI and AsyncAPI specs of the default language
// (URLs as they are, local files only when the site has them) and serves every local spec
// the navigation names, in any language, and nothing else.
func TestCatalogSpecs(t *testing.T) {
	const relay = "../llmstxt/testdata/sites/agents-relay"
	const webhooks = "https://events.example.org/relay/webhooks.asyncapi.yaml"
	const admin = "https://api.example.org/relay/admin.openapi.json"
	tests := []struct {
		name              string
		changes           []string // old, new, ... in docs.json
		specs, asyncapi   []string
		served, notServed []string
	}{
		{name: "as written", specs: []string{"api-reference/openapi.yaml"},
			asyncapi:  []string{"api-reference/asyncapi.yaml", webhooks, "api-reference/presence.asyncapi.json"},
			served:    []string{"api-reference/openapi.yaml", "api-reference/asyncapi.yaml", "api-reference/presence.asyncapi.json", "es/api-reference/asyncapi.yaml"},
			notServed: []string{"docs.json", "index.mdx", webhooks, "api-reference", "/api-reference/asyncapi.yaml"}},
		{name: "the other language default", changes: []string{`"default": true,`, ``, `"language": "es",`, `"language": "es", "default": true,`},
			asyncapi: []string{"es/api-reference/asyncapi.yaml"}, specs: nil, served: []string{"api-reference/openapi.yaml", "api-reference/asyncapi.yaml", "es/api-reference/asyncapi.yaml"}},
		{name: "a spec the site lacks", changes: []string{`"api-reference/presence.asyncapi.json"`, `"api-reference/missing.asyncapi.json"`}, specs: []string{"api-reference/openapi.yaml"},
			asyncapi: []string{"api-reference/asyncapi.yaml", webhooks}, notServed: []string{"api-reference/missing.asyncapi.json", "api-reference/presence.asyncapi.json"}},
		{name: "a list of OpenAPI specs with a URL", changes: []string{`"openapi": "/api-reference/openapi.yaml",`, `"openapi": ["/api-reference/openapi.yaml", "` + admin + `", "api-reference/openapi.yaml"],`},
			specs: []string{"api-reference/openapi.yaml", admin}, asyncapi: []string{"api-reference/asyncapi.yaml", webhooks, "api-reference/presence.asyncapi.json"},
			served: []string{"api-reference/openapi.yaml"}, notServed: []string{admin}},
		{name: "api.openapi as a URL (Infisical's docs.json at 0082b3d)", changes: []string{`"colors": { "primary": "#0E7490" },`, `"colors": { "primary": "#0E7490" }, "api": {"openapi": "` + admin + `"},`},
			specs: []string{admin, "api-reference/openapi.yaml"}, asyncapi: []string{"api-reference/asyncapi.yaml", webhooks, "api-reference/presence.asyncapi.json"},
			served: []string{"api-reference/openapi.yaml"}, notServed: []string{admin}},
		{name: "api.openapi as a file", changes: []string{`"colors": { "primary": "#0E7490" },`, `"colors": { "primary": "#0E7490" }, "api": {"openapi": "/api-reference/openapi.yaml"},`},
			specs: []string{"api-reference/openapi.yaml"}, asyncapi: []string{"api-reference/asyncapi.yaml", webhooks, "api-reference/presence.asyncapi.json"},
			served: []string{"api-reference/openapi.yaml"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := copySite(t, relay)
			cfg, err := os.ReadFile(filepath.Join(dir, "docs.json"))
			if err != nil {
				t.Fatal(err)
			}
			changed := string(cfg)
			for i := 0; i+1 < len(tc.changes); i += 2 {
				if !strings.Contains(changed, tc.changes[i]) {
					t.Fatalf("docs.json has no %s", tc.changes[i])
				}
				changed = strings.Replace(changed, tc.changes[i], tc.changes[i+1], 1)
			}
			if err := os.WriteFile(filepath.Join(dir, "docs.json"), []byte(changed), 0o644); err != nil {
				t.Fatal(err)
			}
			docs, err := sitedocs.Load(context.Background(), dir)
			if err != nil {
				t.Fatal(err)
			}
			c := docs.Catalog
			if !slices.Equal(c.Specs, tc.specs) || !slices.Equal(c.AsyncAPI, tc.asyncapi) {
				t.Errorf("specs %q, asyncapi %q; want %q, %q", c.Specs, c.AsyncAPI, tc.specs, tc.asyncapi)
			}
			for _, f := range tc.served {
				if !c.SpecFile(f) {
					t.Errorf("%s is not served", f)
				}
			}
			for _, f := range tc.notServed {
				if c.SpecFile(f) {
					t.Errorf("%s is served", f)
				}
			}
		})
	}
}

func copySite(t *testing.T, src string) string {
	t.Helper()
	dst := t.TempDir()
	err := filepath.Walk(src, func(p string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if info.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}

// TestCatalogFrontmatterURL: a page whose frontmatter sets url (LangChain's docs list their API
// reference so, one per version) is a link, not a page: out of search and the MCP filesystem,
// and llms.txt lists its address under Optional, for the default version only.
func TestCatalogFrontmatterURL(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"docs.json": `{"name": "G", "navigation": {"versions": [
			{"version": "Python", "groups": [{"group": "Reference", "pages": ["py/overview", "py/checkpointers"]}]},
			{"version": "JavaScript", "groups": [{"group": "Reference", "pages": ["js/overview", "js/checkpointers"]}]}]}}`,
		"py/overview.mdx":      "---\ntitle: Reference\n---\n\nThe checkpointers reference lists every saver.\n",
		"py/checkpointers.mdx": "---\ntitle: Checkpointers\nurl: https://example.com/py/checkpoints/\n---\n",
		"js/overview.mdx":      "---\ntitle: Reference\n---\n\nThe checkpointers reference lists every saver.\n",
		"js/checkpointers.mdx": "---\ntitle: Checkpointers\nurl: https://example.com/js/checkpoints/\n---\n",
	})
	d, err := sitedocs.Load(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range d.Pages {
		if strings.HasSuffix(p.URL, "/checkpointers") {
			t.Errorf("link page %s is in search", p.URL)
		}
	}
	c := d.Catalog
	if got := c.Links; !slices.Equal(got, []sitedocs.Link{{Label: "Checkpointers", URL: "https://example.com/py/checkpoints/"}}) {
		t.Errorf("links %+v, want the default version's url page", got)
	}
	for _, p := range c.LLMsPages() {
		if p.URL == "/py/checkpointers" {
			t.Error("llms.txt lists the link page as a page")
		}
	}
	for _, p := range c.Files() {
		if strings.HasSuffix(p.URL, "/checkpointers") {
			t.Errorf("link page %s is a file of the MCP filesystem", p.URL)
		}
	}
}

func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestCatalogSkillsRestrictedToGroups: a skill whose frontmatter names user groups is left
// out (Mintlify shows it to signed-in members of those groups only, and Lectern has no
// signed-in readers); an empty or null groups field restricts nothing.
func TestCatalogSkillsRestrictedToGroups(t *testing.T) {
	tests := []struct {
		name, frontmatter string
		listed            bool
	}{
		{"no groups", "name: open-tools\ndescription: Open.", true},
		{"list of groups", "name: admin-tools\ndescription: Internal.\ngroups: [\"admin\"]", false},
		{"block list", "name: ops\ndescription: Ops.\ngroups:\n  - ops\n  - sre", false},
		{"one group as a string", "name: billing\ndescription: Billing.\ngroups: finance", false},
		{"empty list", "name: empty-groups\ndescription: Empty.\ngroups: []", true},
		{"null", "name: null-groups\ndescription: Null.\ngroups:", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			writeFiles(t, dir, map[string]string{
				"docs.json":                   `{"name": "G", "navigation": {"pages": ["index"]}}`,
				"index.mdx":                   "---\ntitle: Home\n---\n\nHello.\n",
				".mintlify/skills/s/SKILL.md": "---\n" + tt.frontmatter + "\n---\n\nSteps.\n",
				".mintlify/skills/z/SKILL.md": "---\nname: always\ndescription: Always there.\n---\n\nSteps.\n",
			})
			d, err := sitedocs.Load(context.Background(), dir)
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, sk := range d.Catalog.Skills {
				names = append(names, sk.Name)
			}
			want := []string{"always"}
			if tt.listed {
				want = []string{strings.SplitN(strings.TrimPrefix(tt.frontmatter, "name: "), "\n", 2)[0], "always"}
			}
			if !slices.Equal(names, want) {
				t.Errorf("skills %v, want %v", names, want)
			}
		})
	}
}

// TestCatalogUnlistedPagesLastInAlphabeticalOrder: with seo.indexing "all", the pages no
// navigation lists follow the navigation's in alphabetical order of their paths (ai/llmstxt),
// not in the order a directory walk meets them ("a-b" sorts before "a/c", though the walk
// enters folder "a" first).
func TestCatalogUnlistedPagesLastInAlphabeticalOrder(t *testing.T) {
	tests := []struct {
		name  string
		files []string
		want  []string
	}{
		{"folder and sibling file", []string{"a/c.mdx", "a-b.mdx"}, []string{"/listed", "/a-b", "/a/c"}},
		{"nested folders", []string{"z.mdx", "b/b/a.mdx", "b/a.mdx", "b.c.mdx"}, []string{"/listed", "/b.c", "/b/a", "/b/b/a", "/z"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			files := map[string]string{
				"docs.json":  `{"name": "G", "seo": {"indexing": "all"}, "navigation": {"pages": ["listed"]}}`,
				"listed.mdx": "---\ntitle: Listed\n---\n\nHello.\n",
			}
			for _, f := range tt.files {
				files[f] = "---\ntitle: " + f + "\n---\n\nText.\n"
			}
			writeFiles(t, dir, files)
			d, err := sitedocs.Load(context.Background(), dir)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, p := range d.Catalog.LLMsPages() {
				got = append(got, p.URL)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("llms.txt pages %v, want %v", got, tt.want)
			}
		})
	}
}

// TestCatalogLinksOfDefaultLanguage: llms.txt lists the default language and version only, its
// Optional links too. The shape is CrewAI's docs.json (crewAIInc/crewAI@f4731f50, docs/docs.json):
// languages holding versions, each version's tabs ending in an external "AMP" tab whose href
// names the language; the llms.txt of its English default listed the pt-BR, ko and ar links too.
func TestCatalogLinksOfDefaultLanguage(t *testing.T) {
	dir := t.TempDir()
	lang := func(code, label string, isDefault bool) string {
		d := ""
		if isDefault {
			d = `"default": true, `
		}
		return `{"language": "` + code + `", "versions": [
			{"version": "Edge", "tabs": [{"tab": "Home", "pages": ["edge/` + code + `/index"]},
				{"tab": "` + label + `", "href": "https://platform.example.com/edge/` + code + `/introduction"}]},
			{"version": "v1.15", ` + d + `"tabs": [{"tab": "Home", "pages": ["v1.15/` + code + `/index"]},
				{"tab": "` + label + `", "href": "https://platform.example.com/` + code + `/introduction"}]}]}`
	}
	files := map[string]string{
		"docs.json": `{"name": "C", "navigation": {"languages": [` + lang("en", "AMP", true) + `, ` + lang("ko", "엔터프라이즈", true) + `]}}`,
	}
	for _, p := range []string{"edge/en", "v1.15/en", "edge/ko", "v1.15/ko"} {
		files[p+"/index.mdx"] = "---\ntitle: Home\n---\n\nBuild agents.\n"
	}
	writeFiles(t, dir, files)
	d, err := sitedocs.Load(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	want := []sitedocs.Link{{Label: "AMP", URL: "https://platform.example.com/en/introduction"}}
	if got := d.Catalog.Links; !slices.Equal(got, want) {
		t.Errorf("links %+v, want the default language's and version's only: %+v", got, want)
	}
}

// TestCatalogSkillsThroughSymlinks: skills that live elsewhere in the repository are found
// through a symlinked .mintlify/skills directory, or a symlinked skill directory in it, as
// Mintlify's skill.md guide suggests ("ln -s ../skills .mintlify/skills").
func TestCatalogSkillsThroughSymlinks(t *testing.T) {
	for _, tc := range []struct {
		name string
		link func(t *testing.T, dir string)
		want []string
	}{
		{"the skills directory", func(t *testing.T, dir string) {
			symlink(t, "../skills", filepath.Join(dir, ".mintlify", "skills"))
		}, []string{"analytics", "payments"}},
		{"one skill", func(t *testing.T, dir string) {
			symlink(t, "../../skills/payments", filepath.Join(dir, ".mintlify", "skills", "payments"))
		}, []string{"payments"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			writeFiles(t, dir, map[string]string{
				"docs.json":                 `{"name": "G", "navigation": {"pages": ["index"]}}`,
				"index.mdx":                 "---\ntitle: Home\n---\n\nHello.\n",
				"skills/payments/SKILL.md":  "---\nname: payments\ndescription: Take payments.\n---\n\nSteps.\n",
				"skills/analytics/SKILL.md": "---\nname: analytics\ndescription: Read analytics.\n---\n\nSteps.\n",
			})
			if err := os.MkdirAll(filepath.Join(dir, ".mintlify"), 0o755); err != nil {
				t.Fatal(err)
			}
			tc.link(t, dir)
			d, err := sitedocs.Load(context.Background(), dir)
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, sk := range d.Catalog.Skills {
				names = append(names, sk.Name)
			}
			slices.Sort(names)
			if !slices.Equal(names, tc.want) {
				t.Errorf("skills %v, want %v", names, tc.want)
			}
		})
	}
}

func symlink(t *testing.T, target, link string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(link), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
}

// TestCatalogSkillFiles: SkillFiles says whether the site has skill files of its own, even
// when it serves none of them (all restricted to groups): Lectern generates a skill.md only
// for a site that has none (Mintlify: custom files override the generated one).
func TestCatalogSkillFiles(t *testing.T) {
	tests := []struct {
		name       string
		files      map[string]string
		skills     int
		skillFiles bool
	}{
		{"none", nil, 0, false},
		{"root skill.md", map[string]string{"skill.md": "---\nname: mine\ndescription: Mine.\n---\n\nSteps.\n"}, 1, true},
		{"only one restricted to groups", map[string]string{".mintlify/skills/s/SKILL.md": "---\nname: ops\ndescription: Ops.\ngroups: [ops]\n---\n\nSteps.\n"}, 0, true},
		{"an empty file", map[string]string{"skill.md": ""}, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			files := map[string]string{"docs.json": `{"name": "G", "navigation": {"pages": ["index"]}}`, "index.mdx": "---\ntitle: Home\n---\n\nHello.\n"}
			maps.Copy(files, tt.files)
			writeFiles(t, dir, files)
			d, err := sitedocs.Load(context.Background(), dir)
			if err != nil {
				t.Fatal(err)
			}
			if len(d.Catalog.Skills) != tt.skills || d.Catalog.SkillFiles != tt.skillFiles {
				t.Errorf("%d skills, SkillFiles %v; want %d, %v", len(d.Catalog.Skills), d.Catalog.SkillFiles, tt.skills, tt.skillFiles)
			}
		})
	}
}

// TestCatalogDefaultVersionOfEachList: llms.txt lists "your default version" (Mintlify's
// ai/llmstxt) as the default of each versions list, on a site whose dropdowns each have their
// versions (cosmos/docs@d6f0793, ../testdata/sites/cosmos-versions: Cosmos SDK v0.54 and Cosmos
// EVM v0.7.0, each with a "next"); it listed Cosmos SDK's only, the site's one default, and
// none of the 57 Cosmos EVM pages. The site has no one default version to search.
func TestCatalogDefaultVersionOfEachList(t *testing.T) {
	d, err := sitedocs.Load(context.Background(), "../testdata/sites/cosmos-versions")
	if err != nil {
		t.Fatal(err)
	}
	var urls []string
	for _, p := range d.Catalog.LLMsPages() {
		urls = append(urls, p.URL)
	}
	if want := "/sdk/latest/learn/intro/overview /evm/latest/documentation/getting-started/faq"; strings.Join(urls, " ") != want {
		t.Errorf("llms.txt lists %v; want %s", urls, want)
	}
	if d.Scopes.DefaultVersion != "" {
		t.Errorf("default version %q; want none: each list has its own", d.Scopes.DefaultVersion)
	}
}
