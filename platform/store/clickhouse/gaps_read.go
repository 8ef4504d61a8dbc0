package clickhouse

import (
	"context"
	"time"

	ch "github.com/ClickHouse/clickhouse-go/v2"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/schemas/event"
)

// GapSignals reads the signals the content-gaps ranking weighs.
func (s *Store) GapSignals(ctx context.Context, projectID string, r store.Range) (store.GapSignals, error) {
	g, err := s.gapSignals(ctx, projectID, r)
	if err != nil {
		return g, wrap("gap signals", err)
	}
	return g, nil
}

// gapSignals runs the signals' reads at once: each is its own query (or two), and the read
// takes as long as the slowest rather than their sum. The human views and the readings of the
// gap pages follow (at once), once the exits and the feedback tell which pages those are. The
// readings cost about a tenth to a fifth more (BenchmarkEngagementReads/gap-signals, 30 days of
// 10,000 visitors on 2 shared cores: a median of 232 ms before, 256 ms after, over 10
// interleaved runs of each); reading every page's beside the exits instead measured the same
// there, and would send every page's readings to be filtered here.
func (s *Store) gapSignals(ctx context.Context, projectID string, r store.Range) (store.GapSignals, error) {
	var g store.GapSignals
	if err := ctx.Err(); err != nil {
		return g, err
	}
	var titles map[string]string
	var exits map[string]*store.PageExits
	reads := []func() error{
		func() (err error) { g.Queries, err = s.gapQueries(ctx, projectID, r); return err },
		func() (err error) { exits, err = s.exits(ctx, projectID, r); return err },
		func() (err error) { titles, err = s.pageTitles(ctx, projectID, r); return err },
	}
	if ms, ok := millisRange(r); ok {
		reads = append(reads,
			func() (err error) { g.Unanswered, err = s.unanswered(ctx, projectID, ms); return err },
			func() (err error) { g.RatedDown, err = s.ratedDown(ctx, projectID, ms); return err },
			func() (err error) { g.Feedback, err = s.gapFeedback(ctx, projectID, ms); return err })
	}
	if err := parallel(reads...); err != nil {
		return g, err
	}
	g.Pages = store.GapPages(exits, g.Feedback)
	paths := g.PagePaths()
	err := parallel(
		func() error { return s.pageViews(ctx, projectID, r, g.Pages) },
		func() (err error) { g.Readings, err = s.readings(ctx, projectID, r, paths); return err })
	if err != nil {
		return g, err
	}
	g.Titles = map[string]string{}
	for _, p := range g.GapPaths() {
		if t, ok := titles[p]; ok {
			g.Titles[p] = t
		}
	}
	return g, nil
}

// pageTitles reads the latest title of each page in r from the page rollup (migration 0015).
// It reads every page's, so that it runs beside the reads that find the gap pages instead of
// after them: ClickHouse merges every page's states either way (a filter on the paths goes
// after the GROUP BY, see pageViews), 13–41 ms for a 1% project at 50M events. A path none of
// whose views carried a title is left out; at most maxTitles are read (past that many distinct
// pages, a gap page may show its path).
func (s *Store) pageTitles(ctx context.Context, projectID string, r store.Range) (map[string]string, error) {
	out := map[string]string{}
	c := dayCond(projectID, r)
	err := s.each(ctx, "SELECT path, argMaxMerge(latest_title) AS t FROM traffic_pages_daily WHERE "+c.sql()+
		" GROUP BY path HAVING t != '' LIMIT "+itoa(maxTitles), c.args,
		func(scan func(...any) error) error {
			var path, title string
			if err := scan(&path, &title); err != nil {
				return err
			}
			out[path] = title
			return nil
		})
	return out, err
}

// maxTitles bounds the pages whose titles a gaps read takes.
const maxTitles = 100_000

// gapQueries reads the outcomes of the three sources' queries in one pass over
// traffic_queries_daily (whose key puts day before source, so a query per source read the
// project's rows three times): the first store.MaxGapRecords of each source, by searches,
// agent first, then mcp, then reader.
func (s *Store) gapQueries(ctx context.Context, projectID string, r store.Range) ([]store.QueryOutcome, error) {
	var out []store.QueryOutcome
	c := dayCond(projectID, r)
	c.add("source IN (?, ?, ?)", store.QuerySourceAgent, store.QuerySourceMCP, store.QuerySourceReader)
	err := s.each(ctx, "SELECT source, query_norm, sumMerge(searches) AS s, sumMerge(no_results) AS n, sumMerge(clicks) AS c,"+
		" minMerge(first_ms), maxMerge(last_ms) FROM traffic_queries_daily WHERE "+c.sql()+" GROUP BY source, query_norm"+
		" HAVING s > 0 AND (n > 0 OR (source = ? AND c = 0)) ORDER BY source, s DESC, query_norm ASC LIMIT "+itoa(store.MaxGapRecords)+" BY source",
		append(c.args, store.QuerySourceReader), func(scan func(...any) error) error {
			var o store.QueryOutcome
			var n, nr, cl, first, last uint64
			if err := scan(&o.Source, &o.Query, &n, &nr, &cl, &first, &last); err != nil {
				return err
			}
			o.Searches, o.NoResults, o.Clicks = int64(n), int64(nr), int64(cl) // #nosec G115 -- counts
			o.First, o.Last = fromMilli(int64(first)), fromMilli(int64(last))  // #nosec G115 -- unix ms of searches
			out = append(out, o)
			return nil
		})
	if err != nil {
		return nil, err
	}
	forms, err := s.queryForms(ctx, projectID, r, store.OutcomeQueries(out))
	if err != nil {
		return nil, err
	}
	store.SetWritten(out, forms)
	return out, nil
}

// pageViews fills the human views of pages in r.
func (s *Store) pageViews(ctx context.Context, projectID string, r store.Range, pages []store.PageExits) error {
	if len(pages) == 0 {
		return nil
	}
	at := make(map[string]int, len(pages))
	paths := make([]string, len(pages))
	for i, p := range pages {
		at[p.Path], paths[i] = i, p.Path
	}
	vc := dayCond(projectID, r)
	vc.add("class = 'human'")
	// The paths (up to 2 × store.MaxGapRecords, of up to 2,048 characters) go as inSet makes
	// them and filter the paths summed, not the rows: as a WHERE on the key's path it cost 20 ms
	// more than summing every path (a project of 507k events at 50M: 46 ms of server
	// CPU against 25).
	ctx, in, inArgs, err := inSet(ctx, pathSet, paths)
	if err != nil {
		return err
	}
	return s.each(ctx, "SELECT path, sumMerge(views) FROM traffic_pages_daily WHERE "+vc.sql()+" GROUP BY path HAVING path IN "+in,
		append(vc.args, inArgs...),
		func(scan func(...any) error) error {
			var path string
			var n uint64
			if err := scan(&path, &n); err != nil {
				return err
			}
			if i, ok := at[path]; ok {
				pages[i].Views = int64(n) // #nosec G115 -- a count
			}
			return nil
		})
}

// gapQuery is a turn's question as the gaps read it: its first 4 × store.MaxGapQueryChars
// bytes, which hold at least its first store.MaxGapQueryChars characters, cut on the server;
// scanTurn keeps those characters (store.CutGapQuery), dropping a character the byte cut split.
// Not substringUTF8: ClickHouse 18.16 cuts a character of four bytes (U+10000 and above, such
// as emoji) to its first byte (substringUTF8('😀😀', 1, 1) is the byte F0 on 18.16.1).
var gapQuery = "substring(query, 1, " + itoa(4*store.MaxGapQueryChars) + ")"

func (s *Store) unanswered(ctx context.Context, projectID string, r msRange) ([]store.GapTurn, error) {
	var c cond
	c.add("project_id = ?", projectID)
	c.timeRange("timestamp", "timestamp_ms", r)
	c.add("resolution_status = ?", string(event.Unanswered))
	var out []store.GapTurn
	err := s.each(ctx, "SELECT id, thread_id, "+gapQuery+", timestamp, timestamp_ms FROM conversations WHERE "+c.sql()+
		" ORDER BY id DESC LIMIT 1 BY id LIMIT "+itoa(store.MaxGapRecords), c.args, func(scan func(...any) error) error {
		t, err := scanTurn(scan)
		out = append(out, t)
		return err
	})
	return out, err
}

func scanTurn(scan func(...any) error) (store.GapTurn, error) {
	var t store.GapTurn
	var at time.Time
	var atMS uint16
	err := scan(&t.ID, &t.ThreadID, &t.Query, &at, &atMS)
	t.ID, t.At, t.Query = trimID(t.ID), fromParts(at, atMS), store.CutGapQuery(t.Query)
	return t, err
}

// openFeedbackSQL selects the current version of each feedback record c selects, keeping
// those still open.
func openFeedbackSQL(cols string, c cond) string {
	return "SELECT " + cols + " FROM (SELECT " + cols + ", status AS current_status FROM feedback WHERE " + c.sql() + currentFirst +
		") WHERE current_status IN ('pending', 'in_progress') ORDER BY id DESC LIMIT " + itoa(store.MaxGapRecords)
}

func (s *Store) ratedDown(ctx context.Context, projectID string, r msRange) ([]store.GapRating, error) {
	var c cond
	c.add("project_id = ?", projectID)
	c.timeRange("created_at", "created_at_ms", r)
	c.add("thread_id != ''")
	c.add("helpful = 0")
	var out []store.GapRating
	err := s.each(ctx, openFeedbackSQL("id, thread_id, comment, status, created_at, created_at_ms", c), c.args, func(scan func(...any) error) error {
		var g store.GapRating
		var status string
		var at time.Time
		var atMS uint16
		if err := scan(&g.FeedbackID, &g.ThreadID, &g.Comment, &status, &at, &atMS); err != nil {
			return err
		}
		g.Status = event.Status(status)
		g.FeedbackID, g.At = trimID(g.FeedbackID), fromParts(at, atMS)
		out = append(out, g)
		return nil
	})
	if err != nil || len(out) == 0 {
		return out, err
	}
	threads := make([]any, 0, len(out))
	seen := map[string]bool{}
	for _, g := range out {
		if !seen[g.ThreadID] {
			seen[g.ThreadID] = true
			threads = append(threads, g.ThreadID)
		}
	}
	// At most store.MaxGapRecords thread ids ("thr_" and a ULID, as the feedback route checks
	// them), about 34 KB as text: far below max_query_size (see inSet).
	turns := map[string][]store.GapTurn{}
	err = s.each(ctx, "SELECT id, thread_id, "+gapQuery+", timestamp, timestamp_ms FROM conversations WHERE project_id = ? AND thread_id IN ?"+
		" ORDER BY thread_id, timestamp, timestamp_ms, id LIMIT 1 BY id", []any{projectID, ch.GroupSet{Value: threads}},
		func(scan func(...any) error) error {
			t, err := scanTurn(scan)
			turns[t.ThreadID] = append(turns[t.ThreadID], t)
			return err
		})
	if err != nil {
		return nil, err
	}
	for i := range out {
		if t, ok := store.RatedTurn(turns[out[i].ThreadID], out[i].At); ok {
			out[i].TurnID, out[i].Query = t.ID, t.Query
		}
	}
	return out, nil
}

func (s *Store) gapFeedback(ctx context.Context, projectID string, r msRange) ([]store.GapFeedback, error) {
	var c cond
	c.add("project_id = ?", projectID)
	c.timeRange("created_at", "created_at_ms", r)
	c.add("thread_id = ''")
	c.add("(helpful = 0 OR (isNull(helpful) AND comment != ''))")
	var out []store.GapFeedback
	err := s.each(ctx, openFeedbackSQL("id, path, source, helpful, comment, status, created_at, created_at_ms", c), c.args,
		func(scan func(...any) error) error {
			var f store.GapFeedback
			var helpful *uint8
			var source, status string
			var at time.Time
			var atMS uint16
			if err := scan(&f.ID, &f.Path, &source, &helpful, &f.Comment, &status, &at, &atMS); err != nil {
				return err
			}
			f.Source, f.Status = event.Source(source), event.Status(status)
			if helpful != nil {
				f.Helpful = new(*helpful == 1)
			}
			f.ID, f.At = trimID(f.ID), fromParts(at, atMS)
			out = append(out, f)
			return nil
		})
	return out, err
}
