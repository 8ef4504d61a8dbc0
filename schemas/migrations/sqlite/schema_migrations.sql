-- Bookkeeping: one row per applied migration. Created before any migration runs.
CREATE TABLE IF NOT EXISTS schema_migrations (
    version    INTEGER PRIMARY KEY,
    name       TEXT    NOT NULL,
    applied_at INTEGER NOT NULL -- unix milliseconds
);
