-- Crawler classes (search_index, training, other_ai): page views of the crawlers a traffic
-- export counts apart. They are stored in traffic_events and counted per class in
-- traffic_pages_daily (reads leave them out of every total), but an agent's format fetch is AI
-- traffic only: the formats view is made again to count the fetches of human and ai events, and
-- the queries view to count searches of those classes only (crawlers hold page views only; the
-- filter keeps a stray event out of the agents' queries). Rows already stored hold no crawler
-- class. A fetch inserted between the DROP and the CREATE is not counted in traffic_formats_daily.
DROP TABLE IF EXISTS traffic_formats_daily_mv;
CREATE MATERIALIZED VIEW IF NOT EXISTS traffic_formats_daily_mv TO traffic_formats_daily AS
SELECT project_id, day, path, format, sumState(toUInt64(1)) AS views
FROM traffic_events
WHERE type = 'page_view' AND format != '' AND class IN ('human', 'ai')
GROUP BY project_id, day, path, format;
DROP TABLE IF EXISTS traffic_queries_daily_mv;
CREATE MATERIALIZED VIEW IF NOT EXISTS traffic_queries_daily_mv TO traffic_queries_daily AS
SELECT project_id, day, multiIf(type = 'mcp_call', 'mcp', class = 'human', 'reader', 'agent') AS source, query_norm,
       sumState(toUInt64(type != 'search_click')) AS searches,
       sumState(toUInt64(type != 'search_click' AND results = 0)) AS no_results,
       sumState(toUInt64(type = 'search_click')) AS clicks,
       minState(if(type != 'search_click', toUInt64(timestamp) * 1000 + timestamp_ms, toUInt64(18446744073709551615))) AS first_ms,
       maxState(if(type != 'search_click', toUInt64(timestamp) * 1000 + timestamp_ms, toUInt64(0))) AS last_ms
FROM traffic_events
WHERE (type IN ('search', 'search_click') OR (type = 'mcp_call' AND tool = 'search' AND status != 'error')) AND class IN ('human', 'ai')
GROUP BY project_id, day, source, query_norm;
