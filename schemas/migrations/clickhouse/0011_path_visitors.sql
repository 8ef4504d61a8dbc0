-- Distinct visitors per project, path, UTC day and class, sorted by path (issue 28: reads at
-- 50M events). The visitors read merges the states of the paths with the most views only
-- (platform/store/clickhouse/visitors_top.go); traffic_pages_daily, sorted by day first, holds
-- those paths' rows among every other path's, whose states a read deserialised and dropped
-- (a project of 507k events at 50M: 76 ms of server CPU for its first 102 paths, against 47 ms
-- here, where a read touches the granules of its paths only; granules of 64 rows). The states
-- are traffic_pages_daily's (the same sketch of the same page views), so a read gives what
-- merging those gives. The INSERT fills it from the page rollup; a state added twice (a page
-- view stored between the view's creation and the INSERT, or the migration run again after
-- being cut short) changes nothing, as merging states is a union.
CREATE TABLE IF NOT EXISTS traffic_path_visitors
(
    project_id String,
    path       String,
    day        Date,
    class      String,
    visitors   AggregateFunction(uniqCombined(18), String)
)
ENGINE = AggregatingMergeTree()
PARTITION BY toYYYYMM(day)
ORDER BY (project_id, path, day, class)
SETTINGS index_granularity = 64;
CREATE MATERIALIZED VIEW IF NOT EXISTS traffic_path_visitors_mv TO traffic_path_visitors AS
SELECT project_id, path, day, class, uniqCombinedState(18)(visitor_id) AS visitors
FROM traffic_events
WHERE type = 'page_view'
GROUP BY project_id, path, day, class;
INSERT INTO traffic_path_visitors (project_id, path, day, class, visitors)
SELECT project_id, path, day, class, visitors FROM traffic_pages_daily;
