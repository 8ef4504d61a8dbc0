-- Agents as readers: the page format an agent fetched (markdown, llms, llms-full; '' is the
-- HTML page) and the MCP tool calls of the site's MCP server (tool, client name and version
-- from MCP initialize, status ok | error, duration in ms). Rows written before this migration
-- read as '' and 0. 18.16 has no ADD COLUMN IF NOT EXISTS: the store skips "column already
-- exists" (code 44) when a migration cut short runs again.
ALTER TABLE traffic_events ADD COLUMN format String;
ALTER TABLE traffic_events ADD COLUMN tool String;
ALTER TABLE traffic_events ADD COLUMN client String;
ALTER TABLE traffic_events ADD COLUMN client_version String;
ALTER TABLE traffic_events ADD COLUMN status String;
ALTER TABLE traffic_events ADD COLUMN duration_ms UInt32;
-- MCP tool calls per UTC day, tool, client and client version: calls, error results and the
-- summed duration (the mean is duration_ms / calls).
CREATE TABLE IF NOT EXISTS traffic_mcp_daily
(
    project_id     String,
    day            Date,
    tool           String,
    client         String,
    client_version String,
    calls          AggregateFunction(sum, UInt64),
    errors         AggregateFunction(sum, UInt64),
    duration_ms    AggregateFunction(sum, UInt64)
)
ENGINE = AggregatingMergeTree()
PARTITION BY toYYYYMM(day)
ORDER BY (project_id, day, tool, client, client_version);
CREATE MATERIALIZED VIEW IF NOT EXISTS traffic_mcp_daily_mv TO traffic_mcp_daily AS
SELECT project_id, day, tool, client, client_version,
       sumState(toUInt64(1)) AS calls,
       sumState(toUInt64(status = 'error')) AS errors,
       sumState(toUInt64(duration_ms)) AS duration_ms
FROM traffic_events
WHERE type = 'mcp_call'
GROUP BY project_id, day, tool, client, client_version;
-- Page fetches in an agent's format per UTC day, path and format (markdown, llms, llms-full).
CREATE TABLE IF NOT EXISTS traffic_formats_daily
(
    project_id String,
    day        Date,
    path       String,
    format     String,
    views      AggregateFunction(sum, UInt64)
)
ENGINE = AggregatingMergeTree()
PARTITION BY toYYYYMM(day)
ORDER BY (project_id, day, path, format);
CREATE MATERIALIZED VIEW IF NOT EXISTS traffic_formats_daily_mv TO traffic_formats_daily AS
SELECT project_id, day, path, format, sumState(toUInt64(1)) AS views
FROM traffic_events
WHERE type = 'page_view' AND format != ''
GROUP BY project_id, day, path, format;
-- Search outcomes per UTC day, source and normalized query, for the agents' queries and the
-- content gaps. source: reader (a human search event), agent (an AI search event: the search
-- route called without Origin), mcp (the search tool of the MCP server, error results left
-- out). searches, those that found nothing (results = 0), clicks on results, and the first and
-- last search in unix ms (first_ms 18446744073709551615 and last_ms 0 in a row of clicks only).
-- It counts from this migration on; the BI docs show how to fill it from older events once.
CREATE TABLE IF NOT EXISTS traffic_queries_daily
(
    project_id String,
    day        Date,
    source     String,
    query_norm String,
    searches   AggregateFunction(sum, UInt64),
    no_results AggregateFunction(sum, UInt64),
    clicks     AggregateFunction(sum, UInt64),
    first_ms   AggregateFunction(min, UInt64),
    last_ms    AggregateFunction(max, UInt64)
)
ENGINE = AggregatingMergeTree()
PARTITION BY toYYYYMM(day)
ORDER BY (project_id, day, source, query_norm);
CREATE MATERIALIZED VIEW IF NOT EXISTS traffic_queries_daily_mv TO traffic_queries_daily AS
SELECT project_id, day, multiIf(type = 'mcp_call', 'mcp', class = 'human', 'reader', 'agent') AS source, query_norm,
       sumState(toUInt64(type != 'search_click')) AS searches,
       sumState(toUInt64(type != 'search_click' AND results = 0)) AS no_results,
       sumState(toUInt64(type = 'search_click')) AS clicks,
       minState(if(type != 'search_click', toUInt64(timestamp) * 1000 + timestamp_ms, toUInt64(18446744073709551615))) AS first_ms,
       maxState(if(type != 'search_click', toUInt64(timestamp) * 1000 + timestamp_ms, toUInt64(0))) AS last_ms
FROM traffic_events
WHERE type IN ('search', 'search_click') OR (type = 'mcp_call' AND tool = 'search' AND status != 'error')
GROUP BY project_id, day, source, query_norm;
