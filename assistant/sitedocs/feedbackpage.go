package sitedocs

import "github.com/lectern-dev/lectern/schemas/docsjson"

// feedbackPath is the path of the agent feedback route at a site's root (lectern.yaml's
// agentFeedback): agents POST their reports to it.
const feedbackPath = "/feedback"

// FeedbackRoute makes Load warn of the site's page at /feedback, whose path the site's agent
// feedback route shares (feedbackProblems).
func FeedbackRoute() LoadOption {
	return func(c *loadConfig) { c.feedback = true }
}

// feedbackProblems warns of the page at /feedback among entries, listed or not (Mintlify
// serves both): its reader GETs the path agents POST their feedback to, so the proxy in front
// of the site must send Lectern only the POSTs. The warning names the page's file (its URL
// for an endpoint page without one).
func feedbackProblems(entries []Entry) []string {
	for _, e := range entries {
		if e.URL != feedbackPath {
			continue
		}
		where := e.File
		if where == "" {
			where = e.URL
		}
		return warnings([]docsjson.Problem{{Path: where, Message: "page " + feedbackPath + " shares its path with the agent feedback route (agentFeedback in lectern.yaml), which takes POST " +
			feedbackPath + ": a proxy must send Lectern only the POSTs to " + feedbackPath + ", or readers lose the page (docs/guides/agents.mdx)"}})
	}
	return nil
}
