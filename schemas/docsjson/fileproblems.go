package docsjson

import (
	"fmt"
	"io/fs"
	"path"
	"strings"
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

// linkedPageMessage is the problem of listed page p, whose file is a symbolic link the site
// does not read through: one that leads outside the docs directory (out means so), which
// Lectern does not follow (DirFSWithin), or one that leads to no file. Polar's docs
// (polarsource/polar@c6c3645) list "security", whose security.mdx links to the repository's
// ../SECURITY.md: the validator said the page had no file and suggested "security" itself.
// The link is named, not where it leads, as the site's link warnings name it (sitedocs).
func linkedPageMessage(p, file string, out bool) string {
	if out {
		return fmt.Sprintf("page %q: its file %s is a symbolic link that leads outside the docs directory, and Lectern does not follow it "+
			"(a site publishes what it reads, and a link may lead to any file of the server), so the page has no file; "+
			"move or copy the file inside the directory, or give the site a root that holds it (root: in the sites file, --root of lectern nav); %s", p, file, unpublishedEffect)
	}
	return fmt.Sprintf("page %q: its file %s is a symbolic link to no file; %s", p, file, unpublishedEffect)
}

// pageLink returns the page file of p in fsys that is a symbolic link, and whether the link
// leads outside fsys (read from its target: an absolute path, or one that climbs above the
// root); "" when p has no such file or fsys cannot tell links.
func pageLink(fsys fs.FS, p string) (file string, out bool) {
	for _, ext := range pageExts {
		info, err := fs.Lstat(fsys, p+ext)
		if err != nil || info.Mode()&fs.ModeSymlink == 0 {
			continue
		}
		target, err := fs.ReadLink(fsys, p+ext)
		if err != nil {
			return p + ext, true
		}
		to := path.Join(path.Dir(p+ext), target)
		return p + ext, path.IsAbs(target) || to == ".." || strings.HasPrefix(to, "../")
	}
	return "", false
}

// missingOrIndexMessage is the problem of listed page p, which has no file, in fsys: its file
// as a link the site does not follow, else the folder index page that answers at its URL,
// else the folder's overview page, else the near page (near makes the finder on first use).
func missingOrIndexMessage(fsys fs.FS, p string, near func() nearPages) string {
	if file, out := pageLink(fsys, p); file != "" {
		return linkedPageMessage(p, file, out)
	}
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
