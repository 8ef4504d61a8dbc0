package docsjson

import "strings"

// specKey names a spec field, the kind of file it names ("openapi" and "OpenAPI") and what
// the entries of a list of them may be.
type specKey struct{ key, kind, entries string }

var (
	openapiKey  = specKey{"openapi", "OpenAPI", `a non-empty string, or an object with "source"`}
	asyncapiKey = specKey{"asyncapi", "AsyncAPI", "a non-empty string"}
)

// specRefs decodes an openapi or asyncapi field as Mintlify documents and its validator takes
// it: a spec path or URL, a list of them (each generates its own pages), or an object
// {"source": path, "directory": dir} and nothing else, alone or in the list. Where Mintlify's validator drops an
// invalid value (on a group: lenient) its problems are warnings; elsewhere (other elements,
// api.openapi) they are errors. A value with a problem yields no spec.
func (d *decoder) specRefs(f specKey, lenient bool, v any, path string) []string {
	report, ignored := d.c.errorf, ""
	if lenient {
		report, ignored = d.c.warnf, "; it is ignored"+accepted
	}
	switch t := v.(type) {
	case string:
		if s := strings.TrimSpace(t); s != "" {
			return []string{s}
		}
		report(path, "%s must name an %s file such as \"%s.yaml\"; it is empty"+ignored, f.key, f.kind, f.key)
	case []any:
		out := make([]string, 0, len(t))
		for i, item := range t {
			if obj, ok := item.(map[string]any); ok && f == openapiKey { // Mintlify's validator takes {"source": ...} entries in an openapi list
				refs := d.specObject(f, obj, at(path, i), report, ignored)
				if refs == nil {
					return nil
				}
				out = append(out, refs...)
				continue
			}
			s, ok := item.(string)
			if !ok || strings.TrimSpace(s) == "" {
				report(at(path, i), "each entry of %s must name an %s file (%s), but this one is %s"+ignored, f.key, f.kind, f.entries, describeValue(item))
				return nil
			}
			out = append(out, strings.TrimSpace(s))
		}
		return out
	case map[string]any:
		return d.specObject(f, t, path, report, ignored)
	default:
		report(path, "%s must name an %s file (a string), a list of them or an object with \"source\", but it is %s"+ignored, f.key, f.kind, describe(v))
	}
	return nil
}

// specObject decodes {"source": path, "directory": dir}; no other key is allowed.
func (d *decoder) specObject(f specKey, obj map[string]any, path string, report func(string, string, ...any), ignored string) []string {
	for _, k := range sortedKeys(obj) {
		if k != "source" && k != "directory" {
			report(field(path, k), "%s as an object holds only \"source\" and \"directory\", not %q"+ignored, f.key, k)
			return nil
		}
	}
	if dir, ok := obj["directory"]; ok && !isString(dir) {
		report(field(path, "directory"), "directory must be a folder name (a string), but it is %s"+ignored, describe(dir))
		return nil
	}
	src, ok := obj["source"].(string)
	if !ok || strings.TrimSpace(src) == "" {
		report(path, "%s as an object must have \"source\", the path or URL of an %s file"+ignored, f.key, f.kind)
		return nil
	}
	return []string{strings.TrimSpace(src)}
}

// specDirectories are the "directory" of each spec of an openapi field that specRefs took, in
// order: an object's ({"source": ..., "directory": dir}, alone or in a list), "" for a spec
// named by a string.
func specDirectories(v any, n int) []string {
	items, ok := v.([]any)
	if !ok {
		items = []any{v}
	}
	dirs := make([]string, n)
	for i := 0; i < n && i < len(items); i++ {
		if obj, ok := items[i].(map[string]any); ok {
			dir, _ := obj["directory"].(string)
			dirs[i] = strings.TrimSpace(dir)
		}
	}
	return dirs
}
