package docsjson

// Indexing says where a page appears besides its own URL: in site search (the discovery
// search, the widget's search bar, an MCP server's search), in the assistant's context, and in
// llms.txt and llms-full.txt. It is Mintlify's table "Search, SEO, and AI indexing"
// (organize/hidden-pages), decided for every page in one place (decide) so that everything
// built on the site's pages applies the same rules. Rule names the rule that decided.
type Indexing struct {
	Search    bool   `json:"search"`
	Assistant bool   `json:"assistant"`
	LLMsTxt   bool   `json:"llmsTxt"`
	Rule      Rule   `json:"rule"`
	Detail    string `json:"detail,omitempty"` // where the rule comes from: the hidden element's path, the listing kept, the link's address
}

// Rule is the rule of Mintlify's table that decided a page's Indexing.
type Rule string

// The rules, in the order decide applies them.
const (
	RuleNoFile          Rule = "file-missing"                 // listed, but its file does not exist: in nothing
	RuleIgnored         Rule = "file-ignored"                 // listed, but .mintignore (or a default ignore) excludes its file: in nothing
	RuleNoindex         Rule = "frontmatter-noindex"          // noindex: true: in nothing
	RuleHidden          Rule = "frontmatter-hidden"           // hidden: true: in nothing
	RuleHiddenParent    Rule = "hidden-parent"                // under a hidden element, but no hidden tab or group with searchable: true nearer: in nothing
	RuleUnlisted        Rule = "not-in-navigation"            // a page file no navigation lists: in nothing
	RuleLink            Rule = "frontmatter-url"              // url: in its frontmatter: a link in place of the page, in nothing (llms.txt lists another site's)
	RuleNotSearchable   Rule = "frontmatter-searchable-false" // searchable: false: in llms.txt only
	RuleIndexingAll     Rule = "seo-indexing-all"             // hidden or unlisted, but seo.indexing is "all": in everything
	RuleSearchable      Rule = "searchable-parent"            // under a hidden tab or group with searchable: true: in everything
	RuleHiddenFalse     Rule = "frontmatter-hidden-false"     // under a hidden tab or group, but hidden: false: in everything
	RuleListed          Rule = "listed"                       // in the navigation: in everything
	RuleListedElsewhere Rule = "listed-elsewhere"             // a second listing of a page in one version and language: the first is the page
	RuleRedirected      Rule = "redirected"                   // a redirect's source matches its URL: in nothing (Site.AllPages decides it, after the others)
)

// ruleText explains each rule for people (lectern nav index).
var ruleText = map[Rule]string{
	RuleNoFile:          "listed in the navigation, but its file does not exist",
	RuleIgnored:         "listed in the navigation, but its file is ignored, so Mintlify does not publish it",
	RuleNoindex:         "noindex: true in its frontmatter",
	RuleHidden:          "hidden: true in its frontmatter",
	RuleHiddenParent:    "under a hidden element without searchable: true",
	RuleUnlisted:        "not in the navigation",
	RuleLink:            "url: in its frontmatter: the navigation links to that URL instead (llms.txt lists it under Optional when it is another site's)",
	RuleNotSearchable:   "searchable: false in its frontmatter (still in llms.txt)",
	RuleIndexingAll:     `hidden, but seo.indexing is "all"`,
	RuleSearchable:      "under a hidden element with searchable: true",
	RuleHiddenFalse:     "under a hidden element, but hidden: false in its frontmatter",
	RuleListed:          "in the navigation",
	RuleListedElsewhere: "listed again; the page is indexed at its other listing",
	RuleRedirected:      "a docs.json redirect sends its URL elsewhere (redirects apply before pages), so no URL of its own shows it",
}

// Unpublished reports whether the rule says the page has no file Mintlify publishes: none
// exists, or the site's ignore patterns exclude it. Such a page has nothing to serve.
func (r Rule) Unpublished() bool { return r == RuleNoFile || r == RuleIgnored }

// Describe explains the rule in a few words.
func (r Rule) Describe() string {
	if t, ok := ruleText[r]; ok {
		return t
	}
	return string(r)
}

// hiding is what a page inherits from the hidden elements above it: the nearest one decides.
type hiding struct {
	hidden     bool   // some element above the page is hidden
	searchable bool   // the nearest hidden element says searchable: true
	path       string // the JSON path of the nearest hidden element
}

// under returns the hiding of e's children. Only a tab or a group opts its hidden pages back
// into search with searchable: true, as Mintlify's help center says ("Tabs and groups support
// the searchable: true opt-in. Versions and other top-level navigation elements don't."); under
// any other hidden element, seo.indexing "all" alone brings them back.
func (h hiding) under(e *Element) hiding {
	if !e.Hidden {
		return h
	}
	return hiding{hidden: true, searchable: e.Searchable != nil && *e.Searchable && searchableKind(e.Kind), path: e.Path}
}

// searchableKind reports whether searchable: true has an effect on an element of kind k.
func searchableKind(k Kind) bool { return k == KindTab || k == KindGroup }

// decision is what decide reads about one page.
type decision struct {
	listed   bool   // the navigation lists it
	noFile   bool   // it is listed as a page file that does not exist
	ignored  string // it is listed, but an ignore pattern (named here) excludes its file
	fm       *Frontmatter
	nav      hiding
	indexAll bool // seo.indexing is "all"
}

// decide applies Mintlify's table to one page. A page's own frontmatter comes first (noindex,
// then hidden: true), then how the navigation shows it; a page whose frontmatter sets url is
// then a link to another site, with no content to index (Mintlify's "External links" of a
// page's metadata); searchable: false then takes the page out of search and the assistant's
// context only. seo.indexing "all" brings back hidden and
// unlisted pages, never a page marked noindex or searchable: false.
func decide(d decision) Indexing {
	switch {
	case d.noFile:
		return none(RuleNoFile, "")
	case d.ignored != "":
		return none(RuleIgnored, d.ignored)
	case d.fm.Noindex:
		return none(RuleNoindex, "")
	}
	in, rule, detail := included(d)
	if !in {
		return none(rule, detail)
	}
	if d.fm.URL != "" {
		return none(RuleLink, d.fm.URL)
	}
	if d.fm.Searchable != nil && !*d.fm.Searchable {
		return Indexing{LLMsTxt: true, Rule: RuleNotSearchable}
	}
	return Indexing{Search: true, Assistant: true, LLMsTxt: true, Rule: rule, Detail: detail}
}

// included decides by hiding alone: whether the page is in, and the rule that says so.
func included(d decision) (bool, Rule, string) {
	hidden, rule, detail := false, RuleListed, ""
	switch {
	case d.fm.Hidden != nil && *d.fm.Hidden:
		hidden, rule = true, RuleHidden
	case !d.listed:
		hidden, rule = true, RuleUnlisted
	case d.fm.Hidden != nil && d.nav.hidden:
		rule, detail = RuleHiddenFalse, d.nav.path
	case d.nav.hidden && d.nav.searchable:
		rule, detail = RuleSearchable, d.nav.path
	case d.nav.hidden:
		hidden, rule, detail = true, RuleHiddenParent, d.nav.path
	}
	if hidden && d.indexAll {
		return true, RuleIndexingAll, string(rule)
	}
	return !hidden, rule, detail
}

func none(r Rule, detail string) Indexing { return Indexing{Rule: r, Detail: detail} }
