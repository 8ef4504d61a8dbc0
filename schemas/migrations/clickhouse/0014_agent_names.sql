-- Which AI platforms and crawlers read the docs: the name of the agent or crawler a page
-- view's User-Agent matched (platform/useragent: ChatGPT-User, Claude-User, GPTBot,
-- Googlebot…), '' for people and for a client no list names (a Markdown fetch by curl is class
-- ai of no name, "Other agents"). Rows written before this migration read as ''. 18.16 has no
-- ADD COLUMN IF NOT EXISTS: the store skips "column already exists" (code 44) when a migration
-- cut short runs again.
ALTER TABLE traffic_events ADD COLUMN agent String;
-- Page views per UTC day, class and agent of the agents' and crawlers' classes (ai,
-- search_index, training, other_ai; people are in traffic_pages_daily), with the distinct
-- pages each viewed. A project has tens of agents, so a day holds tens of rows whatever its
-- traffic. It counts from this migration on: the agent's name of older events was not stored.
CREATE TABLE IF NOT EXISTS traffic_agents_daily
(
    project_id String,
    day        Date,
    class      String,
    agent      String,
    views      AggregateFunction(sum, UInt64),
    pages      AggregateFunction(uniqCombined(18), String)
)
ENGINE = AggregatingMergeTree()
PARTITION BY toYYYYMM(day)
ORDER BY (project_id, day, class, agent);
CREATE MATERIALIZED VIEW IF NOT EXISTS traffic_agents_daily_mv TO traffic_agents_daily AS
SELECT project_id, day, class, agent, sumState(toUInt64(1)) AS views, uniqCombinedState(18)(path) AS pages
FROM traffic_events
WHERE type = 'page_view' AND class != 'human'
GROUP BY project_id, day, class, agent;
