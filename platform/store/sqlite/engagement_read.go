package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/schemas/event"
)

// thumbsWhere selects the page ratings of the feedback widget created in r.
func thumbsWhere(projectID string, r store.Range) *where {
	w := newWhere(projectID, "", "created_at", r)
	w.conds = append(w.conds, "thread_id = ''", "helpful IS NOT NULL", "source IN ('contextual', 'thumbs_only')")
	return w
}

// Engagement counts a project's human engagement events, page ratings and sessions in r.
func (s *Store) Engagement(ctx context.Context, projectID string, r store.Range) (store.EngagementCounts, error) {
	c, err := s.engagement(ctx, projectID, r)
	if err != nil {
		return c, wrap("engagement", err)
	}
	return c, nil
}

func (s *Store) engagement(ctx context.Context, projectID string, r store.Range) (store.EngagementCounts, error) {
	var c store.EngagementCounts
	w := dayWhere(projectID, r)
	var views sql.NullInt64
	if err := s.r.QueryRowContext(ctx, "SELECT SUM(views) FROM traffic_pages_daily"+w.clause()+" AND class = 'human'", w.args...).Scan(&views); err != nil {
		return c, err
	}
	c.HumanViews = views.Int64
	err := s.eachRow(ctx, "SELECT type, SUM(events) FROM traffic_engagement_daily"+w.clause()+" AND class = 'human' GROUP BY type", w.args,
		func(scan func(...any) error) error {
			var typ event.Type
			var n int64
			if err := scan(&typ, &n); err != nil {
				return err
			}
			*engagementField(&c, typ) += n
			return nil
		})
	if err != nil {
		return c, err
	}
	tw := thumbsWhere(projectID, r)
	if err := s.r.QueryRowContext(ctx, "SELECT COUNT(*) FROM feedback"+tw.clause(), tw.args...).Scan(&c.Thumbs); err != nil {
		return c, err
	}
	rd, err := s.readings(ctx, projectID, r, nil)
	if err != nil {
		return c, err
	}
	c.Reading = rd[""]
	sc, err := s.sessionTotals(ctx, projectID, r)
	c.Sessions, c.ActiveSessions = sc.Sessions, sc.Active
	return c, err
}

// engagementField is the count of c an engagement type adds to.
func engagementField(c *store.EngagementCounts, t event.Type) *int64 {
	switch t {
	case event.TypeCTAClick:
		return &c.CTAClicks
	case event.TypeCodeCopy:
		return &c.CodeCopies
	case event.TypeMenuAction:
		return &c.MenuActions
	case event.TypeOutboundClick:
		return &c.OutboundClicks
	case event.TypeSourceClick:
		return &c.SourceClicks
	}
	return new(int64)
}

// eachRow runs q and calls fn with the scanner of each row.
func (s *Store) eachRow(ctx context.Context, q string, args []any, fn func(scan func(...any) error) error) error {
	rows, err := s.r.QueryContext(ctx, q, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := fn(rows.Scan); err != nil {
			return err
		}
	}
	return rows.Err()
}

// EngagementDaily counts calls to action and actions per UTC day of r, oldest first; days
// without any are left out.
func (s *Store) EngagementDaily(ctx context.Context, projectID string, r store.Range) ([]store.DayEngagement, error) {
	days := map[string]*store.DayEngagement{}
	get := func(d string) *store.DayEngagement {
		if days[d] == nil {
			days[d] = &store.DayEngagement{Day: d}
		}
		return days[d]
	}
	w := dayWhere(projectID, r)
	err := s.eachRow(ctx, "SELECT day, type, SUM(events) FROM traffic_engagement_daily"+w.clause()+
		" AND class = 'human' AND type != 'source_click' GROUP BY day, type", w.args, func(scan func(...any) error) error {
		var day string
		var typ event.Type
		var n int64
		if err := scan(&day, &typ, &n); err != nil {
			return err
		}
		var c store.EngagementCounts
		*engagementField(&c, typ) = n
		d := get(day)
		d.CTAClicks, d.CodeCopies, d.MenuActions, d.OutboundClicks = d.CTAClicks+c.CTAClicks, d.CodeCopies+c.CodeCopies,
			d.MenuActions+c.MenuActions, d.OutboundClicks+c.OutboundClicks
		return nil
	})
	if err != nil {
		return nil, wrap("engagement daily", err)
	}
	tw := thumbsWhere(projectID, r)
	err = s.eachRow(ctx, "SELECT strftime('%Y-%m-%d', created_at / 1000, 'unixepoch') AS d, COUNT(*) FROM feedback"+tw.clause()+" GROUP BY d",
		tw.args, func(scan func(...any) error) error {
			var day string
			var n int64
			if err := scan(&day, &n); err != nil {
				return err
			}
			get(day).Thumbs += n
			return nil
		})
	if err != nil {
		return nil, wrap("engagement daily", err)
	}
	out := make([]store.DayEngagement, 0, len(days))
	for _, d := range days {
		out = append(out, *d)
	}
	slices.SortFunc(out, func(a, b store.DayEngagement) int { return strings.Compare(a.Day, b.Day) })
	return out, nil
}

// EngagementPages lists the paths with human views or interactions by interactions, then
// human views, then path.
func (s *Store) EngagementPages(ctx context.Context, q store.EngagementPagesQuery) (store.PageEngagementPage, error) {
	var page store.PageEngagementPage
	if q.Limit < 1 || q.Offset < 0 {
		return page, fmt.Errorf("sqlite: engagement pages: limit %d, offset %d", q.Limit, q.Offset)
	}
	w, tw := dayWhere(q.ProjectID, q.Range), thumbsWhere(q.ProjectID, q.Range)
	union := "SELECT path, views AS v, 0 AS cta, 0 AS code, 0 AS menu, 0 AS thumbs, 0 AS outb FROM traffic_pages_daily" +
		w.clause() + " AND class = 'human'" +
		" UNION ALL SELECT path, 0, CASE type WHEN 'cta_click' THEN events ELSE 0 END, CASE type WHEN 'code_copy' THEN events ELSE 0 END," +
		" CASE type WHEN 'menu_action' THEN events ELSE 0 END, 0, CASE type WHEN 'outbound_click' THEN events ELSE 0 END" +
		" FROM traffic_engagement_daily" + w.clause() + " AND class = 'human' AND type != 'source_click'" +
		" UNION ALL SELECT path, 0, 0, 0, 0, 1, 0 FROM feedback" + tw.clause()
	args := append(append(append(append([]any{}, w.args...), w.args...), tw.args...), q.Limit+1, q.Offset)
	err := s.eachRow(ctx, "SELECT path, SUM(v) AS views, SUM(cta), SUM(code), SUM(menu), SUM(thumbs), SUM(outb),"+
		" SUM(cta) + SUM(code) + SUM(menu) + SUM(thumbs) AS interactions FROM ("+union+") GROUP BY path"+
		" ORDER BY interactions DESC, views DESC, path ASC LIMIT ? OFFSET ?", args, func(scan func(...any) error) error {
		var p store.PageEngagement
		var interactions int64
		if err := scan(&p.Path, &p.HumanViews, &p.CTAClicks, &p.CodeCopies, &p.MenuActions, &p.Thumbs, &p.OutboundClicks, &interactions); err != nil {
			return err
		}
		page.Rows = append(page.Rows, p)
		return nil
	})
	if err != nil {
		return page, wrap("engagement pages", err)
	}
	if len(page.Rows) > q.Limit {
		page.Rows, page.HasMore = page.Rows[:q.Limit], true
	}
	if err := s.pageReadings(ctx, q, page.Rows); err != nil {
		return page, wrap("engagement pages", err)
	}
	return page, nil
}

// pageReadings sets the readings of each row's path.
func (s *Store) pageReadings(ctx context.Context, q store.EngagementPagesQuery, rows []store.PageEngagement) error {
	paths := make([]string, len(rows))
	for i, r := range rows {
		paths[i] = r.Path
	}
	rd, err := s.readings(ctx, q.ProjectID, q.Range, paths)
	for i := range rows {
		rows[i].Reading = rd[rows[i].Path]
	}
	return err
}

// Flows reads the user flows from an entry page.
func (s *Store) Flows(ctx context.Context, q store.FlowQuery) (store.Flows, error) {
	f, err := s.flows(ctx, q)
	if err != nil {
		return f, wrap("flows", err)
	}
	return f, nil
}

// Funnels counts the search funnel's sessions and the assistant funnel's threads in r.
func (s *Store) Funnels(ctx context.Context, projectID string, r store.Range) (store.Funnels, error) {
	var f store.Funnels
	sc, err := s.sessionTotals(ctx, projectID, r)
	if err != nil {
		return f, wrap("funnels", err)
	}
	f.Search = sc.Search
	w, cw := dayWhere(projectID, r), newWhere(projectID, "", "timestamp", r)
	fw := newWhere(projectID, "", "created_at", r)
	fw.conds = append(fw.conds, "thread_id != ''")
	rated := "SELECT thread_id FROM feedback" + fw.clause()
	args := append(append(append(append([]any{}, w.args...), fw.args...), fw.args...), cw.args...)
	var n [7]sql.NullInt64
	err = s.r.QueryRowContext(ctx, "SELECT COUNT(*), SUM(ans), SUM(ans AND turns >= 2), SUM(ans AND (clicked OR rated)),"+
		" SUM(ans AND clicked), SUM(ans AND rated), SUM(ans AND helpful)"+
		" FROM (SELECT thread_id, MAX(resolution_status = 'answered') AS ans, COUNT(DISTINCT id) AS turns,"+
		" thread_id IN (SELECT thread_id FROM traffic_events"+w.clause()+" AND type = 'source_click') AS clicked,"+
		" thread_id IN ("+rated+") AS rated, thread_id IN ("+rated+" AND helpful = 1) AS helpful"+
		" FROM conversations"+cw.clause()+" GROUP BY thread_id)", args...).Scan(&n[0], &n[1], &n[2], &n[3], &n[4], &n[5], &n[6])
	if err != nil {
		return f, wrap("funnels", err)
	}
	f.Assistant = store.AssistantFunnel{Asked: n[0].Int64, Answered: n[1].Int64, FollowedUp: n[2].Int64, Engaged: n[3].Int64,
		SourceClicked: n[4].Int64, Rated: n[5].Int64, RatedHelpful: n[6].Int64}
	return f, nil
}
