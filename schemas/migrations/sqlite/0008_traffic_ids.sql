-- ClickHouse's migration 0008 adds an id table for its writer's duplicate check. SQLite needs
-- none: traffic_events' primary key (project_id, id) is that check (INSERT OR IGNORE), and the
-- rollups are bumped only for the rows it inserted. This migration only refreshes the query
-- planner's statistics, which the traffic tables, grown large, are read with.
PRAGMA optimize;
