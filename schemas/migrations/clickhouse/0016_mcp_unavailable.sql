-- MCP calls the server could not serve for its own reasons (status unavailable: a search while
-- the site's index is built, a feedback report the event bus did not store) apart from the
-- calls the caller got wrong (status error: bad arguments, a path that is no page). The MCP
-- rollup counts them in a column of their own, beside errors; the queries rollup leaves them
-- out as it leaves out errors: such a search found nothing because it was not run, which is no
-- gap in the docs. Rows stored before this migration hold no unavailable status (such calls
-- were recorded as error then) and keep their meaning; their unavailable state is empty (0).
-- The views go first: on 18.16 a view whose target has a column it does not write fails every
-- insert into traffic_events, so the old view must not outlive the ALTER; an MCP call stored
-- between a DROP and its CREATE is not in that rollup (as in migrations 12, 14 and 15). 18.16
-- has no ADD COLUMN IF NOT EXISTS: the store skips "column already exists" (code 44) when a
-- migration cut short runs again.
DROP TABLE IF EXISTS traffic_mcp_daily_mv;
ALTER TABLE traffic_mcp_daily ADD COLUMN unavailable AggregateFunction(sum, UInt64);
CREATE MATERIALIZED VIEW IF NOT EXISTS traffic_mcp_daily_mv TO traffic_mcp_daily AS
SELECT project_id, day, tool, client, client_version,
       sumState(toUInt64(1)) AS calls,
       sumState(toUInt64(status = 'error')) AS errors,
       sumState(toUInt64(duration_ms)) AS duration_ms,
       sumState(toUInt64(status = 'unavailable')) AS unavailable
FROM traffic_events
WHERE type = 'mcp_call'
GROUP BY project_id, day, tool, client, client_version;
DROP TABLE IF EXISTS traffic_queries_daily_mv;
CREATE MATERIALIZED VIEW IF NOT EXISTS traffic_queries_daily_mv TO traffic_queries_daily AS
SELECT project_id, day, multiIf(type = 'mcp_call', 'mcp', class = 'human', 'reader', 'agent') AS source, query_norm,
       sumState(toUInt64(type != 'search_click')) AS searches,
       sumState(toUInt64(type != 'search_click' AND results = 0)) AS no_results,
       sumState(toUInt64(type = 'search_click')) AS clicks,
       minState(if(type != 'search_click', toUInt64(timestamp) * 1000 + timestamp_ms, toUInt64(18446744073709551615))) AS first_ms,
       maxState(if(type != 'search_click', toUInt64(timestamp) * 1000 + timestamp_ms, toUInt64(0))) AS last_ms
FROM traffic_events
WHERE (type IN ('search', 'search_click') OR (type = 'mcp_call' AND tool = 'search' AND status NOT IN ('error', 'unavailable'))) AND class IN ('human', 'ai')
GROUP BY project_id, day, source, query_norm;
