package docsjson

import (
	"fmt"
	"io/fs"
	"strings"
)

// Unpublished returns the test of whether Mintlify's build leaves out the file or folder (dir)
// at p, a slash path from the site root, or a folder above it: a pattern of the site's
// .mintignore or one of Mintlify's default ignores decides, and the test says which. The
// snippet folders are not asked: their files are published (as snippets), and Mintlify's link
// checker reads them. The site's .mintignore is read once, when Unpublished is called.
func Unpublished(fsys fs.FS) func(p string, dir bool) (why string, ignored bool) {
	ig := newIgnorer(fsys)
	return func(p string, dir bool) (string, bool) {
		segs := strings.Split(p, "/")
		for i := 1; i <= len(segs); i++ {
			if r, ok := ig.decide(strings.Join(segs[:i], "/"), dir || i < len(segs), false); ok {
				return fmt.Sprintf("%s pattern %q", r.source, r.line), true
			}
		}
		return "", false
	}
}
