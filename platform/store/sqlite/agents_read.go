package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

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
	if q.Limit < 1 {
		return st, fmt.Errorf("limit %d < 1", q.Limit)
	}
	w := dayWhere(q.ProjectID, q.Range)
	var calls, errs, unavail, dur sql.NullInt64
	err := s.r.QueryRowContext(ctx, "SELECT SUM(calls), SUM(errors), SUM(unavailable), SUM(duration_ms) FROM traffic_mcp_daily"+w.clause(), w.args...).
		Scan(&calls, &errs, &unavail, &dur)
	if err != nil {
		return st, err
	}
	st.Total = store.MCPCount{Calls: calls.Int64, Errors: errs.Int64, Unavailable: unavail.Int64, DurationMs: dur.Int64}
	if st.Days, err = s.mcpDays(ctx, "''", w, nil); err != nil {
		return st, err
	}
	for _, by := range []struct {
		col   string
		top   *[]store.MCPCount
		daily *[]store.MCPDay
	}{{"tool", &st.Tools, &st.ToolDays}, {"client", &st.Clients, &st.ClientDays}} {
		if *by.top, err = s.mcpTop(ctx, by.col, w, q.Limit); err != nil {
			return st, err
		}
		if len(*by.top) > 0 {
			if *by.daily, err = s.mcpDays(ctx, by.col, w, *by.top); err != nil {
				return st, err
			}
		}
	}
	if st.Queries, err = s.agentQueries(ctx, w, "s", "s > 0", q.Limit); err != nil {
		return st, err
	}
	if st.NoResults, err = s.agentQueries(ctx, w, "n", "n > 0", q.Limit); err != nil {
		return st, err
	}
	if err = s.setAgentsWritten(ctx, q, &st); err != nil {
		return st, err
	}
	st.Pages, err = s.formatViews(ctx, w, q.Limit)
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

func (s *Store) mcpTop(ctx context.Context, col string, w *where, limit int) ([]store.MCPCount, error) {
	var out []store.MCPCount
	err := s.eachRow(ctx, "SELECT "+col+", SUM(calls) AS c, SUM(errors), SUM(unavailable), SUM(duration_ms) FROM traffic_mcp_daily"+w.clause()+
		" GROUP BY "+col+" ORDER BY c DESC, "+col+" ASC LIMIT ?", append(append([]any{}, w.args...), limit),
		func(scan func(...any) error) error {
			var c store.MCPCount
			if err := scan(&c.Key, &c.Calls, &c.Errors, &c.Unavailable, &c.DurationMs); err != nil {
				return err
			}
			out = append(out, c)
			return nil
		})
	return out, err
}

// mcpDays counts calls per day and key (col, or the constant ” for the totals), for the keys
// of only when given.
func (s *Store) mcpDays(ctx context.Context, col string, w *where, only []store.MCPCount) ([]store.MCPDay, error) {
	conds, args := w.clause(), append([]any{}, w.args...)
	if only != nil {
		conds += " AND " + col + " IN (" + strings.TrimSuffix(strings.Repeat("?, ", len(only)), ", ") + ")"
		for _, c := range only {
			args = append(args, c.Key)
		}
	}
	var out []store.MCPDay
	err := s.eachRow(ctx, "SELECT day, "+col+" AS k, SUM(calls), SUM(errors), SUM(unavailable) FROM traffic_mcp_daily"+conds+
		" GROUP BY day, k ORDER BY day, k", args, func(scan func(...any) error) error {
		var d store.MCPDay
		if err := scan(&d.Day, &d.Key, &d.Calls, &d.Errors, &d.Unavailable); err != nil {
			return err
		}
		out = append(out, d)
		return nil
	})
	return out, err
}

// agentQueries lists the queries of the agent and MCP sources ordered by the column named.
func (s *Store) agentQueries(ctx context.Context, w *where, order, having string, limit int) ([]store.AgentQuery, error) {
	var out []store.AgentQuery
	err := s.eachRow(ctx, "SELECT query_norm, SUM(searches) AS s, SUM(no_results) AS n,"+
		" SUM(CASE WHEN source = 'mcp' THEN searches ELSE 0 END), MAX(last_ms) FROM traffic_queries_daily"+w.clause()+
		" AND source IN ('agent', 'mcp') GROUP BY query_norm HAVING "+having+" ORDER BY "+order+" DESC, query_norm ASC LIMIT ?",
		append(append([]any{}, w.args...), limit), func(scan func(...any) error) error {
			var a store.AgentQuery
			var last int64
			if err := scan(&a.Query, &a.Searches, &a.NoResults, &a.MCP, &last); err != nil {
				return err
			}
			a.Last = fromMilli(last)
			out = append(out, a)
			return nil
		})
	return out, err
}

func (s *Store) formatViews(ctx context.Context, w *where, limit int) ([]store.FormatViews, error) {
	var out []store.FormatViews
	err := s.eachRow(ctx, "SELECT path, SUM(CASE WHEN format = 'markdown' THEN views ELSE 0 END),"+
		" SUM(CASE WHEN format = 'llms' THEN views ELSE 0 END), SUM(CASE WHEN format = 'llms-full' THEN views ELSE 0 END),"+
		" SUM(views) AS t FROM traffic_formats_daily"+w.clause()+" GROUP BY path ORDER BY t DESC, path ASC LIMIT ?",
		append(append([]any{}, w.args...), limit), func(scan func(...any) error) error {
			var f store.FormatViews
			var total int64
			if err := scan(&f.Path, &f.Markdown, &f.LLMs, &f.LLMsFull, &total); err != nil {
				return err
			}
			out = append(out, f)
			return nil
		})
	return out, err
}
