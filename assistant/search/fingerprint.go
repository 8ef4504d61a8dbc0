package search

import (
	"encoding/hex"
	"errors"
	"fmt"
	"hash/fnv"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
)

// DirFingerprint fingerprints the files under dir by (path, size, modification time), skipping
// hidden files and directories (".git") except the site's .mintlify directory (the assistant's
// instructions and skills) and its .mintignore (which pages are published); a walk costs a stat
// per file, no reads. Symbolic links are not followed: a link's own stat counts, and what it
// leads to counts when it is inside dir (walked there); OutsideLinks lists the others.
func DirFingerprint(dir string) Fingerprint {
	return func() (string, error) {
		h := fnv.New128a()
		err := walkSite(dir, func(path string, d fs.DirEntry) error {
			info, err := d.Info()
			if errors.Is(err, fs.ErrNotExist) {
				return nil // removed during the walk: the next walk sees it gone
			}
			if err != nil {
				return err
			}
			fmt.Fprint(h, path, "\x00", strconv.FormatInt(info.Size(), 10), "\x00", info.ModTime().UnixNano(), "\n")
			return nil
		})
		if err != nil {
			return "", fmt.Errorf("fingerprint %s: %w", dir, err)
		}
		return hex.EncodeToString(h.Sum(nil)), nil
	}
}

// OutsideLinks lists the symbolic links among the files DirFingerprint walks whose target is
// outside dir (a link that leads nowhere is not listed), by their paths relative to dir, in
// walk order. DirFingerprint does not follow them, so an edit of what they lead to changes no
// fingerprint: the operator named dir, and a link may lead anywhere (a parent, "/", a mount),
// loop included, each stat of a walk every tick. The site does not read through them either
// (docsjson.DirFS), which is why they are worth a warning.
func OutsideLinks(dir string) ([]string, error) {
	root, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return nil, fmt.Errorf("outside links of %s: %w", dir, err)
	}
	var out []string
	err = walkSite(dir, func(path string, d fs.DirEntry) error {
		if d.Type()&fs.ModeSymlink == 0 {
			return nil
		}
		target, err := filepath.EvalSymlinks(path)
		if err != nil {
			return nil // leads nowhere (or away during the walk): nothing to watch
		}
		if rel, err := filepath.Rel(root, target); err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			name, _ := filepath.Rel(dir, path)
			out = append(out, filepath.ToSlash(name))
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("outside links of %s: %w", dir, err)
	}
	return out, nil
}

// walkSite calls visit for each file under dir the site reads, as DirFingerprint walks them:
// hidden files and directories are skipped except the site's own (siteConfigDir); directories
// are entered, not visited; links are visited, not followed.
func walkSite(dir string, visit func(path string, d fs.DirEntry) error) error {
	return filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if path != dir && d.Name()[0] == '.' && !siteConfigDir(dir, path, d) {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			return nil
		}
		return visit(path, d)
	})
}

// siteConfigDir reports whether path is the site's .mintlify directory or .mintignore file,
// which the site reads though they are hidden.
func siteConfigDir(dir, path string, d fs.DirEntry) bool {
	return (d.Name() == ".mintlify" || d.Name() == ".mintignore") && filepath.Dir(path) == filepath.Clean(dir)
}
