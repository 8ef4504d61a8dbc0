package search

import (
	"cmp"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/fnv"
	"io/fs"
	"os"
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
	return DirFingerprintWithin(dir, "")
}

// DirFingerprintWithin is DirFingerprint for a site that reads through symbolic links while
// they stay inside root (docsjson.DirFSWithin; "" is dir): a link that leads outside dir but
// inside root is followed, and what it leads to counts (each directory once), so that an edit
// of a monorepo's shared snippets re-indexes the site that links them.
func DirFingerprintWithin(dir, root string) Fingerprint {
	return func() (string, error) {
		h := fnv.New128a()
		err := walkSite(dir, root, func(path string, d fs.DirEntry) error {
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
	return OutsideLinksWithin(dir, "")
}

// OutsideLinksWithin is OutsideLinks for a site confined to root instead of dir ("" is dir):
// the links DirFingerprintWithin walks (those under the folders it follows included, named
// through the link) whose target is outside root.
func OutsideLinksWithin(dir, root string) ([]string, error) {
	realRoot, err := filepath.EvalSymlinks(cmp.Or(root, dir))
	if err != nil {
		return nil, fmt.Errorf("outside links of %s: %w", dir, err)
	}
	var out []string
	err = walkSite(dir, root, func(path string, d fs.DirEntry) error {
		if d.Type()&fs.ModeSymlink == 0 {
			return nil
		}
		target, err := filepath.EvalSymlinks(path)
		if err != nil {
			return nil // leads nowhere (or away during the walk): nothing to watch
		}
		if !inside(realRoot, target) {
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

// inside reports whether path is dir or under it (both without symbolic links).
func inside(dir, path string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// walkSite calls visit for each file under dir the site reads, as DirFingerprint walks them:
// hidden files and directories are skipped except the site's own (siteConfigDir); directories
// are entered, not visited; links are visited, not followed, except (root not "") a link
// whose target is outside dir and inside root, whose files are visited too, named through the
// link, each directory so reached once.
func walkSite(dir, root string, visit func(path string, d fs.DirEntry) error) error {
	w := siteWalk{dir: dir, visit: visit, seen: map[string]bool{}}
	if root != "" {
		var err error
		if w.realDir, err = filepath.EvalSymlinks(dir); err != nil {
			return err
		}
		if w.realRoot, err = filepath.EvalSymlinks(root); err != nil {
			return err
		}
	}
	return w.walk(dir)
}

type siteWalk struct {
	dir, realDir, realRoot string // realRoot "": links are not followed
	visit                  func(path string, d fs.DirEntry) error
	seen                   map[string]bool // the directories outside dir walked through a link
}

func (w *siteWalk) walk(top string) error {
	return filepath.WalkDir(top, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if path != top && d.Name()[0] == '.' && !siteConfigDir(w.dir, path, d) {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			return nil
		}
		if err := w.visit(path, d); err != nil {
			return err
		}
		if d.Type()&fs.ModeSymlink != 0 && w.realRoot != "" {
			return w.follow(path)
		}
		return nil
	})
}

// follow walks what the link at path leads to when it is outside dir, inside root, and not
// walked yet: a file is visited (its own stat), a directory walked.
func (w *siteWalk) follow(path string) error {
	target, err := filepath.EvalSymlinks(path)
	if err != nil || inside(w.realDir, target) || !inside(w.realRoot, target) || w.seen[target] {
		return nil // leads nowhere, or where the walk goes anyway, or where it must not
	}
	w.seen[target] = true
	info, err := os.Stat(path)
	if err != nil {
		return nil // gone during the walk: the next walk sees it
	}
	if !info.IsDir() {
		return w.visit(path, fs.FileInfoToDirEntry(info))
	}
	return w.walk(path + string(filepath.Separator))
}

// siteConfigDir reports whether path is the site's .mintlify directory or .mintignore file,
// which the site reads though they are hidden.
func siteConfigDir(dir, path string, d fs.DirEntry) bool {
	return (d.Name() == ".mintlify" || d.Name() == ".mintignore") && filepath.Dir(path) == filepath.Clean(dir)
}
