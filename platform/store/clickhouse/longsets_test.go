package clickhouse_test

import (
	"crypto/rand"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/oklog/ulid/v2"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/schemas/event"
)

// longPath is the i-th of the longest paths the beacon and the feedback route take: 2,048
// characters, each of four bytes in UTF-8 after a short ASCII prefix (8 KB).
func longPath(prefix string, i int) string {
	p := fmt.Sprintf("/%s%04d-", prefix, i)
	return p + strings.Repeat("😀", 2048-len(p))
}

// longQuery is the i-th of the longest queries the search route takes: 1,000 characters, each
// of four bytes after a short prefix.
func longQuery(i int) string {
	q := fmt.Sprintf("q%03d ", i)
	return q + strings.Repeat("😀", 1000-len(q))
}

// TestReadsOfLongSets stores the largest sets of paths and queries a public key can make a
// read name: store.MaxGapRecords pages left without action and as many more with feedback (the
// content gaps read their views and readings), a page of the engagement and visitors routes at
// their largest limit, every path 2,048 characters of four bytes, and a page of the searches
// route, whose queries of 1,000 such characters the no-results counts and top clicked pages
// are read for. Bound into the query text, such a set makes a query of megabytes, which
// ClickHouse refuses past max_query_size (256 KiB by default); each read must answer from the
// stored events instead.
func TestReadsOfLongSets(t *testing.T) {
	s := open(t, testDSN(t))
	defer s.Close()
	// The searches route lists at most 100 queries, which the search route takes of up to 1,000
	// characters (ingest's beacon, 512).
	const project, n, searches = "long", store.MaxGapRecords, 100
	// The feedback comes the day after the views: the engagement pages' range (whole days)
	// leaves it out (its thumbs would rank its pages, which have no readings, first).
	day := time.Date(2026, 11, 2, 0, 0, 0, 0, time.UTC)
	at, said := day.Add(10*time.Hour), day.Add(34*time.Hour)
	var b store.Batch
	for i := range n {
		path, visitor := longPath("exit", i), fmt.Sprintf("v%04d", i)
		events := []event.Traffic{
			{Type: event.TypePageView, Path: path, Title: "Page"},
			{Type: event.TypePageEngagement, Path: path, EngagedMs: 30_000, ScrollDepth: 100},
		}
		if i < searches {
			q := longQuery(i)
			events = append(events, event.Traffic{Type: event.TypeSearch, Query: q},
				event.Traffic{Type: event.TypeSearchClick, Query: q, Path: path, Position: 1})
		}
		for k, e := range events {
			e.ID = ulid.MustNew(ulid.Timestamp(at.Add(time.Duration(k)*time.Second)), rand.Reader).String()
			e.ProjectID, e.Domain, e.VisitorID, e.Class = project, "docs", visitor, event.ClassHuman
			e.Timestamp = at.Add(time.Duration(k) * time.Second)
			b.Traffic = append(b.Traffic, e)
		}
		id := ulid.MustNew(ulid.Timestamp(said), rand.Reader).String()
		b.Feedback = append(b.Feedback, event.Feedback{EventID: id, ID: id, ProjectID: project, Domain: "docs",
			Path: longPath("said", i), Source: event.SourceContextual, Helpful: new(false), Status: event.StatusPending,
			CreatedAt: said, UpdatedAt: said})
	}
	if err := s.WriteBatch(t.Context(), b); err != nil {
		t.Fatal(err)
	}
	r, all := store.Range{From: day, To: day.AddDate(0, 0, 1)}, store.Range{From: day, To: day.AddDate(0, 0, 2)}
	for _, c := range []struct {
		name string
		read func() error
	}{
		{"gap signals", func() error {
			g, err := s.GapSignals(t.Context(), project, all)
			if err != nil {
				return err
			}
			if len(g.Pages) != 2*n {
				return fmt.Errorf("%d gap pages, want %d", len(g.Pages), 2*n)
			}
			for _, p := range g.Pages {
				exit := strings.HasPrefix(p.Path, "/exit")
				if rd := g.Readings[p.Path]; exit && (p.Views != 1 || rd.Readings != 1 || rd.ReachedEnd != 1) {
					return fmt.Errorf("%.20s: %d views, reading %+v; want 1 view and 1 reading to the end", p.Path, p.Views, rd)
				}
			}
			return nil
		}},
		{"engagement pages", func() error {
			page, err := s.EngagementPages(t.Context(), store.EngagementPagesQuery{ProjectID: project, Range: r, Limit: 250})
			if err != nil {
				return err
			}
			if len(page.Rows) != 250 {
				return fmt.Errorf("%d rows, want 250", len(page.Rows))
			}
			for _, p := range page.Rows {
				if p.Reading.Readings != 1 || p.Reading.MedianMs != 30_000 {
					return fmt.Errorf("%.20s: reading %+v, want 1 of 30 s", p.Path, p.Reading)
				}
			}
			return nil
		}},
		{"visitors", func() error {
			page, err := s.Visitors(t.Context(), store.TrafficQuery{ProjectID: project, Range: r, Limit: 250})
			if err != nil {
				return err
			}
			if len(page.Rows) != 250 || page.Totals.Total != n {
				return fmt.Errorf("%d rows and %d visitors, want 250 and %d", len(page.Rows), page.Totals.Total, n)
			}
			for _, p := range page.Rows {
				if p.Total != 1 {
					return fmt.Errorf("%.20s: %d visitors, want 1", p.Path, p.Total)
				}
			}
			return nil
		}},
		{"searches", func() error {
			page, err := s.Searches(t.Context(), store.SearchQuery{ProjectID: project, Range: r, Limit: searches})
			if err != nil {
				return err
			}
			if len(page.Rows) != searches {
				return fmt.Errorf("%d rows, want %d", len(page.Rows), searches)
			}
			for _, q := range page.Rows {
				if q.NoResults != 1 || !strings.HasPrefix(q.TopClickedPage, "/exit0"+q.Query[1:4]) {
					return fmt.Errorf("%.8s: %d searches without results, top clicked %.12s; want 1 and its page", q.Query, q.NoResults, q.TopClickedPage)
				}
			}
			return nil
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			if err := c.read(); err != nil {
				t.Fatal(err)
			}
		})
	}
}
