-- Traffic: page views, searches and search clicks. traffic_events holds each event once
-- (INSERT OR IGNORE on its id); the writer bumps the daily rollups below in the same
-- transaction, for the rows it inserted only, so a redelivered event counts once. day is the
-- UTC day as 'YYYY-MM-DD'; times are unix milliseconds; query_norm is event.NormalizeQuery(query).
CREATE TABLE IF NOT EXISTS traffic_events (
    project_id TEXT    NOT NULL,
    id         TEXT    NOT NULL,
    type       TEXT    NOT NULL,
    domain     TEXT    NOT NULL DEFAULT '',
    day        TEXT    NOT NULL,
    timestamp  INTEGER NOT NULL,
    visitor_id TEXT    NOT NULL DEFAULT '',
    class      TEXT    NOT NULL,
    caller     TEXT    NOT NULL DEFAULT '',
    user_agent TEXT    NOT NULL DEFAULT '',
    path       TEXT    NOT NULL DEFAULT '',
    title      TEXT    NOT NULL DEFAULT '',
    referrer   TEXT    NOT NULL DEFAULT '',
    query      TEXT    NOT NULL DEFAULT '',
    query_norm TEXT    NOT NULL DEFAULT '',
    results    INTEGER NOT NULL DEFAULT 0,
    position   INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (project_id, id)
) WITHOUT ROWID;
-- Page views per day, path and class.
CREATE TABLE IF NOT EXISTS traffic_pages_daily (
    project_id TEXT    NOT NULL,
    day        TEXT    NOT NULL,
    path       TEXT    NOT NULL,
    class      TEXT    NOT NULL,
    views      INTEGER NOT NULL,
    PRIMARY KEY (project_id, day, path, class)
) WITHOUT ROWID;
-- Distinct visitors per day, path and class: one row each; counting DISTINCT visitor_id over a
-- range gives exact visitors across days and classes.
CREATE TABLE IF NOT EXISTS traffic_visitors_daily (
    project_id TEXT NOT NULL,
    day        TEXT NOT NULL,
    path       TEXT NOT NULL,
    class      TEXT NOT NULL,
    visitor_id TEXT NOT NULL,
    PRIMARY KEY (project_id, day, path, class, visitor_id)
) WITHOUT ROWID;
-- Searches per day and normalized query: hits, clicks and the last search (unix ms, 0 if none).
CREATE TABLE IF NOT EXISTS traffic_searches_daily (
    project_id TEXT    NOT NULL,
    day        TEXT    NOT NULL,
    query_norm TEXT    NOT NULL,
    hits       INTEGER NOT NULL,
    clicks     INTEGER NOT NULL,
    last_ms    INTEGER NOT NULL,
    PRIMARY KEY (project_id, day, query_norm)
) WITHOUT ROWID;
-- Search clicks per day, normalized query and clicked path.
CREATE TABLE IF NOT EXISTS traffic_search_clicks_daily (
    project_id TEXT    NOT NULL,
    day        TEXT    NOT NULL,
    query_norm TEXT    NOT NULL,
    path       TEXT    NOT NULL,
    clicks     INTEGER NOT NULL,
    PRIMARY KEY (project_id, day, query_norm, path)
) WITHOUT ROWID;
