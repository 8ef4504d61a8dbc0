package sitedocs

import (
	"fmt"
	"io/fs"
	"slices"
	"strings"

	"github.com/lectern-dev/lectern/assistant/markdown"
	"github.com/lectern-dev/lectern/schemas/docsjson"
)

// A listed page that uses a component nothing defines (markdown.Undefined: neither one of
// Mintlify's, nor imported, nor defined in the page or an MDX snippet it imports), itself or
// in a snippet it imports (Mintlify's build inlines snippets before it removes them), builds on
// Mintlify, which renders nothing in the element's place, not even the text written inside it
// ("Component X does not exist"): the page is there but lacks what the component was to show,
// and Lectern's Markdown and search leave the element out as well (markdown.WithoutUndefined). It is one problem
// with one wording, a warning in `lectern nav validate` and in a served site's problems.

// maxNamedComponents bounds the components one problem names.
const maxNamedComponents = 5

// undefinedMessage is the problem, in both reports: the page, its file, the components, and
// the words that agree with their number.
const undefinedMessage = "page %q: its file %s uses %s, which %s neither one of Mintlify's components nor imported nor defined in the page or its snippets; " +
	"Mintlify's build renders nothing in %s place, not even the text written inside (\"Component %s does not exist\"), and so do Lectern's Markdown and search; " +
	"import %s from a snippet or define %[7]s in the page (export const %[6]s = ...)"

// ComponentProblems are the problems of the listed pages among pages, read from fsys, that use
// a component nothing defines, at each page's NavPath.
func ComponentProblems(fsys fs.FS, pages []docsjson.Page) []docsjson.Problem {
	var out []docsjson.Problem
	for i := range pages {
		p := &pages[i]
		if p.NavPath == "" || p.File == "" || p.Index.Rule.Unpublished() {
			continue
		}
		if pr, ok := componentProblem(p, readPage(fsys, p.File), snippetReaderFS(fsys, p.File)); ok {
			out = append(out, pr)
		}
	}
	return out
}

// componentProblem is the problem of listed page p whose file holds src, if it uses a
// component nothing defines (snippet reads the snippets it imports). A file read only in part
// (maxPageBytes) is not judged.
func componentProblem(p *docsjson.Page, src string, snippet func(string) (string, bool)) (docsjson.Problem, bool) {
	if p.NavPath == "" || p.File == "" || len(src) >= maxPageBytes {
		return docsjson.Problem{}, false
	}
	names := markdown.Undefined(src, snippet)
	if len(names) == 0 {
		return docsjson.Problem{}, false
	}
	page := strings.TrimSuffix(strings.TrimSuffix(p.File, ".mdx"), ".md")
	is, its, it := "is", "its", "it"
	if len(names) > 1 {
		is, its, it = "are", "their", "them"
	}
	msg := fmt.Sprintf(undefinedMessage, page, p.File, usedList(src, names), is, its, names[0], it)
	return docsjson.Problem{Path: p.NavPath, Message: msg}, true
}

// usedList names the components a page file (src) uses that nothing defines (names): those
// of the page itself, then "in the snippets it imports" those of its MDX snippets, which
// Mintlify's build inlines before it removes unknown components.
func usedList(src string, names []string) string {
	own := markdown.Undefined(src, nil) // the page's elements, whatever its snippets define
	var page, snippets []string
	for _, n := range names {
		if slices.Contains(own, n) {
			page = append(page, n)
		} else {
			snippets = append(snippets, n)
		}
	}
	switch {
	case len(snippets) == 0:
		return componentList(page)
	case len(page) == 0:
		return "in the snippets it imports " + componentList(snippets)
	}
	return componentList(page) + " and, in the snippets it imports, " + componentList(snippets)
}

// componentList names the components: "<A>", "<A> and <B>", "<A>, <B>, <C> and 4 more".
func componentList(names []string) string {
	tags := make([]string, 0, maxNamedComponents)
	for _, n := range names[:min(len(names), maxNamedComponents)] {
		tags = append(tags, "<"+n+">")
	}
	more := len(names) - len(tags)
	switch {
	case more > 0:
		return strings.Join(tags, ", ") + fmt.Sprintf(" and %d more", more)
	case len(tags) == 1:
		return tags[0]
	}
	return strings.Join(tags[:len(tags)-1], ", ") + " and " + tags[len(tags)-1]
}
