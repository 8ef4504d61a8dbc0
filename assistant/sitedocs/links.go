package sitedocs

import (
	"fmt"

	"github.com/lectern-dev/lectern/assistant/search"
)

// maxLinkWarnings bounds how many links outside the docs directory are named one by one.
const maxLinkWarnings = 10

// linkProblems warns of the symbolic links of the site in dir that lead outside it: the site
// reads through them, but its fingerprint (search.DirFingerprint) does not follow them, so an
// edit of what they lead to (a skill in a shared folder) rebuilds nothing until a file inside
// the directory changes. They are not followed because the sites file names dir and nothing
// else: a link may lead to any tree ("/", a parent, a mount) and loop, and the walk runs every
// tick. The warning names the link, not where it leads (problems reach readers in 503
// answers, and the target is a path of the server).
func linkProblems(dir string) []string {
	if dir == "" {
		return nil
	}
	links, err := search.OutsideLinks(dir)
	if err != nil {
		return nil // the fingerprint reports a site it cannot walk
	}
	var out []string
	for i, l := range links {
		if i == maxLinkWarnings {
			out = append(out, fmt.Sprintf("warning: %d more symbolic links lead outside the docs directory and are not watched either", len(links)-i))
			break
		}
		out = append(out, fmt.Sprintf("warning: %s: a symbolic link that leads outside the docs directory; Lectern reads through it "+
			"but does not watch it for changes (it watches only the directory the sites file names: a link may lead anywhere, "+
			"\"/\" or a loop included), so an edit there shows once a file inside the directory changes or Lectern restarts; "+
			"move the files inside the directory to have them watched", l))
	}
	return out
}
