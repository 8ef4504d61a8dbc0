-- The assistant thread a rating of an answer names (feedback threadId). Rows written before
-- this migration, and feedback on a page, read as ''. 18.16 has no ADD COLUMN IF NOT EXISTS:
-- the store skips "column already exists" (code 44) when the migration runs again.
ALTER TABLE feedback ADD COLUMN thread_id String;
