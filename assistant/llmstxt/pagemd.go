package llmstxt

import "github.com/lectern-dev/lectern/assistant/sitedocs"

// IndexNote is the quote Mintlify's Markdown pages begin with (since January 2026, its
// "llms.txt instruction at the top of every page"): where the site's llms.txt is, so that an
// agent that reached one page from a search or a link finds the others. base is the site's
// root URL as the client reached it, as llms.txt's own links are.
func IndexNote(base string) string {
	return "> ## Documentation Index\n" +
		"> Fetch the complete documentation index at: " + base + "/llms.txt\n" +
		"> Use this file to discover all available pages before exploring further.\n"
}

// PageMarkdown is a page's Markdown as its .md URL serves it: the index note, then the page
// (sitedocs.Catalog.Markdown: the site's agent instructions, then its title, description and
// content).
func PageMarkdown(s Site, p *sitedocs.CatalogPage) string {
	return IndexNote(s.Base) + "\n" + s.Catalog.Markdown(p)
}
