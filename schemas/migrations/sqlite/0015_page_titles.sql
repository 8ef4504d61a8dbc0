-- The title of each page: the latest non-empty title page views of a path carried on a UTC
-- day, with the view's time in unix milliseconds; the writer (platform/store/sqlite) keeps the
-- later of the stored and the new view. Reads that show a page by name (the content gaps)
-- take the latest of their range. The INSERT fills it from the stored events.
CREATE TABLE IF NOT EXISTS traffic_page_titles_daily (
    project_id TEXT    NOT NULL,
    day        TEXT    NOT NULL,
    path       TEXT    NOT NULL,
    title      TEXT    NOT NULL,
    at_ms      INTEGER NOT NULL,
    PRIMARY KEY (project_id, day, path)
) WITHOUT ROWID;
INSERT OR REPLACE INTO traffic_page_titles_daily (project_id, day, path, title, at_ms)
SELECT project_id, day, path, title, MAX(timestamp)
FROM traffic_events
WHERE type = 'page_view' AND title != ''
GROUP BY project_id, day, path;
