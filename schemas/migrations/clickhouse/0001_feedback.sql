-- Feedback records. A status change arrives as the whole record with a later version
-- (updated_at in unix nanoseconds) and is stored as a new row: ReplacingMergeTree keeps the
-- highest version in background merges, and readers pick it themselves (ORDER BY id, version
-- DESC LIMIT 1 BY id) until then; a redelivered event is an identical row, collapsed the same
-- way. created_at and source never change between versions, so all versions of a record share
-- one partition. Times are DateTime (UTC seconds) plus a millisecond column: DateTime64 does
-- not exist on ClickHouse 18.16. id_skewed is 1 when the id's ULID time is more than 15 minutes
-- from created_at: readers bound a date-range page to the ids of that range and fetch these
-- few records separately.
CREATE TABLE IF NOT EXISTS feedback
(
    project_id    String,
    id            FixedString(26),
    event_id      String,
    version       UInt64,
    domain        String,
    path          String,
    comment       String,
    created_at    DateTime,
    created_at_ms UInt16,
    updated_at    DateTime,
    updated_at_ms UInt16,
    source        String,
    status        String,
    helpful       Nullable(UInt8),
    contact       String,
    code          String,
    filename      String,
    lang          String,
    fp            String,
    id_skewed     UInt8
)
ENGINE = ReplacingMergeTree(version)
PARTITION BY toYYYYMM(created_at)
ORDER BY (project_id, id)
SETTINGS index_granularity = 1024;
