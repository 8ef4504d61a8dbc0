package docsjson

import "slices"

// Config is the part of docs.json that Lectern reads; other keys are ignored.
type Config struct {
	Navigation  *Navigation // nil when docs.json has no usable navigation
	Styling     Styling
	Interaction Interaction
	SEO         SEO
	Search      Search
	Name        string   // the site's name
	Description string   // the site's description (llms.txt quotes it)
	Markdown    Markdown // how pages are exported as Markdown for agents
	API         API      // the api settings that concern pages
	Redirects   []Redirect
}

// API holds the api settings that concern pages (the playground and examples are for the
// rendered site).
type API struct {
	// OpenAPI are the site-wide specs (api.openapi): the scope of an endpoint written in the
	// navigation or a page's frontmatter under no element that sets openapi.
	OpenAPI []string
}

// Markdown holds the settings of the pages' Markdown export (docs.json "markdown").
type Markdown struct {
	Instructions []string // agent instructions appended to every Markdown page, one line each
	Schema       *bool    // API reference pages carry their OpenAPI operation; nil is true
}

// WithSchema reports whether API reference pages carry their OpenAPI operation (the default).
func (m Markdown) WithSchema() bool { return m.Schema == nil || *m.Schema }

// SEO holds the seo settings that decide which pages are indexed.
type SEO struct {
	// Indexing is "navigable" (the default: the pages the navigation shows) or "all" (every
	// page, hidden and unlisted ones included, in site search, the assistant and llms.txt).
	Indexing string
}

// Search holds the settings of the site's search bar (docs.json "search").
type Search struct {
	Prompt string // the placeholder of an empty search box (search.prompt)
}

// IndexAll reports whether seo.indexing is "all".
func (s SEO) IndexAll() bool { return s.Indexing == IndexingAll }

// The values of seo.indexing.
const (
	IndexingNavigable = "navigable"
	IndexingAll       = "all"
)

// Styling holds the styling settings that concern navigation.
type Styling struct {
	Eyebrows string // "breadcrumbs" shows the full navigation path above pages; "section" only the parent
}

// Interaction holds the interaction settings that concern navigation.
type Interaction struct {
	Drilldown *bool // true: selecting a group opens its first page; false: only expands it; nil: theme default
}

// Navigation is the navigation property: the root element plus the global anchors.
type Navigation struct {
	Element
	Global *Global
}

// Global holds the navigation items shown on every page (navigation.global), or on every page
// of one language, version, tab, anchor, dropdown, product or menu item (its global).
type Global struct {
	Anchors []GlobalAnchor
}

// GlobalAnchor is a link shown on every page; its href must be an absolute URL.
type GlobalAnchor struct {
	Anchor  string `json:"anchor"`
	Icon    string `json:"icon,omitempty"`
	Href    string `json:"href"`
	Path    string `json:"-"` // JSON path, e.g. navigation.global.anchors[0]
	HrefSet bool   `json:"-"` // href was given (an empty one is refused)
}

// Banner is a language's announcement banner.
type Banner struct {
	Content     string `json:"content"` // markdown
	Dismissible bool   `json:"dismissible"`
}

// Element is one navigation element: the root, a group, tab, anchor, dropdown, product,
// version, language or menu item. Kind tells which; Label holds its label field
// ("group", "tab", "anchor", "dropdown", "product", "version", "language" or "item").
// A child list is non-nil when its key is present in docs.json, even if empty.
type Element struct {
	Kind        Kind
	Label       string
	Path        string // JSON path, e.g. navigation.tabs[2].groups[0]
	Icon        string
	Tag         string
	Description string
	Href        string   // external link
	Root        string   // group landing page
	OpenAPI     []string // spec files (or URLs) for this element and its children, in order
	// OpenAPIDirectories are the "directory" of each spec of OpenAPI (given as an object): the
	// folder the URLs of its endpoint pages start with; "" when not given ("api-reference").
	OpenAPIDirectories []string
	Expanded           *bool   // nested groups only
	Hidden             bool    // hidden from the navigation, still served
	Searchable         *bool   // on a hidden element: true keeps its pages in search and the assistant's context
	Boost              float64 // search relevance multiplier for the pages under it; 0 when unset (or not a positive number)
	Default            bool    // versions and languages: the default one
	Banner             *Banner // languages
	Global             *Global // languages, versions, tabs, anchors, dropdowns, products, menu items: links shown on this element's pages
	Pages              []Entry
	Groups             []*Element
	Tabs               []*Element
	Anchors            []*Element
	Dropdowns          []*Element
	Products           []*Element
	Versions           []*Element
	Languages          []*Element
	AsyncAPI           []string   // AsyncAPI files (or URLs) set on this element, in order
	GraphQL            *GraphQL   // tabs: the GraphQL schema whose reference pages come after its groups
	Menu               []*Element // tabs only
}

// Entry is one item of a pages list: a page path, an endpoint ("GET /users") or a nested group.
type Entry struct {
	Page  string   // page path or "<METHOD> <path>"; empty when Group is set
	Group *Element // nested group
	Path  string   // JSON path, e.g. navigation.groups[0].pages[3]
}

// Kind is the type of a navigation element or tree node.
type Kind int

// The kinds of navigation elements and tree nodes.
const (
	KindNavigation Kind = iota
	KindGroup
	KindTab
	KindAnchor
	KindDropdown
	KindProduct
	KindVersion
	KindLanguage
	KindMenuItem
	KindPage
)

var kindNames = [...]string{"navigation", "group", "tab", "anchor", "dropdown", "product", "version", "language", "menu item", "page"}

// String returns the kind's name, e.g. "menu item".
func (k Kind) String() string {
	if k < 0 || int(k) >= len(kindNames) {
		return "unknown"
	}
	return kindNames[k]
}

// MarshalText encodes the kind as its name.
func (k Kind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// labelKey is the JSON key that holds an element's label.
func (k Kind) labelKey() string {
	if k == KindMenuItem {
		return "item"
	}
	return k.String()
}

// childList names one list of child elements and how to reach it.
type childList struct {
	key  string
	kind Kind
	get  func(*Element) []*Element
	set  func(*Element, []*Element)
}

// childLists are the element lists in the order Lectern walks them.
var childLists = []childList{
	{"languages", KindLanguage, func(e *Element) []*Element { return e.Languages }, func(e *Element, l []*Element) { e.Languages = l }},
	{"versions", KindVersion, func(e *Element) []*Element { return e.Versions }, func(e *Element, l []*Element) { e.Versions = l }},
	{"products", KindProduct, func(e *Element) []*Element { return e.Products }, func(e *Element, l []*Element) { e.Products = l }},
	{"tabs", KindTab, func(e *Element) []*Element { return e.Tabs }, func(e *Element, l []*Element) { e.Tabs = l }},
	{"menu", KindMenuItem, func(e *Element) []*Element { return e.Menu }, func(e *Element, l []*Element) { e.Menu = l }},
	{"anchors", KindAnchor, func(e *Element) []*Element { return e.Anchors }, func(e *Element, l []*Element) { e.Anchors = l }},
	{"dropdowns", KindDropdown, func(e *Element) []*Element { return e.Dropdowns }, func(e *Element, l []*Element) { e.Dropdowns = l }},
	{"groups", KindGroup, func(e *Element) []*Element { return e.Groups }, func(e *Element, l []*Element) { e.Groups = l }},
}

// childKinds lists the keys of the child lists present on e (pages included), in walk order.
func (e *Element) childKinds() []string {
	var keys []string
	for _, cl := range childLists {
		if cl.get(e) != nil {
			keys = append(keys, cl.key)
		}
	}
	if e.Pages != nil {
		keys = append(keys, "pages")
	}
	return keys
}

// rootOrder is the order in which Mintlify's validator tries the root patterns of a navigation
// (@mintlify/validation's navigationSchema, a union of one object per pattern): of a
// navigation holding several, the first that parses is kept and the others are stripped, so
// the site shows that one only ("versions" beside "tabs" keeps the versions; "languages"
// beside "anchors" keeps the languages).
var rootOrder = []string{"products", "languages", "versions", "tabs", "dropdowns", "anchors", "groups", "pages"}

// rootKept is the root pattern of a navigation with several that the site keeps, as Mintlify's
// validator does (rootOrder); "" when it holds one or none, which is kept as it is.
func (e *Element) rootKept() string {
	kinds := keep(e.childKinds(), rootOrder)
	if len(kinds) < 2 {
		return ""
	}
	for _, k := range rootOrder {
		if slices.Contains(kinds, k) {
			return k
		}
	}
	return ""
}

// hasChildren reports whether e holds any child list with at least one entry.
func (e *Element) hasChildren() bool {
	for _, cl := range childLists {
		if len(cl.get(e)) > 0 {
			return true
		}
	}
	return len(e.Pages) > 0
}

// generates reports whether e makes one page per operation of its own OpenAPI spec, after
// its other children, as Mintlify's build does (@mintlify/prebuild's
// generateOpenApiFromDocsConfig): e sets openapi and no pages entry in its scope picks
// endpoints of it ("GET /users"; see picksEndpoints). Guides and groups beside the
// generated pages do not stop it; its documentation's "without specifying any pages" means
// endpoint pages ("to control which endpoints appear, explicitly list the desired
// endpoints"). The navigation itself generates only when it has no children: Mintlify's
// build puts the pages of a top-level openapi in no navigation.
// holdsPages reports whether e or an element under it lists a page: a root, a page, or the
// endpoint pages of an OpenAPI spec it generates.
func (e *Element) holdsPages() bool {
	if e.Root != "" || e.generates() || e.GraphQL != nil {
		return true
	}
	for _, en := range e.Pages {
		if en.Page != "" || en.Group != nil && en.Group.holdsPages() {
			return true
		}
	}
	for _, cl := range childLists {
		for _, c := range cl.get(e) {
			if c.holdsPages() {
				return true
			}
		}
	}
	return false
}

func (e *Element) generates() bool {
	if len(e.OpenAPI) == 0 || e.Href != "" {
		return false
	}
	if e.Kind == KindNavigation {
		return !e.hasChildren()
	}
	return !e.picksEndpoints()
}

// picksEndpoints reports whether a pages entry of e, or of an element below e that sets no
// openapi of its own (so that e's specs are its), is an endpoint without its spec, "GET
// /users". An entry that names its spec ("/openapi.json GET /users") picks nothing of e's,
// as in Mintlify's build.
func (e *Element) picksEndpoints() bool {
	for _, en := range e.Pages {
		if en.Group != nil {
			if inherits(en.Group) && en.Group.picksEndpoints() {
				return true
			}
			continue
		}
		if _, _, ok := ParseEndpoint(en.Page); ok {
			return true
		}
	}
	for _, cl := range childLists {
		for _, child := range cl.get(e) {
			if inherits(child) && child.picksEndpoints() {
				return true
			}
		}
	}
	return false
}

// inherits reports whether e takes its specs from the element above it.
func inherits(e *Element) bool { return len(e.OpenAPI) == 0 }
