-- Which AI platforms and crawlers read the docs: the name of the agent or crawler a page
-- view's User-Agent matched (platform/useragent: ChatGPT-User, Claude-User, GPTBot,
-- Googlebot…), '' for people and for a client no list names (a Markdown fetch by curl is class
-- ai of no name, "Other agents"). Rows written before this migration read as ''.
ALTER TABLE traffic_events ADD COLUMN agent TEXT NOT NULL DEFAULT '';
-- Page views per UTC day, class, agent and path of the agents' and crawlers' classes (ai,
-- search_index, training, other_ai; people are in traffic_pages_daily), bumped by the writer
-- (platform/store/sqlite) with the event it stores: a day's views of an agent are the sum of
-- its rows, the distinct pages it viewed their count. It counts from this migration on: the
-- agent's name of older events was not stored.
CREATE TABLE IF NOT EXISTS traffic_agents_daily (
    project_id TEXT NOT NULL,
    day        TEXT NOT NULL,
    class      TEXT NOT NULL,
    agent      TEXT NOT NULL,
    path       TEXT NOT NULL,
    views      INTEGER NOT NULL,
    PRIMARY KEY (project_id, day, class, agent, path)
) WITHOUT ROWID;
