-- The searches export's ctr as Mintlify defines it, the share of a query's searches that led to
-- a click: a search_click the widget marks repeat (a later click on the results of a search the
-- reader clicked already) is a click but no search clicked through. traffic_events keeps the
-- mark (repeat, 1 for such a click); traffic_searches_daily counts, beside clicks, clicked: the
-- search clicks that are no repeat, per day and query, which ctr divides by hits. A sender that
-- does not mark repeats (the widget before this migration, server-side senders) gets the figure
-- of before, every click a search clicked through.
--
-- Rows stored before this migration read clicked as their clicks (the DEFAULT, which a part
-- written before takes on read and keeps when merged): the figure the export showed for them,
-- since no click was marked repeat then. The view goes first: on 18.16 a view whose target has
-- a column it does not write fails every insert into traffic_events, so the old view must not
-- outlive the ALTER; a search stored between the DROP and the CREATE is not in the rollup (as
-- in migrations 12, 14, 15 and 16). 18.16 has no ADD COLUMN IF NOT EXISTS: the store skips
-- "column already exists" (code 44) when a migration cut short runs again.
DROP TABLE IF EXISTS traffic_searches_daily_mv;
ALTER TABLE traffic_events ADD COLUMN repeat UInt8;
ALTER TABLE traffic_searches_daily ADD COLUMN clicked AggregateFunction(sum, UInt64) DEFAULT clicks;
CREATE MATERIALIZED VIEW IF NOT EXISTS traffic_searches_daily_mv TO traffic_searches_daily AS
SELECT project_id, day, query_norm,
       sumState(toUInt64(type = 'search')) AS hits,
       sumState(toUInt64(type = 'search_click')) AS clicks,
       maxState(if(type = 'search', toUInt64(timestamp) * 1000 + timestamp_ms, toUInt64(0))) AS last_ms,
       sumState(toUInt64(type = 'search_click' AND repeat = 0)) AS clicked
FROM traffic_events
WHERE type IN ('search', 'search_click')
GROUP BY project_id, day, query_norm;
