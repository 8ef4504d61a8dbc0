package search

import (
	"math"
	"path"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
)

// doc is a page split into the sections that get indexed.
type doc struct {
	info  pageInfo
	meta  string // breadcrumbs and description: the meta field of every section
	secs  []secDraft
	group uint8 // statistics group: its language's, 0 for none
	// untold: in no language, and its text tells none (a title alone, code): it is read in the
	// language most such pages are written in (adoptWritten)
	untold bool
}

// secDraft is a section before indexing.
type secDraft struct {
	heading  string // heading text, "" for the lead
	headings string // heading and the headings it is under: the heading field
	url      string
	text     string
}

// parsePages parses the pages on all processors; parsing dominates the build.
func parsePages(pages []Page, o *options) []doc {
	docs := make([]doc, len(pages))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(pages)) {
		wg.Go(func() {
			for i := int(next.Add(1) - 1); i < len(pages); i = int(next.Add(1) - 1) {
				docs[i] = parsePage(&pages[i], o)
			}
		})
	}
	wg.Wait()
	return docs
}

// parsePage splits one page into sections; empty sections are dropped (their headings stay in
// their subsections' heading field), but a page always keeps at least its lead.
func parsePage(p *Page, o *options) doc {
	title, fm, sections := Sections(p.Body)
	d := doc{info: pageInfo{
		path: p.URL, title: firstNonEmpty(p.Title, title, pageName(p.URL)),
		breadcrumbs: slices.Clone(p.Breadcrumbs), version: p.Version, inDefaultVersion: p.InDefaultVersion, language: p.Language,
		tags: slices.Clone(p.Tags), products: slices.Clone(p.Products), userGroups: slices.Clone(p.UserGroups), boost: boostOf(p.Boost),
	}}
	desc := firstNonEmpty(p.Description, fm["description"])
	d.meta = strings.Join(append(append([]string(nil), p.Breadcrumbs...), desc), "\n")
	if o.author {
		d.meta += authorTerms(fm)
	}
	if desc != "" && !holds(sections[0].Text, desc) {
		sections[0].Text = strings.TrimSpace(desc + "\n\n" + sections[0].Text)
	}
	for i := range sections {
		if sections[i].Text != "" {
			d.secs = append(d.secs, draft(p.URL, &sections[i]))
		}
	}
	if len(d.secs) == 0 {
		d.secs = append(d.secs, draft(p.URL, &sections[0]))
	}
	d.info.written, d.untold = tellPage(&d)
	return d
}

// holds reports whether a page's text says its description already: the description itself,
// or one cut short with an ellipsis ("...", "…") whose words before it the text holds. Scalev's
// docs (scalev-id/docs) take many descriptions from their first paragraph, cut ("... produk
// digital (prodig) yang tidak bisa..."): put before that paragraph, the answer quoted the
// sentence twice, once cut (rehearse33).
func holds(text, desc string) bool {
	if strings.Contains(text, desc) {
		return true
	}
	cut := strings.TrimSpace(strings.TrimSuffix(strings.TrimSuffix(desc, "..."), "…"))
	return cut != desc && cut != "" && strings.Contains(text, cut)
}

// boostOf is a page's relevance multiplier: 1 unless the page sets a positive one.
func boostOf(b float64) float32 {
	if b > 0 && !math.IsInf(b, 0) {
		return float32(b)
	}
	return 1
}

func draft(pageURL string, s *Section) secDraft {
	url := pageURL
	if s.Anchor != "" {
		url += "#" + s.Anchor
	}
	headings := s.Heading
	if len(s.Parents) > 0 {
		headings = strings.Join(s.Parents, "\n") + "\n" + s.Heading
	}
	return secDraft{heading: s.Heading, headings: headings, url: url, text: s.Text}
}

func firstNonEmpty(s ...string) string {
	for _, v := range s {
		if v = strings.TrimSpace(v); v != "" {
			return v
		}
	}
	return ""
}

// pageName makes a title of last path segment: "/api/rate-limits" → "rate limits".
func pageName(u string) string {
	return strings.ReplaceAll(path.Base("/"+strings.Trim(u, "/")), "-", " ")
}
