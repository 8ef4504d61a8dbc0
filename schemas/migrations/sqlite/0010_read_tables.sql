-- Nothing changes in SQLite: ClickHouse's 0010 gives its session summaries smaller granules
-- (sessions_daily) and keeps distinct visitors per day over every path (traffic_day_visitors);
-- SQLite reads session_days (0009) and traffic_visitors_daily (0004), keyed by project and day.
SELECT 1;
