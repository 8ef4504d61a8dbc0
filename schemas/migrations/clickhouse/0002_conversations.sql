-- Conversation records, one row per assistant turn; a redelivered event is an identical row that
-- background merges collapse and readers skip (LIMIT 1 BY id). sources is Nested, stored as the
-- parallel arrays sources.title and sources.url: `ARRAY JOIN sources` gives one row per citation.
-- id_skewed is 1 when the id's ULID time is more than 15 minutes from timestamp (see feedback).
-- The small index granularity keeps a page read (a few hundred ids) from decompressing thousands
-- of neighbouring responses.
CREATE TABLE IF NOT EXISTS conversations
(
    project_id        String,
    id                FixedString(26),
    domain            String,
    thread_id         String,
    timestamp         DateTime,
    timestamp_ms      UInt16,
    query             String,
    response          String,
    sources           Nested(title String, url String),
    query_category    String,
    resolution_status String,
    page_url          String,
    fp                String,
    aborted           UInt8,
    id_skewed         UInt8
)
ENGINE = ReplacingMergeTree()
PARTITION BY toYYYYMM(timestamp)
ORDER BY (project_id, id)
SETTINGS index_granularity = 1024;
