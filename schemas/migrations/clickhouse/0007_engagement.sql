-- Engagement events of the widget: code copies (block: its position on the page, from 1;
-- lang), clicks on the navbar's call to action and on outbound links (target URL, label),
-- contextual-menu actions (action) and clicks on an assistant answer's sources (thread_id).
-- Rows written before this migration read as 0 and ''. Sessions, user flows, funnels and exits
-- are computed when read from the raw events of the range (see the engagement docs).
ALTER TABLE traffic_events ADD COLUMN block UInt32;
ALTER TABLE traffic_events ADD COLUMN lang String;
ALTER TABLE traffic_events ADD COLUMN target String;
ALTER TABLE traffic_events ADD COLUMN label String;
ALTER TABLE traffic_events ADD COLUMN action String;
ALTER TABLE traffic_events ADD COLUMN thread_id String;
-- Engagement events per UTC day, path, class and type; detail is the code block's language
-- (code_copy) or the menu option (menu_action), '' for the other types. path is the page the
-- reader was on (for source_click, the source opened).
CREATE TABLE IF NOT EXISTS traffic_engagement_daily
(
    project_id String,
    day        Date,
    path       String,
    class      String,
    type       String,
    detail     String,
    events     AggregateFunction(sum, UInt64)
)
ENGINE = AggregatingMergeTree()
PARTITION BY toYYYYMM(day)
ORDER BY (project_id, day, path, class, type, detail);
CREATE MATERIALIZED VIEW IF NOT EXISTS traffic_engagement_daily_mv TO traffic_engagement_daily AS
SELECT project_id, day, path, class, type, multiIf(type = 'code_copy', lang, type = 'menu_action', action, '') AS detail,
       sumState(toUInt64(1)) AS events
FROM traffic_events
WHERE type IN ('code_copy', 'cta_click', 'outbound_click', 'menu_action', 'source_click')
GROUP BY project_id, day, path, class, type, detail;
