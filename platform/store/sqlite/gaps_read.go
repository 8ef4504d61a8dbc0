package sqlite

import (
	"context"
	"database/sql"
	"strconv"
	"strings"

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

func (s *Store) gapSignals(ctx context.Context, projectID string, r store.Range) (store.GapSignals, error) {
	var g store.GapSignals
	var err error
	if g.Queries, err = s.gapQueries(ctx, projectID, r); err != nil {
		return g, err
	}
	if g.Unanswered, err = s.unanswered(ctx, projectID, r); err != nil {
		return g, err
	}
	if g.RatedDown, err = s.ratedDown(ctx, projectID, r); err != nil {
		return g, err
	}
	if g.Feedback, err = s.gapFeedback(ctx, projectID, r); err != nil {
		return g, err
	}
	if g.Pages, err = s.gapPages(ctx, projectID, r, g.Feedback); err != nil {
		return g, err
	}
	if g.Readings, err = s.readings(ctx, projectID, r, g.PagePaths()); err != nil {
		return g, err
	}
	g.Titles, err = s.pageTitles(ctx, projectID, r, g.GapPaths())
	return g, err
}

// pageTitles reads the latest title of each of paths in r (the row of the latest view: SQLite
// takes a bare column of a MAX aggregate from the row that holds the maximum).
func (s *Store) pageTitles(ctx context.Context, projectID string, r store.Range, paths []string) (map[string]string, error) {
	out := map[string]string{}
	if len(paths) == 0 {
		return out, nil
	}
	w := dayWhere(projectID, r)
	w.conds = append(w.conds, "path IN ("+strings.TrimSuffix(strings.Repeat("?, ", len(paths)), ", ")+")")
	for _, p := range paths {
		w.args = append(w.args, p)
	}
	err := s.eachRow(ctx, "SELECT path, title, MAX(at_ms) FROM traffic_page_titles_daily"+w.clause()+" GROUP BY path", w.args,
		func(scan func(...any) error) error {
			var path, title string
			var at int64
			if err := scan(&path, &title, &at); err != nil {
				return err
			}
			out[path] = title
			return nil
		})
	return out, err
}

func (s *Store) gapQueries(ctx context.Context, projectID string, r store.Range) ([]store.QueryOutcome, error) {
	var out []store.QueryOutcome
	for _, src := range []string{store.QuerySourceAgent, store.QuerySourceMCP, store.QuerySourceReader} {
		w := outcomesWhere(projectID, r, src)
		err := s.eachRow(ctx, "SELECT query_norm, SUM(searches) AS s, SUM(no_results) AS n, SUM(clicks) AS c, MIN(first_ms), MAX(last_ms)"+
			" FROM traffic_queries_daily"+w.clause()+" GROUP BY query_norm HAVING s > 0 AND (n > 0 OR (? = 'reader' AND c = 0))"+
			" ORDER BY s DESC, query_norm ASC LIMIT ?", append(w.args, src, store.MaxGapRecords), func(scan func(...any) error) error {
			o := store.QueryOutcome{Source: src}
			var first, last int64
			if err := scan(&o.Query, &o.Searches, &o.NoResults, &o.Clicks, &first, &last); err != nil {
				return err
			}
			o.First, o.Last = fromMilli(first), fromMilli(last)
			out = append(out, o)
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	forms, err := s.queryForms(ctx, projectID, r, store.OutcomeQueries(out))
	if err != nil {
		return nil, err
	}
	store.SetWritten(out, forms)
	return out, nil
}

// gapQuery is a turn's question as the gaps read it: its first store.MaxGapQueryChars
// characters (substr counts a TEXT value's characters), cut before it is read.
var gapQuery = "substr(query, 1, " + strconv.Itoa(store.MaxGapQueryChars) + ")"

func (s *Store) unanswered(ctx context.Context, projectID string, r store.Range) ([]store.GapTurn, error) {
	w := newWhere(projectID, "", "timestamp", r)
	w.add("resolution_status = ?", string(event.Unanswered))
	var out []store.GapTurn
	err := s.eachRow(ctx, "SELECT id, thread_id, "+gapQuery+", timestamp FROM conversations"+w.sql(store.MaxGapRecords), w.args,
		func(scan func(...any) error) error {
			var t store.GapTurn
			var at int64
			if err := scan(&t.ID, &t.ThreadID, &t.Query, &at); err != nil {
				return err
			}
			t.At = fromMilli(at)
			out = append(out, t)
			return nil
		})
	return out, err
}

// openWhere selects a project's open feedback created in r.
func openWhere(projectID string, r store.Range) *where {
	w := newWhere(projectID, "", "created_at", r)
	w.in("status", []event.Status{event.StatusPending, event.StatusInProgress})
	return w
}

func (s *Store) ratedDown(ctx context.Context, projectID string, r store.Range) ([]store.GapRating, error) {
	w := openWhere(projectID, r)
	w.conds = append(w.conds, "thread_id != ''", "helpful = 0")
	var out []store.GapRating
	err := s.eachRow(ctx, "SELECT id, thread_id, comment, status, created_at FROM feedback"+w.sql(store.MaxGapRecords), w.args,
		func(scan func(...any) error) error {
			var g store.GapRating
			var at int64
			if err := scan(&g.FeedbackID, &g.ThreadID, &g.Comment, &g.Status, &at); err != nil {
				return err
			}
			g.At = fromMilli(at)
			out = append(out, g)
			return nil
		})
	if err != nil || len(out) == 0 {
		return out, err
	}
	turns, err := s.threadTurns(ctx, projectID, out)
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

// threadTurns reads the turns of the rated threads, each thread's in time then id order.
func (s *Store) threadTurns(ctx context.Context, projectID string, ratings []store.GapRating) (map[string][]store.GapTurn, error) {
	args := []any{projectID}
	seen := map[string]bool{}
	for _, g := range ratings {
		if !seen[g.ThreadID] {
			seen[g.ThreadID] = true
			args = append(args, g.ThreadID)
		}
	}
	out := map[string][]store.GapTurn{}
	err := s.eachRow(ctx, "SELECT id, thread_id, "+gapQuery+", timestamp FROM conversations WHERE project_id = ? AND thread_id IN ("+
		strings.TrimSuffix(strings.Repeat("?, ", len(args)-1), ", ")+") ORDER BY thread_id, timestamp, id", args,
		func(scan func(...any) error) error {
			var t store.GapTurn
			var at int64
			if err := scan(&t.ID, &t.ThreadID, &t.Query, &at); err != nil {
				return err
			}
			t.At = fromMilli(at)
			out[t.ThreadID] = append(out[t.ThreadID], t)
			return nil
		})
	return out, err
}

func (s *Store) gapFeedback(ctx context.Context, projectID string, r store.Range) ([]store.GapFeedback, error) {
	w := openWhere(projectID, r)
	w.conds = append(w.conds, "thread_id = ''", "(helpful = 0 OR (helpful IS NULL AND comment != ''))")
	var out []store.GapFeedback
	err := s.eachRow(ctx, "SELECT id, path, source, helpful, comment, status, created_at FROM feedback"+w.sql(store.MaxGapRecords), w.args,
		func(scan func(...any) error) error {
			var f store.GapFeedback
			var helpful sql.NullBool
			var at int64
			if err := scan(&f.ID, &f.Path, &f.Source, &helpful, &f.Comment, &f.Status, &at); err != nil {
				return err
			}
			if helpful.Valid {
				f.Helpful = &helpful.Bool
			}
			f.At = fromMilli(at)
			out = append(out, f)
			return nil
		})
	return out, err
}

// gapPages reads the figures of the pages a gap can name (store.GapPages: those with an exit
// without action in the sessions of r, and those feedback names): exits, and human views.
func (s *Store) gapPages(ctx context.Context, projectID string, r store.Range, feedback []store.GapFeedback) ([]store.PageExits, error) {
	exits, err := s.exits(ctx, projectID, r)
	if err != nil {
		return nil, err
	}
	out := store.GapPages(exits, feedback)
	w := dayWhere(projectID, r)
	at := make(map[string]int, len(out))
	for i, p := range out {
		at[p.Path] = i
	}
	err = s.eachRow(ctx, "SELECT path, SUM(views) FROM traffic_pages_daily"+w.clause()+" AND class = 'human' GROUP BY path", w.args,
		func(scan func(...any) error) error {
			var path string
			var n int64
			if err := scan(&path, &n); err != nil {
				return err
			}
			if i, ok := at[path]; ok {
				out[i].Views = n
			}
			return nil
		})
	if err != nil {
		return nil, err
	}
	return out, nil
}
