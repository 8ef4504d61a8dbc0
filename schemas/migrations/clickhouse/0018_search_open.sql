-- The search funnel's first stage and Mintlify's divisor of interactions per session in each
-- closed day's summary (sessions_daily, 0010): opened, the sessions that opened the search box (a
-- search_open event of the widget, or a search); active, the sessions with a page view, a CTA
-- click or an action (platform/store/sessions.go). The summaries write both. Each day's latest
-- summary made before this migration is written again as the next version, with its opened as
-- its searched (it saw no search_open event: there were none) and its active as its sessions
-- with a page view (its trails'), exact unless a session had a CTA click or an action without a
-- page view; its day's raw events may be gone (retention), so it is not made again from them.
-- (A DEFAULT of arraySum(trails.sessions) would do it on read, but 18.16 cannot create a table
-- whose default names a Nested column, which the cluster schema does.) 18.16 has no ADD COLUMN IF
-- NOT EXISTS: the store skips "column already exists" (code 44) when the migration runs again,
-- and the copy, run again, writes the same figures once more as a later version.
ALTER TABLE sessions_daily ADD COLUMN opened UInt64 DEFAULT searched;
ALTER TABLE sessions_daily ADD COLUMN active UInt64;
INSERT INTO sessions_daily (project_id, day, version, changes, sessions, active, opened, searched, clicked, landed, acted,
    trails.entry, trails.step1, trails.step2, trails.step3, trails.sessions, exits.path, exits.exits, exits.quiet)
SELECT project_id, day, version + 1, changes, sessions, arraySum(trails.sessions), searched, searched, clicked, landed, acted,
       trails.entry, trails.step1, trails.step2, trails.step3, trails.sessions, exits.path, exits.exits, exits.quiet
FROM sessions_daily
ORDER BY project_id, day, version DESC
LIMIT 1 BY project_id, day;
