package sites

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// checkRoot checks a site's root: a directory that exists and holds the site's docs
// directory, both read with their symbolic links resolved (a root that holds the docs only
// through a link would let the docs' links lead anywhere the link does).
func checkRoot(i int, s *Site) error {
	if s.Root == "" {
		return nil
	}
	field := fmt.Sprintf("sites[%d].root %q (site %q)", i, s.Root, s.Domain)
	info, err := os.Stat(s.Root)
	if err != nil {
		return fmt.Errorf("%s: want an existing directory that holds the docs directory: %w", field, err)
	}
	if !info.IsDir() {
		return fmt.Errorf("%s: want a directory that holds the docs directory, not a file", field)
	}
	root, err := filepath.EvalSymlinks(s.Root)
	if err != nil {
		return fmt.Errorf("%s: %w", field, err)
	}
	docs, err := filepath.EvalSymlinks(s.Docs)
	if err != nil {
		return fmt.Errorf("%s: the docs directory %q cannot be read to check that root holds it: %w", field, s.Docs, err)
	}
	if rel, err := filepath.Rel(root, docs); err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return fmt.Errorf("%s: does not hold the docs directory %q; want root to be the docs directory or one above it (a monorepo's root)", field, s.Docs)
	}
	return nil
}
