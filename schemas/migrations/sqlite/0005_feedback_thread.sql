-- The assistant thread a rating of an answer names (feedback threadId): thumbs on an answer in
-- the widget carry it, so docs teams can open the transcript the rating is about. Rows written
-- before this migration, and feedback on a page, read as ''. The index serves the erasure of a
-- thread (`lectern data delete --thread`), which removes its ratings with its turns.
ALTER TABLE feedback ADD COLUMN thread_id TEXT NOT NULL DEFAULT '';
CREATE INDEX IF NOT EXISTS feedback_thread ON feedback (project_id, thread_id);
