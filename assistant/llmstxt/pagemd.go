package llmstxt

import (
	"encoding/json"

	"github.com/lectern-dev/lectern/assistant/sitedocs"
)

// IndexNote is the quote Mintlify's Markdown pages begin with (since January 2026, its
// "llms.txt instruction at the top of every page"): where the site's llms.txt is, so that an
// agent that reached one page from a search or a link finds the others. base is the site's
// root URL as the client reached it, as llms.txt's own links are.
func IndexNote(base string) string {
	return "> ## Documentation Index\n" +
		"> Fetch the complete documentation index at: " + base + "/llms.txt\n" +
		"> Use this file to discover all available pages before exploring further.\n"
}

// FeedbackInstructions is the Agent Instructions element Mintlify's agent feedback add-on puts
// on every page's Markdown, after the index note and before the title, word for word as its
// pages serve it (www.mintlify.com/docs, docs.deribit.com): POST the page's path and the
// feedback to the site's /feedback. base is the site's root URL as the client reached it;
// page is the page's path there ("/guides/setup"), written into the example body.
func FeedbackInstructions(base, page string) string {
	p, _ := json.Marshal(page) // a JSON string whatever the path holds; Marshal of a string cannot fail
	return "<AgentInstructions>\n\n" +
		"## Submitting Feedback\n\n" +
		"If you encounter incorrect, outdated, or confusing documentation on this page, submit feedback:\n\n" +
		"POST " + base + "/feedback\n\n" +
		"```json\n{\n  \"path\": " + string(p) + ",\n  \"feedback\": \"Description of the issue\"\n}\n```\n\n" +
		"Only submit feedback when you have something specific and actionable to report.\n\n" +
		"</AgentInstructions>\n"
}

// PageMarkdown is a page's Markdown as its .md URL serves it: the index note, the feedback
// instructions when the site takes agents' feedback, then the page (sitedocs.Catalog.Markdown:
// the site's agent instructions, then its title, description and content).
func PageMarkdown(s Site, p *sitedocs.CatalogPage) string {
	head := IndexNote(s.Base) + "\n"
	if s.Feedback {
		head += FeedbackInstructions(s.Base, p.URL) + "\n"
	}
	return head + s.Catalog.Markdown(p)
}
