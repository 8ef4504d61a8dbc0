package docsjson

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
)

// Tree is a resolved navigation: the nested nodes and every page in navigation order.
// Versions and languages are the scopes a query can select (see PagesIn).
type Tree struct {
	Root            *Node
	Pages           []Page
	GlobalAnchors   []GlobalAnchor
	Eyebrows        string // styling.eyebrows
	Drilldown       *bool  // interaction.drilldown
	versions        []string
	languages       []string
	defaultVersion  string
	listDefaults    []string // the default of each versions list, once each, in navigation order
	defaultLanguage string
	problems        []Problem        // the frontmatter problems of the pages, found while resolving
	specs           map[string]error // the OpenAPI specs resolving loaded, by site path or URL: why each cannot be used, nil if it can
	reportedSpecs   specReports      // the specs pages' frontmatter names that cannot be used, reported among problems
}

// SpecLoaded reports whether resolving loaded the OpenAPI spec at ref (a site path, as
// docs.json or a page's frontmatter writes it, or a URL) and, if so, why the spec cannot be
// used: missing, refused by the OpenAPI parser (Mintlify's build refuses such a file and its
// pages show no API reference), not fetched; err is nil when it can be used.
func (t *Tree) SpecLoaded(ref string) (loaded bool, err error) {
	err, loaded = t.specs[specName(ref)]
	return loaded, err
}

// PageProblems returns the problems found in the listed pages' frontmatter while resolving
// (a boost that is not a positive number, a hidden that is not true or false): warnings, the
// value is ignored. Validate reports them too when it reads files.
func (t *Tree) PageProblems() []Problem { return slices.Clone(t.problems) }

// Versions returns the version names in navigation order, each once.
func (t *Tree) Versions() []string { return slices.Clone(t.versions) }

// DefaultVersion returns the version marked default: true, else the first; "" without versions.
func (t *Tree) DefaultVersion() string { return t.defaultVersion }

// Languages returns the language codes in navigation order, each once.
func (t *Tree) Languages() []string { return slices.Clone(t.languages) }

// DefaultLanguage returns the language marked default: true, else the first; "" without languages.
func (t *Tree) DefaultLanguage() string { return t.defaultLanguage }

// PagesIn returns the pages a query scoped to version and language sees. An empty version
// or language matches every page; a page outside any version (or language) matches every
// version (or language).
func (t *Tree) PagesIn(version, language string) []Page {
	var out []Page
	for _, p := range t.Pages {
		if inScope(p.Version, version) && inScope(p.Language, language) {
			out = append(out, p)
		}
	}
	return out
}

func inScope(have, want string) bool { return want == "" || have == "" || have == want }

func (t *Tree) addVersion(name string, isDefault bool) {
	if !slices.Contains(t.versions, name) {
		t.versions = append(t.versions, name)
	}
	if isDefault && t.defaultVersion == "" {
		t.defaultVersion = name
	}
}

func (t *Tree) addLanguage(code string, isDefault bool) {
	if !slices.Contains(t.languages, code) {
		t.languages = append(t.languages, code)
	}
	if isDefault && t.defaultLanguage == "" {
		t.defaultLanguage = code
	}
}

// treeJSON is the JSON form of a Tree.
type treeJSON struct {
	Versions       []string       `json:"versions"`
	DefaultVersion string         `json:"defaultVersion,omitempty"`
	Languages      []string       `json:"languages"`
	DefaultLang    string         `json:"defaultLanguage,omitempty"`
	Eyebrows       string         `json:"eyebrows,omitempty"`
	Drilldown      *bool          `json:"drilldown,omitempty"`
	GlobalAnchors  []GlobalAnchor `json:"globalAnchors,omitempty"`
	PageCount      int            `json:"pageCount"`
	Root           *Node          `json:"root"`
}

// MarshalJSON encodes the tree with its scopes; pages appear inside their nodes.
func (t *Tree) MarshalJSON() ([]byte, error) {
	return json.Marshal(treeJSON{
		Versions: nonNil(t.versions), DefaultVersion: t.defaultVersion, Languages: nonNil(t.languages), DefaultLang: t.defaultLanguage,
		Eyebrows: t.Eyebrows, Drilldown: t.Drilldown, GlobalAnchors: t.GlobalAnchors,
		PageCount: len(t.Pages), Root: t.Root,
	})
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// WriteText prints the tree for people: one line per element and page, indented by depth.
func (t *Tree) WriteText(w io.Writer) error {
	bw := bufio.NewWriter(w)
	if t.Root != nil {
		for _, c := range t.Root.Children {
			writeNode(bw, c, 0)
		}
	}
	for _, a := range t.GlobalAnchors {
		fmt.Fprintf(bw, "global anchor %q → %s\n", a.Anchor, a.Href)
	}
	switch {
	case len(t.listDefaults) > 1:
		fmt.Fprintf(bw, "versions: %s (defaults, one per versions list: %s)\n", strings.Join(t.versions, ", "), strings.Join(t.listDefaults, ", "))
	case len(t.versions) > 0:
		fmt.Fprintf(bw, "versions: %s (default %s)\n", strings.Join(t.versions, ", "), t.defaultVersion)
	}
	if len(t.languages) > 0 {
		fmt.Fprintf(bw, "languages: %s (default %s)\n", strings.Join(t.languages, ", "), t.defaultLanguage)
	}
	fmt.Fprintf(bw, "%d pages\n", len(t.Pages))
	return bw.Flush()
}

func writeNode(w *bufio.Writer, n *Node, depth int) {
	w.WriteString(strings.Repeat("  ", depth)) // #nosec G104 -- the writer is a bufio/strings builder whose error surfaces at Flush
	if n.Page != nil {
		writePage(w, n.Page)
	} else {
		fmt.Fprintf(w, "%s %q", n.Kind, n.Label)
		if n.Href != "" {
			fmt.Fprintf(w, " → %s", n.Href)
		}
		if len(n.OpenAPI) > 0 {
			fmt.Fprintf(w, " [openapi %s]", strings.Join(n.OpenAPI, ", "))
		}
		if len(n.AsyncAPI) > 0 {
			fmt.Fprintf(w, " [asyncapi %s]", strings.Join(n.AsyncAPI, ", "))
		}
		writeFlags(w, n.Hidden, n.Default)
	}
	w.WriteByte('\n') // #nosec G104 -- the writer is a bufio/strings builder whose error surfaces at Flush
	for _, a := range n.GlobalAnchors {
		fmt.Fprintf(w, "%sglobal anchor %q → %s\n", strings.Repeat("  ", depth+1), a.Anchor, a.Href)
	}
	for _, c := range n.Children {
		writeNode(w, c, depth+1)
	}
}

func writePage(w *bufio.Writer, p *Page) {
	switch {
	case p.Method != "" && p.File == "":
		fmt.Fprintf(w, "%s  %q  %s", EndpointName(p.Method, p.APIPath), p.Title, p.URL)
	case p.GraphQL != "":
		fmt.Fprintf(w, "%q  %s  (GraphQL %s)", p.Title, p.URL, p.GraphQL)
	default:
		fmt.Fprintf(w, "%q  %s  (%s)", p.Title, p.URL, p.File)
	}
	writeFlags(w, p.Hidden, false)
}

func writeFlags(w *bufio.Writer, hidden, isDefault bool) {
	if hidden {
		w.WriteString(" [hidden]") // #nosec G104 -- the writer is a bufio/strings builder whose error surfaces at Flush
	}
	if isDefault {
		w.WriteString(" [default]") // #nosec G104 -- the writer is a bufio/strings builder whose error surfaces at Flush
	}
}
