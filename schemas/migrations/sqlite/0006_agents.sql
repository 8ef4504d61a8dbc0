-- Agents as readers: the page format an agent fetched (markdown, llms, llms-full; '' is the
-- HTML page) and the MCP tool calls of the site's MCP server (tool, client name and version
-- from MCP initialize, status ok | error, duration in ms; query, results and path as the
-- other traffic events). Rows written before this migration read as '' and 0.
ALTER TABLE traffic_events ADD COLUMN format TEXT NOT NULL DEFAULT '';
ALTER TABLE traffic_events ADD COLUMN tool TEXT NOT NULL DEFAULT '';
ALTER TABLE traffic_events ADD COLUMN client TEXT NOT NULL DEFAULT '';
ALTER TABLE traffic_events ADD COLUMN client_version TEXT NOT NULL DEFAULT '';
ALTER TABLE traffic_events ADD COLUMN status TEXT NOT NULL DEFAULT '';
ALTER TABLE traffic_events ADD COLUMN duration_ms INTEGER NOT NULL DEFAULT 0;
-- MCP tool calls per UTC day, tool, client and client version: calls, error results and the
-- summed duration (the mean is duration_ms / calls).
CREATE TABLE IF NOT EXISTS traffic_mcp_daily (
    project_id     TEXT    NOT NULL,
    day            TEXT    NOT NULL,
    tool           TEXT    NOT NULL,
    client         TEXT    NOT NULL,
    client_version TEXT    NOT NULL,
    calls          INTEGER NOT NULL,
    errors         INTEGER NOT NULL,
    duration_ms    INTEGER NOT NULL,
    PRIMARY KEY (project_id, day, tool, client, client_version)
) WITHOUT ROWID;
-- Page fetches in an agent's format per UTC day, path and format (markdown, llms, llms-full).
CREATE TABLE IF NOT EXISTS traffic_formats_daily (
    project_id TEXT    NOT NULL,
    day        TEXT    NOT NULL,
    path       TEXT    NOT NULL,
    format     TEXT    NOT NULL,
    views      INTEGER NOT NULL,
    PRIMARY KEY (project_id, day, path, format)
) WITHOUT ROWID;
-- Search outcomes per UTC day, source and normalized query, for the agents' queries and the
-- content gaps. source: reader (a human search event), agent (an AI search event: the search
-- route called without Origin), mcp (the search tool of the MCP server, error results left
-- out). searches, those that found nothing (results = 0), clicks on results (search_click),
-- and the first and last search in unix ms (first_ms 9223372036854775807 and last_ms 0 while
-- the row has clicks only).
CREATE TABLE IF NOT EXISTS traffic_queries_daily (
    project_id TEXT    NOT NULL,
    day        TEXT    NOT NULL,
    source     TEXT    NOT NULL,
    query_norm TEXT    NOT NULL,
    searches   INTEGER NOT NULL,
    no_results INTEGER NOT NULL,
    clicks     INTEGER NOT NULL,
    first_ms   INTEGER NOT NULL,
    last_ms    INTEGER NOT NULL,
    PRIMARY KEY (project_id, day, source, query_norm)
) WITHOUT ROWID;
-- The searches and clicks stored before this migration, counted once (the migration runs in
-- the writer's transaction, so no event is written meanwhile).
INSERT INTO traffic_queries_daily (project_id, day, source, query_norm, searches, no_results, clicks, first_ms, last_ms)
SELECT project_id, day, CASE class WHEN 'human' THEN 'reader' ELSE 'agent' END, query_norm,
       SUM(type = 'search'), SUM(type = 'search' AND results = 0), SUM(type = 'search_click'),
       MIN(CASE WHEN type = 'search' THEN timestamp ELSE 9223372036854775807 END),
       MAX(CASE WHEN type = 'search' THEN timestamp ELSE 0 END)
FROM traffic_events
WHERE type IN ('search', 'search_click')
GROUP BY project_id, day, class, query_norm;
