-- Tables shaped for the reads of one project among many (issue 28: reads at 50M events).
--
-- sessions_daily replaces session_days (0009; same columns, same use). With the default index
-- granularity of 8,192 rows, a month's summaries of 100 projects (3,000 rows) sat in one
-- granule, so a read of one project's days read, and ARRAY JOINed, the trails and exits of
-- every project: 130-480 ms for a project of 507k events at 50M, whatever its own size. In
-- granules of 16 rows a read touches little more than its own days (8-60 ms). The summaries
-- are copied over and session_days dropped. Run again after the drop (a migration cut short),
-- the first statement makes an empty session_days, so the copy adds nothing and the drop
-- drops it again; a copy cut short and run again adds only the rows it lacks.
CREATE TABLE IF NOT EXISTS session_days
(
    project_id String,
    day        Date,
    version    UInt64,
    changes    UInt64,
    sessions   UInt64,
    searched   UInt64,
    clicked    UInt64,
    landed     UInt64,
    acted      UInt64,
    trails     Nested(entry String, step1 String, step2 String, step3 String, sessions UInt64),
    exits      Nested(path String, exits UInt64, quiet UInt64)
)
ENGINE = ReplacingMergeTree(version)
PARTITION BY toYYYYMM(day)
ORDER BY (project_id, day);
CREATE TABLE IF NOT EXISTS sessions_daily
(
    project_id String,
    day        Date,
    version    UInt64,
    changes    UInt64,
    sessions   UInt64,
    searched   UInt64,
    clicked    UInt64,
    landed     UInt64,
    acted      UInt64,
    trails     Nested(entry String, step1 String, step2 String, step3 String, sessions UInt64),
    exits      Nested(path String, exits UInt64, quiet UInt64)
)
ENGINE = ReplacingMergeTree(version)
PARTITION BY toYYYYMM(day)
ORDER BY (project_id, day)
SETTINGS index_granularity = 16;
INSERT INTO sessions_daily
SELECT project_id, day, version, changes, sessions, searched, clicked, landed, acted,
       trails.entry, trails.step1, trails.step2, trails.step3, trails.sessions, exits.path, exits.exits, exits.quiet
FROM session_days
WHERE (project_id, day, version) NOT IN (SELECT project_id, day, version FROM sessions_daily);
DROP TABLE IF EXISTS session_days;
-- Distinct visitors per project, UTC day and class over every path: the uniqCombined(18) state
-- of the day's page views (the states traffic_pages_daily keeps per path, merged). A range's
-- total merges one state per day and class instead of one per day, path and class (30 days of
-- a project of 507k events: 60 states instead of 141,000). Granules of 16 rows, so a read does
-- not deserialise other projects' states. The INSERT fills it from the page rollup; a state
-- added twice (a page view stored between the view's creation and the INSERT) changes nothing,
-- as merging states is a union.
CREATE TABLE IF NOT EXISTS traffic_day_visitors
(
    project_id String,
    day        Date,
    class      String,
    visitors   AggregateFunction(uniqCombined(18), String)
)
ENGINE = AggregatingMergeTree()
PARTITION BY toYYYYMM(day)
ORDER BY (project_id, day, class)
SETTINGS index_granularity = 16;
CREATE MATERIALIZED VIEW IF NOT EXISTS traffic_day_visitors_mv TO traffic_day_visitors AS
SELECT project_id, day, class, uniqCombinedState(18)(visitor_id) AS visitors
FROM traffic_events
WHERE type = 'page_view'
GROUP BY project_id, day, class;
INSERT INTO traffic_day_visitors (project_id, day, class, visitors)
SELECT project_id, day, class, uniqCombinedMergeState(18)(visitors) FROM traffic_pages_daily GROUP BY project_id, day, class;
-- The sketches of spans of days of 0009, never read: on 18.16 a 30-day total merged from them
-- took 926 ms against 72 ms from the daily states (see the benchmarks guide).
DROP TABLE IF EXISTS visitor_spans;
DROP TABLE IF EXISTS visitor_span_totals;
DROP TABLE IF EXISTS visitor_spans_made;
