package search_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/search"
)

// ownSectionSite is a small site shaped like Lectern's own security page: its description
// names every topic of the page, "rotate" among them, and one long section repeats "key".
var ownSectionSite = []search.Page{
	{URL: "/security", Title: "Security and threat model", Breadcrumbs: []string{"Guides"}, Body: `---
description: What each listener exposes, what each key can do, what a public key can cost, how to rotate credentials, and how to report a vulnerability.
---

## Listeners

The HTTP listener serves the public routes; the metrics listener stays on loopback.

## What a public key can cost

Every request a public key can send has a bound. The body of a request is limited. A key is
rate limited per client address and per key on every route, and 429 is the answer past the
key's rate. Worst case per minute is the key rate times the tokens of one question: lower the
key rate to fit your budget, and alert on the key's spend.

## Rotating credentials

- API keys: create a new key, deploy it, then revoke the old one; revocation takes effect
  everywhere within a second.
- NATS credentials: delete the credentials file and start again.

## Reporting a vulnerability

Write to the security address; we answer within two days.
`},
	{URL: "/guides/authentication", Title: "Authentication", Body: `---
description: Keys, their kinds and the errors of every route.
---

## Key kinds

An assistant key ships in web pages; an admin key reads analytics; an ingest key posts events.

## Errors

Every error is JSON: 401 without a key, 403 for another project's data, 429 past a rate.
`},
	{URL: "/quickstart", Title: "Quickstart", Body: `---
description: Run it on your laptop and ask the first question.
---

## Start

Run make run; the first start prints an admin key and an assistant key.

## Ask

Send a question with the assistant key.
`},
}

// TestResultShowsTheSectionItsOwnWordsRank checks which section a result shows: the one whose
// own heading and text answer, not one the page's shared description lifts. (Lectern's own
// docs, in sitedocs, hold the case where the first stage chose the other section.)
func TestResultShowsTheSectionItsOwnWordsRank(t *testing.T) {
	ix := search.Build(ownSectionSite)
	for _, tc := range []struct{ query, page, section string }{
		{"rotate api key", "/security", "Rotating credentials"},
		{"how do I rotate an api key?", "/security", "Rotating credentials"},
		{"what does a public key cost me per minute", "/security", "What a public key can cost"},
		{"report a vulnerability", "/security", "Reporting a vulnerability"},
		{"which kind of key ships in web pages", "/guides/authentication", "Key kinds"},
	} {
		t.Run(tc.query, func(t *testing.T) {
			got := topResult(ix, tc.query)
			if got.Path != tc.page || got.Section != tc.section {
				t.Errorf("shows %s # %q, want %s # %q", got.Path, got.Section, tc.page, tc.section)
			}
			if !strings.Contains(got.URL, "#") || !strings.HasPrefix(got.URL, got.Path) {
				t.Errorf("URL %q is not the shown section's", got.URL)
			}
			if !strings.Contains(got.URL, strings.ToLower(strings.Fields(tc.section)[0])) {
				t.Errorf("URL %q is not the shown section's", got.URL)
			}
		})
	}
}

// TestShownSectionKeepsTheLead checks that a result whose page the description matches keeps
// showing the lead the first stage chose, and that the lead, which starts with the
// description, is never chosen over a section that holds the question.
func TestShownSectionKeepsTheLead(t *testing.T) {
	pages := append(slices.Clone(ownSectionSite), search.Page{URL: "/pricing", Title: "Pricing", Body: `---
description: Plans, the free trial, and what happens when the trial ends.
---

Every plan starts with a free trial of seven days.

## Plans

Team and Business plans are billed monthly.

## When the trial ends

The workspace turns read-only until a plan is chosen; nothing is deleted.
`})
	ix := search.Build(pages)
	for _, tc := range []struct{ query, section string }{
		{"is there a free trial", ""},
		{"what happens when the trial ends", ""}, // the description's own words
		{"is my workspace read-only now that the trial has ended", "When the trial ends"},
		{"are the plans billed monthly", "Plans"},
	} {
		if got := topResult(ix, tc.query); got.Path != "/pricing" || got.Section != tc.section {
			t.Errorf("%q: shows %s # %q, want /pricing # %q", tc.query, got.Path, got.Section, tc.section)
		}
	}
}

// TestShownSectionKeepsThePageOrder checks on a real site that choosing the shown section
// never changes which pages a search returns, nor their order.
func TestShownSectionKeepsThePageOrder(t *testing.T) {
	pages := loadSite(t)
	with, without := search.Build(pages), search.BuildWithout(pages, "sections")
	changed := 0
	for _, q := range append(slices.Clone(questions), holdout...) {
		a, b := with.Search(search.Query{Text: q.q}), without.Search(search.Query{Text: q.q})
		if !slices.Equal(resultPaths(a), resultPaths(b)) {
			t.Errorf("%q: pages %v, without the shown section %v", q.q, resultPaths(a), resultPaths(b))
		}
		for i := range min(len(a), len(b)) {
			if a[i].URL != b[i].URL {
				changed++
			}
			if a[i].Score != b[i].Score {
				t.Errorf("%q: result %d scores %v, without the shown section %v", q.q, i, a[i].Score, b[i].Score)
			}
		}
	}
	t.Logf("%d results show another section of their page", changed)
}

func topResult(ix *search.Index, q string) search.Result {
	res := ix.Search(search.Query{Text: q})
	if len(res) == 0 {
		return search.Result{}
	}
	return res[0]
}
