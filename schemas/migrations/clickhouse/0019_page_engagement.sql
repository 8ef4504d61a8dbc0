-- Time on page and scroll depth: the widget's page_engagement events (engaged_ms, the page's
-- visible time since the view's previous report; scroll_depth, the view's deepest scroll so far,
-- percent of the page). Rows written before this migration read as 0.
ALTER TABLE traffic_events ADD COLUMN engaged_ms UInt32;
ALTER TABLE traffic_events ADD COLUMN scroll_depth UInt8;
-- A reader's readings: per UTC day, path and human visitor, the summed visible time and the
-- deepest scroll (Plausible's per-visitor page engagement). Reads merge a reading's rows first
-- (sumMerge, maxMerge by day, path and visitor), then take medians over the readings. It names
-- the visitor, so erasing a visitor deletes its rows here too.
CREATE TABLE IF NOT EXISTS traffic_readings_daily
(
    project_id String,
    day        Date,
    path       String,
    visitor_id String,
    engaged_ms AggregateFunction(sum, UInt64),
    depth      AggregateFunction(max, UInt8)
)
ENGINE = AggregatingMergeTree()
PARTITION BY toYYYYMM(day)
ORDER BY (project_id, day, path, visitor_id);
CREATE MATERIALIZED VIEW IF NOT EXISTS traffic_readings_daily_mv TO traffic_readings_daily AS
SELECT project_id, day, path, visitor_id, sumState(toUInt64(engaged_ms)) AS engaged_ms, maxState(scroll_depth) AS depth
FROM traffic_events
WHERE type = 'page_engagement' AND class = 'human'
GROUP BY project_id, day, path, visitor_id;
