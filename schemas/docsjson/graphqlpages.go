package docsjson

import (
	"fmt"
	"strings"

	"github.com/vektah/gqlparser/v2/ast"
)

// The sections of a GraphQL schema's generated pages, in Mintlify's order, and the folder of
// each below the graphql directory (/<directory>/queries/<field>, .../types/<Type>; a
// subscription has no page, as Mintlify makes none).
var graphqlSections = []struct{ label, folder, keyword string }{
	{"Queries", "queries", "query"},
	{"Mutations", "mutations", "mutation"},
	{"Types", "types", ""},
}

// graphqlPages makes the reference pages of a tab's GraphQL schema, after its groups, as
// Mintlify's "GraphQL setup" documents them: three groups, Queries (one page per field of the
// Query root type), Mutations (of the Mutation root type) and Types (one per named object,
// input, enum, interface, union or scalar type, GraphQL's own left out), each page at
// /<directory>/<section>/<name> with the name as GraphQL writes it, titled by it. A page's
// text (Page.Content) is Markdown made from the schema: the description, the arguments and
// return type of an operation, the definition and fields, values or members of a type. A
// schema that cannot be used makes no pages: Validate reports it, and a served site among its
// problems.
func (r *resolver) graphqlPages(e *Element, sc rscope) []*Node {
	g, err := r.specs.graphql(e.GraphQL.Source)
	if err != nil {
		if _, inSite := sitePath(e.GraphQL.Source); inSite && !isURL(e.GraphQL.Source) {
			r.tree.problems = append(r.tree.problems, Problem{Path: graphqlField(e), Message: graphqlText(e.GraphQL.Source, err)})
		}
		return nil
	}
	gw := graphqlWriter{dir: joinURL(e.GraphQL.Directory), schema: g.schema}
	if e.GraphQL.Directory == "" {
		gw.dir = "/" + defaultGraphQLDirectory
	}
	navPath := graphqlField(e)
	var nodes []*Node
	for _, s := range graphqlSections {
		el := &Element{Kind: KindGroup, Label: s.label}
		gsc := r.enter(el, sc)
		group := &Node{Kind: KindGroup, Label: s.label, Expanded: true}
		add := func(name, description, content string) {
			pg := r.scoped(navPath, gsc)
			pg.OpenAPI, pg.GraphQL = "", specName(e.GraphQL.Source)
			pg.URL = gw.url(s.folder, name)
			pg.Title = name
			pg.Description = firstParagraph(description)
			pg.Content = content
			pg.Index = decide(decision{listed: true, fm: &Frontmatter{}, nav: gsc.hide, indexAll: r.indexAll})
			group.Children = append(group.Children, r.add(pg))
		}
		switch s.folder {
		case "queries", "mutations":
			root := g.schema.Query
			if s.folder == "mutations" {
				root = g.schema.Mutation
			}
			if root == nil {
				continue
			}
			for _, f := range root.Fields {
				if !strings.HasPrefix(f.Name, "__") {
					add(f.Name, f.Description, gw.operation(s.keyword, f))
				}
			}
		default:
			for _, t := range g.types {
				add(t.Name, t.Description, gw.typePage(t))
			}
		}
		if len(group.Children) > 0 {
			nodes = append(nodes, group)
		}
	}
	return nodes
}

// firstParagraph is the first paragraph of a description on one line: a page's description.
func firstParagraph(s string) string {
	s = strings.TrimSpace(strings.ReplaceAll(s, "\r\n", "\n"))
	if i := strings.Index(s, "\n\n"); i >= 0 {
		s = s[:i]
	}
	return strings.Join(strings.Fields(s), " ")
}

// graphqlWriter writes the Markdown of a schema's pages, linking each named type of the
// schema to its page.
type graphqlWriter struct {
	dir    string // "/api-reference"
	schema *ast.Schema
}

// url is the URL of the page of name in a section's folder.
func (w graphqlWriter) url(folder, name string) string { return joinURL(w.dir, folder, name) }

// typeRef writes a type reference, `[Order!]!`, linked to its named type's page when it has
// one (GraphQL's own scalars have none).
func (w graphqlWriter) typeRef(t *ast.Type) string {
	name := t.Name()
	if d := w.schema.Types[name]; d != nil && !d.BuiltIn {
		return fmt.Sprintf("[`%s`](%s)", t.String(), w.url("types", name))
	}
	return "`" + t.String() + "`"
}

// operation writes the page of a query or mutation: its signature, description, arguments
// and return type.
func (w graphqlWriter) operation(kind string, f *ast.FieldDefinition) string {
	var b strings.Builder
	fmt.Fprintf(&b, "```graphql\n%s %s\n```\n", kind, signature(f))
	writeDescription(&b, f.Description)
	writeDeprecated(&b, f.Directives, "This "+kind)
	if len(f.Arguments) > 0 {
		b.WriteString("\n## Arguments\n")
		for _, a := range f.Arguments {
			fmt.Fprintf(&b, "\n### %s\n\n%s", a.Name, w.typeRef(a.Type))
			if a.Type.NonNull && a.DefaultValue == nil {
				b.WriteString(", required")
			}
			if a.DefaultValue != nil {
				fmt.Fprintf(&b, ", default `%s`", a.DefaultValue.String())
			}
			b.WriteString("\n")
			writeDescription(&b, a.Description)
			writeDeprecated(&b, a.Directives, "This argument")
		}
	}
	fmt.Fprintf(&b, "\n## Returns\n\n%s\n", w.typeRef(f.Type))
	if d := w.schema.Types[f.Type.Name()]; d != nil && !d.BuiltIn && d.Description != "" {
		fmt.Fprintf(&b, "\n%s\n", firstParagraph(d.Description))
	}
	return b.String()
}

// signature is a field as SDL writes it without descriptions: "order(id: ID!): Order".
func signature(f *ast.FieldDefinition) string {
	var args []string
	for _, a := range f.Arguments {
		s := a.Name + ": " + a.Type.String()
		if a.DefaultValue != nil {
			s += " = " + a.DefaultValue.String()
		}
		args = append(args, s)
	}
	if len(args) == 0 {
		return f.Name + ": " + f.Type.String()
	}
	return f.Name + "(" + strings.Join(args, ", ") + "): " + f.Type.String()
}

// typePage writes the page of a named type: its definition, description, and its fields
// (object, interface, input), values (enum) or member types (union).
func (w graphqlWriter) typePage(t *ast.Definition) string {
	var b strings.Builder
	fmt.Fprintf(&b, "```graphql\n%s\n```\n", definition(t))
	writeDescription(&b, t.Description)
	switch t.Kind {
	case ast.Object, ast.Interface, ast.InputObject:
		if len(t.Fields) > 0 {
			b.WriteString("\n## Fields\n")
		}
		for _, f := range t.Fields {
			fmt.Fprintf(&b, "\n### %s\n\n%s", f.Name, w.typeRef(f.Type))
			if f.DefaultValue != nil {
				fmt.Fprintf(&b, ", default `%s`", f.DefaultValue.String())
			}
			b.WriteString("\n")
			if len(f.Arguments) > 0 {
				fmt.Fprintf(&b, "\n```graphql\n%s\n```\n", signature(f))
			}
			writeDescription(&b, f.Description)
			writeDeprecated(&b, f.Directives, "This field")
		}
		if t.Kind == ast.Interface {
			w.writeTypes(&b, "Implemented by", w.schema.PossibleTypes[t.Name])
		}
	case ast.Enum:
		b.WriteString("\n## Values\n")
		for _, v := range t.EnumValues {
			fmt.Fprintf(&b, "\n### %s\n", v.Name)
			writeDescription(&b, v.Description)
			writeDeprecated(&b, v.Directives, "This value")
		}
	case ast.Union:
		w.writeTypes(&b, "Possible types", w.schema.PossibleTypes[t.Name])
	}
	return b.String()
}

// writeTypes writes a section listing named types, each linked to its page.
func (w graphqlWriter) writeTypes(b *strings.Builder, heading string, types []*ast.Definition) {
	if len(types) == 0 {
		return
	}
	fmt.Fprintf(b, "\n## %s\n\n", heading)
	for _, d := range types {
		fmt.Fprintf(b, "- [`%s`](%s)\n", d.Name, w.url("types", d.Name))
	}
}

// definition is a named type as SDL writes it without descriptions and directives.
func definition(t *ast.Definition) string {
	head := strings.ToLower(string(t.Kind)) + " " + t.Name
	switch t.Kind {
	case ast.Object:
		head = "type " + t.Name
	case ast.InputObject:
		head = "input " + t.Name
	case ast.Scalar:
		return "scalar " + t.Name
	case ast.Union:
		names := make([]string, len(t.Types))
		copy(names, t.Types)
		return head + " = " + strings.Join(names, " | ")
	}
	if len(t.Interfaces) > 0 {
		head += " implements " + strings.Join(t.Interfaces, " & ")
	}
	var lines []string
	switch t.Kind {
	case ast.Enum:
		for _, v := range t.EnumValues {
			lines = append(lines, "  "+v.Name)
		}
	default:
		for _, f := range t.Fields {
			s := "  " + signature(f)
			if f.DefaultValue != nil {
				s += " = " + f.DefaultValue.String()
			}
			lines = append(lines, s)
		}
	}
	if len(lines) == 0 {
		return head
	}
	return head + " {\n" + strings.Join(lines, "\n") + "\n}"
}

// writeDescription writes a schema description as a paragraph: Markdown, as Mintlify renders it.
func writeDescription(b *strings.Builder, d string) {
	if d = strings.TrimSpace(d); d != "" {
		fmt.Fprintf(b, "\n%s\n", d)
	}
}

// writeDeprecated writes that a field, argument or value is deprecated, with its reason.
func writeDeprecated(b *strings.Builder, dirs ast.DirectiveList, what string) {
	d := dirs.ForName("deprecated")
	if d == nil {
		return
	}
	reason := "No longer supported"
	if a := d.Arguments.ForName("reason"); a != nil && a.Value != nil {
		reason = a.Value.Raw
	}
	fmt.Fprintf(b, "\n%s is deprecated: %s\n", what, reason)
}
