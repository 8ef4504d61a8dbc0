-- The docs team's internal note on a feedback record (PATCH .../feedback/{id} with "note"), as
-- Mintlify's dashboard keeps one per record: a version of the record like a status change, never
-- shown to readers. Rows written before this migration read as ''. 18.16 has no ADD COLUMN IF
-- NOT EXISTS: the store skips "column already exists" (code 44) when the migration runs again.
ALTER TABLE feedback ADD COLUMN note String;
