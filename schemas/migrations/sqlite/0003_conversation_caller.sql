-- How each assistant request reached Lectern: caller web | api | other, and for other the
-- integration it named (X-Lectern-Client). Rows written before this migration read as ''.
ALTER TABLE conversations ADD COLUMN caller TEXT NOT NULL DEFAULT '';
ALTER TABLE conversations ADD COLUMN client TEXT NOT NULL DEFAULT '';
CREATE INDEX IF NOT EXISTS conversations_thread ON conversations (project_id, thread_id);
