-- Nothing changes in ClickHouse: SQLite's 0020 indexes its events by their normalized query for
-- the forms a query was written in; ClickHouse reads them from traffic_events by the project's
-- and the range's part of its sort key.
SELECT 1;
