-- Nothing changes in SQLite: ClickHouse's 0021 keeps the forms a query was written in per day
-- (traffic_query_forms_daily) instead of reading them from every search event of a range;
-- SQLite finds each listed query's events through its partial index (0020).
SELECT 1;
