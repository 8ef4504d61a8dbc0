-- Crawler classes (search_index, training, other_ai): page views of the crawlers a traffic
-- export counts apart, stored in traffic_events and traffic_pages_daily under their class (the
-- class columns are TEXT already). The writer (platform/store/sqlite) keeps them out of every
-- other rollup, visitors included. traffic_pages_counted is traffic_pages_daily without them:
-- the page views that count toward a total, which the reads of views and daily traffic use.
CREATE VIEW IF NOT EXISTS traffic_pages_counted AS
SELECT project_id, day, path, class, views FROM traffic_pages_daily WHERE class IN ('human', 'ai');
