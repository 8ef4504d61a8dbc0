package docsjson

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"
)

// maxRefs bounds how many "$ref" objects one load expands, so that files referring to one
// another many times cannot blow up.
const maxRefs = 1000

// refResolver replaces every {"$ref": "file.json"} object with the content of that file.
// A "$ref" path is relative to the file that holds it; a leading "/" means the site root.
// Keys beside "$ref" are merged over the referenced object.
type refResolver struct {
	fsys  fs.FS
	spans []refSpan
	errs  []Problem
	count int
}

// resolve expands the refs in v, which sits at JSON path jpath and was read through chain
// (docs.json first, the file holding v last).
func (r *refResolver) resolve(v any, jpath string, chain []string) any {
	switch t := v.(type) {
	case map[string]any:
		if ref, ok := t["$ref"]; ok {
			return r.expand(t, ref, jpath, chain)
		}
		for _, k := range sortedKeys(t) {
			t[k] = r.resolve(t[k], field(jpath, k), chain)
		}
	case []any:
		for i := range t {
			t[i] = r.resolve(t[i], at(jpath, i), chain)
		}
	}
	return v
}

// expand reads the file named by ref and returns its resolved content, or nil on error.
func (r *refResolver) expand(obj map[string]any, ref any, jpath string, chain []string) any {
	refPath := field(jpath, "$ref")
	holder := chain[len(chain)-1]
	name, ok := ref.(string)
	if !ok || strings.TrimSpace(name) == "" {
		r.fail(refPath, holder, "$ref must be a file path (a non-empty string), but it is %s", describe(ref))
		return nil
	}
	target, err := refTarget(holder, name)
	if err != nil {
		r.fail(refPath, holder, "$ref %q %v (%s)", name, err, showChain(chain, name))
		return nil
	}
	if slices.Contains(chain, target) {
		r.fail(refPath, holder, "$ref %q makes a cycle: %s", name, showChain(chain, target))
		return nil
	}
	if r.count++; r.count > maxRefs {
		r.fail(refPath, holder, "$ref %q is one too many: a site may expand at most %d $ref objects", name, maxRefs)
		return nil
	}
	val, err := r.read(target)
	if err != nil {
		r.fail(refPath, holder, "$ref %q %v (%s)", name, err, showChain(chain, target))
		return nil
	}
	r.spans = append(r.spans, refSpan{path: jpath, file: target})
	val = r.resolve(val, jpath, append(slices.Clip(chain), target))
	return r.mergeSiblings(obj, val, jpath, chain, name)
}

// read loads and parses one referenced file.
func (r *refResolver) read(target string) (any, error) {
	data, err := fs.ReadFile(r.fsys, target)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, errors.New("names a file that does not exist")
	}
	if err != nil {
		return nil, fmt.Errorf("cannot be read: %w", err)
	}
	v, err := parseJSON(data)
	if err != nil {
		return nil, fmt.Errorf("names a file with %w", err)
	}
	return v, nil
}

// mergeSiblings lays the keys beside "$ref" over the referenced object.
func (r *refResolver) mergeSiblings(obj map[string]any, val any, jpath string, chain []string, name string) any {
	if len(obj) == 1 {
		return val
	}
	m, ok := val.(map[string]any)
	if !ok {
		r.fail(field(jpath, "$ref"), chain[len(chain)-1],
			"$ref %q has keys beside it, so it must name a file holding an object, but the file holds %s", name, describe(val))
		return nil
	}
	for _, k := range sortedKeys(obj) {
		if k != "$ref" {
			m[k] = r.resolve(obj[k], field(jpath, k), chain)
		}
	}
	return m
}

func (r *refResolver) fail(jpath, file, format string, args ...any) {
	r.errs = append(r.errs, Problem{Path: jpath, Message: fmt.Sprintf(format, args...), File: file})
}

// refTarget resolves ref against the file holding it to a path from the site root.
func refTarget(holder, ref string) (string, error) {
	if strings.Contains(ref, "#") {
		return "", errors.New("has a #fragment; $ref names a whole JSON file")
	}
	var p string
	if strings.HasPrefix(ref, "/") {
		p = path.Clean(strings.TrimLeft(ref, "/"))
	} else {
		p = path.Join(path.Dir(holder), ref)
	}
	if p == ".." || strings.HasPrefix(p, "../") || !fs.ValidPath(p) || p == "." {
		return "", errors.New("points outside the site; $ref paths must stay inside the site directory")
	}
	return p, nil
}

// showChain formats the files that led to a ref: "docs.json → nav/tabs.json → nav/api.json".
func showChain(chain []string, last string) string {
	return strings.Join(append(slices.Clip(chain), last), " → ")
}
