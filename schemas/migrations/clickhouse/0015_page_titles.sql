-- The title of each page: the latest non-empty title page views of a path carried on a UTC
-- day (argMax by the view's time in unix milliseconds). Reads that show a page by name (the
-- content gaps) merge the states of their range, so a renamed page shows its newest title.
-- One row per project, day and path that has a title, whatever the traffic. The INSERT fills
-- it from the stored events; run again (a migration cut short), it adds states that merge to
-- the same title. (The state is not named title: 18.16 would read the alias in the WHERE.)
CREATE TABLE IF NOT EXISTS traffic_page_titles_daily
(
    project_id String,
    day        Date,
    path       String,
    latest     AggregateFunction(argMax, String, UInt64)
)
ENGINE = AggregatingMergeTree()
PARTITION BY toYYYYMM(day)
ORDER BY (project_id, day, path);
CREATE MATERIALIZED VIEW IF NOT EXISTS traffic_page_titles_daily_mv TO traffic_page_titles_daily AS
SELECT project_id, day, path, argMaxState(title, toUInt64(timestamp) * 1000 + timestamp_ms) AS latest
FROM traffic_events
WHERE type = 'page_view' AND title != ''
GROUP BY project_id, day, path;
INSERT INTO traffic_page_titles_daily (project_id, day, path, latest)
SELECT project_id, day, path, argMaxState(title, toUInt64(timestamp) * 1000 + timestamp_ms)
FROM traffic_events
WHERE type = 'page_view' AND title != ''
GROUP BY project_id, day, path;
