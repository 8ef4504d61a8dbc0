-- Summaries of closed days (platform/store/summary.go). traffic_changes_daily counts, per
-- project and UTC day, the traffic events stored and erased: the writer bumps it for the rows it
-- inserted (a redelivered event counts once), an erasure for the rows it deleted. A summary
-- records the count it was made at; it stays current while the count does. The INSERT counts
-- the events stored before this migration (it runs in the writer's transaction).
CREATE TABLE IF NOT EXISTS traffic_changes_daily (
    project_id TEXT    NOT NULL,
    day        TEXT    NOT NULL,
    changes    INTEGER NOT NULL,
    PRIMARY KEY (project_id, day)
) WITHOUT ROWID;
INSERT OR IGNORE INTO traffic_changes_daily (project_id, day, changes)
SELECT project_id, day, COUNT(*) FROM traffic_events GROUP BY project_id, day;
-- One project's sessions of one closed UTC day: how many, how far they went in the search
-- funnel (searched, clicked a result, landed on it, acted after), at the change count `changes`.
-- A day summarised again replaces its rows here and in the two tables below, in one transaction.
CREATE TABLE IF NOT EXISTS session_days (
    project_id    TEXT    NOT NULL,
    day           TEXT    NOT NULL,
    changes       INTEGER NOT NULL,
    sessions      INTEGER NOT NULL,
    searched      INTEGER NOT NULL,
    clicked       INTEGER NOT NULL,
    landed        INTEGER NOT NULL,
    acted         INTEGER NOT NULL,
    summarised_at INTEGER NOT NULL,
    PRIMARY KEY (project_id, day)
) WITHOUT ROWID;
-- The day's sessions with a page view by trail: the entry page and the three pages after it
-- ('' past the trail's end), for the user flows.
CREATE TABLE IF NOT EXISTS session_trails (
    project_id TEXT    NOT NULL,
    day        TEXT    NOT NULL,
    entry      TEXT    NOT NULL,
    step1      TEXT    NOT NULL,
    step2      TEXT    NOT NULL,
    step3      TEXT    NOT NULL,
    sessions   INTEGER NOT NULL,
    PRIMARY KEY (project_id, day, entry, step1, step2, step3)
) WITHOUT ROWID;
-- The day's sessions by the page of their last page view (exits), and those with no
-- engagement event after it (quiet), for the content gaps.
CREATE TABLE IF NOT EXISTS session_exits (
    project_id TEXT    NOT NULL,
    day        TEXT    NOT NULL,
    path       TEXT    NOT NULL,
    exits      INTEGER NOT NULL,
    quiet      INTEGER NOT NULL,
    PRIMARY KEY (project_id, day, path)
) WITHOUT ROWID;
