-- The forms a normalized query was written in, per UTC day: how many searches and MCP search
-- calls (every class and status, as the store counted them from traffic_events until now)
-- wrote query for query_norm. The searches listing, the content gaps and the agents' queries
-- show each query as its readers wrote it most (store.QueryForms); reading the forms from the
-- raw events read every search event of the project's range (at 50M events the searches
-- listing of the largest project went from 57.9 to 196.8 ms p99; its 50 queries' forms read
-- 9.3M rows, here 21,504). Sorted by query_norm before day, in granules of 256 rows, so that
-- the key finds the rows of the few queries a read lists (the day first, or granules of 8,192,
-- read the project's whole range: 81,920 rows).
--
-- The table is made anew when the migration runs again (a migration cut short), so the INSERT
-- never adds a second copy of the events stored before: a count, unlike a distinct state
-- (0013), would double. The view is made before the INSERT, which reads the parts
-- traffic_events holds when it starts: an event stored between the two statements counts
-- twice. The other order would leave out the events stored while the INSERT runs (15 s at 50M
-- events on 2 cores), not those of the milliseconds between two statements. Either way the
-- counts only choose which form of a query is shown, and a search or two more of one form
-- changes that only where two forms were that close. Retention deletes a day's rows with the
-- day's raw events (Expire), as reading the events did; erasure leaves them, as it leaves the
-- other rollups: they name no visitor.
DROP TABLE IF EXISTS traffic_query_forms_daily_mv;
DROP TABLE IF EXISTS traffic_query_forms_daily;
CREATE TABLE IF NOT EXISTS traffic_query_forms_daily
(
    project_id String,
    day        Date,
    query_norm String,
    query      String,
    searches   AggregateFunction(sum, UInt64)
)
ENGINE = AggregatingMergeTree()
PARTITION BY toYYYYMM(day)
ORDER BY (project_id, query_norm, day, query)
SETTINGS index_granularity = 256;
CREATE MATERIALIZED VIEW IF NOT EXISTS traffic_query_forms_daily_mv TO traffic_query_forms_daily AS
SELECT project_id, day, query_norm, query, sumState(toUInt64(1)) AS searches
FROM traffic_events
WHERE (type = 'search' OR (type = 'mcp_call' AND tool = 'search')) AND query_norm != ''
GROUP BY project_id, day, query_norm, query;
INSERT INTO traffic_query_forms_daily (project_id, day, query_norm, query, searches)
SELECT project_id, day, query_norm, query, sumState(toUInt64(1))
FROM traffic_events
WHERE (type = 'search' OR (type = 'mcp_call' AND tool = 'search')) AND query_norm != ''
GROUP BY project_id, day, query_norm, query;
