-- Nothing changes in SQLite: ClickHouse's 0013 keeps its per-path visitor states sorted by path
-- (traffic_path_visitors) so that the visitors read finds its candidate paths' states by key;
-- SQLite counts visitors exactly from traffic_visitors_daily (0004), one row per visitor, day,
-- path and class.
SELECT 1;
