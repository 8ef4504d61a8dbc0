package docsjson

import (
	"fmt"
	"io/fs"
)

// A listed page whose file Mintlify does not publish (none, or one the ignore patterns leave
// out) is one problem with one wording, wherever it is reported; only its severity differs.
// `lectern nav validate` reports it as an error (the validator fails, as Mintlify's
// `mint validate` fails on any warning), and a served site as a warning (the site keeps
// serving the rest, as Mintlify's build warns, "missing-nav-page", and deploys).

// unpublishedEffect is what a listed page without a published file costs, in both reports.
const unpublishedEffect = "until then its link in the navigation is broken, and it is left out of search, the assistant's context, llms.txt and the Markdown pages"

// missingPageMessage is the problem of listed page p, which has no file; near is the page the
// path likely means ("" for none).
func missingPageMessage(p, near string) string {
	if near != "" {
		return fmt.Sprintf("page %q has no file; did you mean %q? (or create %s.mdx); %s", p, near, p, unpublishedEffect)
	}
	return fmt.Sprintf("page %q has no file; create %s.mdx or %s.md; %s", p, p, p, unpublishedEffect)
}

// folderIndexMessage is the problem of listed page p, which has no file while its folder's
// index page (file, p/index.mdx) answers at its URL: the link works, on Mintlify too, but
// Mintlify's build looks the entry up by its path, warns that the file does not exist
// ("missing-nav-page") and titles it from the path. Turnkey's docs.json (tkhq/docs@c8289df)
// lists "solutions/embedded-wallets/integration-guide/flutter", whose page is flutter/index.mdx.
func folderIndexMessage(p, file string) string {
	return fmt.Sprintf("page %q has no file of its own; %s answers at its URL, so the link works, but Mintlify's build warns that the file does not exist and titles the entry from its path, and the page is in search, the assistant's context and llms.txt only where the navigation lists %[3]q; list it as %[3]q", p, file, withoutPageExt(file))
}

// missingOrIndexMessage is the problem of listed page p, which has no file, in fsys: the folder
// index page that answers at its URL, else the folder's overview page, else the near page (near
// makes the finder on first use).
func missingOrIndexMessage(fsys fs.FS, p string, near func() nearPages) string {
	if file, ok := pageFile(fsys, p+"/index"); ok {
		return folderIndexMessage(p, file)
	}
	n := near()
	if first := n.folderFirst(p); first != "" {
		return missingPageMessage(p, first)
	}
	return missingPageMessage(p, n.of(p))
}

// ignoredPageMessage is the problem of listed page p, whose file the ignore patterns leave out
// (why names the pattern).
func ignoredPageMessage(p, file, why string) string {
	return fmt.Sprintf("page %q: its file %s is ignored (%s), so Mintlify does not publish it; remove the page from the navigation or the file from the ignore patterns; %s", p, file, why, unpublishedEffect)
}

// FileProblems are the problems of the listed pages among pages (a resolved tree's, or
// AllPages) whose file Mintlify does not publish, in Validate's words (a near page suggested
// as Validate suggests it), at each page's NavPath: what a served site reports as warnings
// where `lectern nav validate` reports errors.
func (s *Site) FileProblems(pages []Page) []Problem {
	var out []Problem
	var near nearPages
	for i := range pages {
		p := &pages[i]
		switch p.Index.Rule {
		case RuleNoFile:
			page := withoutPageExt(p.File)
			out = append(out, Problem{Path: p.NavPath, Message: missingOrIndexMessage(s.fsys, page, func() nearPages {
				if near == nil {
					near = newNearPages(pageFiles(s.fsys))
				}
				return near
			})})
		case RuleIgnored:
			out = append(out, Problem{Path: p.NavPath, Message: ignoredPageMessage(withoutPageExt(p.File), p.File, p.Index.Detail)})
		}
	}
	return out
}
