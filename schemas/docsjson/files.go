package docsjson

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"path"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// errOutside marks a path that leaves the site directory.
var errOutside = errors.New("the path points outside the site")

// sitePath cleans a path written in docs.json to a path from the site root; a leading "/"
// is allowed. It fails for paths that leave the site.
func sitePath(p string) (string, bool) {
	c := path.Clean(strings.TrimLeft(strings.TrimSpace(p), "/"))
	if c == ".." || strings.HasPrefix(c, "../") || c == "." || !fs.ValidPath(c) {
		return "", false
	}
	return c, true
}

// pagePath turns a page entry into its path without extension: "/guides/setup.mdx" → "guides/setup".
func pagePath(entry string) (string, bool) {
	p, ok := sitePath(entry)
	if !ok {
		return "", false
	}
	for _, ext := range pageExts {
		p = strings.TrimSuffix(p, ext)
	}
	return p, p != "" && p != "."
}

// pageExts are the page file extensions, in lookup order.
var pageExts = []string{".mdx", ".md"}

// pageFile finds the file of page p (a path without extension) in fsys.
func pageFile(fsys fs.FS, p string) (string, bool) {
	for _, ext := range pageExts {
		if info, err := fs.Stat(fsys, p+ext); err == nil && !info.IsDir() {
			return p + ext, true
		}
	}
	return "", false
}

// maxFrontmatter bounds how much of a page is read for its frontmatter.
const maxFrontmatter = 1 << 20

// Frontmatter is the YAML header of a page file.
type Frontmatter struct {
	Title        string
	SidebarTitle string
	Description  string
	OpenAPI      string   // "GET /users" or "spec.yaml GET /users": an endpoint page written in MDX
	API          string   // "POST /v1/users" or "POST https://api.acme.com/v1/users": an API page written in MDX without a spec
	Schema       string   // openapi-schema, "Order" or "spec.yaml Order": a page of one schema of an OpenAPI file's components.schemas
	Hidden       *bool    // hidden: true leaves the page out of the navigation and of indexing; false puts it back
	Noindex      bool     // noindex: true leaves the page out of search engines, site search, the assistant and llms.txt
	Searchable   *bool    // searchable: false leaves the page out of site search and the assistant's context only
	Boost        float64  // search relevance multiplier; 0 when unset or not a positive number
	Tag          string   // the page's tag (a badge beside its title)
	URL          string   // url: the navigation links the page to this address (another site) instead of showing it
	Groups       []string // the user groups that may read the page (Mintlify's access control); none: everyone
	Problems     []string // fields of a known name with a value of the wrong type, each a sentence
}

// ReadFrontmatter reads the YAML block between the leading "---" lines of a page file.
// A file without frontmatter yields a zero Frontmatter.
func ReadFrontmatter(fsys fs.FS, file string) (Frontmatter, error) {
	f, err := fsys.Open(file)
	if err != nil {
		return Frontmatter{}, fmt.Errorf("read frontmatter: %w", err)
	}
	defer f.Close()
	block, err := frontmatterBlock(bufio.NewReaderSize(f, 512))
	if err != nil || block == nil {
		return Frontmatter{}, err
	}
	return parseFrontmatter(block)
}

// frontmatterBlock returns the lines between the opening and closing "---", or nil.
func frontmatterBlock(r *bufio.Reader) ([]byte, error) {
	first, err := r.ReadString('\n')
	first = strings.TrimPrefix(first, "\ufeff")
	if strings.TrimRight(first, "\r\n \t") != "---" {
		return nil, nil
	}
	if err != nil {
		return nil, errors.New("frontmatter is not closed with a line \"---\"")
	}
	var block bytes.Buffer
	for block.Len() < maxFrontmatter {
		line, err := r.ReadString('\n')
		if strings.TrimRight(line, "\r\n \t") == "---" {
			return block.Bytes(), nil
		}
		block.WriteString(line)
		if err != nil {
			break
		}
	}
	return nil, errors.New("frontmatter is not closed with a line \"---\"")
}

// parseFrontmatter decodes the fields Lectern uses, accepting any scalar for strings.
func parseFrontmatter(block []byte) (fm Frontmatter, err error) {
	defer func() {
		if r := recover(); r != nil {
			fm, err = Frontmatter{}, fmt.Errorf("frontmatter is not valid YAML: %v", r)
		}
	}()
	var raw map[string]yaml.Node
	if err := yaml.Unmarshal(block, &raw); err != nil {
		return Frontmatter{}, fmt.Errorf("frontmatter is not valid YAML: %w", err)
	}
	r := fmReader(raw)
	fm = Frontmatter{
		Title: r.scalar("title"), SidebarTitle: r.scalar("sidebarTitle"), Description: r.scalar("description"),
		OpenAPI: r.scalar("openapi"), Schema: r.scalar("openapi-schema"), API: r.scalar("api"), Tag: r.scalar("tag"), URL: r.scalar("url"),
	}
	fm.Hidden = r.boolean("hidden", &fm.Problems)
	fm.Searchable = r.boolean("searchable", &fm.Problems)
	fm.Noindex = ptrTrue(r.boolean("noindex", &fm.Problems))
	fm.Boost = r.boost(&fm.Problems)
	fm.Groups = r.list("groups", &fm.Problems)
	return fm, nil
}

// fmReader reads the fields of a frontmatter block.
type fmReader map[string]yaml.Node

// scalar returns a field's text, "" when it is absent, null or not a scalar.
func (r fmReader) scalar(k string) string {
	n, ok := r[k]
	if !ok || n.Kind != yaml.ScalarNode || n.Tag == "!!null" {
		return ""
	}
	return strings.TrimSpace(n.Value)
}

// boolean returns a true/false field (written bare or quoted), nil when it is absent; another
// value is a problem.
func (r fmReader) boolean(k string, problems *[]string) *bool {
	n, ok := r[k]
	if !ok || n.Kind == yaml.ScalarNode && n.Tag == "!!null" {
		return nil
	}
	if n.Kind == yaml.ScalarNode {
		switch strings.ToLower(strings.TrimSpace(n.Value)) {
		case "true":
			return new(true)
		case "false":
			return new(false)
		}
	}
	*problems = append(*problems, fmt.Sprintf("%s must be true or false, but it is %s; it is ignored", k, yamlValue(n)))
	return nil
}

// boost returns a positive number, 0 when boost is absent; another value is a problem.
func (r fmReader) boost(problems *[]string) float64 {
	n, ok := r["boost"]
	if !ok || n.Kind == yaml.ScalarNode && n.Tag == "!!null" {
		return 0
	}
	f, err := strconv.ParseFloat(strings.TrimSpace(n.Value), 64)
	switch {
	case n.Kind != yaml.ScalarNode || (n.Tag != "!!int" && n.Tag != "!!float") || err != nil || math.IsNaN(f) || math.IsInf(f, 0):
		*problems = append(*problems, fmt.Sprintf("boost must be a positive number (a multiplier of the page's search relevance, such as 3 or 0.5), but it is %s; it is ignored", yamlValue(n)))
	case f <= 0:
		*problems = append(*problems, fmt.Sprintf("boost is %v; it must be a positive number (below 1 lowers the page's search relevance, above 1 raises it); it is ignored", f))
	default:
		return f
	}
	return 0
}

// list returns a list of strings (or one string); another value is a problem.
func (r fmReader) list(k string, problems *[]string) []string {
	n, ok := r[k]
	if !ok || n.Kind == yaml.ScalarNode && n.Tag == "!!null" {
		return nil
	}
	if n.Kind == yaml.ScalarNode && strings.TrimSpace(n.Value) != "" {
		return []string{strings.TrimSpace(n.Value)}
	}
	var out []string
	if n.Kind == yaml.SequenceNode {
		for _, item := range n.Content {
			if item.Kind != yaml.ScalarNode || strings.TrimSpace(item.Value) == "" {
				out = nil
				break
			}
			out = append(out, strings.TrimSpace(item.Value))
		}
	}
	if out == nil {
		*problems = append(*problems, fmt.Sprintf("%s must be a list of names, such as [\"admin\"], but it is %s; it is ignored", k, yamlValue(n)))
	}
	return out
}

// yamlValue describes a YAML value for a message: a scalar quoted, else its kind.
func yamlValue(n yaml.Node) string {
	switch n.Kind {
	case yaml.ScalarNode:
		return strconv.Quote(n.Value)
	case yaml.SequenceNode:
		return "a list"
	case yaml.MappingNode:
		return "a map"
	}
	return "not a value"
}

func ptrTrue(b *bool) bool { return b != nil && *b }

// wordBreaks turns the separators of file names into spaces.
var wordBreaks = strings.NewReplacer("-", " ", "_", " ")

// titleFromName makes a title from a page path: "guides/getting-started" → "Getting started",
// "guides/index" → "Guides", "index" → "Home".
func titleFromName(p string) string {
	base := path.Base(p)
	if base == "index" {
		base = path.Base(path.Dir(p))
		if base == "." || base == "/" {
			return "Home"
		}
	}
	name := wordBreaks.Replace(base)
	name = strings.Join(strings.Fields(name), " ")
	if name == "" {
		return p
	}
	r := []rune(name)
	return strings.ToUpper(string(r[0])) + string(r[1:])
}
