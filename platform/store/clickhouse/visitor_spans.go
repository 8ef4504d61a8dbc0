package clickhouse

import (
	"cmp"
	"context"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/lectern-dev/lectern/platform/store"
)

// Distinct visitors over a range merge uniqCombined(18) states. Merging a state costs about the
// visitors it holds, and traffic_pages_daily holds one per day, path and class, so a read of 30
// days merged each visitor of each day once: about the range's page views (0.1–0.3 µs of server
// CPU each on 18.16). The summaries add the same states merged over aligned spans of closed days
// (visitor_spans, per path, and visitor_span_totals, over every path, for single days too): a
// range of n days is covered by at most about 2·log2(n) spans and days, and each span's state
// holds its visitors once however many days they came back.

// spanLengths are the lengths of the spans kept, longest first; visitor_span_totals also keeps
// single days.
var spanLengths = []int64{64, 32, 16, 8, 4, 2}

// daySpan is one span of days: n days from day number start.
type daySpan struct{ n, start int64 }

// pendingSpans lists the spans before before with events whose sketches were made at another
// change count than their days' sum (or never), from the day counts of every project.
func (s *Store) pendingSpans(ctx context.Context, counts []dayCount, before string) ([]store.Pending, error) {
	made := map[string]map[daySpan]uint64{}
	err := s.each(ctx, "SELECT project_id, days, toString(start), max(changes) FROM visitor_spans_made GROUP BY project_id, days, start", nil,
		func(scan func(...any) error) error {
			var project, start string
			var n uint8
			var c uint64
			if err := scan(&project, &n, &start, &c); err != nil {
				return err
			}
			if made[project] == nil {
				made[project] = map[daySpan]uint64{}
			}
			made[project][daySpan{int64(n), dayNumber(start)}] = c
			return nil
		})
	if err != nil {
		return nil, err
	}
	end := dayNumber(before)
	byProject := map[string]map[int64]uint64{}
	for _, d := range counts {
		if byProject[d.project] == nil {
			byProject[d.project] = map[int64]uint64{}
		}
		byProject[d.project][dayNumber(d.day)] = d.changes
	}
	var out []store.Pending
	for project, days := range byProject {
		spans := map[daySpan]bool{}
		for d := range days {
			for _, n := range append(spanLengths, 1) {
				if sp := (daySpan{n, d - mod(d, n)}); sp.start+n <= end {
					spans[sp] = true
				}
			}
		}
		for sp := range spans {
			sum := spanChanges(days, sp)
			if c, ok := made[project][sp]; !ok || c != sum {
				out = append(out, store.Pending{ProjectID: project, Kind: store.SummaryVisitors, Start: store.FromDayNumber(sp.start),
					Days: int(sp.n), Changes: int64(sum)}) // #nosec G115 -- counts
			}
		}
	}
	return out, nil
}

// spanChanges is the sum of the change counts of the span's days.
func spanChanges(days map[int64]uint64, sp daySpan) uint64 {
	var sum uint64
	for d := sp.start; d < sp.start+sp.n; d++ {
		sum += days[d]
	}
	return sum
}

func mod(a, n int64) int64 { return ((a % n) + n) % n }

// dayNumber is a YYYY-MM-DD day as days since 1970-01-01.
func dayNumber(day string) int64 {
	t, err := store.ParseDay(day)
	if err != nil {
		return 0
	}
	return store.DayNumber(t)
}

// makeSpans merges the visitor states of the project's days of each span into
// visitor_span_totals and, for spans of several days, visitor_spans, with one query per length,
// table and chunk of about maxSummaryEvents change counts, and then records the change count of
// each span's days, read first. The states are read from traffic_pages_daily, whose view may run
// after the change counts' on an insert: spans are therefore made only of days whose counts held
// still (the summaries' job waits for that), else one could miss a visitor its count counts.
func (s *Store) makeSpans(ctx context.Context, project string, spans []daySpan) error {
	if len(spans) == 0 {
		return nil
	}
	first, end := spans[0].start, spans[0].start+spans[0].n
	byLength := map[int64][]daySpan{}
	for _, sp := range spans {
		first, end = min(first, sp.start), max(end, sp.start+sp.n)
		byLength[sp.n] = append(byLength[sp.n], sp)
	}
	c := cond{}
	c.add("project_id = ?", project)
	c.add("day >= toDate(?)", store.FromDayNumber(first))
	c.add("day < toDate(?)", store.FromDayNumber(end))
	counts, err := s.changes(ctx, c)
	if err != nil {
		return err
	}
	days := map[int64]uint64{}
	for _, d := range counts {
		days[dayNumber(d.day)] = d.changes
	}
	for _, n := range slices.Sorted(maps.Keys(byLength)) {
		group := byLength[n]
		slices.SortFunc(group, func(a, b daySpan) int { return cmp.Compare(a.start, b.start) })
		for len(group) > 0 {
			k, sum := 0, uint64(0)
			for k < len(group) && (k == 0 || sum+spanChanges(days, group[k]) <= maxSummaryEvents) {
				sum += spanChanges(days, group[k])
				k++
			}
			if err := s.mergeSpans(ctx, project, n, group[:k]); err != nil {
				return err
			}
			group = group[k:]
		}
	}
	cols := [4]any{make([]string, len(spans)), make([]uint8, len(spans)), make([]time.Time, len(spans)), make([]uint64, len(spans))}
	for i, sp := range spans {
		cols[0].([]string)[i], cols[1].([]uint8)[i] = project, uint8(sp.n) // #nosec G115 -- at most 64
		cols[2].([]time.Time)[i] = time.Unix(sp.start*86400, 0).UTC()
		cols[3].([]uint64)[i] = spanChanges(days, sp)
	}
	return s.send(ctx, "INSERT INTO visitor_spans_made (project_id, days, start, changes)", cols[:])
}

// mergeSpans merges the visitor states of the days of spans, all n days long, into their rows
// of visitor_span_totals and, for n > 1, visitor_spans. A day's span starts at its day number
// less the number modulo n, as in pendingSpans (Date is a UInt16 of days since 1970-01-01 on
// 18.16 and on current releases, and toDate reads a UInt16 as one).
func (s *Store) mergeSpans(ctx context.Context, project string, n int64, spans []daySpan) error {
	var in []string
	for _, sp := range spans {
		for d := sp.start; d < sp.start+sp.n; d++ {
			in = append(in, store.FromDayNumber(d))
		}
	}
	length := itoa(int(n))
	start := "toDate(toUInt16(toUInt16(day) - toUInt16(day) % " + length + "))"
	dc := daysCond(project, in)
	sel := " FROM traffic_pages_daily WHERE " + dc.sql() + " GROUP BY project_id, start, "
	if err := s.conn.Exec(ctx, "INSERT INTO visitor_span_totals (project_id, days, start, class, visitors) SELECT project_id, toUInt8("+
		length+"), "+start+" AS start, class, uniqCombinedMergeState(18)(visitors)"+sel+"class", dc.args...); err != nil {
		return err
	}
	if n == 1 {
		return nil
	}
	return s.conn.Exec(ctx, "INSERT INTO visitor_spans (project_id, days, start, path, class, visitors) SELECT project_id, toUInt8("+
		length+"), "+start+" AS start, path, class, uniqCombinedMergeState(18)(visitors)"+sel+"path, class", dc.args...)
}

// visitorPlan covers the days of a range with events by the current spans and the days left:
// spans for the per-path states (pageSpans, of 2 days or more, and pageDays read from
// traffic_pages_daily) and for the states over every path (totalSpans, single days included,
// and totalDays).
type visitorPlan struct {
	pageSpans, totalSpans []daySpan
	pageDays, totalDays   []string
}

// planVisitors reads the day counts of the project's days of r and the spans made in it, and
// covers the range greedily from its first day: the longest current span that starts there and
// ends within the range, else the day alone.
func (s *Store) planVisitors(ctx context.Context, projectID string, r store.Range) (visitorPlan, error) {
	var p visitorPlan
	counts, err := s.changes(ctx, dayCond(projectID, r))
	if err != nil || len(counts) == 0 {
		return p, err
	}
	days := map[int64]uint64{}
	first, last := int64(1)<<62, -int64(1)<<62
	for _, d := range counts {
		n := dayNumber(d.day)
		days[n] = d.changes
		first, last = min(first, n), max(last, n)
	}
	made := map[daySpan]uint64{}
	c := cond{}
	c.add("project_id = ?", projectID)
	c.add("start >= toDate(?)", store.FromDayNumber(first))
	c.add("start <= toDate(?)", store.FromDayNumber(last))
	err = s.each(ctx, "SELECT days, toString(start), max(changes) FROM visitor_spans_made WHERE "+c.sql()+" GROUP BY days, start", c.args,
		func(scan func(...any) error) error {
			var n uint8
			var start string
			var ch uint64
			err := scan(&n, &start, &ch)
			made[daySpan{int64(n), dayNumber(start)}] = ch
			return err
		})
	if err != nil {
		return p, err
	}
	current := func(sp daySpan) bool {
		ch, ok := made[sp]
		return ok && ch == spanChanges(days, sp)
	}
	for d := first; d <= last; {
		if sp, ok := longestSpan(d, last+1, current); ok {
			p.pageSpans, p.totalSpans = append(p.pageSpans, sp), append(p.totalSpans, sp)
			d += sp.n
			continue
		}
		if _, ok := days[d]; ok {
			p.pageDays = append(p.pageDays, store.FromDayNumber(d))
			if current(daySpan{1, d}) {
				p.totalSpans = append(p.totalSpans, daySpan{1, d})
			} else {
				p.totalDays = append(p.totalDays, store.FromDayNumber(d))
			}
		}
		d++
	}
	return p, nil
}

// longestSpan is the longest current span that starts at day d and ends by end.
func longestSpan(d, end int64, current func(daySpan) bool) (daySpan, bool) {
	for _, n := range spanLengths {
		if sp := (daySpan{n, d}); mod(d, n) == 0 && d+n <= end && current(sp) {
			return sp, true
		}
	}
	return daySpan{}, false
}

// spansCond selects the rows of spans of the project.
func spansCond(projectID string, spans []daySpan) cond {
	var c cond
	c.add("project_id = ?", projectID)
	terms := make([]string, len(spans))
	var args []any
	for i, sp := range spans {
		terms[i] = "(days = ? AND start = toDate(?))"
		args = append(args, uint8(sp.n), store.FromDayNumber(sp.start)) // #nosec G115 -- at most 64
	}
	c.add("("+strings.Join(terms, " OR ")+")", args...)
	return c
}

// daysCond selects the rows of days of the project in a daily table.
func daysCond(projectID string, days []string) cond {
	var c cond
	c.add("project_id = ?", projectID)
	c.add("day IN ?", set(days))
	return c
}

// union is the SELECT of cols from the span rows of table and from the day rows of
// traffic_pages_daily, with their arguments; ok is false when both are empty.
func union(projectID, cols, spanTable string, spans []daySpan, days []string) (string, []any, bool) {
	var parts []string
	var args []any
	if len(spans) > 0 {
		c := spansCond(projectID, spans)
		parts = append(parts, "SELECT "+cols+" FROM "+spanTable+" WHERE "+c.sql())
		args = append(args, c.args...)
	}
	if len(days) > 0 {
		c := daysCond(projectID, days)
		parts = append(parts, "SELECT "+cols+" FROM traffic_pages_daily WHERE "+c.sql())
		args = append(args, c.args...)
	}
	return strings.Join(parts, " UNION ALL "), args, len(parts) > 0
}
