package sitedocs

import (
	"fmt"

	"github.com/lectern-dev/lectern/assistant/search"
)

// maxLinkWarnings bounds how many links outside the docs directory are named one by one.
const maxLinkWarnings = 10

// linkProblems warns of the symbolic links of the site in dir that lead outside it, or outside
// its root when the sites file gives one: the site does not read through them
// (docsjson.DirFSWithin), so what they lead to is not part of the site.
// A docs repository is written by many hands, and what a site reads it publishes (its pages,
// their Markdown, llms-full.txt): a link to the server's own files ("/proc/self/environ", a
// config with secrets) must not publish them. The warning says so, so that a monorepo's
// shared folder linked from outside is not silently missing, and names the link, not where
// it leads (problems reach readers in 503 answers, and the target is a path of the server).
func linkProblems(dir, root string) []string {
	if dir == "" {
		return nil
	}
	links, err := search.OutsideLinksWithin(dir, root)
	if err != nil {
		return nil // the fingerprint reports a site it cannot walk
	}
	var out []string
	for i, l := range links {
		if i == maxLinkWarnings {
			out = append(out, fmt.Sprintf("warning: %d more symbolic links lead outside the %s and are not followed either", len(links)-i, confinement(root)))
			break
		}
		out = append(out, fmt.Sprintf("warning: %s: a symbolic link that leads outside the %s; Lectern does not follow it "+
			"(a site publishes what it reads, and a link may lead to any file of the server), so what it leads to is not part of the site; "+
			"move or copy those files inside the directory, bind-mount the folder there, or give the site a root: in the sites file that holds them", l, confinement(root)))
	}
	return out
}

// confinement names where a site's links may lead: its docs directory, or the root the sites
// file gives it.
func confinement(root string) string {
	if root == "" {
		return "docs directory"
	}
	return "site's root (root: in the sites file)"
}
