package docsjson

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"unicode/utf8"
)

// Site is a loaded docs.json with the files around it. Paths inside the site (pages,
// OpenAPI specs, "$ref" targets) are relative to the directory that holds docs.json.
type Site struct {
	Dir      string // site directory on disk; "" when loaded with LoadFS
	Root     string // the directory symbolic links may lead into (LoadWithin); "": Dir
	File     string // the docs.json file name, e.g. "docs.json"; or "mint.json"
	Mint     bool   // read from a mint.json, upgraded to docs.json (MarshalUpgrade)
	Config   Config // the decoded model; parts with problems are left out
	fsys     fs.FS
	decoded  collector // type and shape problems found while decoding
	settings collector // problems of the top-level settings Mintlify requires (checkSettings)
	spans    []refSpan
	remote   RemoteSpecs // reads the OpenAPI specs given as URLs (SetRemoteSpecs); nil: none is read
}

// Load reads a site from path, a site directory (holding docs.json) or a docs.json file,
// and expands every "$ref". A directory without docs.json is read from its mint.json, and a
// mint.json file is read, upgraded as Mintlify's build upgrades it (MarshalUpgrade). It
// returns a *LoadError when the JSON is invalid or a "$ref" is broken; any other problem
// (wrong types, missing labels, rule violations) does not stop loading: Load returns the
// *Site and Validate reports them.
func Load(path string) (*Site, error) {
	return LoadWithin(path, "")
}

// LoadWithin is Load whose site reads through symbolic links while they stay inside root, a
// directory that holds the site's (DirFSWithin); "" is the site directory itself, as Load.
func LoadWithin(path, root string) (*Site, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("load site: %w", err)
	}
	dir, name := path, "docs.json"
	if !info.IsDir() {
		dir, name = filepath.Dir(path), filepath.Base(path)
	} else if name, err = configName(dir); err != nil {
		return nil, fmt.Errorf("load site: %w", err)
	}
	fsys, err := DirFSWithin(dir, root)
	if err != nil {
		return nil, fmt.Errorf("load site: %w", err)
	}
	s, err := LoadFS(fsys, name)
	if err != nil {
		return nil, err
	}
	s.Dir, s.Root = dir, root
	return s, nil
}

// DirFS is the site directory dir as a file system that never leaves it: a symbolic link
// inside it is followed while it stays inside (".mintlify/skills -> ../skills"), and one that
// leads out ("page.mdx -> /proc/self/environ", "shared -> ../../shared") reads as an error.
// A docs repository is written by many hands, and what a site reads it publishes: its pages,
// their Markdown, llms-full.txt. The directory's open handle is closed when the file system
// is garbage (os.Root's own cleanup).
func DirFS(dir string) (fs.FS, error) {
	return DirFSWithin(dir, "")
}

// DirFSWithin is DirFS confined to root instead of dir: the names are still dir's (no name
// reaches above dir), but a symbolic link is followed while it stays inside root, which the
// operator chose (a monorepo's "docs/snippets -> ../shared/snippets" with root the
// repository). root must hold dir (ErrRootOutside); "" is dir.
func DirFSWithin(dir, root string) (fs.FS, error) {
	if root == "" {
		r, err := os.OpenRoot(dir)
		if err != nil {
			return nil, err
		}
		return r.FS(), nil
	}
	rel, err := rootHolds(root, dir)
	if err != nil {
		return nil, err
	}
	r, err := os.OpenRoot(root)
	if err != nil {
		return nil, err
	}
	if rel == "." {
		return r.FS(), nil
	}
	return fs.Sub(r.FS(), rel)
}

// ErrRootOutside reports a site directory that its root does not hold.
var ErrRootOutside = errors.New("does not hold the docs directory")

// rootHolds returns the path of dir inside root, both read with their symbolic links
// resolved, or an error wrapping ErrRootOutside when dir is not inside root.
func rootHolds(root, dir string) (string, error) {
	realRoot, err := filepath.EvalSymlinks(root)
	if err != nil {
		return "", err
	}
	realDir, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return "", err
	}
	rel, err := filepath.Rel(realRoot, realDir)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
		return "", fmt.Errorf("root %s %w %s", root, ErrRootOutside, dir)
	}
	return filepath.ToSlash(rel), nil
}

// LoadFS is Load for a file system; name is the docs.json path in fsys, and the
// directory holding it is the site root.
func LoadFS(fsys fs.FS, name string) (*Site, error) {
	fsys, name, root, spans, err := resolveFS(fsys, name)
	if err != nil {
		return nil, err
	}
	s := &Site{File: name, fsys: fsys, spans: spans}
	if root, err = s.upgradeMint(root); err != nil {
		return nil, &LoadError{Problems: []Problem{{Message: err.Error(), File: name}}}
	}
	s.Config = decodeConfig(root, &s.decoded)
	checkSettings(root, &s.settings)
	return s, nil
}

// Resolved reads the JSON document name of fsys (docs.json or mint.json; its directory is the
// site root) with every "$ref" expanded, as LoadFS reads it before decoding, and as Mintlify's
// tools read it (@mintlify/prebuild's resolveFileRefs): a navigation split into files is one
// document. A mint.json is not upgraded. The error is LoadFS's.
func Resolved(fsys fs.FS, name string) (any, error) {
	_, _, root, _, err := resolveFS(fsys, name)
	return root, err
}

// resolveFS reads name from fsys and expands its "$ref"s; it returns the site root's file
// system, the name in it, the document and where each "$ref" was read.
func resolveFS(fsys fs.FS, name string) (fs.FS, string, any, []refSpan, error) {
	if dir := path.Dir(name); dir != "." {
		sub, err := fs.Sub(fsys, dir)
		if err != nil {
			return nil, "", nil, nil, fmt.Errorf("load %s: %w", name, err)
		}
		fsys, name = sub, path.Base(name)
	}
	data, err := fs.ReadFile(fsys, name)
	if err != nil {
		return nil, "", nil, nil, fmt.Errorf("load %s: %w", name, err)
	}
	root, err := parseJSON(data)
	if err != nil {
		return nil, "", nil, nil, &LoadError{Problems: []Problem{{Message: err.Error(), File: name}}}
	}
	r := refResolver{fsys: fsys}
	root = r.resolve(root, "", []string{name})
	if len(r.errs) > 0 {
		return nil, "", nil, nil, &LoadError{Problems: finish(r.errs, nil)}
	}
	return fsys, name, root, r.spans, nil
}

// FS returns the file system rooted at the site directory.
func (s *Site) FS() fs.FS { return s.fsys }

// parseJSON decodes one JSON value; syntax errors carry line and column.
func parseJSON(data []byte) (any, error) {
	var v any
	err := json.Unmarshal(data, &v)
	var syn *json.SyntaxError
	if errors.As(err, &syn) {
		line, col := position(data, syn.Offset)
		return nil, fmt.Errorf("invalid JSON at line %d, column %d: %w", line, col, err)
	}
	if err != nil {
		return nil, fmt.Errorf("invalid JSON: %w", err)
	}
	return v, nil
}

// position converts the byte offset of a syntax error (bytes read so far) to a 1-based line
// and column of the offending byte.
func position(data []byte, offset int64) (int, int) {
	n := int(offset) - 1
	n = max(0, min(n, len(data)))
	line := 1 + bytes.Count(data[:n], []byte{'\n'})
	start := bytes.LastIndexByte(data[:n], '\n') + 1
	return line, utf8.RuneCount(data[start:n]) + 1
}
