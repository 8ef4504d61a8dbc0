-- Feedback records: one row per record, holding its current version. A write replaces the row
-- only when it carries a later version (updated_at in unix nanoseconds; on a tie the greater
-- event_id wins). Times are unix milliseconds, UTC.
CREATE TABLE IF NOT EXISTS feedback (
    project_id TEXT    NOT NULL,
    id         TEXT    NOT NULL, -- ULID: sorts by creation time
    event_id   TEXT    NOT NULL, -- the event that wrote the current version
    version    INTEGER NOT NULL, -- updated_at in unix nanoseconds
    domain     TEXT    NOT NULL DEFAULT '',
    path       TEXT    NOT NULL DEFAULT '',
    comment    TEXT    NOT NULL DEFAULT '',
    created_at INTEGER NOT NULL, -- unix milliseconds
    updated_at INTEGER NOT NULL, -- unix milliseconds
    source     TEXT    NOT NULL, -- contextual | code_snippet
    status     TEXT    NOT NULL, -- pending | in_progress | resolved | dismissed
    helpful    INTEGER,          -- contextual: 1 helpful, 0 not helpful; NULL when not asked
    contact    TEXT    NOT NULL DEFAULT '',
    code       TEXT    NOT NULL DEFAULT '',
    filename   TEXT    NOT NULL DEFAULT '',
    lang       TEXT    NOT NULL DEFAULT '',
    fp         TEXT    NOT NULL DEFAULT '',
    PRIMARY KEY (project_id, id)
);
