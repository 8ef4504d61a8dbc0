-- Time on page and scroll depth: the widget's page_engagement events (engaged_ms, the page's
-- visible time since the view's previous report; scroll_depth, the view's deepest scroll so far,
-- percent of the page). Rows written before this migration read as 0.
ALTER TABLE traffic_events ADD COLUMN engaged_ms INTEGER NOT NULL DEFAULT 0;
ALTER TABLE traffic_events ADD COLUMN scroll_depth INTEGER NOT NULL DEFAULT 0;
-- A reader's readings: per UTC day, path and human visitor, the summed visible time and the
-- deepest scroll (Plausible's per-visitor page engagement); reads take medians over them. It
-- names the visitor, so erasing a visitor deletes its rows here too.
CREATE TABLE IF NOT EXISTS traffic_readings_daily (
    project_id TEXT    NOT NULL,
    day        TEXT    NOT NULL,
    path       TEXT    NOT NULL,
    visitor_id TEXT    NOT NULL,
    engaged_ms INTEGER NOT NULL,
    depth      INTEGER NOT NULL,
    PRIMARY KEY (project_id, day, path, visitor_id)
) WITHOUT ROWID;
