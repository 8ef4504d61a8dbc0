// Command mdpages prints the Markdown agents read of every page file of each site given (its
// .md route, llms-full.txt and the MCP filesystem all serve it), one JSON object a line:
// {"site", "file", "url", "markdown"}. A page file listed several times is printed once; the
// pages an OpenAPI spec generates, which have no file, and listed pages whose file is missing
// are not printed. It reads no network:
// a spec given by URL is not fetched. scripts/mddiff compares its output with Mintlify's
// Markdown export.
//
//	go run ./sitedocs/mdpages SITE_DIR...
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/lectern-dev/lectern/assistant/sitedocs"
)

// page is one printed line.
type page struct {
	Site     string `json:"site"`
	File     string `json:"file"`
	URL      string `json:"url"`
	Markdown string `json:"markdown"`
}

func main() {
	if err := run(context.Background(), os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "mdpages:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, sites []string) error {
	if len(sites) == 0 {
		return errors.New("usage: mdpages SITE_DIR (one or more)")
	}
	w := bufio.NewWriter(os.Stdout)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	for _, dir := range sites {
		pages, err := sitePages(ctx, dir)
		if err != nil {
			return fmt.Errorf("%s: %w", dir, err)
		}
		for _, p := range pages {
			if err := enc.Encode(p); err != nil {
				return err
			}
		}
	}
	return w.Flush()
}

// sitePages loads the site in dir and returns each page file's Markdown once.
func sitePages(ctx context.Context, dir string) ([]page, error) {
	docs, err := sitedocs.Load(ctx, dir)
	if err != nil {
		return nil, err
	}
	cat := docs.Catalog
	seen := map[string]bool{}
	var out []page
	for _, e := range docs.Entries {
		if e.File == "" || seen[e.File] || !(strings.HasSuffix(e.File, ".mdx") || strings.HasSuffix(e.File, ".md")) {
			continue
		}
		p, ok := cat.Page(e.URL, e.Version, e.Language)
		if !ok {
			continue // restricted to user groups, or no page of the catalog (a skill file, an unpublished one)
		}
		if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(e.File))); err != nil {
			continue // a listed page whose file is missing: nothing to compare
		}
		seen[e.File] = true
		out = append(out, page{Site: dir, File: e.File, URL: e.URL, Markdown: cat.Markdown(p)})
	}
	return out, nil
}
