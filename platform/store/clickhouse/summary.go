package clickhouse

import (
	"cmp"
	"context"
	"slices"
	"strings"
	"time"

	ch "github.com/ClickHouse/clickhouse-go/v2"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/schemas/event"
)

// Summaries of closed days (store.Pending): each day's sessions in one row of sessions_daily.
// Distinct visitors are not summarised: they merge the uniqCombined(18) states of
// traffic_pages_daily, one per day, path and class. Sketches merged over spans of days
// (migration 0009's visitor_spans and visitor_span_totals) were tried and made the reads
// slower on 18.16, not faster: at 50M events a 30-day visitors total of a project of 507k
// events took 926 ms from span sketches (full HyperLogLog states, whose merge on 18.16 costs
// per cell) against 72 ms from the daily states, most of them small exact sets (make
// bench-scale, 2026-11-26). Migration 0010 dropped them.

// maxSummaryEvents bounds the events one summarising query reads: a project's days are
// summarised in chunks of about this many change counts.
const maxSummaryEvents = 2_000_000

// dayCount is one project's day and its change count.
type dayCount struct {
	project, day string
	changes      uint64
}

// changes reads the change counts of the days c selects (of traffic_changes_daily), by project
// and day.
func (s *Store) changes(ctx context.Context, c cond) ([]dayCount, error) {
	var out []dayCount
	err := s.each(ctx, "SELECT project_id, toString(day), sumMerge(changes) FROM traffic_changes_daily WHERE "+c.sql()+
		" GROUP BY project_id, day", c.args, func(scan func(...any) error) error {
		var d dayCount
		err := scan(&d.project, &d.day, &d.changes)
		out = append(out, d)
		return err
	})
	return out, err
}

// Pending lists the summaries of the days before before that are missing or made at another
// change count than their days: each day's sessions.
func (s *Store) Pending(ctx context.Context, before time.Time) ([]store.Pending, error) {
	out, err := s.pending(ctx, store.UTCDay(before))
	if err != nil {
		return nil, wrap("pending summaries", err)
	}
	return out, nil
}

func (s *Store) pending(ctx context.Context, before string) ([]store.Pending, error) {
	var c cond
	c.add("day < toDate(?)", before)
	counts, err := s.changes(ctx, c)
	if err != nil {
		return nil, err
	}
	made := map[[2]string]uint64{}
	err = s.each(ctx, "SELECT project_id, toString(day), argMax(changes, version) FROM sessions_daily WHERE day < toDate(?)"+
		" GROUP BY project_id, day", []any{before}, func(scan func(...any) error) error {
		var k [2]string
		var n uint64
		err := scan(&k[0], &k[1], &n)
		made[k] = n
		return err
	})
	if err != nil {
		return nil, err
	}
	var out []store.Pending
	for _, d := range counts {
		if n, ok := made[[2]string{d.project, d.day}]; !ok || n != d.changes {
			out = append(out, store.Pending{ProjectID: d.project, Kind: store.SummarySessions, Start: d.day, Days: 1, Changes: int64(d.changes)})
		}
	}
	slices.SortFunc(out, func(a, b store.Pending) int {
		return cmp.Or(strings.Compare(a.ProjectID, b.ProjectID), strings.Compare(a.Kind, b.Kind), strings.Compare(a.Start, b.Start), cmp.Compare(a.Days, b.Days))
	})
	return out, nil
}

// Summarise makes the summaries ps name again from the events stored now.
func (s *Store) Summarise(ctx context.Context, ps []store.Pending) error {
	// On a cluster, each insert reaches its shard before the next is sent.
	ctx = ch.Context(ctx, ch.WithSettings(ch.Settings{"insert_distributed_sync": 1}))
	days := map[string][]string{}
	var projects []string
	seen := map[string]bool{}
	for _, p := range ps {
		if !seen[p.ProjectID] {
			seen[p.ProjectID] = true
			projects = append(projects, p.ProjectID)
		}
		if p.Kind == store.SummarySessions {
			days[p.ProjectID] = append(days[p.ProjectID], p.Start)
		}
	}
	for _, project := range projects {
		if err := s.summariseSessions(ctx, project, days[project]); err != nil {
			return wrap("summarise sessions of "+project, err)
		}
	}
	return nil
}

// summariseSessions summarises the project's days in chunks of about maxSummaryEvents events.
// Each chunk reads its days' change counts first and their events after, so that a summary
// holds at least the events its count counts (the events table is written before the views
// that count): one that holds more is out of date at once and made again later.
func (s *Store) summariseSessions(ctx context.Context, project string, days []string) error {
	if len(days) == 0 {
		return nil
	}
	var c cond
	c.add("project_id = ?", project)
	c.add("day IN ?", set(days))
	counts, err := s.changes(ctx, c)
	if err != nil {
		return err
	}
	slices.SortFunc(counts, func(a, b dayCount) int { return strings.Compare(a.day, b.day) })
	for len(counts) > 0 {
		n, sum := 0, uint64(0)
		for n < len(counts) && (n == 0 || sum+counts[n].changes <= maxSummaryEvents) {
			sum += counts[n].changes
			n++
		}
		if err := s.summariseChunk(ctx, project, counts[:n]); err != nil {
			return err
		}
		counts = counts[n:]
	}
	return nil
}

func (s *Store) summariseChunk(ctx context.Context, project string, chunk []dayCount) error {
	version := uint64(time.Now().UnixNano()) // #nosec G115 -- after 1970
	days := make([]string, len(chunk))
	for i, d := range chunk {
		days[i] = d.day
	}
	var c cond
	c.add("project_id = ?", project)
	c.add("day IN ?", set(days))
	counts, err := s.changes(ctx, c) // again, now, before the events
	if err != nil {
		return err
	}
	live, err := s.liveSessions(ctx, project, days)
	if err != nil {
		return err
	}
	byDay := map[string]store.DaySessions{}
	for _, d := range live {
		byDay[d.Day] = d
	}
	rows := make([]store.DaySessions, 0, len(counts))
	for _, d := range counts {
		sum := byDay[d.day]
		sum.Day, sum.Changes = d.day, int64(d.changes) // #nosec G115 -- counts of events
		rows = append(rows, sum)
	}
	return s.send(ctx, insertSessionDays, sessionDayColumns(project, version, rows))
}

const insertSessionDays = `INSERT INTO sessions_daily (project_id, day, version, changes, sessions, active, opened, searched, clicked, landed, acted,
	trails.entry, trails.step1, trails.step2, trails.step3, trails.sessions, exits.path, exits.exits, exits.quiet)`

func sessionDayColumns(project string, version uint64, rows []store.DaySessions) []any {
	n := len(rows)
	projects, days := make([]string, n), make([]time.Time, n)
	nums := make([][]uint64, 9) // version, changes, sessions, active, opened, searched, clicked, landed, acted
	for i := range nums {
		nums[i] = make([]uint64, n)
	}
	strs := make([][][]string, 5) // trails entry, step1..3, exits path
	for i := range strs {
		strs[i] = make([][]string, n)
	}
	counts := make([][][]uint64, 3) // trails sessions, exits exits and quiet
	for i := range counts {
		counts[i] = make([][]uint64, n)
	}
	for i, d := range rows {
		projects[i] = project
		days[i], _ = store.ParseDay(d.Day)
		for k, v := range []int64{int64(version), d.Changes, d.Sessions, d.Active, d.Search.Opened, d.Search.Searched, d.Search.Clicked, // #nosec G115 -- version fits
			d.Search.Landed, d.Search.Acted} {
			nums[k][i] = uint64(v) // #nosec G115 -- counts
		}
		for k := range strs {
			strs[k][i] = []string{}
		}
		for k := range counts {
			counts[k][i] = []uint64{}
		}
		for _, t := range d.Trails {
			for k := range 4 {
				strs[k][i] = append(strs[k][i], t.Trail[k])
			}
			counts[0][i] = append(counts[0][i], uint64(t.Sessions)) // #nosec G115 -- counts
		}
		for _, x := range d.Exits {
			strs[4][i] = append(strs[4][i], x.Path)
			counts[1][i] = append(counts[1][i], uint64(x.Exits))              // #nosec G115 -- counts
			counts[2][i] = append(counts[2][i], uint64(x.ExitsWithoutAction)) // #nosec G115 -- counts
		}
	}
	return []any{projects, days, nums[0], nums[1], nums[2], nums[3], nums[4], nums[5], nums[6], nums[7], nums[8],
		strs[0], strs[1], strs[2], strs[3], counts[0], strs[4], counts[1], counts[2]}
}

// liveSessions summarises the sessions of the project's days from their events, read in
// session order.
func (s *Store) liveSessions(ctx context.Context, project string, days []string) ([]store.DaySessions, error) {
	c := sessionCond(project, store.Range{})
	// The days go in PREWHERE: traffic_events is sorted by (project_id, id), so the key finds
	// the project's rows and the days filter them. Read first, the day column (2 bytes a row)
	// leaves out the granules of other days before their paths and visitor ids are read (the
	// live day of a project of 507k events at 50M: 1.2 MiB read instead of 48 MiB); ClickHouse
	// did not move it there by itself.
	var sum store.SessionSummariser
	err := s.each(ctx, "SELECT toString(day), visitor_id, id, toUInt64(timestamp) * 1000 + timestamp_ms AS ms, type, path FROM traffic_events"+
		" PREWHERE day IN ? WHERE "+c.sql()+" ORDER BY day, visitor_id, ms, id", append([]any{set(days)}, c.args...), func(scan func(...any) error) error {
		var day, visitor, typ string
		var e store.SessionEvent
		var ms uint64
		if err := scan(&day, &visitor, &e.ID, &ms, &typ, &e.Path); err != nil {
			return err
		}
		e.MS, e.Type = int64(ms), event.Type(typ) // #nosec G115 -- unix ms
		sum.Add(day, visitor, e)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return sum.Days(), nil
}

// set is ss as the right side of IN: days of 13 bytes as text each. The beacon takes events of
// the last 48 hours; only the server-side route (a secret key) can make more days pending.
func set(ss []string) ch.GroupSet {
	v := make([]any, len(ss))
	for i, s := range ss {
		v[i] = s
	}
	return ch.GroupSet{Value: v}
}
