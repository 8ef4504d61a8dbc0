-- Engagement events of the widget: code copies (block: its position on the page, from 1;
-- lang), clicks on the navbar's call to action and on outbound links (target URL, label),
-- contextual-menu actions (action) and clicks on an assistant answer's sources (thread_id).
-- Rows written before this migration read as 0 and ''.
ALTER TABLE traffic_events ADD COLUMN block INTEGER NOT NULL DEFAULT 0;
ALTER TABLE traffic_events ADD COLUMN lang TEXT NOT NULL DEFAULT '';
ALTER TABLE traffic_events ADD COLUMN target TEXT NOT NULL DEFAULT '';
ALTER TABLE traffic_events ADD COLUMN label TEXT NOT NULL DEFAULT '';
ALTER TABLE traffic_events ADD COLUMN action TEXT NOT NULL DEFAULT '';
ALTER TABLE traffic_events ADD COLUMN thread_id TEXT NOT NULL DEFAULT '';
-- Sessions, user flows, funnels and exits are computed when read, from the raw events of the
-- range: this index finds a project's days without reading its other events. The thread index
-- serves the assistant funnel and the erasure of a thread (its source clicks go with it).
CREATE INDEX IF NOT EXISTS traffic_events_day ON traffic_events (project_id, day);
CREATE INDEX IF NOT EXISTS traffic_events_thread ON traffic_events (project_id, thread_id) WHERE thread_id != '';
-- Engagement events per UTC day, path, class and type; detail is the code block's language
-- (code_copy) or the menu option (menu_action), '' for the other types. path is the page the
-- reader was on (for source_click, the source opened).
CREATE TABLE IF NOT EXISTS traffic_engagement_daily (
    project_id TEXT    NOT NULL,
    day        TEXT    NOT NULL,
    path       TEXT    NOT NULL,
    class      TEXT    NOT NULL,
    type       TEXT    NOT NULL,
    detail     TEXT    NOT NULL,
    events     INTEGER NOT NULL,
    PRIMARY KEY (project_id, day, path, class, type, detail)
) WITHOUT ROWID;
