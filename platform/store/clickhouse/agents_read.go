package clickhouse

import (
	"context"
	"fmt"

	ch "github.com/ClickHouse/clickhouse-go/v2"

	"github.com/lectern-dev/lectern/platform/store"
)

// Agents reads the agents' analytics of r from the MCP, query and format rollups.
func (s *Store) Agents(ctx context.Context, q store.AgentsQuery) (store.AgentStats, error) {
	st, err := s.agents(ctx, q)
	if err != nil {
		return st, wrap("agents", err)
	}
	return st, nil
}

func (s *Store) agents(ctx context.Context, q store.AgentsQuery) (store.AgentStats, error) {
	var st store.AgentStats
	if err := ctx.Err(); err != nil {
		return st, err
	}
	if q.Limit < 1 {
		return st, fmt.Errorf("limit %d < 1", q.Limit)
	}
	c := dayCond(q.ProjectID, q.Range)
	var calls, errs, unavail, dur uint64
	err := s.conn.QueryRow(ctx, "SELECT sumMerge(calls), sumMerge(errors), sumMerge(unavailable), sumMerge(duration_ms) FROM traffic_mcp_daily WHERE "+c.sql(), c.args...).
		Scan(&calls, &errs, &unavail, &dur)
	if err != nil {
		return st, err
	}
	st.Total = store.MCPCount{Calls: int64(calls), Errors: int64(errs), Unavailable: int64(unavail), DurationMs: int64(dur)}
	if st.Days, err = s.mcpDays(ctx, "''", c, nil); err != nil {
		return st, err
	}
	for _, by := range []struct {
		col   string
		top   *[]store.MCPCount
		daily *[]store.MCPDay
	}{{"tool", &st.Tools, &st.ToolDays}, {"client", &st.Clients, &st.ClientDays}} {
		if *by.top, err = s.mcpTop(ctx, by.col, c, q.Limit); err != nil {
			return st, err
		}
		if len(*by.top) > 0 {
			if *by.daily, err = s.mcpDays(ctx, by.col, c, *by.top); err != nil {
				return st, err
			}
		}
	}
	if st.Queries, err = s.agentQueries(ctx, c, "s", "s > 0", q.Limit); err != nil {
		return st, err
	}
	if st.NoResults, err = s.agentQueries(ctx, c, "n", "n > 0", q.Limit); err != nil {
		return st, err
	}
	if err = s.setAgentsWritten(ctx, q, &st); err != nil {
		return st, err
	}
	st.Pages, err = s.formatViews(ctx, c, q.Limit)
	return st, err
}

// setAgentsWritten sets the listed queries' Written from the range's stored search events.
func (s *Store) setAgentsWritten(ctx context.Context, q store.AgentsQuery, st *store.AgentStats) error {
	forms, err := s.queryForms(ctx, q.ProjectID, q.Range, store.AgentQueries(st.Queries, st.NoResults))
	if err != nil {
		return err
	}
	store.SetAgentsWritten(st.Queries, forms)
	store.SetAgentsWritten(st.NoResults, forms)
	return nil
}

func (s *Store) mcpTop(ctx context.Context, col string, c cond, limit int) ([]store.MCPCount, error) {
	var out []store.MCPCount
	err := s.each(ctx, "SELECT "+col+", sumMerge(calls) AS n, sumMerge(errors), sumMerge(unavailable), sumMerge(duration_ms) FROM traffic_mcp_daily WHERE "+
		c.sql()+" GROUP BY "+col+" ORDER BY n DESC, "+col+" ASC LIMIT "+itoa(limit), c.args, func(scan func(...any) error) error {
		var m store.MCPCount
		var n, e, u, d uint64
		if err := scan(&m.Key, &n, &e, &u, &d); err != nil {
			return err
		}
		m.Calls, m.Errors, m.Unavailable, m.DurationMs = int64(n), int64(e), int64(u), int64(d)
		out = append(out, m)
		return nil
	})
	return out, err
}

// mcpDays counts calls per day and key (col, or the constant ” for the totals), for the keys
// of only when given: at most the agents route's limit (100) of tool names or MCP client names
// (at most 100 characters), 40 KB as text at most, far below max_query_size (see inSet).
func (s *Store) mcpDays(ctx context.Context, col string, c cond, only []store.MCPCount) ([]store.MCPDay, error) {
	if only != nil {
		keys := make([]any, len(only))
		for i, m := range only {
			keys[i] = m.Key
		}
		c.add(col+" IN ?", ch.GroupSet{Value: keys})
	}
	var out []store.MCPDay
	err := s.each(ctx, "SELECT toString(day) AS d, "+col+" AS k, sumMerge(calls), sumMerge(errors), sumMerge(unavailable) FROM traffic_mcp_daily WHERE "+
		c.sql()+" GROUP BY d, k ORDER BY d, k", c.args, func(scan func(...any) error) error {
		var m store.MCPDay
		var n, e, u uint64
		if err := scan(&m.Day, &m.Key, &n, &e, &u); err != nil {
			return err
		}
		m.Calls, m.Errors, m.Unavailable = int64(n), int64(e), int64(u)
		out = append(out, m)
		return nil
	})
	return out, err
}

// agentQueries lists the queries of the agent and MCP sources ordered by the column named.
func (s *Store) agentQueries(ctx context.Context, c cond, order, having string, limit int) ([]store.AgentQuery, error) {
	var out []store.AgentQuery
	err := s.each(ctx, "SELECT query_norm, sumMerge(searches) AS s, sumMerge(no_results) AS n, sumMergeIf(searches, source = 'mcp'),"+
		" maxMerge(last_ms) FROM traffic_queries_daily WHERE "+c.sql()+" AND source IN ('agent', 'mcp') GROUP BY query_norm HAVING "+
		having+" ORDER BY "+order+" DESC, query_norm ASC LIMIT "+itoa(limit), c.args, func(scan func(...any) error) error {
		var a store.AgentQuery
		var n, nr, mcp, last uint64
		if err := scan(&a.Query, &n, &nr, &mcp, &last); err != nil {
			return err
		}
		a.Searches, a.NoResults, a.MCP, a.Last = int64(n), int64(nr), int64(mcp), fromMilli(int64(last)) // #nosec G115 -- unix ms
		out = append(out, a)
		return nil
	})
	return out, err
}

func (s *Store) formatViews(ctx context.Context, c cond, limit int) ([]store.FormatViews, error) {
	var out []store.FormatViews
	err := s.each(ctx, "SELECT path, sumMergeIf(views, format = 'markdown'), sumMergeIf(views, format = 'llms'),"+
		" sumMergeIf(views, format = 'llms-full'), sumMerge(views) AS t FROM traffic_formats_daily WHERE "+c.sql()+
		" GROUP BY path ORDER BY t DESC, path ASC LIMIT "+itoa(limit), c.args, func(scan func(...any) error) error {
		var f store.FormatViews
		var md, l, lf, t uint64
		if err := scan(&f.Path, &md, &l, &lf, &t); err != nil {
			return err
		}
		f.Markdown, f.LLMs, f.LLMsFull = int64(md), int64(l), int64(lf)
		out = append(out, f)
		return nil
	})
	return out, err
}
