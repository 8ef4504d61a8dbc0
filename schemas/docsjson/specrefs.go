package docsjson

import "strings"

// specKey names a spec field and the kind of file it names: "openapi" and "OpenAPI".
type specKey struct{ key, kind string }

var (
	openapiKey  = specKey{"openapi", "OpenAPI"}
	asyncapiKey = specKey{"asyncapi", "AsyncAPI"}
)

// specRefs decodes an openapi or asyncapi field as Mintlify documents and its validator takes
// it: a spec path or URL, a list of them (each generates its own pages), or an object
// {"source": path, "directory": dir} and nothing else. Where Mintlify's validator drops an
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
			s, ok := item.(string)
			if !ok || strings.TrimSpace(s) == "" {
				report(at(path, i), "each entry of %s must name an %s file (a non-empty string), but this one is %s"+ignored, f.key, f.kind, describeValue(item))
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

// specDirectory is the "directory" of an openapi object ({"source": ..., "directory": dir}),
// trimmed; "" for the other forms, which name no directory.
func specDirectory(v any) string {
	obj, ok := v.(map[string]any)
	if !ok {
		return ""
	}
	dir, _ := obj["directory"].(string)
	return strings.TrimSpace(dir)
}
