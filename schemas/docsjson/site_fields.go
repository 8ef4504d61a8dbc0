package docsjson

import "fmt"

// The site-level fields below are not navigation: a wrong type is a warning and the field is
// left out, so a site's navigation is accepted or refused exactly as before they were read.

// text decodes an optional string field.
func (d *decoder) text(v any, path string) string {
	if v == nil {
		return ""
	}
	s, ok := v.(string)
	if !ok {
		d.c.warnf(path, "%s must be a string, but it is %s; it is ignored", path, describe(v))
	}
	return s
}

// name decodes the site's name. Unlike the other site-level fields it warns of nothing here:
// Mintlify requires a string name, and checkSettings reports a missing or wrong one as an
// error of Validate (the site is still served, with no name).
func name(v any) string {
	s, _ := v.(string)
	return s
}

// markdown decodes the "markdown" object: instructions (a string or a list of strings) and
// schema (a boolean).
func (d *decoder) markdown(v any) Markdown {
	var m Markdown
	if v == nil {
		return m
	}
	obj, ok := v.(map[string]any)
	if !ok {
		d.c.warnf("markdown", "markdown must be an object, but it is %s; it is ignored", describe(v))
		return m
	}
	switch in := obj["instructions"].(type) {
	case nil:
	case string:
		m.Instructions = []string{in}
	case []any:
		for i, item := range in {
			s, ok := item.(string)
			if !ok {
				d.c.warnf(fmt.Sprintf("markdown.instructions[%d]", i), "instructions must be strings, but this one is %s; it is ignored", describe(item))
				continue
			}
			m.Instructions = append(m.Instructions, s)
		}
	default:
		d.c.warnf("markdown.instructions", "instructions must be a string or a list of strings, but it is %s; it is ignored", describe(in))
	}
	if s, ok := obj["schema"]; ok {
		if b, isBool := s.(bool); isBool {
			m.Schema = &b
		} else {
			d.c.warnf("markdown.schema", "schema must be true or false, but it is %s; it is ignored", describe(s))
		}
	}
	return m
}

// search decodes the "search" object: prompt, the placeholder of an empty search box, a string
// (Mintlify's schema).
func (d *decoder) search(v any) Search {
	if v == nil {
		return Search{}
	}
	obj, ok := v.(map[string]any)
	if !ok {
		d.c.warnf("search", "search must be an object such as {\"prompt\": \"Search the docs...\"}, but it is %s; it is ignored", describe(v))
		return Search{}
	}
	return Search{Prompt: d.text(obj["prompt"], "search.prompt")}
}
