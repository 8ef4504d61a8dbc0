package answer

// maxClosest is the most pages a declined reply points at.
const maxClosest = 3

// decline writes the reply when no source answers: it says plainly that nothing in the docs
// answers the question (so the reader does not take what follows as an answer), then names the
// pages that come closest, as links in the lead's form and without a quote, then suggests
// rephrasing. With no such page it is the bare decline. A site with support (support, the
// SupportLine) gets its link last.
func decline(sources []Source, q query, ph phrases, support string) []string {
	out := []string{ph.notFound + "\n\n"}
	if near := closest(sources, q); len(near) == 0 {
		out = append(out, ph.rephrase)
	} else {
		out = append(out, ph.closest+"\n\n")
		for i, s := range near {
			out = append(out, "- "+link(apart(near, i), s.URL)+"\n")
		}
		out = append(out, "\n"+ph.rephrase)
	}
	if support != "" {
		out = append(out, "\n\n"+support)
	}
	return out
}

// closest returns the sources a declined reply points at: the first maxClosest, in the
// search's order and one per page, that hold at least one of the question's content words (in
// their titles or text). A source that holds none is noise, not a near miss.
func closest(sources []Source, q query) []Source {
	var out []Source
	for _, s := range sources {
		if len(out) == maxClosest {
			break
		}
		if citedPage(out, s.Path) || q.matches(sourceText(s)) == 0 {
			continue
		}
		out = append(out, s)
	}
	return out
}

// apart is the label of near[i], led by its navigation group (its last breadcrumb) when another
// of near has its title and a group of its own: three links that read "版本升级" tell the reader
// nothing of which deployment each upgrades.
func apart(near []Source, i int) string {
	s := near[i]
	group := lastCrumb(s)
	shared, told := false, group != ""
	for j, o := range near {
		if j == i || o.Title != s.Title {
			continue
		}
		shared = true
		told = told && lastCrumb(o) != group
	}
	if !shared || !told {
		return label(s)
	}
	return group + " › " + label(s)
}

// lastCrumb is the last of a source's breadcrumbs, the group that lists its page, or "".
func lastCrumb(s Source) string {
	if len(s.Breadcrumbs) == 0 {
		return ""
	}
	return s.Breadcrumbs[len(s.Breadcrumbs)-1]
}
