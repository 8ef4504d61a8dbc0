package main

import (
	"context"
	"flag"
	"fmt"
	"strings"

	"github.com/lectern-dev/lectern/assistant/specfetch"
	"github.com/lectern-dev/lectern/schemas/docsjson"
)

// The nav commands are offline tools: they fetch the OpenAPI specs docs.json names by URL only
// when asked (--fetch-openapi), and their output says which it was.

func fetchOpenAPIFlag(fs *flag.FlagSet) *bool {
	return fs.Bool("fetch-openapi", false, "fetch the OpenAPI specs docs.json names by URL (each bounded as lectern all bounds it: 10s, 32 MiB, 5 redirects; nothing cached), so their endpoints are checked and their pages listed; without it they are reported as not fetched")
}

// specURL is one OpenAPI spec docs.json names by URL, and what became of it.
type specURL struct {
	URL     string `json:"url"`
	Fetched bool   `json:"fetched"`
	Error   string `json:"error,omitempty"` // why it could not be fetched
}

// urlSpecs is what a nav command did with the specs given by URL.
type urlSpecs struct {
	urls    []string
	graphql int // how many of urls are GraphQL schemas (a tab's graphql), not OpenAPI specs
	fetch   bool
	sess    *specfetch.Session
}

// rootFlag is the --root of the nav commands that load a site: the directory its symbolic
// links may lead into, as the sites file's root: lets a served site's. Polar's docs (the
// docs/ folder of polarsource/polar) list "security", whose file links to the repository's
// ../SECURITY.md: served with the repository as root: the page is there, and nav validate,
// which had no way to be told the root, failed on it.
func rootFlag(fs *flag.FlagSet) *string {
	return fs.String("root", "", "a directory holding the site directory (a monorepo's root): the site's symbolic links are followed while they stay inside it, as a served site's are with root: in the sites file; by default, while they stay inside the site directory")
}

// loadNavSite loads the site at path, its symbolic links followed while they stay inside
// root ("" is the site directory); with fetch, its specs given by URL are fetched and handed
// to it.
func loadNavSite(ctx context.Context, path, root string, fetch bool) (*docsjson.Site, *urlSpecs, error) {
	site, err := docsjson.LoadWithin(path, root)
	if err != nil {
		return nil, nil, err
	}
	u := &urlSpecs{urls: site.SpecURLs(), graphql: len(site.GraphQLURLs()), fetch: fetch}
	if fetch {
		u.sess = specfetch.New(specfetch.DefaultConfig(), "", nil).Session(ctx)
		u.sess.Prefetch(u.urls)
		site.SetRemoteSpecs(u.sess)
	}
	return site, u, nil
}

// list says of each spec given by URL whether it was fetched.
func (u *urlSpecs) list() []specURL {
	out := []specURL{}
	if u == nil {
		return out
	}
	got := map[string]specfetch.Result{}
	if u.sess != nil {
		for _, f := range u.sess.Fetched() {
			got[f.URL] = f.Result
		}
	}
	for _, url := range u.urls {
		s := specURL{URL: url}
		if r, ok := got[url]; ok {
			s.Fetched = r.Copy != nil
			if r.Err != nil {
				s.Error = r.Err.Error()
			}
		} else {
			s.Error = "not fetched (--fetch-openapi fetches it)"
		}
		out = append(out, s)
	}
	return out
}

// note is the part of a command's summary line about the specs given by URL: "" when the
// site names none.
func (u *urlSpecs) note() string {
	if u == nil || len(u.urls) == 0 {
		return ""
	}
	n, its := u.kinds(), "their"
	if len(u.urls) == 1 {
		its = "its"
	}
	if !u.fetch {
		pages := "endpoint pages"
		if u.graphql > 0 {
			pages = "pages" // a schema's are reference pages
		}
		return fmt.Sprintf("; %s given by URL not fetched, so %s %s are missing (--fetch-openapi fetches them)", n, its, pages)
	}
	failed := 0
	for _, s := range u.list() {
		failed += b2i(!s.Fetched)
	}
	if failed > 0 {
		return fmt.Sprintf("; %s given by URL fetched, %d of them failed", n, failed)
	}
	return fmt.Sprintf("; %s given by URL fetched", n)
}

// kinds counts the specs given by URL by kind: "2 OpenAPI specs", "1 OpenAPI spec and 1
// GraphQL schema", "1 GraphQL schema".
func (u *urlSpecs) kinds() string {
	var parts []string
	if n := len(u.urls) - u.graphql; n > 0 {
		parts = append(parts, count(n, "OpenAPI spec"))
	}
	if u.graphql > 0 {
		parts = append(parts, count(u.graphql, "GraphQL schema"))
	}
	return strings.Join(parts, " and ")
}
