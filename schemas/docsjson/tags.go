package docsjson

import (
	"regexp"

	"github.com/getkin/kin-openapi/openapi3"
)

// TagGroup is one level of the navigation group the generated page of an operation is listed
// in: a tag's name (the URL's path segment at the last level; in OpenAPI 3.2 also the group's
// key beside its label) and its label.
type TagGroup struct {
	Name  string
	Label string // the tag's x-group, else (OpenAPI 3.2) its summary, else its name
}

// defaultAPIGroup is the label of the group of the generated pages of operations without a
// tag (@mintlify/common, openapi/findNavGroup.js: DEFAULT_API_GROUP_NAME).
const defaultAPIGroup = "API Reference"

// tagResolver finds the group path of an operation from its tags, as Mintlify's build does
// (@mintlify/common, openapi/tagHierarchy.js: createOpenApiTagResolver). Up to OpenAPI 3.1 it
// is the first tag alone, labelled by the x-group of the first tag object of that name (its
// name without one); an operation whose first tag is empty or that has none has no path, and
// its page goes to the "API Reference" group. An OpenAPI 3.2 document nests tags: the
// operation's first tag of kind "nav", else its first declared without a kind, else its first
// undeclared one, below its parents (those of kind "nav" or none), each labelled by its
// x-group, else its summary, else its name.
type tagResolver struct {
	nested bool
	first  map[string]*openapi3.Tag // the first tag object of each name
	last   map[string]*openapi3.Tag // the last, as a JavaScript Map built from the list keeps it
}

// openAPI32 matches the version of an OpenAPI 3.2 document, as @mintlify/common's
// isOpenApi32Version does.
var openAPI32 = regexp.MustCompile(`^3\.2(\.|$)`)

func newTagResolver(doc *openapi3.T) *tagResolver {
	r := &tagResolver{nested: openAPI32.MatchString(doc.OpenAPI), first: map[string]*openapi3.Tag{}, last: map[string]*openapi3.Tag{}}
	for _, t := range doc.Tags {
		if t == nil {
			continue
		}
		if _, ok := r.first[t.Name]; !ok {
			r.first[t.Name] = t
		}
		r.last[t.Name] = t
	}
	return r
}

// path is the group path of an operation with tags.
func (r *tagResolver) path(tags []string) []TagGroup {
	if !r.nested {
		if len(tags) == 0 || tags[0] == "" {
			return nil
		}
		label := tags[0]
		if g, ok := tagString(r.first[tags[0]], "x-group"); ok {
			label = g
		}
		return []TagGroup{{Name: tags[0], Label: label}}
	}
	name, ok := r.navTag(tags)
	if !ok {
		return nil
	}
	return r.nestedPath(name)
}

// navTag is the tag of an OpenAPI 3.2 operation that places its page: its first of kind
// "nav", else its first declared without a kind, else its first undeclared.
func (r *tagResolver) navTag(tags []string) (string, bool) {
	for _, want := range []string{"nav", "none", "undeclared"} {
		for _, name := range tags {
			if r.kindOf(name) == want {
				return name, true
			}
		}
	}
	return "", false
}

// kindOf is a tag's kind: "none" when declared without one, "undeclared" when not declared.
func (r *tagResolver) kindOf(name string) string {
	t, ok := r.last[name]
	if !ok {
		return "undeclared"
	}
	return tagKind(t)
}

// tagKind is a tag object's kind, "none" when it has none (nil: an undeclared tag) and "?"
// when it is not a string.
func tagKind(t *openapi3.Tag) string {
	if t == nil {
		return "none"
	}
	v, ok := t.Extensions["kind"]
	if !ok || v == nil {
		return "none"
	}
	if s, ok := v.(string); ok {
		return s
	}
	return "?"
}

// nestedPath is the path from the outermost parent of name down to name; a parent of
// another kind than "nav" (or none) is skipped, and a cycle ends the walk.
func (r *tagResolver) nestedPath(name string) []TagGroup {
	var path []TagGroup
	seen := map[string]bool{}
	for current, ok := name, true; ok && !seen[current]; {
		seen[current] = true
		t := r.last[current]
		if kind := tagKind(t); kind == "none" || kind == "nav" || current == name {
			path = append(path, TagGroup{Name: current, Label: nestedLabel(t, current)})
		}
		parent, has := tagString(t, "parent")
		_, declared := r.last[parent]
		current, ok = parent, has && declared
	}
	for i, j := 0, len(path)-1; i < j; i, j = i+1, j-1 {
		path[i], path[j] = path[j], path[i]
	}
	return path
}

// nestedLabel is an OpenAPI 3.2 tag's label: its x-group, else its summary, else its name.
func nestedLabel(t *openapi3.Tag, name string) string {
	if g, ok := tagString(t, "x-group"); ok {
		return g
	}
	if s, _ := tagString(t, "summary"); s != "" {
		return s
	}
	return name
}

// badge is the label of an OpenAPI 3.2 operation's first tag of kind "badge" (its summary,
// else its name), which Mintlify shows as its page's tag; "" when it has none.
func (r *tagResolver) badge(tags []string) string {
	if !r.nested {
		return ""
	}
	for _, name := range tags {
		if t, ok := r.last[name]; ok && r.kindOf(name) == "badge" {
			if s, _ := tagString(t, "summary"); s != "" {
				return s
			}
			return name
		}
	}
	return ""
}

// tagString is a string field of a tag object that kin-openapi keeps among its extensions
// (x-group, and OpenAPI 3.2's summary, parent and kind); false when t is nil or the field is
// not a string.
func tagString(t *openapi3.Tag, key string) (string, bool) {
	if t == nil {
		return "", false
	}
	s, ok := t.Extensions[key].(string)
	return s, ok
}
