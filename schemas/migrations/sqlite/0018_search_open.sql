-- The search funnel's first stage and Mintlify's divisor of interactions per session in each
-- closed day's summary (session_days, 0009): opened, the sessions that opened the search box (a
-- search_open event of the widget, or a search); active, the sessions with a page view, a CTA
-- click or an action (platform/store/sessions.go). A summary made before this migration saw no
-- search_open event (there were none), so its opened is its searched. Its active is taken as its
-- sessions with a page view (its trails'): exact unless a session had a CTA click or an action
-- without a page view, and kept when retention has deleted the day's events, unlike a summary
-- made again from them.
ALTER TABLE session_days ADD COLUMN opened INTEGER NOT NULL DEFAULT 0;
ALTER TABLE session_days ADD COLUMN active INTEGER NOT NULL DEFAULT 0;
UPDATE session_days SET opened = searched, active = (SELECT COALESCE(SUM(t.sessions), 0) FROM session_trails t
    WHERE t.project_id = session_days.project_id AND t.day = session_days.day);
