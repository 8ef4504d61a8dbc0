package search

import (
	"encoding/hex"
	"errors"
	"fmt"
	"hash/fnv"
	"io/fs"
	"path/filepath"
	"strconv"
)

// DirFingerprint fingerprints the files under dir by (path, size, modification time), skipping
// hidden files and directories (".git") except the site's .mintlify directory (the assistant's
// instructions and skills) and its .mintignore (which pages are published); a walk costs a stat
// per file, no reads.
func DirFingerprint(dir string) Fingerprint {
	return func() (string, error) {
		h := fnv.New128a()
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
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

// siteConfigDir reports whether path is the site's .mintlify directory or .mintignore file,
// which the site reads though they are hidden.
func siteConfigDir(dir, path string, d fs.DirEntry) bool {
	return (d.Name() == ".mintlify" || d.Name() == ".mintignore") && filepath.Dir(path) == filepath.Clean(dir)
}
