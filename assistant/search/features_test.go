package search_test

import (
	"testing"

	"github.com/lectern-dev/lectern/assistant/search"
)

// featureCase is a small site where one ranking feature decides which page comes first: with
// the feature the want page leads, without it another page does.
type featureCase struct {
	name, part, query, want string
	pages                   []search.Page
}

var featureCases = []featureCase{
	{
		name: "link anchor text names the page", part: "anchors", query: "undo mistakes", want: "/checkpoints",
		pages: []search.Page{
			{URL: "/checkpoints", Title: "Checkpoints", Body: "Snapshots of the workspace are taken after each step. Restore one to go back."},
			{URL: "/editing", Title: "Editing", Body: "Edits to files are shown as a diff before they are written, one file at a time, and you accept or reject each of them. To go back, see [undo mistakes](/checkpoints)."},
			{URL: "/intro", Title: "Intro", Body: "The agent reads your files, plans the work, runs commands and edits code; read about [undo mistakes](../checkpoints) and [editing](./editing)."},
			{URL: "/faq", Title: "FAQ", Body: "Questions people ask about the agent, its models and its limits, with short answers. [Can I undo mistakes?](/checkpoints)"},
		},
	},
	{
		name: "frontmatter keywords", part: "author", query: "offline air-gapped machine", want: "/local",
		pages: []search.Page{
			{URL: "/local", Title: "Local models", Body: "---\nkeywords: [offline, air-gapped]\n---\nRun a model on your own computer."},
			{URL: "/setup", Title: "Setup", Body: "Use a machine with network access; offline use is not covered."},
		},
	},
}

// TestRankingFeatures fails when a feature is switched off: each case's want page must lead
// with the feature and must not lead without it.
func TestRankingFeatures(t *testing.T) {
	for _, c := range featureCases {
		t.Run(c.name, func(t *testing.T) {
			if got := first(search.Build(c.pages), c.query); got != c.want {
				t.Errorf("with %s: first result %q, want %q", c.part, got, c.want)
			}
			if got := first(search.BuildWithout(c.pages, c.part), c.query); got == c.want {
				t.Errorf("without %s: %q still leads; the case does not show the feature", c.part, got)
			}
		})
	}
}

func first(ix *search.Index, q string) string {
	res := ix.Search(search.Query{Text: q})
	if len(res) == 0 {
		return ""
	}
	return res[0].Path
}
