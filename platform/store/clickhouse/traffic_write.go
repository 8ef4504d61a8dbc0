package clickhouse

import (
	"cmp"
	"context"
	"math"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/lectern-dev/lectern/schemas/event"
)

const insertTraffic = `INSERT INTO traffic_events (project_id, id, type, domain, day, timestamp, timestamp_ms,
	visitor_id, class, caller, user_agent, path, title, referrer, query, query_norm, results, position,
	format, tool, client, client_version, status, duration_ms, block, lang, target, label, action, thread_id, agent,
	engaged_ms, scroll_depth, repeat)`

// writeTraffic inserts the events whose ids traffic_events does not hold yet, each once. The
// materialized views fire on every inserted row, so this check is what keeps the rollups exact
// when JetStream redelivers a batch whose insert went through but whose ack was lost. (Two
// writers inserting the same new id at the same instant would both pass it; a message is
// delivered to one consumer at a time until its ack wait runs out, far longer than a write.)
func (s *Store) writeTraffic(ctx context.Context, ts []event.Traffic) error {
	fresh, err := s.newTraffic(ctx, ts)
	if err != nil || len(fresh) == 0 {
		return err
	}
	return sendRows[*event.Traffic, *trafficRows](ctx, s, insertTraffic, fresh, &trafficPool)
}

// newTraffic drops the events already stored and repeats within ts.
//
// The check costs what the batch costs, not what the table holds. Event ids are ULIDs minted
// at intake, so they begin with the time the event arrived, and the ids of one batch sit
// together in traffic_ids' id order (migration 0008): a few ranges, often one. The check asks
// for the stored ids inside those ranges, which ClickHouse finds from the primary key in the
// parts written around the same time; it is one query with a few bytes of SQL whatever the
// batch holds. A redelivered event, however late, lies inside a range and is found.
func (s *Store) newTraffic(ctx context.Context, ts []event.Traffic) ([]*event.Traffic, error) {
	seen := make(map[string]bool, len(ts))
	ids := make([]string, 0, len(ts))
	var out []*event.Traffic
	for i := range ts {
		e := &ts[i]
		k := trafficKey(e.ProjectID, e.ID)
		if seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, e)
		ids = append(ids, e.ID)
	}
	held, err := s.heldIDs(ctx, idRanges(ids), seen)
	if err != nil || len(held) == 0 {
		return out, err
	}
	kept := out[:0]
	for _, e := range out {
		if !held[trafficKey(e.ProjectID, e.ID)] {
			kept = append(kept, e)
		}
	}
	return kept, nil
}

func trafficKey(project, id string) string { return project + "\x00" + id }

// idRange is a closed range of ids.
type idRange struct{ lo, hi string }

// Bounds of the id check: the widest gap in arrival time kept inside one range, and the most
// ranges one check asks for.
const (
	rangeGapMillis = 60_000
	maxRanges      = 16
)

// idRanges covers ids with at most maxRanges ranges, split where the arrival times of
// neighbouring ids are more than rangeGapMillis apart, the widest gaps first: a batch read in
// stream order is one range, and a redelivered message among new ones is a range of its own.
func idRanges(ids []string) []idRange {
	if len(ids) == 0 {
		return nil
	}
	slices.Sort(ids)
	type gap struct {
		at    int // ids[at] starts a new range
		width int64
	}
	var gaps []gap
	for i := 1; i < len(ids); i++ {
		a, okA := ulidTime(ids[i-1])
		b, okB := ulidTime(ids[i])
		if !okA || !okB { // not a ULID: no arrival time to go by
			gaps = append(gaps, gap{i, math.MaxInt64})
			continue
		}
		if b-a > rangeGapMillis {
			gaps = append(gaps, gap{i, b - a})
		}
	}
	if len(gaps) > maxRanges-1 {
		slices.SortFunc(gaps, func(x, y gap) int { return cmp.Compare(y.width, x.width) })
		gaps = gaps[:maxRanges-1]
		slices.SortFunc(gaps, func(x, y gap) int { return cmp.Compare(x.at, y.at) })
	}
	out := make([]idRange, 0, len(gaps)+1)
	start := 0
	for _, g := range gaps {
		out = append(out, idRange{ids[start], ids[g.at-1]})
		start = g.at
	}
	return append(out, idRange{ids[start], ids[len(ids)-1]})
}

// heldIDs returns the keys (trafficKey) of want that traffic_ids holds inside ranges.
func (s *Store) heldIDs(ctx context.Context, ranges []idRange, want map[string]bool) (map[string]bool, error) {
	if len(ranges) == 0 {
		return nil, nil
	}
	conds := make([]string, len(ranges))
	args := make([]any, 0, 2*len(ranges))
	for i, r := range ranges {
		conds[i] = "id BETWEEN ? AND ?"
		args = append(args, r.lo, r.hi)
	}
	rows, err := s.conn.Query(ctx, "SELECT project_id, id FROM traffic_ids WHERE "+strings.Join(conds, " OR "), args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	held := map[string]bool{}
	for rows.Next() {
		var project, id string
		if err := rows.Scan(&project, &id); err != nil {
			return nil, err
		}
		if k := trafficKey(project, trimID(id)); want[k] {
			held[k] = true
		}
	}
	return held, rows.Err()
}

// trafficRows holds the columns of a chunk of traffic rows, reused from chunk to chunk.
type trafficRows struct {
	project, id, typ, domain, visitor, class, caller, ua []string
	path, title, referrer, query, norm                   []string
	format, tool, client, clientVersion, status          []string
	lang, target, label, action, thread, agent           []string
	day, stamp                                           []time.Time
	stampMS                                              []uint16
	results, position, duration, block, engaged          []uint32
	depth, repeat                                        []uint8
}

func (r *trafficRows) strings() []*[]string {
	return []*[]string{&r.project, &r.id, &r.typ, &r.domain, &r.visitor, &r.class, &r.caller, &r.ua,
		&r.path, &r.title, &r.referrer, &r.query, &r.norm, &r.format, &r.tool, &r.client, &r.clientVersion,
		&r.status, &r.lang, &r.target, &r.label, &r.action, &r.thread, &r.agent}
}

func (r *trafficRows) release() { clearStrings(r.strings()...) }

// set makes the columns hold ts, in the order of insertTraffic.
func (r *trafficRows) set(ts []*event.Traffic) []any {
	n := len(ts)
	for _, c := range r.strings() {
		*c = resize(*c, n)
	}
	r.day, r.stamp, r.stampMS = resize(r.day, n), resize(r.stamp, n), resize(r.stampMS, n)
	r.results, r.position, r.duration, r.block = resize(r.results, n), resize(r.position, n), resize(r.duration, n), resize(r.block, n)
	r.engaged, r.depth, r.repeat = resize(r.engaged, n), resize(r.depth, n), resize(r.repeat, n)
	for i, e := range ts {
		r.project[i], r.id[i], r.typ[i], r.domain[i] = e.ProjectID, e.ID, string(e.Type), e.Domain
		t := e.Timestamp.UTC()
		r.day[i], r.stamp[i], r.stampMS[i] = time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC), t, millis(t)
		r.visitor[i], r.class[i], r.caller[i], r.ua[i] = e.VisitorID, string(e.Class), string(e.Caller), e.UserAgent
		r.path[i], r.title[i], r.referrer[i] = e.Path, e.Title, e.Referrer
		r.query[i], r.norm[i] = e.Query, normalized(e.Query)
		r.results[i], r.position[i] = uint32(max(e.Results, 0)), uint32(max(e.Position, 0))
		r.format[i], r.tool[i], r.client[i], r.clientVersion[i], r.status[i] = string(e.Format), e.Tool, e.Client, e.ClientVersion, e.Status
		r.duration[i], r.block[i] = uint32(max(e.DurationMs, 0)), uint32(max(e.Block, 0))
		r.lang[i], r.target[i], r.label[i], r.action[i], r.thread[i] = e.Lang, e.Target, e.Label, e.Action, e.ThreadID
		r.agent[i] = e.Agent
		r.engaged[i], r.depth[i] = uint32(max(e.EngagedMs, 0)), uint8(min(max(e.ScrollDepth, 0), event.MaxScrollDepth))
		r.repeat[i] = 0
		if e.Repeat {
			r.repeat[i] = 1
		}
	}
	return []any{r.project, r.id, r.typ, r.domain, r.day, r.stamp, r.stampMS, r.visitor, r.class, r.caller, r.ua, r.path, r.title,
		r.referrer, r.query, r.norm, r.results, r.position, r.format, r.tool, r.client, r.clientVersion, r.status, r.duration, r.block,
		r.lang, r.target, r.label, r.action, r.thread, r.agent, r.engaged, r.depth, r.repeat}
}

// normalized is event.NormalizeQuery without its allocations for the common case: no query,
// or one already lower-case with single inner spaces.
func normalized(q string) string {
	if q == "" {
		return ""
	}
	for i := 0; i < len(q); i++ {
		c := q[i]
		if c >= utf8.RuneSelf || ('A' <= c && c <= 'Z') || (c != ' ' && c <= ' ') ||
			(c == ' ' && (i == 0 || i == len(q)-1 || q[i+1] == ' ')) {
			return event.NormalizeQuery(q)
		}
	}
	return q
}
