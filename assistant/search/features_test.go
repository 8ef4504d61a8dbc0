package search_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/search"
)

// featureCase is a small site where one ranking feature decides which page comes first: with
// the feature the want page leads, without it another page does.
type featureCase struct {
	name, part, query, want string
	pages                   []search.Page
}

// filler is text that holds none of the cases' query words.
const filler = "The dashboard lists each project with its owner, its region and the date it was made. "

var featureCases = []featureCase{
	{
		name: "proximity: the query's words close together", part: "proximity", query: "rotate signing secret", want: "/near",
		pages: []search.Page{
			{URL: "/far", Title: "Keys", Body: "You can rotate it. " + filler + "Each request has a signing header. " + filler + "Keep the secret safe."},
			{URL: "/near", Title: "Keys", Body: "The secret for signing: rotate it. " + filler + filler + "You can keep it. Each request has a header. Keep it safe."},
		},
	},
	{
		name: "phrase: the query's words in its order", part: "phrase", query: "signing secret", want: "/ordered",
		pages: []search.Page{
			{URL: "/reversed", Title: "Keys", Body: "Each secret signing value is shown once. " + filler},
			{URL: "/ordered", Title: "Keys", Body: "Each signing secret value is shown once. " + filler},
		},
	},
	{
		name: "re-ranker on: the phrase case", part: "rerank", query: "signing secret", want: "/ordered",
		pages: []search.Page{
			{URL: "/reversed", Title: "Keys", Body: "Each secret signing value is shown once. " + filler},
			{URL: "/ordered", Title: "Keys", Body: "Each signing secret value is shown once. " + filler},
		},
	},
	{
		name: "path: the query's words in the page's path", part: "path", query: "webhooks", want: "/guides/webhooks",
		pages: []search.Page{
			{URL: "/guides/intro", Title: "Guide", Body: "Webhooks tell your server about events. " + filler},
			{URL: "/guides/webhooks", Title: "Guide", Body: "Webhooks tell your server about events. " + filler},
		},
	},
	{
		name: "link anchor text names the page", part: "anchors", query: "undo mistakes", want: "/checkpoints",
		pages: []search.Page{
			{URL: "/checkpoints", Title: "Checkpoints", Body: "Snapshots of the workspace are taken after each step. Restore one to go back."},
			{URL: "/editing", Title: "Editing", Body: "Edits to files are shown as a diff before they are written, one file at a time, and you accept or reject each of them. To go back, see [undo mistakes](/checkpoints)." + strings.Repeat(filler, 6)},
			{URL: "/intro", Title: "Intro", Body: "The agent reads your files, plans the work, runs commands and edits code; read about [undo mistakes](../checkpoints) and [editing](./editing)." + strings.Repeat(filler, 6)},
			{URL: "/faq", Title: "FAQ", Body: "Questions people ask about the agent, its models and its limits, with short answers. [Can I undo mistakes?](/checkpoints)" + strings.Repeat(filler, 6)},
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

// TestHeaviestTermFeatures: the re-ranker reads whether a candidate page holds the question's
// heaviest term (weight · idf) and how much of its three heaviest it holds.
func TestHeaviestTermFeatures(t *testing.T) {
	pages := []search.Page{
		{URL: "/quokka", Title: "Animals", Body: "The quokka lives on an island. " + filler},
		{URL: "/wombat", Title: "Animals", Body: "The wombat digs burrows. " + filler},
		{URL: "/both", Title: "Zoo", Body: "The wombat and the quokka. " + filler},
	}
	for i := range 6 {
		pages = append(pages, search.Page{URL: fmt.Sprintf("/w%d", i), Title: "Other", Body: "A wombat. " + filler})
	}
	names := search.FeatureNames()
	rarest, top3 := slices.Index(names, "rarest"), slices.Index(names, "top3")
	if rarest < 0 || top3 < 0 {
		t.Fatalf("features %v lack rarest and top3", names)
	}
	want := map[string][2]float64{"/quokka": {1, 0}, "/wombat": {0, 0}, "/both": {1, 1}}
	for _, c := range search.Build(pages).Candidates(search.Query{Text: "quokka wombat"}) {
		w, ok := want[c.Path]
		if !ok {
			continue
		}
		delete(want, c.Path)
		if c.Features[rarest] != w[0] {
			t.Errorf("%s: rarest %v, want %v", c.Path, c.Features[rarest], w[0])
		}
		// top3 is the share of the two terms' weight: quokka's alone is above half, wombat's below.
		switch {
		case c.Path == "/both" && c.Features[top3] != 1,
			c.Path == "/quokka" && (c.Features[top3] <= 0.5 || c.Features[top3] >= 1),
			c.Path == "/wombat" && (c.Features[top3] <= 0 || c.Features[top3] >= 0.5):
			t.Errorf("%s: top3 %v", c.Path, c.Features[top3])
		}
	}
	if len(want) > 0 {
		t.Errorf("pages %v are no candidates", want)
	}
}
