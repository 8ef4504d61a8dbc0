-- How each assistant request reached Lectern: caller web | api | other, and for other the
-- integration it named (X-Lectern-Client). Rows written before this migration read as ''.
-- 18.16 has no ADD COLUMN IF NOT EXISTS: the store skips "column already exists" (code 44) when
-- a migration cut short runs again.
ALTER TABLE conversations ADD COLUMN caller String;
ALTER TABLE conversations ADD COLUMN client String;
