package markdown

import (
	"strings"
)

// inlineComponents renders the tags of snippet components that sit inside a line of text, in
// place, when what they render is one line of text: Meilisearch's configuration reference
// (meilisearch/documentation@52a04d8) marks 24 options `### Search queue size <NoticeTag
// type="experimental" label="experimental" />`, an exported component that renders its label,
// which Mintlify shows beside the heading. A tag alone on its line is a block (the parser's);
// a component that renders blocks, or nothing, stays a tag here, which the inline rewrite drops.
func (r *renderer) inlineComponents(lines []string) []string {
	if !r.compDone {
		if names := r.componentNames(); len(names) > 0 {
			r.compTags = snippetTags(names)
		}
		r.compDone = true
	}
	tags := r.compTags
	if tags == nil {
		return lines
	}
	var out []string
	for i, l := range lines {
		if !strings.Contains(l, "<") || !tags.MatchString(l) {
			continue
		}
		if out == nil {
			out = append([]string(nil), lines...)
		}
		out[i] = replaceOutsideCode(l, tags, r.inlineComponent)
	}
	if out == nil {
		return lines
	}
	return out
}

// componentNames are the names this text uses for snippets: imported files and exported
// components.
func (r *renderer) componentNames() []string {
	var names []string
	for name := range r.imports {
		names = append(names, name)
	}
	for name, ref := range r.named {
		if _, imported := r.imports[name]; imported {
			continue
		}
		if e, ok := r.files.export(ref); ok && e.isComp {
			names = append(names, name)
		}
	}
	return names
}

// inlineComponent renders one component tag as the line of text it renders to, or returns the
// tag as written.
func (r *renderer) inlineComponent(tagText string) string {
	t, _, ok := parseTag(tagText)
	if !ok {
		return tagText
	}
	var blocks []string
	if ref, named := r.named[t.name]; named {
		if e, found := r.files.export(ref); found && e.isComp {
			blocks = r.componentBlocks(e, t, nil)
		}
	} else if file, imported := r.imports[t.name]; imported {
		blocks = r.snippetBlocks(file, t)
	}
	text := join(blocks)
	if text == "" || strings.Contains(text, "\n") || !startsParagraph(text) {
		return tagText
	}
	return text
}
