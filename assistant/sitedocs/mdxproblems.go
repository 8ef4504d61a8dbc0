package sitedocs

import (
	"fmt"
	"io/fs"
	"strings"

	"github.com/lectern-dev/lectern/assistant/markdown"
	"github.com/lectern-dev/lectern/schemas/docsjson"
)

// A listed page whose MDX ends inside a construct it opened (markdown.FindUnclosed: a tag cut
// off before its '>', an expression without its closing brace, a code fence that takes in
// its element's closing tag, an element never closed) does not build on Mintlify: MDX's
// compiler throws on it, and the page's link leads nowhere, as a listed page's without a file
// does. It is one problem with one wording, and the severity of that one: `lectern nav
// validate` reports it as an error, a served site as a warning (the site serves the rest, and
// the page's Markdown as far as its last complete block).

// A listed page whose MDX has, in its middle, a construct MDX rejects (markdown.FindRejected:
// an HTML comment, an autolink, <br> or <img ...> without "/>", a closing tag that closes
// nothing) does not build either: Mintlify's build parses every page with remark-mdx
// (@mintlify/common's coreRemark, a .md page's too: mintlify/mdx#23; its prebuild rewrites
// none of these first) and shows a parsing error in the page's place. The same problem, in
// the same two reports.

// rejectedEffect is what that problem costs.
const rejectedEffect = "MDX cannot compile it, so Mintlify's build does not render the page (Lectern reads the page whole)"

// unclosedEffect is what the problem costs, in both reports.
const unclosedEffect = "MDX cannot compile it, so Mintlify's build does not render the page; close the construct (Lectern's Markdown of the page ends before it)"

// MDXProblems are the problems of the listed pages among pages whose file ends inside an
// unclosed construct, read from fsys, at each page's NavPath.
func MDXProblems(fsys fs.FS, pages []docsjson.Page) []docsjson.Problem {
	var out []docsjson.Problem
	for i := range pages {
		p := &pages[i]
		if p.NavPath == "" || p.File == "" || p.Index.Rule.Unpublished() {
			continue
		}
		if pr, ok := mdxProblem(p, readPage(fsys, p.File)); ok {
			out = append(out, pr)
		}
	}
	return out
}

// mdxProblem is the problem of listed page p whose file holds src, if it has one. A file read
// only in part (maxPageBytes) is not judged: its cut is the reader's.
func mdxProblem(p *docsjson.Page, src string) (docsjson.Problem, bool) {
	if p.NavPath == "" || p.File == "" || len(src) >= maxPageBytes {
		return docsjson.Problem{}, false
	}
	page := strings.TrimSuffix(strings.TrimSuffix(p.File, ".mdx"), ".md")
	if u, ok := markdown.FindUnclosed(src); ok {
		msg := fmt.Sprintf("page %q: its file %s ends inside %s; %s", page, p.File, u.Construct, unclosedEffect)
		return docsjson.Problem{Path: p.NavPath, Message: msg}, true
	}
	if r, ok := markdown.FindRejected(src); ok {
		msg := fmt.Sprintf("page %q: its file %s has %s; %s", page, p.File, r.Construct, rejectedEffect)
		return docsjson.Problem{Path: p.NavPath, Message: msg}, true
	}
	return docsjson.Problem{}, false
}
