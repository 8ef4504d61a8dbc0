// Package markdown turns a documentation page written in MDX (Mintlify's components included)
// into the Markdown that agents read: the page's .md form, llms-full.txt, the MCP server's
// filesystem and the discovery page route all come from Render.
//
// Components become their Markdown meaning: callouts are blockquotes led by their kind, tabs
// and accordions their titles in bold above their content, steps a numbered list, cards and
// tiles links in a list, parameter and response fields a list of names with their types,
// code groups their code blocks, a CodeBlock's string its code block, frames their images with captions. Content for humans only
// (<Visibility for="humans">) is dropped and content for agents kept. Imports, exports,
// expressions and comments are not content; imported .mdx snippets are rendered in place.
package markdown

import (
	"strings"
)

// Page is what Render needs of one page.
type Page struct {
	Title        string
	Description  string
	Body         string   // the page file, MDX or Markdown, frontmatter included
	File         string   // the page file's path from the docs root ("guides/setup.mdx"): its relative links resolve against its folder (ResolveRelative); "" leaves them
	Instructions []string // docs.json markdown.instructions, one line each
	Endpoint     string   // an API page's method and path ("GET /users"); "" for other pages
	Link         string   // the address a page whose frontmatter sets url stands for; "" for other pages
	// Operation is the page's OpenAPI operation as a YAML document (Operation builds it), with
	// its Label ("openapi.yaml GET /users"), or the schema a schema page documents (Schema
	// builds it; "openapi.yaml Order"); empty for other pages.
	Operation, OperationLabel string
	// Snippet reads a file a page imports ("/snippets/intro.mdx"); nil reads none.
	Snippet func(path string) (string, bool)
}

// Render returns the page as Markdown: its title as a heading, its description as a quote,
// the address it links to (a page whose frontmatter sets url), its content, its OpenAPI operation, and the site's agent instructions.
func Render(p Page) string {
	var b strings.Builder
	b.WriteString("# " + oneLine(p.Title) + "\n")
	if d := strings.TrimSpace(p.Description); d != "" {
		b.WriteString("\n" + quote(d) + "\n")
	}
	if p.Endpoint != "" {
		b.WriteString("\n`" + p.Endpoint + "`\n")
	}
	if p.Link != "" {
		link := oneLine(p.Link)
		b.WriteString("\nThis page links to [" + link + "](" + link + ").\n")
	}
	if body := ResolveRelative(Body(p.Body, p.Title, p.Snippet), p.File); body != "" {
		b.WriteString("\n" + body + "\n")
	}
	if p.Operation != "" {
		b.WriteString("\n## OpenAPI\n\n" + fenced("yaml "+p.OperationLabel, p.Operation) + "\n")
	}
	if block := Instructions(p.Instructions); block != "" {
		b.WriteString("\n" + block + "\n")
	}
	return b.String()
}

// Body renders a page file's content (frontmatter removed) as Markdown. A leading level-1
// heading that repeats the title is dropped: Render writes the title itself. A page that ends
// inside a tag, an expression or a code fence (FindUnclosed) ends at its last complete block.
func Body(src, title string, snippet func(string) (string, bool)) string {
	_, body := splitFrontmatter(normalize(src))
	body = completeBlocks(body)
	root, imports, named := parse(body)
	if names := undefinedIn(root, body, snippet); len(names) > 0 { // Mintlify renders them as nothing
		body = cutElements(root, body, names)
		root, imports, named = parse(body)
		snippet = cutSnippets(snippet, names) // in the snippets it inlines too
	}
	snippet = rebased(snippet)
	files := newSnippetFiles(snippet)
	named = files.local(body, imports, named)
	text := body
	if len(named) > 0 { // {myName}, {home.tf}: the values of the snippets it imports by name
		if bound := (binder{named: named, files: files}).bind(body); bound != body {
			root, imports, _ = parse(bound) // its statements are as written: it names what body does
			text = bound
		}
	}
	r := &renderer{src: text, imports: imports, named: named, files: files, snippet: snippet}
	blocks := r.children(root)
	if len(blocks) > 0 {
		first, rest, _ := strings.Cut(blocks[0], "\n")
		if h, ok := strings.CutPrefix(first, "# "); ok && strings.EqualFold(strings.TrimSpace(h), strings.TrimSpace(title)) {
			blocks[0] = strings.TrimSpace(rest)
		}
	}
	return join(blocks)
}

// Instructions renders docs.json's markdown.instructions as the Agent Instructions block:
// "> ## Agent Instructions" and one quoted line each; "" without instructions.
func Instructions(lines []string) string {
	var kept []string
	for _, l := range lines {
		for _, part := range strings.Split(normalize(l), "\n") {
			if part = strings.TrimSpace(part); part != "" {
				kept = append(kept, part)
			}
		}
	}
	if len(kept) == 0 {
		return ""
	}
	return quote("## Agent Instructions\n" + strings.Join(kept, "\n"))
}

// fenced wraps text in a code fence longer than any backtick run it holds.
func fenced(info, text string) string {
	fence := "```"
	for strings.Contains(text, fence) {
		fence += "`"
	}
	return fence + info + "\n" + strings.TrimRight(text, "\n") + "\n" + fence
}

// normalize drops a byte-order mark and turns CRLF line ends into LF.
func normalize(s string) string {
	return strings.ReplaceAll(strings.TrimPrefix(s, "\ufeff"), "\r\n", "\n")
}

// splitFrontmatter separates a leading "---" YAML block from the body.
func splitFrontmatter(s string) (front, body string) {
	if !strings.HasPrefix(s, "---\n") {
		return "", s
	}
	rest := s[4:]
	for off := 0; off < len(rest); {
		line, _, _ := strings.Cut(rest[off:], "\n")
		if t := strings.TrimRight(line, " \t"); t == "---" || t == "..." {
			end := min(len(rest), off+len(line)+1)
			return rest[:off], rest[end:]
		}
		off += len(line) + 1
	}
	return "", s
}
