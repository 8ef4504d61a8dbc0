-- Bookkeeping: one row per applied migration (a repeated row is harmless). Created before any
-- migration runs.
CREATE TABLE IF NOT EXISTS schema_migrations
(
    version    UInt32,
    name       String,
    applied_at DateTime
)
ENGINE = ReplacingMergeTree()
ORDER BY version;
