package clickhouse

import (
	"cmp"
	"context"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/lectern-dev/lectern/schemas/event"
)

const insertTraffic = `INSERT INTO traffic_events (project_id, id, type, domain, day, timestamp, timestamp_ms,
	visitor_id, class, caller, user_agent, path, title, referrer, query, query_norm, results, position,
	format, tool, client, client_version, status, duration_ms, block, lang, target, label, action, thread_id)`

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
	return s.send(ctx, insertTraffic, trafficColumns(fresh))
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

func trafficColumns(ts []*event.Traffic) []any {
	n := len(ts)
	str := func() []string { return make([]string, n) }
	project, id, typ, domain, visitor, class, caller, ua := str(), str(), str(), str(), str(), str(), str(), str()
	path, title, referrer, query, norm := str(), str(), str(), str(), str()
	day, stamp, stampMS := make([]time.Time, n), make([]time.Time, n), make([]uint16, n)
	results, position := make([]uint32, n), make([]uint32, n)
	format, tool, client, clientVersion, status := str(), str(), str(), str(), str()
	lang, target, label, action, thread := str(), str(), str(), str(), str()
	duration, block := make([]uint32, n), make([]uint32, n)
	for i, e := range ts {
		project[i], id[i], typ[i], domain[i] = e.ProjectID, e.ID, string(e.Type), e.Domain
		t := e.Timestamp.UTC()
		day[i], stamp[i], stampMS[i] = time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC), t, millis(t)
		visitor[i], class[i], caller[i], ua[i] = e.VisitorID, string(e.Class), string(e.Caller), e.UserAgent
		path[i], title[i], referrer[i] = e.Path, e.Title, e.Referrer
		query[i], norm[i] = e.Query, event.NormalizeQuery(e.Query)
		results[i], position[i] = uint32(max(e.Results, 0)), uint32(max(e.Position, 0))
		format[i], tool[i], client[i], clientVersion[i], status[i] = string(e.Format), e.Tool, e.Client, e.ClientVersion, e.Status
		duration[i], block[i] = uint32(max(e.DurationMs, 0)), uint32(max(e.Block, 0))
		lang[i], target[i], label[i], action[i], thread[i] = e.Lang, e.Target, e.Label, e.Action, e.ThreadID
	}
	return []any{project, id, typ, domain, day, stamp, stampMS, visitor, class, caller, ua, path, title,
		referrer, query, norm, results, position, format, tool, client, clientVersion, status, duration, block,
		lang, target, label, action, thread}
}
