package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/lectern-dev/lectern/assistant/linkcheck"
)

const navLinksAbout = `Checks the internal links of a site's pages as Mintlify's link checker (mint broken-links)
does: the Markdown links and images, <a> and <Card> hrefs and <img> and <source> srcs of every
.mdx and .md file the site publishes (.mintignore excluded; code, comments and expressions hold
no links), and the hrefs of docs.json's navigation. A link resolves when it names a file or
folder of the site (".mdx", ".md" or a media extension may be left out; a link that does not
start with "." is read from the site root), an endpoint page its OpenAPI specs generate (those
of the navigation, and every OpenAPI file's under api-reference/, as in Mintlify's checker), or a
redirect's source whose destination exists. Queries, trailing slashes and, unless
--check-anchors, fragments are ignored; a link to an ignored file is broken. External links
are not checked: there is no --check-external, this tool opens no connection to the sites
links name (with --fetch-openapi it fetches the OpenAPI specs docs.json gives by URL, whose
endpoint pages are link targets; without it a link to one is reported as no such page). PATH is
the site directory (holding docs.json). Exit status 0 when no link is broken, 1 when one is.`

// navLinksCommand is `lectern nav links`.
func navLinksCommand() *command {
	return &command{
		name:    "links",
		summary: "find the broken internal links of a site's pages, as mint broken-links does",
		usage:   "lectern nav links [flags] PATH",
		about:   navLinksAbout,
		setup:   navLinks,
	}
}

// stringList is a flag that may be given several times.
type stringList []string

func (l *stringList) String() string { return strings.Join(*l, ",") }
func (l *stringList) Set(v string) error {
	if v == "" {
		return errors.New("empty path")
	}
	*l = append(*l, v)
	return nil
}

var siteDir = argSpec{min: 1, max: 1, name: "PATH (a site directory)"}

func navLinks(fs *flag.FlagSet) action {
	var opts linkcheck.Options
	var files stringList
	fs.Var(&files, "files", "check only the links of this file or glob (\"guides/**/*.mdx\"), from the site directory or the working directory; repeatable")
	fs.BoolVar(&opts.CheckAnchors, "check-anchors", false, "also check each link's #fragment against the target page's heading and element ids")
	fs.BoolVar(&opts.CheckRedirects, "check-redirects", false, "also check that each docs.json redirect's destination resolves to a page")
	fs.BoolVar(&opts.CheckSnippets, "check-snippets", false, "also check the files pages import (snippets)")
	asJSON := fs.Bool("json", false, "print the report as JSON on stdout")
	fetch := fetchOpenAPIFlag(fs)
	return action{args: siteDir, run: func(ctx context.Context, c *call) error {
		dir := c.args[0]
		if st, err := os.Stat(dir); err != nil || !st.IsDir() {
			fmt.Fprintf(c.stderr, "%s: not a site directory\n", dir)
			return exitError(1)
		}
		opts.Files = siteRelative(dir, files)
		var specs *urlSpecs
		if _, u, err := loadNavSite(ctx, dir, "", *fetch); err == nil {
			specs = u
			if u.sess != nil {
				opts.Remote = u.sess
			}
		}
		rep, err := linkcheck.Check(os.DirFS(dir), opts)
		if err != nil {
			fmt.Fprintf(c.stderr, "%s: %v\n", dir, err)
			return exitError(1)
		}
		if *asJSON {
			err = writeJSON(c.stdout, rep)
		} else {
			err = writeLinks(c.stdout, dir, rep, specs.note())
		}
		if err != nil {
			return err
		}
		if len(rep.Broken) > 0 {
			return exitError(1)
		}
		return nil
	}}
}

// siteRelative makes each --files path one from the site directory: an absolute path, or one
// that starts with PATH as given (docs/guides/*.mdx for PATH docs), is made relative to it;
// others are read from the site directory already.
func siteRelative(dir string, files []string) []string {
	absDir, err := filepath.Abs(dir)
	if err != nil {
		return files
	}
	prefix := filepath.Clean(dir) + string(filepath.Separator)
	out := make([]string, 0, len(files))
	for _, f := range files {
		if filepath.IsAbs(f) || strings.HasPrefix(filepath.Clean(f), prefix) {
			if abs, err := filepath.Abs(f); err == nil {
				if rel, err := filepath.Rel(absDir, abs); err == nil {
					f = rel
				}
			}
		}
		out = append(out, filepath.ToSlash(f))
	}
	return out
}

// writeLinks prints the broken links grouped by file.
func writeLinks(w io.Writer, dir string, rep linkcheck.Report, specs string) error {
	files := map[string]bool{}
	for _, b := range rep.Broken {
		files[b.File] = true
	}
	if _, err := fmt.Fprintf(w, "%s: %s in %s (%s, %s checked)%s\n", dir, count(len(rep.Broken), "broken link"),
		count(len(files), "file"), count(rep.Files, "file"), count(rep.Links, "link"), specs); err != nil {
		return fmt.Errorf("write report: %w", err)
	}
	for i, b := range rep.Broken {
		if i == 0 || b.File != rep.Broken[i-1].File {
			fmt.Fprintf(w, "\n%s\n", b.File)
		}
		why := b.Reason
		if b.Detail != "" {
			why += " (" + b.Detail + ")"
		}
		if _, err := fmt.Fprintf(w, "  %d: %s: %s\n", b.Line, b.Link, why); err != nil {
			return fmt.Errorf("write report: %w", err)
		}
	}
	for _, n := range rep.Notes {
		fmt.Fprintf(w, "note: %s\n", n)
	}
	return nil
}
