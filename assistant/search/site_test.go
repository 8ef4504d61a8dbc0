package search_test

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/search"
)

// loadSite reads the test site: testdata/site/nav.txt lists "breadcrumbs|URL" and each page is
// testdata/site<URL>.mdx. Titles and descriptions come from the frontmatter.
func loadSite(tb testing.TB) []search.Page {
	tb.Helper()
	f, err := os.Open("testdata/site/nav.txt")
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var pages []search.Page
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		crumbs, url, _ := strings.Cut(line, "|")
		body, err := os.ReadFile(filepath.Join("testdata/site", url+".mdx"))
		if err != nil {
			tb.Fatal(err)
		}
		bc := strings.Split(crumbs, " > ")
		pages = append(pages, search.Page{URL: url, Breadcrumbs: bc, Groups: bc, Body: string(body)})
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return pages
}
