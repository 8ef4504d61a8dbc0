package linkcheck_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/lectern-dev/lectern/assistant/linkcheck"
)

// site is a small site whose pages link in every way Mintlify's checker reads.
func site(page string) fstest.MapFS {
	return fstest.MapFS{
		"docs.json": {Data: []byte(`{
  "$schema": "https://mintlify.com/docs.json", "theme": "mint", "name": "T", "colors": {"primary": "#000000"},
  "navigation": {"tabs": [
    {"tab": "Guides", "groups": [{"group": "G", "pages": ["index", "guides/setup", "guides/index"]}]},
    {"tab": "API", "openapi": "openapi.json", "groups": [{"group": "A", "pages": ["GET /users"]}]},
    {"tab": "Blog", "href": "/blog/missing"}
  ]},
  "redirects": [
    {"source": "/old-setup", "destination": "/guides/setup"},
    {"source": "/gone", "destination": "/nowhere"},
    {"source": "/legacy/:slug", "destination": "/guides/:slug"}
  ]
}`)},
		"openapi.json": {Data: []byte(`{"openapi": "3.0.0", "info": {"title": "A", "version": "1"},
  "paths": {"/users": {"get": {"summary": "List users", "responses": {"200": {"description": "ok"}}}}}}`)},
		"index.mdx":          {Data: []byte(page)},
		"guides/setup.mdx":   {Data: []byte("# Setup\n\n## Install the CLI\n\n<div id=\"custom-box\" />\n")},
		"guides/index.mdx":   {Data: []byte("## Overview\n")},
		"guides/notes.md":    {Data: []byte("# Notes\n")},
		"images/logo.png":    {Data: []byte("png")},
		"drafts/plan.mdx":    {Data: []byte("# Plan\n")},
		"snippets/intro.mdx": {Data: []byte("[in snippet](/snippet-missing)\n")},
		".mintignore":        {Data: []byte("drafts/\n")},
	}
}

func TestCheckResolution(t *testing.T) {
	tests := []struct {
		name   string
		link   string
		opts   linkcheck.Options
		reason string // "" when the link is not broken
	}{
		{"page without extension", "[a](/guides/setup)", linkcheck.Options{}, ""},
		{"page with .mdx", "[a](/guides/setup.mdx)", linkcheck.Options{}, ""},
		{"trailing slash", "[a](/guides/setup/)", linkcheck.Options{}, ""},
		{"query", "[a](/guides/setup?tab=cli)", linkcheck.Options{}, ""},
		{"markdown page", "[a](/guides/notes)", linkcheck.Options{}, ""},
		{"folder", "[a](/guides)", linkcheck.Options{}, ""},
		{"relative", "[a](./guides/setup)", linkcheck.Options{}, ""},
		{"bare is from the root", "[a](guides/setup)", linkcheck.Options{}, ""},
		{"image", "![a](/images/logo.png)", linkcheck.Options{}, ""},
		{"image without extension", "![a](/images/logo)", linkcheck.Options{}, ""},
		{"endpoint page", "[a](/api-reference/list-users)", linkcheck.Options{}, ""},
		{"no such endpoint page", "[a](/api-reference/delete-users)", linkcheck.Options{}, linkcheck.NoPage},
		{"redirect source", "[a](/old-setup)", linkcheck.Options{}, ""},
		{"wildcard redirect", "[a](/legacy/setup)", linkcheck.Options{}, ""},
		{"redirect to nothing", "[a](/gone)", linkcheck.Options{}, linkcheck.NoPage},
		{"no such page", "[a](/guides/missing)", linkcheck.Options{}, linkcheck.NoPage},
		{"no such image", "![a](/images/missing.png)", linkcheck.Options{}, linkcheck.NoFile},
		{"card href", `<Card title="x" href="/guides/missing" />`, linkcheck.Options{}, linkcheck.NoPage},
		{"ignored file", "[a](/drafts/plan)", linkcheck.Options{}, linkcheck.IgnoredFile},
		{"base path is not stripped", "[a](/docs/guides/setup)", linkcheck.Options{}, linkcheck.NoPage},
		{"external", "[a](https://example.com/missing)", linkcheck.Options{}, ""},
		{"code span", "`[a](/guides/missing)`", linkcheck.Options{}, ""},
		{"code block", "```\n[a](/guides/missing)\n```", linkcheck.Options{}, ""},
		{"anchor unchecked", "[a](/guides/setup#nope)", linkcheck.Options{}, ""},
		{"anchor heading", "[a](/guides/setup#install-the-cli)", linkcheck.Options{CheckAnchors: true}, ""},
		{"anchor element id", "[a](/guides/setup#custom-box)", linkcheck.Options{CheckAnchors: true}, ""},
		{"anchor missing", "[a](/guides/setup#nope)", linkcheck.Options{CheckAnchors: true}, linkcheck.NoAnchor},
		{"anchor on own page", "## Here\n\n[a](#here)", linkcheck.Options{CheckAnchors: true}, ""},
		{"anchor missing on own page", "[a](#there)", linkcheck.Options{CheckAnchors: true}, linkcheck.NoAnchor},
		{"anchor of a folder's index", "[a](/guides#overview)", linkcheck.Options{CheckAnchors: true}, ""},
		{"anchor through a redirect unchecked", "[a](/old-setup#nope)", linkcheck.Options{CheckAnchors: true}, ""},
		{"import unchecked", "import X from '/snippets/missing.mdx';\n", linkcheck.Options{}, ""},
		{"import checked", "import X from '/snippets/missing.mdx';\n", linkcheck.Options{CheckSnippets: true}, linkcheck.NoFile},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.opts.Files = []string{"index.mdx"}
			rep, err := linkcheck.Check(site(tt.link+"\n"), tt.opts)
			if err != nil {
				t.Fatal(err)
			}
			got := ""
			if len(rep.Broken) > 0 {
				got = rep.Broken[0].Reason
			}
			want := tt.reason
			if got != want || len(rep.Broken) > 1 {
				t.Errorf("%q: broken %+v, want reason %q", tt.link, rep.Broken, want)
			}
		})
	}
}

func TestCheckSiteWide(t *testing.T) {
	rep, err := linkcheck.Check(site("[a](/guides/setup)\n"), linkcheck.Options{CheckRedirects: true})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, b := range rep.Broken {
		got = append(got, b.File+" "+b.Link+" "+b.Reason)
	}
	want := []string{
		"docs.json /blog/missing " + linkcheck.NoPage,
		"docs.json /gone → /nowhere " + linkcheck.BadRedirect,
		"snippets/intro.mdx /snippet-missing " + linkcheck.NoPage,
	}
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("broken = %q, want %q", got, want)
	}
	if rep.Files != 5 { // index, guides/setup, guides/index, guides/notes, snippets/intro; not drafts/
		t.Errorf("files = %d, want 5", rep.Files)
	}
}

func TestCheckTooManyFiles(t *testing.T) {
	fsys := fstest.MapFS{}
	for i := range linkcheck.MaxFiles + 1 {
		fsys[string(rune('a'+i%26))+"/"+itoa(i)+".mdx"] = &fstest.MapFile{}
	}
	if _, err := linkcheck.Check(fsys, linkcheck.Options{}); err == nil {
		t.Fatal("no error for a site of too many files")
	}
}

func itoa(i int) string {
	b := []byte{}
	for {
		b = append([]byte{byte('0' + i%10)}, b...)
		if i /= 10; i == 0 {
			return string(b)
		}
	}
}

// TestCheckRedirectsWhateverFiles: --check-redirects reports the broken redirects when --files
// names pages only, as Mintlify's command does; docs.json's navigation links only when named.
func TestCheckRedirectsWhateverFiles(t *testing.T) {
	rep, err := linkcheck.Check(site("[a](/guides/setup)\n"), linkcheck.Options{Files: []string{"index.mdx"}, CheckRedirects: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Broken) != 1 || rep.Broken[0].Reason != linkcheck.BadRedirect || rep.Broken[0].Link != "/gone → /nowhere" {
		t.Errorf("broken = %+v, want the redirect /gone alone", rep.Broken)
	}
}

// TestUnparsableURLIsAPath: a URL the URL parser refuses (URL.canParse) is no external link to
// Mintlify's checker but a path of the site, which is not there: a host that ends in a number
// without being an IPv4 address, a port that is no number. A bare URL in the text is a link
// (a GFM autolink literal) as Mintlify's parser reads it. WuKongIM's Docker page
// (testdata/wukong-literal) gives the demo's address as "http://xx.xx.xx.xx.1:5172": Mintlify's
// checker reported it broken, lectern nav links did not (scripts/linkdiff, rehearse40).
func TestUnparsableURLIsAPath(t *testing.T) {
	rep, err := linkcheck.Check(os.DirFS(filepath.Join("testdata", "wukong-literal")), linkcheck.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, b := range rep.Broken {
		got = append(got, fmt.Sprintf("%s:%d %s %s", b.File, b.Line, b.Link, b.Reason))
	}
	want := []string{
		"zh/installation/docker/single-node.mdx:140 http://xx.xx.xx.xx.1:5172 " + linkcheck.NoPage,
		"zh/installation/docker/single-node.mdx:147 /zh/server/configuration#管理员认证配置 " + linkcheck.NoPage,
	}
	if !slices.Equal(got, want) {
		t.Errorf("broken = %q, want %q", got, want)
	}

	tests := []struct {
		name, link string
		broken     bool
	}{
		{"a bare URL whose host ends in a number", "demo: http://xx.xx.xx.xx.1:5172 |", true},
		{"a bare URL whose port is no number", "open http://localhost:port/x.", true},
		{"a bare URL with a port out of range", "open http://localhost:99999/", true},
		{"a link whose host ends in a number", "[demo](http://foo.1:80/)", true},
		{"a link whose host is a forbidden character", "[demo](https://<your-host>/api)", true},
		{"a bare URL that parses", "see http://xx.xx.xx.xx:5300/web, then", false},
		{"an IPv4 address", "http://10.0.0.1:5001/health and http://0x7f.1/ and http://127.1", false},
		{"a name with digits", "http://node-1.example.com:8080 and https://v2.api.example.com", false},
		{"an IPv6 address", "[a](http://[::1]:8080/x)", false},
		{"in a link's text", "[http://localhost:port](/guides/setup)", false},
		{"after a letter", "xhttp://xx.1:1 is no URL", false},
		{"in code", "`http://xx.1:1` and\n\n```\ncurl http://localhost:port\n```", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep, err := linkcheck.Check(site(tt.link+"\n"), linkcheck.Options{Files: []string{"index.mdx"}})
			if err != nil {
				t.Fatal(err)
			}
			if (len(rep.Broken) > 0) != tt.broken {
				t.Errorf("%q: broken %+v, want broken %v", tt.link, rep.Broken, tt.broken)
			}
		})
	}
}

// TestCheckRedirectsWithAnchoredSources: Mintlify's checker judges the destination of every
// redirect of docs.json, those whose source holds an anchor too, which the site ignores (a
// request's path has none). Dub's docs (../search/testdata/eval/dub, its SOURCE) redirect twelve
// anchors of their old event-types page to the pages of its events; payout-confirmed has none.
// Mintlify's checker reported it, lectern nav links --check-redirects did not (scripts/linkdiff).
func TestCheckRedirectsWithAnchoredSources(t *testing.T) {
	rep, err := linkcheck.Check(os.DirFS(filepath.Join("..", "search", "testdata", "eval", "dub")), linkcheck.Options{CheckRedirects: true})
	if err != nil {
		t.Fatal(err)
	}
	var anchored []string
	for _, b := range rep.Broken {
		if b.Reason == linkcheck.BadRedirect && strings.Contains(b.Link, "#") {
			anchored = append(anchored, b.Link)
		}
	}
	want := []string{"/docs/webhooks/event-types#payout-confirmed → /docs/webhooks/events/payout-confirmed"}
	if !slices.Equal(anchored, want) {
		t.Errorf("broken redirects with an anchored source = %q, want %q", anchored, want)
	}
}

// TestNavigationRefsAreRead: the hrefs of a navigation split into files by "$ref" are checked,
// as Mintlify's checker reads them (readResolvedConfigJson resolves the "$ref"s before its
// getNavigationHrefs walks the navigation) and reports them against docs.json; "/" is the root
// page, /index. erlc's docs (ERLC-Russia/ER-LC-Russia-Documentation@ab34c8ca, the search
// evaluation's erlc) hold a footer link "/" in each of their language files and have no root
// page: the checker reported it twice, lectern nav links did not (scripts/linkdiff).
func TestNavigationRefsAreRead(t *testing.T) {
	lang := func(code, footer string) *fstest.MapFile {
		return &fstest.MapFile{Data: []byte(`{"language": "` + code + `", "groups": [{"group": "G", "pages": ["` + code + `/rules"]}],
  "footer": {"links": [{"header": "H", "items": [{"label": "API", "href": "` + footer + `"}]}]}}`)}
	}
	base := func() fstest.MapFS {
		return fstest.MapFS{
			"docs.json": {Data: []byte(`{"$schema": "https://mintlify.com/docs.json", "theme": "mint", "name": "T", "colors": {"primary": "#000000"},
  "navigation": {"languages": [{"$ref": "./ru.json"}, {"$ref": "./en.json"}]}}`)},
			"ru/rules.mdx": {Data: []byte("# Правила\n")},
			"en/rules.mdx": {Data: []byte("# Rules\n")},
		}
	}
	tests := []struct {
		name       string
		ru, en     string // the footer link of each language file
		rootPage   bool
		wantBroken []string
	}{
		{"no root page", "/", "/", false, []string{"docs.json /index", "docs.json /index"}},
		{"a root page", "/", "/", true, nil},
		{"pages that exist", "/ru/rules", "/en/rules", false, nil},
		{"a page that does not", "/ru/rules", "/en/missing", false, []string{"docs.json /en/missing"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fsys := base()
			fsys["ru.json"], fsys["en.json"] = lang("ru", tt.ru), lang("en", tt.en)
			if tt.rootPage {
				fsys["index.mdx"] = &fstest.MapFile{Data: []byte("# Home\n")}
			}
			rep, err := linkcheck.Check(fsys, linkcheck.Options{})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, b := range rep.Broken {
				got = append(got, b.File+" "+b.Link)
			}
			if !slices.Equal(got, tt.wantBroken) {
				t.Errorf("broken = %q, want %q", got, tt.wantBroken)
			}
		})
	}
}
