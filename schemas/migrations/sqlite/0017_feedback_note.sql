-- The docs team's internal note on a feedback record (PATCH .../feedback/{id} with "note"), as
-- Mintlify's dashboard keeps one per record: a version of the record like a status change, never
-- shown to readers. Rows written before this migration read as ''.
ALTER TABLE feedback ADD COLUMN note TEXT NOT NULL DEFAULT '';
