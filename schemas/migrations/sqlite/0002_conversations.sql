-- Conversation records: one row per assistant turn; a redelivered event is ignored.
-- sources is a JSON array of {"title","url"} objects ('[]' when none).
CREATE TABLE IF NOT EXISTS conversations (
    project_id        TEXT    NOT NULL,
    id                TEXT    NOT NULL, -- ULID: sorts by time
    domain            TEXT    NOT NULL DEFAULT '',
    thread_id         TEXT    NOT NULL DEFAULT '',
    timestamp         INTEGER NOT NULL, -- unix milliseconds
    query             TEXT    NOT NULL DEFAULT '',
    response          TEXT    NOT NULL DEFAULT '',
    sources           TEXT    NOT NULL DEFAULT '[]',
    query_category    TEXT    NOT NULL DEFAULT '',
    resolution_status TEXT    NOT NULL DEFAULT '',
    page_url          TEXT    NOT NULL DEFAULT '',
    fp                TEXT    NOT NULL DEFAULT '',
    aborted           INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (project_id, id)
);
