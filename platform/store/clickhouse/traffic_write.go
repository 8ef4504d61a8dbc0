package clickhouse

import (
	"context"
	"time"

	ch "github.com/ClickHouse/clickhouse-go/v2"

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
func (s *Store) newTraffic(ctx context.Context, ts []event.Traffic) ([]*event.Traffic, error) {
	byProject := map[string][]any{}
	seen := make(map[string]bool, len(ts))
	var out []*event.Traffic
	for i := range ts {
		e := &ts[i]
		k := e.ProjectID + "/" + e.ID
		if seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, e)
		byProject[e.ProjectID] = append(byProject[e.ProjectID], e.ID)
	}
	held := map[string]bool{}
	for project, ids := range byProject {
		for len(ids) > 0 {
			chunk := ids[:min(len(ids), idCheckChunk)]
			ids = ids[len(chunk):]
			if err := s.heldIDs(ctx, project, chunk, held); err != nil {
				return nil, err
			}
		}
	}
	if len(held) == 0 {
		return out, nil
	}
	kept := out[:0]
	for _, e := range out {
		if !held[e.ProjectID+"/"+e.ID] {
			kept = append(kept, e)
		}
	}
	return kept, nil
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

// idCheckChunk bounds the ids of one check: 5,000 quoted ULIDs are about 150 KB of SQL, under
// the server's default max_query_size of 256 KiB.
const idCheckChunk = 5000

// heldIDs adds to held the ids of project that traffic_events already holds.
func (s *Store) heldIDs(ctx context.Context, project string, ids []any, held map[string]bool) error {
	rows, err := s.conn.Query(ctx, "SELECT DISTINCT id FROM traffic_events WHERE project_id = ? AND id IN ?",
		project, ch.GroupSet{Value: ids})
	if err != nil {
		return err
	}
	found, err := appendIDs(nil, rows)
	if err != nil {
		return err
	}
	for _, id := range found {
		held[project+"/"+id] = true
	}
	return nil
}
