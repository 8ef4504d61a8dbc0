package docsjson

import "fmt"

// genGroup is a navigation group of generated endpoint pages while a spec's pages are laid
// out: the tag group its operations' pages go in, as @mintlify/common's findNavGroup finds or
// makes it.
type genGroup struct {
	label string
	key   string // the tag's name; "" with keyed false for the "API Reference" group
	keyed bool
	items []genItem       // pages and groups, in the order they were added
	used  map[string]bool // the URLs of its pages that the navigation shows
}

// genItem is a generated page (its operation and URL) or a group.
type genItem struct {
	group *genGroup
	op    Operation
	url   string
}

// find returns the group of g's items with label and, when keyed, key, adding it after them
// when there is none, as findNavGroup does: a lookup without a key matches any group of that
// label. Up to OpenAPI 3.1 no lookup has a key (createOpenApiTagResolver gives the tag's name
// and label only), so tags of one label (several that share an x-group, or one whose label is
// "API Reference" and the untagged operations) share a group; in OpenAPI 3.2 a tag's group is
// keyed by its name.
func (g *genGroup) find(label, key string, keyed bool) *genGroup {
	for _, it := range g.items {
		if s := it.group; s != nil && s.label == label && (!keyed || s.keyed && s.key == key) {
			return s
		}
	}
	s := &genGroup{label: label, key: key, keyed: keyed, used: map[string]bool{}}
	g.items = append(g.items, genItem{group: s})
	return s
}

// layout places the pages of a spec's operations in tag groups as Mintlify's build does
// (@mintlify/scraping's processOpenApiPath and processOpenApiWebhook): in document order, each
// in the group of its TagPath (untagged: "API Reference"; see find), a group coming where its
// first operation comes. x-excluded operations have no page. Up to OpenAPI 3.1, an x-hidden
// operation's page stays in its group, which the navigation then lists without it; its URL is
// numbered against the group's other pages ("-1", "-2", ...), which a hidden page does not
// take. In OpenAPI 3.2 a hidden page is in no group, and URLs are numbered against all the
// spec's pages.
func layout(spec *Spec, dir string) *genGroup {
	root := &genGroup{used: map[string]bool{}}
	for _, op := range spec.Operations {
		if op.Excluded {
			continue
		}
		g := root
		if !(op.Hidden && spec.nestedTags) {
			g = groupOf(root, op.TagPath, spec.nestedTags)
		}
		used := g.used
		if spec.nestedTags {
			used = root.used
		}
		u := uniqueURL(endpointURL(dir, op), used, !op.Hidden || spec.nestedTags)
		g.items = append(g.items, genItem{op: op, url: u})
	}
	return root
}

// groupOf finds (or makes) the group of a TagPath below root, level by level, each by its
// label and, when keyed (OpenAPI 3.2), its tag's name.
func groupOf(root *genGroup, path []TagGroup, keyed bool) *genGroup {
	if len(path) == 0 {
		return root.find(defaultAPIGroup, "", false)
	}
	g := root
	for _, t := range path {
		g = g.find(t.Label, t.Name, keyed)
	}
	return g
}

// uniqueURL is u, or u with the first free "-N" after it when used has it already, as
// @mintlify/common's generateUniqueFilenameWithoutExtension numbers it; record adds the result
// to used.
func uniqueURL(u string, used map[string]bool, record bool) string {
	got := u
	for n := 1; used[got]; n++ {
		got = fmt.Sprintf("%s-%d", u, n)
	}
	if record {
		used[got] = true
	}
	return got
}

// generate makes one page per operation of each spec in scope, spec by spec: each generates
// its own endpoints, as Mintlify documents, in tag groups (see layout) that come after the
// element's other children. A tag group is a group in the pages' breadcrumbs and group chain;
// one directly below an element that is no group is expanded, as a top-level group is.
func (r *resolver) generate(e *Element, sc rscope) []*Node {
	navPath := field(e.Path, "openapi")
	var nodes []*Node
	for _, ref := range sc.openapi {
		spec, err := r.specs.get(ref)
		if err != nil {
			continue
		}
		nodes = append(nodes, r.genItems(layout(spec, sc.dirOf(ref)), ref, navPath, sc, e.Kind == KindGroup)...)
	}
	return nodes
}

// genItems makes the nodes of a laid-out group's items; inGroup tells whether the group is
// itself a group of the navigation (a top-level group's subgroups are not expanded).
func (r *resolver) genItems(g *genGroup, ref, navPath string, sc rscope, inGroup bool) []*Node {
	nodes := make([]*Node, 0, len(g.items))
	for _, it := range g.items {
		if it.group == nil {
			pg := r.endpoint(it.op, ref, navPath, sc)
			pg.URL = it.url
			webhookTitle(&pg, it.op)
			nodes = append(nodes, r.add(pg))
			continue
		}
		el := &Element{Kind: KindGroup, Label: it.group.label}
		n := &Node{Kind: KindGroup, Label: it.group.label, Expanded: !inGroup}
		n.Children = r.genItems(it.group, ref, navPath, r.enter(el, sc), true)
		n.Hidden = !anyShown(n.Children)
		nodes = append(nodes, n)
	}
	return nodes
}

// anyShown reports whether a node of nodes is shown in the navigation.
func anyShown(nodes []*Node) bool {
	for _, n := range nodes {
		if !n.Hidden {
			return true
		}
	}
	return false
}
