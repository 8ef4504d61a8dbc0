-- Traffic: page views, searches and search clicks. traffic_events holds every event once: the
-- store inserts only the ids it does not hold yet (a redelivered batch finds its ids and adds
-- nothing), so the materialized views below, which fire on every insert, count each event once.
-- Readers never scan it: they read the daily rollups. query_norm is the event's query as
-- event.NormalizeQuery groups it, computed by the writer. day is the UTC day of timestamp.
-- Retention: ClickHouse 18.16 has no TTL; on 19.6 and later the store adds
-- `TTL day + INTERVAL <days> DAY` to this table (see the BI docs), the rollups stay.
CREATE TABLE IF NOT EXISTS traffic_events
(
    project_id   String,
    id           FixedString(26),
    type         String,
    domain       String,
    day          Date,
    timestamp    DateTime,
    timestamp_ms UInt16,
    visitor_id   String,
    class        String,
    caller       String,
    user_agent   String,
    path         String,
    title        String,
    referrer     String,
    query        String,
    query_norm   String,
    results      UInt32,
    position     UInt32
)
ENGINE = ReplacingMergeTree()
PARTITION BY toYYYYMM(day)
ORDER BY (project_id, id);
-- Page views per UTC day, path and class: the count and the visitors (uniqCombined with 2^18
-- HyperLogLog cells: an exact hash set up to about 11,000 distinct visitors, within 0.5% above;
-- measured on 18.16). Merging the states of several days or classes gives distinct visitors
-- across them.
CREATE TABLE IF NOT EXISTS traffic_pages_daily
(
    project_id String,
    day        Date,
    path       String,
    class      String,
    views      AggregateFunction(sum, UInt64),
    visitors   AggregateFunction(uniqCombined(18), String)
)
ENGINE = AggregatingMergeTree()
PARTITION BY toYYYYMM(day)
ORDER BY (project_id, day, path, class);
CREATE MATERIALIZED VIEW IF NOT EXISTS traffic_pages_daily_mv TO traffic_pages_daily AS
SELECT project_id, day, path, class,
       sumState(toUInt64(1)) AS views,
       uniqCombinedState(18)(visitor_id) AS visitors
FROM traffic_events
WHERE type = 'page_view'
GROUP BY project_id, day, path, class;
-- Searches per UTC day and normalized query: searches (hits), clicks on results, and the time
-- of the last search in unix milliseconds.
CREATE TABLE IF NOT EXISTS traffic_searches_daily
(
    project_id String,
    day        Date,
    query_norm String,
    hits       AggregateFunction(sum, UInt64),
    clicks     AggregateFunction(sum, UInt64),
    last_ms    AggregateFunction(max, UInt64)
)
ENGINE = AggregatingMergeTree()
PARTITION BY toYYYYMM(day)
ORDER BY (project_id, day, query_norm);
CREATE MATERIALIZED VIEW IF NOT EXISTS traffic_searches_daily_mv TO traffic_searches_daily AS
SELECT project_id, day, query_norm,
       sumState(toUInt64(type = 'search')) AS hits,
       sumState(toUInt64(type = 'search_click')) AS clicks,
       maxState(if(type = 'search', toUInt64(timestamp) * 1000 + timestamp_ms, toUInt64(0))) AS last_ms
FROM traffic_events
WHERE type IN ('search', 'search_click')
GROUP BY project_id, day, query_norm;
-- Search clicks per UTC day, normalized query and clicked path: the most clicked page of a query.
CREATE TABLE IF NOT EXISTS traffic_search_clicks_daily
(
    project_id String,
    day        Date,
    query_norm String,
    path       String,
    clicks     AggregateFunction(sum, UInt64)
)
ENGINE = AggregatingMergeTree()
PARTITION BY toYYYYMM(day)
ORDER BY (project_id, day, query_norm, path);
CREATE MATERIALIZED VIEW IF NOT EXISTS traffic_search_clicks_daily_mv TO traffic_search_clicks_daily AS
SELECT project_id, day, query_norm, path, sumState(toUInt64(1)) AS clicks
FROM traffic_events
WHERE type = 'search_click'
GROUP BY project_id, day, query_norm, path;
