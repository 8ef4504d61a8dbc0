package markdown

import (
	"regexp"
	"strconv"
	"strings"
)

// components maps Mintlify's components to their Markdown meaning; a component not listed
// here keeps its content (or, when it is an imported snippet, the snippet's). The labels a
// component puts before its content (a callout's kind, "Request example", "Prompt") are its
// name, in English on a page in any language: Mintlify's Markdown export (@mintlify/common's
// transformContentForMarkdown: the MDX parsed and stringified, Visibility applied) writes the
// components themselves, <Note> and <RequestExample> on a German page too.
var components map[string]func(r *renderer, el *node) []string

func init() {
	components = map[string]func(r *renderer, el *node) []string{
		"Note": callout("Note"), "Warning": callout("Warning"), "Info": callout("Info"),
		"Tip": callout("Tip"), "Check": callout("Check"), "Danger": callout("Danger"), "Callout": callout(""),
		"Tabs": tabs, "Tab": tab,
		"Steps": steps, "Step": func(r *renderer, el *node) []string { return []string{step(r, el, 1)} },
		"Card": card, "Tile": card,
		"Accordion": titled("title"), "Expandable": expandable,
		"ParamField": field, "ResponseField": field,
		"Visibility": visibility, "Frame": frame, "Update": update,
		"Tree": tree, "Tree.Folder": folder, "Folder": folder, "Tree.File": file, "File": file,
		"RequestExample": labelled("Request example"), "ResponseExample": labelled("Response example"),
		"Prompt": prompt, "Icon": nothing, "Snippet": legacySnippet,
		"Tooltip": inlineFlow, "Badge": inlineFlow,
	}
}

func nothing(*renderer, *node) []string { return nil }

// legacySnippet renders `<Snippet file="redis/note.mdx" />`, Mintlify's older way to reuse a
// file of the _snippets folder (Upstash's docs use it), as that file in place.
func legacySnippet(r *renderer, el *node) []string {
	file, ok := legacySnippetFile(&el.tag)
	if !ok {
		return nil
	}
	return r.snippetBlocks(file, el.tag)
}

// legacySnippetDir holds the files `<Snippet file="..." />` names.
const legacySnippetDir = "/_snippets/"

// legacySnippetFile is the site path of the file a <Snippet> tag names; false when it names
// none, or one outside the snippets folder.
func legacySnippetFile(t *tag) (string, bool) {
	name := strings.TrimPrefix(strings.TrimSpace(t.attr("file")), "/")
	if name == "" || strings.Contains("/"+name+"/", "/../") {
		return "", false
	}
	return legacySnippetDir + name, true
}

// callout renders a callout as a blockquote led by its kind: "> **Note:** ...".
func callout(label string) func(r *renderer, el *node) []string {
	return func(r *renderer, el *node) []string {
		body := r.body(el)
		if label == "" {
			label = el.tag.text("title")
		}
		switch {
		case label == "" && body == "":
			return nil
		case label == "":
		case body == "":
			body = "**" + label + "**"
		case startsParagraph(body):
			body = "**" + label + ":** " + body
		default:
			body = "**" + label + ":**\n\n" + body
		}
		return []string{quote(body)}
	}
}

// tabs renders each tab as its title in bold followed by its content.
func tabs(r *renderer, el *node) []string { return r.children(el) }

func tab(r *renderer, el *node) []string {
	return headed("**"+el.tag.text("title")+"**", r.body(el))
}

// headed puts a heading line above a body.
func headed(head, body string) []string {
	if head == "****" {
		head = ""
	}
	return nonEmpty([]string{head, body})
}

// steps renders the steps as a numbered list.
func steps(r *renderer, el *node) []string {
	var out []string
	n := 0
	for _, c := range el.children {
		if c.kind == elemNode && c.tag.name == "Step" {
			n++
			if k, err := strconv.Atoi(c.tag.attr("stepNumber")); err == nil && k > 0 {
				n = k
			}
			out = append(out, step(r, c, n))
			continue
		}
		out = append(out, r.block(c, childIndent(el))...)
	}
	return out
}

func step(r *renderer, el *node, n int) string {
	head := ""
	if t := el.tag.text("title"); t != "" {
		head = "**" + t + "**"
	}
	body := r.body(el)
	marker := strconv.Itoa(n) + ". "
	if head != "" && body != "" {
		return marker + head + "\n\n" + strings.Repeat(" ", len(marker)) + indent(body, strings.Repeat(" ", len(marker)))
	}
	return item(marker, head, body)
}

// card renders a card (or a tile) as a list item linking its title: "- [Title](href): text".
func card(r *renderer, el *node) []string {
	title := el.tag.text("title")
	body := r.body(el)
	if d := el.tag.text("description"); d != "" {
		body = join([]string{d, body})
	}
	href := el.tag.attr("href")
	switch {
	case title != "" && href != "":
		title = "[" + title + "](" + href + ")"
	case title != "":
		title = "**" + title + "**"
	case href != "":
		title = "[" + href + "](" + href + ")"
	}
	if title == "" && body == "" {
		return nil
	}
	return []string{item("- ", title, body)}
}

// titled renders a component whose attribute names it (an accordion) as that name in bold
// above its content.
func titled(attr string) func(r *renderer, el *node) []string {
	return func(r *renderer, el *node) []string {
		body := r.body(el)
		if d := el.tag.text("description"); d != "" {
			body = join([]string{d, body})
		}
		return headed("**"+el.tag.text(attr)+"**", body)
	}
}

// labelled puts a fixed label above a component's content.
func labelled(label string) func(r *renderer, el *node) []string {
	return func(r *renderer, el *node) []string { return headed("**"+label+"**", r.body(el)) }
}

// expandable keeps the nested fields it shows, under its title.
func expandable(r *renderer, el *node) []string {
	title := el.tag.text("title")
	body := r.body(el)
	if title == "" || body == "" {
		return nonEmpty([]string{body})
	}
	return []string{"*" + title + "*:\n\n" + body}
}

// fieldLocations are the ParamField attributes that name the parameter and where it goes, in
// the order Mintlify takes its name from them (@mintlify/common's rehypeParamFieldIds: query,
// path, body, header).
var fieldLocations = []string{"query", "path", "body", "header", "cookie", "name"}

// field renders a ParamField or ResponseField as a list item:
// "- `name` (query, string, required, default: `10`): description".
func field(r *renderer, el *node) []string {
	return []string{item("- ", fieldHead(&el.tag), r.body(el))}
}

// fieldHead is a field's name and facts: "`name` (query, string, required, default: `10`)".
func fieldHead(t *tag) string {
	name, facts := fieldName(t), []string(nil)
	if loc := fieldLocation(t); loc != "" {
		facts = append(facts, loc)
	}
	if ty := t.attr("type"); ty != "" {
		facts = append(facts, ty)
	}
	if t.has("required") && t.attr("required") != "false" {
		facts = append(facts, "required")
	}
	if t.has("deprecated") && t.attr("deprecated") != "false" {
		facts = append(facts, "deprecated")
	}
	if d := t.attr("default"); d != "" {
		facts = append(facts, "default: `"+d+"`")
	}
	head := "`" + name + "`"
	if name == "" {
		head = ""
	}
	if len(facts) > 0 {
		head = strings.TrimSpace(head + " (" + strings.Join(facts, ", ") + ")")
	}
	return head
}

// fieldName is the first of a field's location attributes (or its name) that is given.
func fieldName(t *tag) string {
	for _, loc := range fieldLocations {
		if v := t.attr(loc); v != "" {
			return v
		}
	}
	return ""
}

// fieldLocation is where a ParamField goes: its one location attribute, or "" when it gives
// none or several. Mintlify's API playground rejects a field with several ("multiple
// location/name pairs specified") and its page names no location: Turnkey writes
// body="attestation" path="authenticators.attestation" for a field of the request body.
func fieldLocation(t *tag) string {
	found := ""
	for _, loc := range fieldLocations[:len(fieldLocations)-1] {
		if t.attr(loc) == "" {
			continue
		}
		if found != "" {
			return ""
		}
		found = loc
	}
	return found
}

// visibility keeps content for agents and drops content for humans only.
func visibility(r *renderer, el *node) []string {
	if strings.EqualFold(strings.TrimSpace(el.tag.attr("for")), "humans") {
		return nil
	}
	return r.children(el)
}

// frame keeps what it frames, with its hint before and its caption after.
func frame(r *renderer, el *node) []string {
	out := []string{inline(el.tag.attr("hint"))}
	out = append(out, r.children(el)...)
	return nonEmpty(append(out, inline(el.tag.attr("caption"))))
}

// update renders a changelog entry: its label (and description) in bold, then its content.
func update(r *renderer, el *node) []string {
	head := el.tag.text("label")
	if d := el.tag.text("description"); d != "" {
		head = strings.TrimSpace(head + " — " + d)
	}
	if head != "" {
		head = "**" + head + "**"
	}
	return headed(head, r.body(el))
}

// tree renders a file tree as a nested list.
func tree(r *renderer, el *node) []string {
	var items []string
	for _, c := range el.children {
		items = append(items, r.block(c, childIndent(el))...)
	}
	return []string{strings.Join(items, "\n")}
}

func folder(r *renderer, el *node) []string {
	name := el.tag.attr("name") + "/"
	inner := tree(r, el)[0]
	if inner == "" {
		return []string{"- " + name}
	}
	return []string{"- " + name + "\n  " + indent(inner, "  ")}
}

func file(_ *renderer, el *node) []string { return []string{"- " + el.tag.attr("name")} }

// prompt renders a prompt's description, then the prompt itself.
func prompt(r *renderer, el *node) []string {
	head := "**Prompt**"
	if d := el.tag.text("description"); d != "" {
		head += ": " + d
	}
	return headed(head, r.body(el))
}

// inlineFlow renders an inline component that started a line.
func inlineFlow(r *renderer, el *node) []string {
	return nonEmpty([]string{inlineElement(&el.tag, r.body(el), firstIconNode(el))})
}

// firstIconNode is the icon attribute of the first <Icon> under el, "" when there is none.
func firstIconNode(el *node) string {
	for _, c := range el.children {
		if c.kind == textNode { // an inline <Icon /> on a line of its own
			if icon := firstIcon(strings.Join(c.lines, "\n")); icon != "" {
				return icon
			}
		}
		if c.kind != elemNode {
			continue
		}
		if c.tag.name == "Icon" && c.tag.attr("icon") != "" {
			return c.tag.attr("icon")
		}
		if icon := firstIconNode(c); icon != "" {
			return icon
		}
	}
	return ""
}

// htmlRenders maps HTML block elements to their Markdown meaning; others keep their content.
var htmlRenders map[string]func(r *renderer, el *node) []string

func init() {
	htmlRenders = map[string]func(r *renderer, el *node) []string{
		"img":        func(_ *renderer, el *node) []string { return nonEmpty([]string{image(&el.tag)}) },
		"video":      mediaBlock,
		"iframe":     mediaBlock,
		"audio":      mediaBlock,
		"embed":      mediaBlock,
		"br":         nothing,
		"svg":        nothing, // a drawing: its paths are no text (Agno's home page links icons drawn inline)
		"style":      nothing,
		"script":     nothing,
		"hr":         func(*renderer, *node) []string { return []string{"---"} },
		"summary":    func(r *renderer, el *node) []string { return headed("**"+oneLine(r.body(el))+"**", "") },
		"blockquote": func(r *renderer, el *node) []string { return nonEmpty([]string{quote(r.body(el))}) },
		"li":         func(r *renderer, el *node) []string { return []string{item("- ", "", r.body(el))} },
		"h1":         heading(1), "h2": heading(2), "h3": heading(3), "h4": heading(4), "h5": heading(5), "h6": heading(6),
		"a":   blockLink,
		"div": div,
	}
}

func mediaBlock(r *renderer, el *node) []string {
	if m := media(&el.tag); m != "" {
		return []string{m}
	}
	for _, c := range el.children { // <video><source src="..."></video>
		if c.kind == elemNode && strings.EqualFold(c.tag.name, "source") {
			t := c.tag
			t.name = el.tag.name
			if m := media(&t); m != "" {
				return []string{m}
			}
		}
	}
	return nil
}

func heading(level int) func(r *renderer, el *node) []string {
	return func(r *renderer, el *node) []string {
		// a heading's line cannot break: a <br> inside (its "\" at a line's end) is a space
		if text := oneLine(strings.ReplaceAll(r.body(el), "\\\n", "\n")); text != "" {
			return []string{strings.Repeat("#", level) + " " + text}
		}
		return nil
	}
}

// oneLine joins the lines of s with spaces.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// blockLink renders an <a> around blocks as a card: its first block the linked title.
func blockLink(r *renderer, el *node) []string {
	blocks := nonEmpty(r.children(el))
	href := el.tag.attr("href")
	if href == "" {
		return blocks
	}
	if len(blocks) == 0 { // an icon alone: named as inline
		return []string{"[" + linkLabel(&el.tag, firstIconNode(el), href) + "](" + href + ")"}
	}
	blocks = titleFirst(blocks)
	title := oneLine(strings.TrimLeft(blocks[0], "# "))
	if len(blocks) == 1 {
		return []string{"[" + title + "](" + href + ")"}
	}
	return []string{item("- ", "["+title+"]("+href+")", join(blocks[1:]))}
}

// imagesOnly matches a block of images and nothing else; decorative, those without alt text.
var (
	imagesOnly = regexp.MustCompile(`^(!\[[^\]]*\]\([^)]*\)\s*)+$`)
	decorative = regexp.MustCompile(`^(!\[\]\([^)]*\)\s*)+$`)
)

// titleFirst moves the blocks of images a card opens with after the block of text that titles
// it, and drops those without alt text (an icon, its light and dark variants): Turnkey's
// SolutionCard (tkhq/docs@c8289df) is an <a> around two icons (<img alt="">) and then its title
// and description, and its Markdown linked the first icon ("- [![](/images/...svg)](href)"),
// its title a paragraph below.
func titleFirst(blocks []string) []string {
	i := 0
	for i < len(blocks) && imagesOnly.MatchString(blocks[i]) {
		i++
	}
	if i == 0 || i == len(blocks) { // no text to title it: its first image is the link
		return blocks
	}
	out := []string{blocks[i]}
	for _, b := range blocks[:i] {
		if !decorative.MatchString(b) {
			out = append(out, b)
		}
	}
	return append(out, blocks[i+1:]...)
}
