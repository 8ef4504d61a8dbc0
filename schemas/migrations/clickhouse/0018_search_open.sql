-- The search funnel's first stage and Mintlify's divisor of interactions per session in each
-- closed day's summary (sessions_daily, 0010): opened, the sessions that opened the search box (a
-- search_open event of the widget, or a search); active, the sessions with a page view, a CTA
-- click or an action (platform/store/sessions.go). The summaries write both; a row written before
-- this migration reads them from its defaults: it saw no search_open event (there were none), so
-- its opened is its searched, and its active is its sessions with a page view (its trails'),
-- exact unless a session had a CTA click or an action without a page view. 18.16 has no ADD
-- COLUMN IF NOT EXISTS: the store skips "column already exists" (code 44) when the migration runs
-- again.
ALTER TABLE sessions_daily ADD COLUMN opened UInt64 DEFAULT searched;
ALTER TABLE sessions_daily ADD COLUMN active UInt64 DEFAULT arraySum(trails.sessions);
