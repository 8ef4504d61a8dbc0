-- Nothing changes in ClickHouse: SQLite's 0011 keeps each closed day's views and distinct
-- visitors in its day summary; ClickHouse reads them from its rollups and traffic_day_visitors
-- (0010).
SELECT 1;
