package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/lectern-dev/lectern/schemas/docsjson"
)

const navIndexAbout = `Lists every page of the site at PATH (a site directory or its docs.json), those the navigation
lists and the page files it does not, and says for each whether it is in site search, in the
assistant's context and in llms.txt, and which rule decided: Mintlify's "Search, SEO, and AI
indexing" table (hidden, noindex, searchable, hidden tabs and groups with searchable: true,
seo.indexing), as the assistant applies it. Exits 1 when the site cannot be loaded.`

// indexedPage is one page of "lectern nav index --json".
type indexedPage struct {
	URL        string        `json:"url"`
	File       string        `json:"file,omitempty"`
	Title      string        `json:"title"`
	Version    string        `json:"version,omitempty"`
	Language   string        `json:"language,omitempty"`
	NavPath    string        `json:"navPath,omitempty"` // "" for a page the navigation does not list
	Hidden     bool          `json:"hidden"`
	Boost      float64       `json:"boost,omitempty"`
	UserGroups []string      `json:"userGroups,omitempty"` // only readers in one of these user groups find the page
	Search     bool          `json:"search"`
	Assistant  bool          `json:"assistant"`
	LLMsTxt    bool          `json:"llmsTxt"`              // in the llms.txt Lectern serves: the rules put it there, in the default version and language, for everyone; with the site's own llms.txt, that file links it
	OtherScope bool          `json:"otherScope,omitempty"` // the rules put it in llms.txt, but llms.txt lists the default version and language only
	Rule       docsjson.Rule `json:"rule"`
	Why        string        `json:"why"`
	Detail     string        `json:"detail,omitempty"`
	unlinked   bool          // the rules put it in llms.txt, but the site's own llms.txt, served instead, does not link it
}

// siteIndex is the output of "lectern nav index --json".
type siteIndex struct {
	Indexing    string        `json:"indexing"`    // seo.indexing: navigable or all
	OwnLLMsTxt  bool          `json:"ownLLMsTxt"`  // the site's own llms.txt, at its root, is served in place of the generated one
	OpenAPIURLs []specURL     `json:"openapiURLs"` // the OpenAPI specs docs.json names by URL, and whether they were fetched (--fetch-openapi)
	Pages       []indexedPage `json:"pages"`
	specs       *urlSpecs
}

// navIndex is `lectern nav index`.
func navIndex(fs *flag.FlagSet) action {
	asJSON := fs.Bool("json", false, "print the pages as JSON")
	fetch := fetchOpenAPIFlag(fs)
	root := rootFlag(fs)
	return action{args: sitePath, run: func(ctx context.Context, c *call) error {
		path := c.args[0]
		idx, err := indexSite(ctx, path, *root, *fetch)
		if err != nil {
			for _, p := range loadProblems(err) {
				fmt.Fprintf(c.stderr, "%s\n", describeProblem(p))
			}
			return exitError(1)
		}
		if *asJSON {
			return writeJSON(c.stdout, idx)
		}
		return writeIndex(c.stdout, path, idx)
	}}
}

// indexSite resolves the site as far as it resolves and decides every page's indexing.
func indexSite(ctx context.Context, path, root string, fetch bool) (siteIndex, error) {
	site, specs, err := loadNavSite(ctx, path, root, fetch)
	if err != nil {
		return siteIndex{}, err
	}
	tree, _, err := site.ResolvePartial()
	if err != nil {
		return siteIndex{}, err
	}
	idx := siteIndex{Indexing: docsjson.IndexingNavigable, Pages: []indexedPage{}, OpenAPIURLs: specs.list(), specs: specs}
	if site.Config.SEO.IndexAll() {
		idx.Indexing = docsjson.IndexingAll
	}
	// A llms.txt at the site's root is served in place of the generated one (Mintlify's
	// ai/llmstxt, "Custom files"): the pages in it are those it links.
	own := ownLLMsTxt(site.FS())
	linked := linkedPages(own)
	idx.OwnLLMsTxt = own != ""
	for _, p := range site.AllPages(tree) {
		// llms.txt lists the default version (of each versions list) and language only
		// (Mintlify's ai/llmstxt), and no page restricted to user groups, as the served one
		// does (sitedocs.Catalog.LLMsPages).
		defaults := (p.Version == "" || p.InDefaultVersion) && inDefault(p.Language, tree.DefaultLanguage())
		page := indexedPage{
			URL: p.URL, File: p.File, Title: p.Title, Version: p.Version, Language: p.Language, NavPath: p.NavPath,
			Hidden: p.Hidden, Boost: p.Boost, UserGroups: p.UserGroups, Search: p.Index.Search, Assistant: p.Index.Assistant,
			LLMsTxt: p.Index.LLMsTxt && defaults && len(p.UserGroups) == 0, OtherScope: p.Index.LLMsTxt && !defaults,
			Rule: p.Index.Rule, Why: p.Index.Rule.Describe(), Detail: p.Index.Detail,
		}
		if idx.OwnLLMsTxt {
			page.LLMsTxt, page.OtherScope, page.unlinked = linked[p.URL], false, p.Index.LLMsTxt && !linked[p.URL]
		}
		idx.Pages = append(idx.Pages, page)
	}
	return idx, nil
}

// writeIndex prints one line per page: where it appears, its scope and boost, and why.
func writeIndex(w io.Writer, path string, idx siteIndex) error {
	var search, llms int
	for _, p := range idx.Pages {
		search += b2i(p.Search)
		llms += b2i(p.LLMsTxt)
	}
	bw := bufio.NewWriter(w)
	own := ""
	if idx.OwnLLMsTxt {
		own = ", the site's own llms.txt, which replaces the generated one and links them"
	}
	fmt.Fprintf(bw, "%s: %s; %d in search and the assistant's context, %d in llms.txt%s (seo.indexing %s)%s\n\n",
		path, count(len(idx.Pages), "page"), search, llms, own, idx.Indexing, idx.specs.note())
	width := len("page")
	for _, p := range idx.Pages {
		width = max(width, len(p.URL))
	}
	fmt.Fprintf(bw, "%-6s %-9s %-8s %-*s  %-8s %-5s %s\n", "search", "assistant", "llms.txt", width, "page", "scope", "boost", "rule")
	for _, p := range idx.Pages {
		boost := ""
		if p.Boost > 0 {
			boost = strconv.FormatFloat(p.Boost, 'g', -1, 64)
		}
		why := string(p.Rule) + ": " + p.Why
		if p.Detail != "" {
			why += " (" + p.Detail + ")"
		}
		if p.OtherScope {
			why += "; not in llms.txt, which lists the default version and language only"
		}
		if p.unlinked {
			why += "; not in llms.txt: the site's own llms.txt, served instead of the generated one, does not link it"
		}
		if len(p.UserGroups) > 0 {
			why += "; only for the user groups " + strings.Join(p.UserGroups, ", ")
		}
		fmt.Fprintf(bw, "%-6s %-9s %-8s %-*s  %-8s %-5s %s\n", yes(p.Search), yes(p.Assistant), yes(p.LLMsTxt), width, p.URL,
			strings.TrimSpace(p.Version+" "+p.Language), boost, why)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("write index: %w", err)
	}
	return nil
}

// inDefault reports whether a page of version or language have is in the default one, want:
// a page of none is in every one.
func inDefault(have, want string) bool {
	return want == "" || have == "" || strings.EqualFold(have, want)
}

func yes(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
