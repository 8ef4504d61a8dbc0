-- Summaries of closed days (platform/store/summary.go). traffic_changes_daily counts, per
-- project and UTC day, the traffic events stored (its view fires on every insert, and the writer
-- inserts each event once) and erased (an erasure inserts the count of the events it deleted).
-- A summary records the count it was made at, and stays current while the count does. The
-- INSERT counts the events stored before this migration; an event stored between the view's
-- creation and the INSERT counts twice, which only makes its day's first summary out of date.
CREATE TABLE IF NOT EXISTS traffic_changes_daily
(
    project_id String,
    day        Date,
    changes    AggregateFunction(sum, UInt64)
)
ENGINE = AggregatingMergeTree()
ORDER BY (project_id, day);
CREATE MATERIALIZED VIEW IF NOT EXISTS traffic_changes_daily_mv TO traffic_changes_daily AS
SELECT project_id, day, sumState(toUInt64(1)) AS changes
FROM traffic_events
GROUP BY project_id, day;
INSERT INTO traffic_changes_daily (project_id, day, changes)
SELECT project_id, day, sumState(toUInt64(1)) FROM traffic_events GROUP BY project_id, day;
-- One project's sessions of one closed UTC day, in one row: how many, how far they went in the
-- search funnel, the sessions with a page view by trail (the entry page and the three pages
-- after it, '' past the trail's end) and by exit page (exits: the sessions whose last page view
-- it was; quiet: those with no engagement event after it), made at the change count `changes`.
-- A day summarised again is a row with a later version: readers take each day's latest
-- (ORDER BY version DESC LIMIT 1 BY day) and merges keep it alone. One row a day is written
-- whole or not at all, so a reader never sees part of a summary.
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
-- Distinct visitors of spans of closed days: traffic_pages_daily's uniqCombined(18) states
-- merged per span of `days` days from `start` (2, 4, 8, 16, 32 or 64 days, aligned on the day
-- number, days since 1970-01-01), path and class, so that a read of a long range merges a few
-- spans' states instead of each day's. visitor_span_totals holds the same over every path, for
-- single days too. A state merged from the days' states is the state of the days' visitors,
-- so a read gets what merging the days would give. A span made again (its days had late page
-- views) adds a state holding the earlier one's visitors and more; merging is a union, so the
-- rows stay right however often a span is made. visitor_spans_made records the change count of
-- the span's days each was made at (the highest is the latest).
CREATE TABLE IF NOT EXISTS visitor_spans
(
    project_id String,
    days       UInt8,
    start      Date,
    path       String,
    class      String,
    visitors   AggregateFunction(uniqCombined(18), String)
)
ENGINE = AggregatingMergeTree()
PARTITION BY toYYYYMM(start)
ORDER BY (project_id, days, start, path, class);
CREATE TABLE IF NOT EXISTS visitor_span_totals
(
    project_id String,
    days       UInt8,
    start      Date,
    class      String,
    visitors   AggregateFunction(uniqCombined(18), String)
)
ENGINE = AggregatingMergeTree()
ORDER BY (project_id, days, start, class);
CREATE TABLE IF NOT EXISTS visitor_spans_made
(
    project_id String,
    days       UInt8,
    start      Date,
    changes    UInt64
)
ENGINE = ReplacingMergeTree(changes)
ORDER BY (project_id, days, start);
