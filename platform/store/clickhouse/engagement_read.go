package clickhouse

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/schemas/event"
)

// thumbsCond selects the page ratings of the feedback widget created in r (every version of
// a record; count them with uniqExact(id)). ok is false when no stored time falls in r.
func thumbsCond(projectID string, r store.Range) (cond, bool) {
	var c cond
	ms, ok := millisRange(r)
	c.add("project_id = ?", projectID)
	c.timeRange("created_at", "created_at_ms", ms)
	c.add("thread_id = ''")
	c.add("isNotNull(helpful)")
	c.add("source IN ('contextual', 'thumbs_only')")
	return c, ok
}

// Engagement counts a project's human engagement events, page ratings and sessions in r.
func (s *Store) Engagement(ctx context.Context, projectID string, r store.Range) (store.EngagementCounts, error) {
	c, err := s.engagement(ctx, projectID, r)
	if err != nil {
		return c, wrap("engagement", err)
	}
	return c, nil
}

// engagement runs its four reads at once.
func (s *Store) engagement(ctx context.Context, projectID string, r store.Range) (store.EngagementCounts, error) {
	var out store.EngagementCounts
	if err := ctx.Err(); err != nil {
		return out, err
	}
	c := dayCond(projectID, r)
	var types store.EngagementCounts
	reads := []func() error{
		func() error {
			var views uint64
			err := s.conn.QueryRow(ctx, "SELECT sumMerge(views) FROM traffic_pages_daily WHERE "+c.sql()+" AND class = 'human'", c.args...).Scan(&views)
			out.HumanViews = int64(views) // #nosec G115 -- counts of stored events
			return err
		},
		func() error {
			return s.each(ctx, "SELECT type, sumMerge(events) FROM traffic_engagement_daily WHERE "+c.sql()+" AND class = 'human' GROUP BY type", c.args,
				func(scan func(...any) error) error {
					var typ string
					var n uint64
					if err := scan(&typ, &n); err != nil {
						return err
					}
					*engagementField(&types, event.Type(typ)) += int64(n) // #nosec G115 -- counts of stored events
					return nil
				})
		},
		func() error {
			rd, err := s.readings(ctx, projectID, r, nil)
			out.Reading = rd[""]
			return err
		},
		func() error {
			sr, err := s.sessionDays(ctx, projectID, r)
			sc := sr.totals()
			out.Sessions, out.ActiveSessions = sc.Sessions, sc.Active
			return err
		},
	}
	var thumbs uint64
	if tc, ok := thumbsCond(projectID, r); ok {
		reads = append(reads, func() error {
			return s.conn.QueryRow(ctx, "SELECT uniqExact(id) FROM feedback WHERE "+tc.sql(), tc.args...).Scan(&thumbs)
		})
	}
	if err := parallel(reads...); err != nil {
		return out, err
	}
	out.CTAClicks, out.CodeCopies, out.MenuActions = types.CTAClicks, types.CodeCopies, types.MenuActions
	out.OutboundClicks, out.SourceClicks = types.OutboundClicks, types.SourceClicks
	out.Thumbs = int64(thumbs) // #nosec G115 -- counts of stored records
	return out, nil
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

// each runs q and calls fn with the scanner of each row.
func (s *Store) each(ctx context.Context, q string, args []any, fn func(scan func(...any) error) error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	rows, err := s.conn.Query(ctx, q, args...)
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

// EngagementDaily counts calls to action and actions per UTC day of r, oldest first.
func (s *Store) EngagementDaily(ctx context.Context, projectID string, r store.Range) ([]store.DayEngagement, error) {
	days := map[string]*store.DayEngagement{}
	get := func(d string) *store.DayEngagement {
		if days[d] == nil {
			days[d] = &store.DayEngagement{Day: d}
		}
		return days[d]
	}
	c := dayCond(projectID, r)
	err := s.each(ctx, "SELECT toString(day), type, sumMerge(events) FROM traffic_engagement_daily WHERE "+c.sql()+
		" AND class = 'human' AND type != 'source_click' GROUP BY day, type", c.args, func(scan func(...any) error) error {
		var day, typ string
		var n uint64
		if err := scan(&day, &typ, &n); err != nil {
			return err
		}
		var e store.EngagementCounts
		*engagementField(&e, event.Type(typ)) = int64(n)
		d := get(day)
		d.CTAClicks, d.CodeCopies, d.MenuActions, d.OutboundClicks = d.CTAClicks+e.CTAClicks, d.CodeCopies+e.CodeCopies,
			d.MenuActions+e.MenuActions, d.OutboundClicks+e.OutboundClicks
		return nil
	})
	if err != nil {
		return nil, wrap("engagement daily", err)
	}
	if tc, ok := thumbsCond(projectID, r); ok {
		err = s.each(ctx, "SELECT toString(toDate(created_at, 'UTC')) AS d, uniqExact(id) FROM feedback WHERE "+tc.sql()+" GROUP BY d",
			tc.args, func(scan func(...any) error) error {
				var day string
				var n uint64
				if err := scan(&day, &n); err != nil {
					return err
				}
				get(day).Thumbs += int64(n)
				return nil
			})
		if err != nil {
			return nil, wrap("engagement daily", err)
		}
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
	page, err := s.engagementPages(ctx, q)
	if err != nil {
		return page, wrap("engagement pages", err)
	}
	return page, nil
}

func (s *Store) engagementPages(ctx context.Context, q store.EngagementPagesQuery) (store.PageEngagementPage, error) {
	var page store.PageEngagementPage
	if q.Limit < 1 || q.Offset < 0 {
		return page, fmt.Errorf("limit %d, offset %d", q.Limit, q.Offset)
	}
	c := dayCond(q.ProjectID, q.Range)
	const zero = "toUInt64(0)"
	union := "SELECT path, sumMerge(views) AS v, " + zero + " AS cta, " + zero + " AS code, " + zero + " AS menu, " + zero +
		" AS thumbs, " + zero + " AS outb FROM traffic_pages_daily WHERE " + c.sql() + " AND class = 'human' GROUP BY path" +
		" UNION ALL SELECT path, " + zero + ", sumMergeIf(events, type = 'cta_click'), sumMergeIf(events, type = 'code_copy')," +
		" sumMergeIf(events, type = 'menu_action'), " + zero + ", sumMergeIf(events, type = 'outbound_click')" +
		" FROM traffic_engagement_daily WHERE " + c.sql() + " AND class = 'human' AND type != 'source_click' GROUP BY path"
	args := append(append([]any{}, c.args...), c.args...)
	if tc, ok := thumbsCond(q.ProjectID, q.Range); ok {
		union += " UNION ALL SELECT path, " + zero + ", " + zero + ", " + zero + ", " + zero + ", toUInt64(uniqExact(id)), " + zero +
			" FROM feedback WHERE " + tc.sql() + " GROUP BY path"
		args = append(args, tc.args...)
	}
	err := s.each(ctx, "SELECT path, sum(v) AS views, sum(cta) AS c, sum(code) AS k, sum(menu) AS m, sum(thumbs) AS t, sum(outb),"+
		" c + k + m + t AS interactions FROM ("+union+") GROUP BY path ORDER BY interactions DESC, views DESC, path ASC"+
		limitOffset(q.Offset, q.Limit+1), args, func(scan func(...any) error) error {
		var p store.PageEngagement
		var v, cta, code, menu, thumbs, outb, interactions uint64
		if err := scan(&p.Path, &v, &cta, &code, &menu, &thumbs, &outb, &interactions); err != nil {
			return err
		}
		p.HumanViews, p.CTAClicks, p.CodeCopies, p.MenuActions = int64(v), int64(cta), int64(code), int64(menu)
		p.Thumbs, p.OutboundClicks = int64(thumbs), int64(outb)
		page.Rows = append(page.Rows, p)
		return nil
	})
	if err != nil {
		return page, err
	}
	if len(page.Rows) > q.Limit {
		page.Rows, page.HasMore = page.Rows[:q.Limit], true
	}
	paths := make([]string, len(page.Rows))
	for i, r := range page.Rows {
		paths[i] = r.Path
	}
	rd, err := s.readings(ctx, q.ProjectID, q.Range, paths)
	for i := range page.Rows {
		page.Rows[i].Reading = rd[page.Rows[i].Path]
	}
	return page, err
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
	f, err := s.funnels(ctx, projectID, r)
	if err != nil {
		return f, wrap("funnels", err)
	}
	return f, nil
}

func (s *Store) funnels(ctx context.Context, projectID string, r store.Range) (store.Funnels, error) {
	var f store.Funnels
	if err := ctx.Err(); err != nil {
		return f, err
	}
	sr, err := s.sessionDays(ctx, projectID, r)
	if err != nil {
		return f, err
	}
	f.Search = sr.totals().Search
	var n [7]uint64
	ms, ok := millisRange(r)
	if !ok {
		return f, nil
	}
	var conv, fb cond
	conv.add("project_id = ?", projectID)
	conv.timeRange("timestamp", "timestamp_ms", ms)
	fb.add("project_id = ?", projectID)
	fb.timeRange("created_at", "created_at_ms", ms)
	fb.add("thread_id != ''")
	clicks := dayCond(projectID, r)
	clicks.add("type = 'source_click'")
	args := append(append(append(append([]any{}, clicks.args...), fb.args...), fb.args...), conv.args...)
	err = s.conn.QueryRow(ctx, "SELECT count(), countIf(ans), countIf(ans AND turns >= 2), countIf(ans AND (clicked OR rated)),"+
		" countIf(ans AND clicked), countIf(ans AND rated), countIf(ans AND helpful)"+
		" FROM (SELECT thread_id, max(resolution_status = 'answered') AS ans, uniqExact(id) AS turns,"+
		// GLOBAL IN: on a cluster each of these tables is Distributed, and a subquery over one
		// inside IN over another is refused (code 288); on one server it is IN.
		" thread_id GLOBAL IN (SELECT thread_id FROM traffic_events WHERE "+clicks.sql()+") AS clicked,"+
		" thread_id GLOBAL IN (SELECT thread_id FROM feedback WHERE "+fb.sql()+") AS rated,"+
		" thread_id GLOBAL IN (SELECT thread_id FROM feedback WHERE "+fb.sql()+" AND helpful = 1) AS helpful"+
		" FROM conversations WHERE "+conv.sql()+" GROUP BY thread_id)", args...).Scan(&n[0], &n[1], &n[2], &n[3], &n[4], &n[5], &n[6])
	if err != nil {
		return f, err
	}
	f.Assistant = store.AssistantFunnel{Asked: int64(n[0]), Answered: int64(n[1]), FollowedUp: int64(n[2]), Engaged: int64(n[3]),
		SourceClicked: int64(n[4]), Rated: int64(n[5]), RatedHelpful: int64(n[6])}
	return f, nil
}
