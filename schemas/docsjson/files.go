package docsjson

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"path"
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
	OpenAPI      string // "GET /users" or "spec.yaml GET /users": an endpoint page written in MDX
	Hidden       bool
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
	scalar := func(k string) string {
		n, ok := raw[k]
		if !ok || n.Kind != yaml.ScalarNode || n.Tag == "!!null" {
			return ""
		}
		return strings.TrimSpace(n.Value)
	}
	return Frontmatter{
		Title: scalar("title"), SidebarTitle: scalar("sidebarTitle"), Description: scalar("description"),
		OpenAPI: scalar("openapi"), Hidden: scalar("hidden") == "true",
	}, nil
}

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
