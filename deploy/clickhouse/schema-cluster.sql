-- Lectern's ClickHouse schema for a cluster: `lectern` (deploy/clickhouse/cluster.xml has 2 shards x 2
-- replicas), database `lectern`.
--
-- GENERATED from schemas/migrations/clickhouse by `lectern migrate --cluster-schema`; do not edit
-- (TestClusterSchemaFile fails until the file matches; `make cluster-schema` writes it). For
-- another cluster or database: lectern migrate --cluster-schema --cluster NAME --database DB.
--
--   clickhouse-client --host ANY_NODE --user admin --password ... --multiquery < schema-cluster.sql
--
-- Apply it BEFORE the first Lectern service connects (deploy/clickhouse/README.md says why).
-- Every statement is idempotent and runs ON CLUSTER, so running it again, or after adding
-- nodes, is safe.
--
-- For each table of the migrations: a local Replicated*MergeTree `<table>_local` on every node,
-- with the columns, partitioning and sort key of the migrations (TestClusterSchemaMatchesMigrations
-- checks them on a real ClickHouse), and a Distributed table under the name the services read
-- and write. Rows are sharded by cityHash64(project_id): every version and every redelivered
-- copy of a record lands on the shard of its project, so background merges collapse them and
-- the services' `LIMIT 1 BY id` sees all of a record's rows on one shard. The rollups are kept
-- by materialized views on each shard's local tables: an insert into a Distributed table
-- reaches one shard's local table, whose views add to that shard's rollups; readers merge the
-- states across shards. Columns a later migration added are in the tables below; under each
-- migration, comments say what a cluster made by an earlier version of this file runs for it.
CREATE DATABASE IF NOT EXISTS lectern ON CLUSTER lectern;

-- ---------------------------------------------------------------- 0001_feedback

CREATE TABLE IF NOT EXISTS lectern.feedback_local ON CLUSTER lectern
(
    project_id    String,
    id            FixedString(26),
    event_id      String,
    version       UInt64,
    domain        String,
    path          String,
    comment       String,
    created_at    DateTime,
    created_at_ms UInt16,
    updated_at    DateTime,
    updated_at_ms UInt16,
    source        String,
    status        String,
    helpful       Nullable(UInt8),
    contact       String,
    code          String,
    filename      String,
    lang          String,
    fp            String,
    id_skewed     UInt8,
    thread_id     String,
    note          String
)
ENGINE = ReplicatedReplacingMergeTree('/clickhouse/tables/{shard}/lectern/feedback', '{replica}', version)
PARTITION BY toYYYYMM(created_at)
ORDER BY (project_id, id)
SETTINGS index_granularity = 1024;

CREATE TABLE IF NOT EXISTS lectern.feedback ON CLUSTER lectern
(
    project_id    String,
    id            FixedString(26),
    event_id      String,
    version       UInt64,
    domain        String,
    path          String,
    comment       String,
    created_at    DateTime,
    created_at_ms UInt16,
    updated_at    DateTime,
    updated_at_ms UInt16,
    source        String,
    status        String,
    helpful       Nullable(UInt8),
    contact       String,
    code          String,
    filename      String,
    lang          String,
    fp            String,
    id_skewed     UInt8,
    thread_id     String,
    note          String
)
ENGINE = Distributed(lectern, lectern, feedback_local, cityHash64(project_id));

-- ---------------------------------------------------------------- 0002_conversations

CREATE TABLE IF NOT EXISTS lectern.conversations_local ON CLUSTER lectern
(
    project_id        String,
    id                FixedString(26),
    domain            String,
    thread_id         String,
    timestamp         DateTime,
    timestamp_ms      UInt16,
    query             String,
    response          String,
    sources           Nested(title String, url String),
    query_category    String,
    resolution_status String,
    page_url          String,
    fp                String,
    aborted           UInt8,
    id_skewed         UInt8,
    caller            String,
    client            String
)
ENGINE = ReplicatedReplacingMergeTree('/clickhouse/tables/{shard}/lectern/conversations', '{replica}')
PARTITION BY toYYYYMM(timestamp)
ORDER BY (project_id, id)
SETTINGS index_granularity = 1024;

CREATE TABLE IF NOT EXISTS lectern.conversations ON CLUSTER lectern
(
    project_id        String,
    id                FixedString(26),
    domain            String,
    thread_id         String,
    timestamp         DateTime,
    timestamp_ms      UInt16,
    query             String,
    response          String,
    sources           Nested(title String, url String),
    query_category    String,
    resolution_status String,
    page_url          String,
    fp                String,
    aborted           UInt8,
    id_skewed         UInt8,
    caller            String,
    client            String
)
ENGINE = Distributed(lectern, lectern, conversations_local, cityHash64(project_id));

-- ---------------------------------------------------------------- 0003_conversation_caller
-- A cluster made by an earlier version of this file first runs:
--   ALTER TABLE lectern.conversations_local ON CLUSTER lectern ADD COLUMN caller String, ADD COLUMN client String;
--   ALTER TABLE lectern.conversations ON CLUSTER lectern ADD COLUMN caller String, ADD COLUMN client String;
-- then applies this file again.

-- ---------------------------------------------------------------- 0004_traffic

CREATE TABLE IF NOT EXISTS lectern.traffic_events_local ON CLUSTER lectern
(
    project_id     String,
    id             FixedString(26),
    type           String,
    domain         String,
    day            Date,
    timestamp      DateTime,
    timestamp_ms   UInt16,
    visitor_id     String,
    class          String,
    caller         String,
    user_agent     String,
    path           String,
    title          String,
    referrer       String,
    query          String,
    query_norm     String,
    results        UInt32,
    position       UInt32,
    format         String,
    tool           String,
    client         String,
    client_version String,
    status         String,
    duration_ms    UInt32,
    block          UInt32,
    lang           String,
    target         String,
    label          String,
    action         String,
    thread_id      String,
    agent          String,
    engaged_ms     UInt32,
    scroll_depth   UInt8,
    repeat         UInt8
)
ENGINE = ReplicatedReplacingMergeTree('/clickhouse/tables/{shard}/lectern/traffic_events', '{replica}')
PARTITION BY toYYYYMM(day)
ORDER BY (project_id, id);

CREATE TABLE IF NOT EXISTS lectern.traffic_events ON CLUSTER lectern
(
    project_id     String,
    id             FixedString(26),
    type           String,
    domain         String,
    day            Date,
    timestamp      DateTime,
    timestamp_ms   UInt16,
    visitor_id     String,
    class          String,
    caller         String,
    user_agent     String,
    path           String,
    title          String,
    referrer       String,
    query          String,
    query_norm     String,
    results        UInt32,
    position       UInt32,
    format         String,
    tool           String,
    client         String,
    client_version String,
    status         String,
    duration_ms    UInt32,
    block          UInt32,
    lang           String,
    target         String,
    label          String,
    action         String,
    thread_id      String,
    agent          String,
    engaged_ms     UInt32,
    scroll_depth   UInt8,
    repeat         UInt8
)
ENGINE = Distributed(lectern, lectern, traffic_events_local, cityHash64(project_id));

CREATE TABLE IF NOT EXISTS lectern.traffic_pages_daily_local ON CLUSTER lectern
(
    project_id   String,
    day          Date,
    path         String,
    class        String,
    views        AggregateFunction(sum, UInt64),
    visitors     AggregateFunction(uniqCombined(18), String),
    latest_title AggregateFunction(argMax, String, UInt64)
)
ENGINE = ReplicatedAggregatingMergeTree('/clickhouse/tables/{shard}/lectern/traffic_pages_daily', '{replica}')
PARTITION BY toYYYYMM(day)
ORDER BY (project_id, day, path, class);

CREATE TABLE IF NOT EXISTS lectern.traffic_pages_daily ON CLUSTER lectern
(
    project_id   String,
    day          Date,
    path         String,
    class        String,
    views        AggregateFunction(sum, UInt64),
    visitors     AggregateFunction(uniqCombined(18), String),
    latest_title AggregateFunction(argMax, String, UInt64)
)
ENGINE = Distributed(lectern, lectern, traffic_pages_daily_local, cityHash64(project_id));

CREATE TABLE IF NOT EXISTS lectern.traffic_searches_daily_local ON CLUSTER lectern
(
    project_id String,
    day        Date,
    query_norm String,
    hits       AggregateFunction(sum, UInt64),
    clicks     AggregateFunction(sum, UInt64),
    last_ms    AggregateFunction(max, UInt64),
    clicked    AggregateFunction(sum, UInt64) DEFAULT clicks
)
ENGINE = ReplicatedAggregatingMergeTree('/clickhouse/tables/{shard}/lectern/traffic_searches_daily', '{replica}')
PARTITION BY toYYYYMM(day)
ORDER BY (project_id, day, query_norm);

CREATE TABLE IF NOT EXISTS lectern.traffic_searches_daily ON CLUSTER lectern
(
    project_id String,
    day        Date,
    query_norm String,
    hits       AggregateFunction(sum, UInt64),
    clicks     AggregateFunction(sum, UInt64),
    last_ms    AggregateFunction(max, UInt64),
    clicked    AggregateFunction(sum, UInt64) DEFAULT clicks
)
ENGINE = Distributed(lectern, lectern, traffic_searches_daily_local, cityHash64(project_id));

CREATE TABLE IF NOT EXISTS lectern.traffic_search_clicks_daily_local ON CLUSTER lectern
(
    project_id String,
    day        Date,
    query_norm String,
    path       String,
    clicks     AggregateFunction(sum, UInt64)
)
ENGINE = ReplicatedAggregatingMergeTree('/clickhouse/tables/{shard}/lectern/traffic_search_clicks_daily', '{replica}')
PARTITION BY toYYYYMM(day)
ORDER BY (project_id, day, query_norm, path);

CREATE TABLE IF NOT EXISTS lectern.traffic_search_clicks_daily ON CLUSTER lectern
(
    project_id String,
    day        Date,
    query_norm String,
    path       String,
    clicks     AggregateFunction(sum, UInt64)
)
ENGINE = Distributed(lectern, lectern, traffic_search_clicks_daily_local, cityHash64(project_id));

CREATE MATERIALIZED VIEW IF NOT EXISTS lectern.traffic_search_clicks_daily_mv ON CLUSTER lectern TO lectern.traffic_search_clicks_daily_local AS
SELECT project_id, day, query_norm, path, sumState(toUInt64(1)) AS clicks
FROM lectern.traffic_events_local
WHERE type = 'search_click'
GROUP BY project_id, day, query_norm, path;

-- ---------------------------------------------------------------- 0005_feedback_thread
-- A cluster made by an earlier version of this file first runs:
--   ALTER TABLE lectern.feedback_local ON CLUSTER lectern ADD COLUMN thread_id String;
--   ALTER TABLE lectern.feedback ON CLUSTER lectern ADD COLUMN thread_id String;
-- then applies this file again.

-- ---------------------------------------------------------------- 0006_agents
-- A cluster made by an earlier version of this file first runs:
--   ALTER TABLE lectern.traffic_events_local ON CLUSTER lectern ADD COLUMN format String, ADD COLUMN tool String, ADD COLUMN client String, ADD COLUMN client_version String, ADD COLUMN status String, ADD COLUMN duration_ms UInt32;
--   ALTER TABLE lectern.traffic_events ON CLUSTER lectern ADD COLUMN format String, ADD COLUMN tool String, ADD COLUMN client String, ADD COLUMN client_version String, ADD COLUMN status String, ADD COLUMN duration_ms UInt32;
-- then applies this file again.

CREATE TABLE IF NOT EXISTS lectern.traffic_mcp_daily_local ON CLUSTER lectern
(
    project_id     String,
    day            Date,
    tool           String,
    client         String,
    client_version String,
    calls          AggregateFunction(sum, UInt64),
    errors         AggregateFunction(sum, UInt64),
    duration_ms    AggregateFunction(sum, UInt64),
    unavailable    AggregateFunction(sum, UInt64)
)
ENGINE = ReplicatedAggregatingMergeTree('/clickhouse/tables/{shard}/lectern/traffic_mcp_daily', '{replica}')
PARTITION BY toYYYYMM(day)
ORDER BY (project_id, day, tool, client, client_version);

CREATE TABLE IF NOT EXISTS lectern.traffic_mcp_daily ON CLUSTER lectern
(
    project_id     String,
    day            Date,
    tool           String,
    client         String,
    client_version String,
    calls          AggregateFunction(sum, UInt64),
    errors         AggregateFunction(sum, UInt64),
    duration_ms    AggregateFunction(sum, UInt64),
    unavailable    AggregateFunction(sum, UInt64)
)
ENGINE = Distributed(lectern, lectern, traffic_mcp_daily_local, cityHash64(project_id));

CREATE TABLE IF NOT EXISTS lectern.traffic_formats_daily_local ON CLUSTER lectern
(
    project_id String,
    day        Date,
    path       String,
    format     String,
    views      AggregateFunction(sum, UInt64)
)
ENGINE = ReplicatedAggregatingMergeTree('/clickhouse/tables/{shard}/lectern/traffic_formats_daily', '{replica}')
PARTITION BY toYYYYMM(day)
ORDER BY (project_id, day, path, format);

CREATE TABLE IF NOT EXISTS lectern.traffic_formats_daily ON CLUSTER lectern
(
    project_id String,
    day        Date,
    path       String,
    format     String,
    views      AggregateFunction(sum, UInt64)
)
ENGINE = Distributed(lectern, lectern, traffic_formats_daily_local, cityHash64(project_id));

CREATE TABLE IF NOT EXISTS lectern.traffic_queries_daily_local ON CLUSTER lectern
(
    project_id String,
    day        Date,
    source     String,
    query_norm String,
    searches   AggregateFunction(sum, UInt64),
    no_results AggregateFunction(sum, UInt64),
    clicks     AggregateFunction(sum, UInt64),
    first_ms   AggregateFunction(min, UInt64),
    last_ms    AggregateFunction(max, UInt64)
)
ENGINE = ReplicatedAggregatingMergeTree('/clickhouse/tables/{shard}/lectern/traffic_queries_daily', '{replica}')
PARTITION BY toYYYYMM(day)
ORDER BY (project_id, day, source, query_norm);

CREATE TABLE IF NOT EXISTS lectern.traffic_queries_daily ON CLUSTER lectern
(
    project_id String,
    day        Date,
    source     String,
    query_norm String,
    searches   AggregateFunction(sum, UInt64),
    no_results AggregateFunction(sum, UInt64),
    clicks     AggregateFunction(sum, UInt64),
    first_ms   AggregateFunction(min, UInt64),
    last_ms    AggregateFunction(max, UInt64)
)
ENGINE = Distributed(lectern, lectern, traffic_queries_daily_local, cityHash64(project_id));

-- ---------------------------------------------------------------- 0007_engagement
-- A cluster made by an earlier version of this file first runs:
--   ALTER TABLE lectern.traffic_events_local ON CLUSTER lectern ADD COLUMN block UInt32, ADD COLUMN lang String, ADD COLUMN target String, ADD COLUMN label String, ADD COLUMN action String, ADD COLUMN thread_id String;
--   ALTER TABLE lectern.traffic_events ON CLUSTER lectern ADD COLUMN block UInt32, ADD COLUMN lang String, ADD COLUMN target String, ADD COLUMN label String, ADD COLUMN action String, ADD COLUMN thread_id String;
-- then applies this file again.

CREATE TABLE IF NOT EXISTS lectern.traffic_engagement_daily_local ON CLUSTER lectern
(
    project_id String,
    day        Date,
    path       String,
    class      String,
    type       String,
    detail     String,
    events     AggregateFunction(sum, UInt64)
)
ENGINE = ReplicatedAggregatingMergeTree('/clickhouse/tables/{shard}/lectern/traffic_engagement_daily', '{replica}')
PARTITION BY toYYYYMM(day)
ORDER BY (project_id, day, path, class, type, detail);

CREATE TABLE IF NOT EXISTS lectern.traffic_engagement_daily ON CLUSTER lectern
(
    project_id String,
    day        Date,
    path       String,
    class      String,
    type       String,
    detail     String,
    events     AggregateFunction(sum, UInt64)
)
ENGINE = Distributed(lectern, lectern, traffic_engagement_daily_local, cityHash64(project_id));

CREATE MATERIALIZED VIEW IF NOT EXISTS lectern.traffic_engagement_daily_mv ON CLUSTER lectern TO lectern.traffic_engagement_daily_local AS
SELECT project_id, day, path, class, type, multiIf(type = 'code_copy', lang, type = 'menu_action', action, '') AS detail,
       sumState(toUInt64(1)) AS events
FROM lectern.traffic_events_local
WHERE type IN ('code_copy', 'cta_click', 'outbound_click', 'menu_action', 'source_click')
GROUP BY project_id, day, path, class, type, detail;

-- ---------------------------------------------------------------- 0008_traffic_ids
-- A cluster made by an earlier version of this file applies this file again, and then runs, once:
--   INSERT INTO lectern.traffic_ids (id, project_id) SELECT id, project_id FROM lectern.traffic_events;

CREATE TABLE IF NOT EXISTS lectern.traffic_ids_local ON CLUSTER lectern
(
    id         FixedString(26),
    project_id String
)
ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/lectern/traffic_ids', '{replica}')
ORDER BY id;

CREATE TABLE IF NOT EXISTS lectern.traffic_ids ON CLUSTER lectern
(
    id         FixedString(26),
    project_id String
)
ENGINE = Distributed(lectern, lectern, traffic_ids_local, cityHash64(project_id));

CREATE MATERIALIZED VIEW IF NOT EXISTS lectern.traffic_ids_mv ON CLUSTER lectern TO lectern.traffic_ids_local AS
SELECT id, project_id FROM lectern.traffic_events_local;

-- ---------------------------------------------------------------- 0009_summaries
-- A cluster made by an earlier version of this file applies this file again, and then runs, once:
--   INSERT INTO lectern.traffic_changes_daily (project_id, day, changes)
--     SELECT project_id, day, sumState(toUInt64(1)) FROM lectern.traffic_events GROUP BY project_id, day;

CREATE TABLE IF NOT EXISTS lectern.traffic_changes_daily_local ON CLUSTER lectern
(
    project_id String,
    day        Date,
    changes    AggregateFunction(sum, UInt64)
)
ENGINE = ReplicatedAggregatingMergeTree('/clickhouse/tables/{shard}/lectern/traffic_changes_daily', '{replica}')
ORDER BY (project_id, day);

CREATE TABLE IF NOT EXISTS lectern.traffic_changes_daily ON CLUSTER lectern
(
    project_id String,
    day        Date,
    changes    AggregateFunction(sum, UInt64)
)
ENGINE = Distributed(lectern, lectern, traffic_changes_daily_local, cityHash64(project_id));

CREATE MATERIALIZED VIEW IF NOT EXISTS lectern.traffic_changes_daily_mv ON CLUSTER lectern TO lectern.traffic_changes_daily_local AS
SELECT project_id, day, sumState(toUInt64(1)) AS changes
FROM lectern.traffic_events_local
GROUP BY project_id, day;

-- ---------------------------------------------------------------- 0010_read_tables
-- A cluster made by an earlier version of this file applies this file again, and then runs, once:
--   INSERT INTO lectern.sessions_daily
--     SELECT project_id, day, version, changes, sessions, searched, clicked, landed, acted,
--     trails.entry, trails.step1, trails.step2, trails.step3, trails.sessions, exits.path, exits.exits, exits.quiet
--     FROM lectern.session_days
--     WHERE (project_id, day, version) NOT IN (SELECT project_id, day, version FROM lectern.sessions_daily);
--   DROP TABLE IF EXISTS lectern.session_days ON CLUSTER lectern;
--   DROP TABLE IF EXISTS lectern.session_days_local ON CLUSTER lectern;
--   INSERT INTO lectern.traffic_day_visitors (project_id, day, class, visitors)
--     SELECT project_id, day, class, uniqCombinedMergeState(18)(visitors) FROM lectern.traffic_pages_daily GROUP BY project_id, day, class;
--   DROP TABLE IF EXISTS lectern.visitor_spans ON CLUSTER lectern;
--   DROP TABLE IF EXISTS lectern.visitor_spans_local ON CLUSTER lectern;
--   DROP TABLE IF EXISTS lectern.visitor_span_totals ON CLUSTER lectern;
--   DROP TABLE IF EXISTS lectern.visitor_span_totals_local ON CLUSTER lectern;
--   DROP TABLE IF EXISTS lectern.visitor_spans_made ON CLUSTER lectern;
--   DROP TABLE IF EXISTS lectern.visitor_spans_made_local ON CLUSTER lectern;

CREATE TABLE IF NOT EXISTS lectern.sessions_daily_local ON CLUSTER lectern
(
    project_id String,
    day        Date,
    version    UInt64,
    changes    UInt64,
    sessions   UInt64,
    searched   UInt64,
    clicked    UInt64,
    landed     UInt64,
    acted      UInt64,
    trails     Nested(entry String, step1 String, step2 String, step3 String, sessions UInt64),
    exits      Nested(path String, exits UInt64, quiet UInt64),
    opened     UInt64 DEFAULT searched,
    active     UInt64
)
ENGINE = ReplicatedReplacingMergeTree('/clickhouse/tables/{shard}/lectern/sessions_daily', '{replica}', version)
PARTITION BY toYYYYMM(day)
ORDER BY (project_id, day)
SETTINGS index_granularity = 16;

CREATE TABLE IF NOT EXISTS lectern.sessions_daily ON CLUSTER lectern
(
    project_id String,
    day        Date,
    version    UInt64,
    changes    UInt64,
    sessions   UInt64,
    searched   UInt64,
    clicked    UInt64,
    landed     UInt64,
    acted      UInt64,
    trails     Nested(entry String, step1 String, step2 String, step3 String, sessions UInt64),
    exits      Nested(path String, exits UInt64, quiet UInt64),
    opened     UInt64 DEFAULT searched,
    active     UInt64
)
ENGINE = Distributed(lectern, lectern, sessions_daily_local, cityHash64(project_id));

CREATE TABLE IF NOT EXISTS lectern.traffic_day_visitors_local ON CLUSTER lectern
(
    project_id String,
    day        Date,
    class      String,
    visitors   AggregateFunction(uniqCombined(18), String)
)
ENGINE = ReplicatedAggregatingMergeTree('/clickhouse/tables/{shard}/lectern/traffic_day_visitors', '{replica}')
PARTITION BY toYYYYMM(day)
ORDER BY (project_id, day, class)
SETTINGS index_granularity = 16;

CREATE TABLE IF NOT EXISTS lectern.traffic_day_visitors ON CLUSTER lectern
(
    project_id String,
    day        Date,
    class      String,
    visitors   AggregateFunction(uniqCombined(18), String)
)
ENGINE = Distributed(lectern, lectern, traffic_day_visitors_local, cityHash64(project_id));

CREATE MATERIALIZED VIEW IF NOT EXISTS lectern.traffic_day_visitors_mv ON CLUSTER lectern TO lectern.traffic_day_visitors_local AS
SELECT project_id, day, class, uniqCombinedState(18)(visitor_id) AS visitors
FROM lectern.traffic_events_local
WHERE type = 'page_view'
GROUP BY project_id, day, class;

-- ---------------------------------------------------------------- 0011_day_traffic

-- ---------------------------------------------------------------- 0012_crawler_classes
-- A cluster made by an earlier version of this file first runs:
--   DROP TABLE IF EXISTS lectern.traffic_formats_daily_mv ON CLUSTER lectern;
--   DROP TABLE IF EXISTS lectern.traffic_queries_daily_mv ON CLUSTER lectern;
-- then applies this file again.

CREATE MATERIALIZED VIEW IF NOT EXISTS lectern.traffic_formats_daily_mv ON CLUSTER lectern TO lectern.traffic_formats_daily_local AS
SELECT project_id, day, path, format, sumState(toUInt64(1)) AS views
FROM lectern.traffic_events_local
WHERE type = 'page_view' AND format != '' AND class IN ('human', 'ai')
GROUP BY project_id, day, path, format;

-- ---------------------------------------------------------------- 0013_path_visitors
-- A cluster made by an earlier version of this file applies this file again, and then runs, once:
--   INSERT INTO lectern.traffic_path_visitors (project_id, day, path, class, visitors)
--     SELECT project_id, day, path, class, visitors FROM lectern.traffic_pages_daily WHERE class IN ('human', 'ai');

CREATE TABLE IF NOT EXISTS lectern.traffic_path_visitors_local ON CLUSTER lectern
(
    project_id String,
    day        Date,
    path       String,
    class      String,
    visitors   AggregateFunction(uniqCombined(18), String)
)
ENGINE = ReplicatedAggregatingMergeTree('/clickhouse/tables/{shard}/lectern/traffic_path_visitors', '{replica}')
PARTITION BY toYYYYMM(day)
ORDER BY (project_id, path, day, class)
SETTINGS index_granularity = 256;

CREATE TABLE IF NOT EXISTS lectern.traffic_path_visitors ON CLUSTER lectern
(
    project_id String,
    day        Date,
    path       String,
    class      String,
    visitors   AggregateFunction(uniqCombined(18), String)
)
ENGINE = Distributed(lectern, lectern, traffic_path_visitors_local, cityHash64(project_id));

CREATE MATERIALIZED VIEW IF NOT EXISTS lectern.traffic_path_visitors_mv ON CLUSTER lectern TO lectern.traffic_path_visitors_local AS
SELECT project_id, day, path, class, uniqCombinedState(18)(visitor_id) AS visitors
FROM lectern.traffic_events_local
WHERE type = 'page_view' AND class IN ('human', 'ai')
GROUP BY project_id, day, path, class;

-- ---------------------------------------------------------------- 0014_agent_names
-- A cluster made by an earlier version of this file first runs:
--   ALTER TABLE lectern.traffic_events_local ON CLUSTER lectern ADD COLUMN agent String;
--   ALTER TABLE lectern.traffic_events ON CLUSTER lectern ADD COLUMN agent String;
-- then applies this file again.

CREATE TABLE IF NOT EXISTS lectern.traffic_agents_daily_local ON CLUSTER lectern
(
    project_id String,
    day        Date,
    class      String,
    agent      String,
    views      AggregateFunction(sum, UInt64),
    pages      AggregateFunction(uniqCombined(18), String)
)
ENGINE = ReplicatedAggregatingMergeTree('/clickhouse/tables/{shard}/lectern/traffic_agents_daily', '{replica}')
PARTITION BY toYYYYMM(day)
ORDER BY (project_id, day, class, agent);

CREATE TABLE IF NOT EXISTS lectern.traffic_agents_daily ON CLUSTER lectern
(
    project_id String,
    day        Date,
    class      String,
    agent      String,
    views      AggregateFunction(sum, UInt64),
    pages      AggregateFunction(uniqCombined(18), String)
)
ENGINE = Distributed(lectern, lectern, traffic_agents_daily_local, cityHash64(project_id));

CREATE MATERIALIZED VIEW IF NOT EXISTS lectern.traffic_agents_daily_mv ON CLUSTER lectern TO lectern.traffic_agents_daily_local AS
SELECT project_id, day, class, agent, sumState(toUInt64(1)) AS views, uniqCombinedState(18)(path) AS pages
FROM lectern.traffic_events_local
WHERE type = 'page_view' AND class != 'human'
GROUP BY project_id, day, class, agent;

-- ---------------------------------------------------------------- 0015_page_titles
-- A cluster made by an earlier version of this file first runs:
--   DROP TABLE IF EXISTS lectern.traffic_pages_daily_mv ON CLUSTER lectern;
--   ALTER TABLE lectern.traffic_pages_daily_local ON CLUSTER lectern ADD COLUMN latest_title AggregateFunction(argMax, String, UInt64);
--   ALTER TABLE lectern.traffic_pages_daily ON CLUSTER lectern ADD COLUMN latest_title AggregateFunction(argMax, String, UInt64);
-- then applies this file again.

CREATE MATERIALIZED VIEW IF NOT EXISTS lectern.traffic_pages_daily_mv ON CLUSTER lectern TO lectern.traffic_pages_daily_local AS
SELECT project_id, day, path, class,
       sumState(toUInt64(1)) AS views,
       uniqCombinedState(18)(visitor_id) AS visitors,
       argMaxState(title, if(title = '', toUInt64(0), toUInt64(timestamp) * 1000 + timestamp_ms)) AS latest_title
FROM lectern.traffic_events_local
WHERE type = 'page_view'
GROUP BY project_id, day, path, class;

-- ---------------------------------------------------------------- 0016_mcp_unavailable
-- A cluster made by an earlier version of this file first runs:
--   DROP TABLE IF EXISTS lectern.traffic_mcp_daily_mv ON CLUSTER lectern;
--   ALTER TABLE lectern.traffic_mcp_daily_local ON CLUSTER lectern ADD COLUMN unavailable AggregateFunction(sum, UInt64);
--   ALTER TABLE lectern.traffic_mcp_daily ON CLUSTER lectern ADD COLUMN unavailable AggregateFunction(sum, UInt64);
--   DROP TABLE IF EXISTS lectern.traffic_queries_daily_mv ON CLUSTER lectern;
-- then applies this file again.

CREATE MATERIALIZED VIEW IF NOT EXISTS lectern.traffic_mcp_daily_mv ON CLUSTER lectern TO lectern.traffic_mcp_daily_local AS
SELECT project_id, day, tool, client, client_version,
       sumState(toUInt64(1)) AS calls,
       sumState(toUInt64(status = 'error')) AS errors,
       sumState(toUInt64(duration_ms)) AS duration_ms,
       sumState(toUInt64(status = 'unavailable')) AS unavailable
FROM lectern.traffic_events_local
WHERE type = 'mcp_call'
GROUP BY project_id, day, tool, client, client_version;

CREATE MATERIALIZED VIEW IF NOT EXISTS lectern.traffic_queries_daily_mv ON CLUSTER lectern TO lectern.traffic_queries_daily_local AS
SELECT project_id, day, multiIf(type = 'mcp_call', 'mcp', class = 'human', 'reader', 'agent') AS source, query_norm,
       sumState(toUInt64(type != 'search_click')) AS searches,
       sumState(toUInt64(type != 'search_click' AND results = 0)) AS no_results,
       sumState(toUInt64(type = 'search_click')) AS clicks,
       minState(if(type != 'search_click', toUInt64(timestamp) * 1000 + timestamp_ms, toUInt64(18446744073709551615))) AS first_ms,
       maxState(if(type != 'search_click', toUInt64(timestamp) * 1000 + timestamp_ms, toUInt64(0))) AS last_ms
FROM lectern.traffic_events_local
WHERE (type IN ('search', 'search_click') OR (type = 'mcp_call' AND tool = 'search' AND status NOT IN ('error', 'unavailable'))) AND class IN ('human', 'ai')
GROUP BY project_id, day, source, query_norm;

-- ---------------------------------------------------------------- 0017_feedback_note
-- A cluster made by an earlier version of this file first runs:
--   ALTER TABLE lectern.feedback_local ON CLUSTER lectern ADD COLUMN note String;
--   ALTER TABLE lectern.feedback ON CLUSTER lectern ADD COLUMN note String;
-- then applies this file again.

-- ---------------------------------------------------------------- 0018_search_open
-- A cluster made by an earlier version of this file first runs:
--   ALTER TABLE lectern.sessions_daily_local ON CLUSTER lectern ADD COLUMN opened UInt64 DEFAULT searched, ADD COLUMN active UInt64;
--   ALTER TABLE lectern.sessions_daily ON CLUSTER lectern ADD COLUMN opened UInt64 DEFAULT searched, ADD COLUMN active UInt64;
-- then applies this file again, and then runs, once:
--   INSERT INTO lectern.sessions_daily (project_id, day, version, changes, sessions, active, opened, searched, clicked, landed, acted,
--     trails.entry, trails.step1, trails.step2, trails.step3, trails.sessions, exits.path, exits.exits, exits.quiet)
--     SELECT project_id, day, version + 1, changes, sessions, arraySum(trails.sessions), searched, searched, clicked, landed, acted,
--     trails.entry, trails.step1, trails.step2, trails.step3, trails.sessions, exits.path, exits.exits, exits.quiet
--     FROM lectern.sessions_daily
--     ORDER BY project_id, day, version DESC
--     LIMIT 1 BY project_id, day;

-- ---------------------------------------------------------------- 0019_page_engagement
-- A cluster made by an earlier version of this file first runs:
--   ALTER TABLE lectern.traffic_events_local ON CLUSTER lectern ADD COLUMN engaged_ms UInt32, ADD COLUMN scroll_depth UInt8;
--   ALTER TABLE lectern.traffic_events ON CLUSTER lectern ADD COLUMN engaged_ms UInt32, ADD COLUMN scroll_depth UInt8;
-- then applies this file again.

CREATE TABLE IF NOT EXISTS lectern.traffic_readings_daily_local ON CLUSTER lectern
(
    project_id String,
    day        Date,
    path       String,
    visitor_id String,
    engaged_ms AggregateFunction(sum, UInt64),
    depth      AggregateFunction(max, UInt8)
)
ENGINE = ReplicatedAggregatingMergeTree('/clickhouse/tables/{shard}/lectern/traffic_readings_daily', '{replica}')
PARTITION BY toYYYYMM(day)
ORDER BY (project_id, day, path, visitor_id);

CREATE TABLE IF NOT EXISTS lectern.traffic_readings_daily ON CLUSTER lectern
(
    project_id String,
    day        Date,
    path       String,
    visitor_id String,
    engaged_ms AggregateFunction(sum, UInt64),
    depth      AggregateFunction(max, UInt8)
)
ENGINE = Distributed(lectern, lectern, traffic_readings_daily_local, cityHash64(project_id));

CREATE MATERIALIZED VIEW IF NOT EXISTS lectern.traffic_readings_daily_mv ON CLUSTER lectern TO lectern.traffic_readings_daily_local AS
SELECT project_id, day, path, visitor_id, sumState(toUInt64(engaged_ms)) AS engaged_ms, maxState(scroll_depth) AS depth
FROM lectern.traffic_events_local
WHERE type = 'page_engagement' AND class = 'human'
GROUP BY project_id, day, path, visitor_id;

-- ---------------------------------------------------------------- 0020_query_forms

-- ---------------------------------------------------------------- 0021_query_forms_daily
-- A cluster made by an earlier version of this file applies this file again, and then runs, once:
--   INSERT INTO lectern.traffic_query_forms_daily (project_id, day, query_norm, query, searches)
--     SELECT project_id, day, query_norm, query, sumState(toUInt64(1))
--     FROM lectern.traffic_events
--     WHERE (type = 'search' OR (type = 'mcp_call' AND tool = 'search')) AND query_norm != ''
--     GROUP BY project_id, day, query_norm, query;

CREATE TABLE IF NOT EXISTS lectern.traffic_query_forms_daily_local ON CLUSTER lectern
(
    project_id String,
    day        Date,
    query_norm String,
    query      String,
    searches   AggregateFunction(sum, UInt64)
)
ENGINE = ReplicatedAggregatingMergeTree('/clickhouse/tables/{shard}/lectern/traffic_query_forms_daily', '{replica}')
PARTITION BY toYYYYMM(day)
ORDER BY (project_id, query_norm, day, query)
SETTINGS index_granularity = 256;

CREATE TABLE IF NOT EXISTS lectern.traffic_query_forms_daily ON CLUSTER lectern
(
    project_id String,
    day        Date,
    query_norm String,
    query      String,
    searches   AggregateFunction(sum, UInt64)
)
ENGINE = Distributed(lectern, lectern, traffic_query_forms_daily_local, cityHash64(project_id));

CREATE MATERIALIZED VIEW IF NOT EXISTS lectern.traffic_query_forms_daily_mv ON CLUSTER lectern TO lectern.traffic_query_forms_daily_local AS
SELECT project_id, day, query_norm, query, sumState(toUInt64(1)) AS searches
FROM lectern.traffic_events_local
WHERE (type = 'search' OR (type = 'mcp_call' AND tool = 'search')) AND query_norm != ''
GROUP BY project_id, day, query_norm, query;

-- ---------------------------------------------------------------- 0022_search_clicked
-- A cluster made by an earlier version of this file first runs:
--   DROP TABLE IF EXISTS lectern.traffic_searches_daily_mv ON CLUSTER lectern;
--   ALTER TABLE lectern.traffic_events_local ON CLUSTER lectern ADD COLUMN repeat UInt8;
--   ALTER TABLE lectern.traffic_events ON CLUSTER lectern ADD COLUMN repeat UInt8;
--   ALTER TABLE lectern.traffic_searches_daily_local ON CLUSTER lectern ADD COLUMN clicked AggregateFunction(sum, UInt64) DEFAULT clicks;
--   ALTER TABLE lectern.traffic_searches_daily ON CLUSTER lectern ADD COLUMN clicked AggregateFunction(sum, UInt64) DEFAULT clicks;
-- then applies this file again.

CREATE MATERIALIZED VIEW IF NOT EXISTS lectern.traffic_searches_daily_mv ON CLUSTER lectern TO lectern.traffic_searches_daily_local AS
SELECT project_id, day, query_norm,
       sumState(toUInt64(type = 'search')) AS hits,
       sumState(toUInt64(type = 'search_click')) AS clicks,
       maxState(if(type = 'search', toUInt64(timestamp) * 1000 + timestamp_ms, toUInt64(0))) AS last_ms,
       sumState(toUInt64(type = 'search_click' AND repeat = 0)) AS clicked
FROM lectern.traffic_events_local
WHERE type IN ('search', 'search_click')
GROUP BY project_id, day, query_norm;

-- ---------------------------------------------------------------- migration bookkeeping
-- Lectern applies its migrations when a service starts (and with `lectern migrate`): it creates
-- schema_migrations if missing, then runs each migration not recorded there. Here the table
-- exists on every node, replicated across the whole cluster (the path has no {shard}, so the
-- {replica} macro must be unique per node), and records the migrations as applied, so the
-- services change nothing. Without it, each service would create a plain, unreplicated
-- schema_migrations on whichever node it reached, and a connection to another node would not
-- find it (the services' connection pools spread over the nodes).

CREATE TABLE IF NOT EXISTS lectern.schema_migrations ON CLUSTER lectern
(
    version    UInt32,
    name       String,
    applied_at DateTime
)
ENGINE = ReplicatedReplacingMergeTree('/clickhouse/tables/all/lectern/schema_migrations', '{replica}')
ORDER BY version;

-- (One line: clickhouse-client --multiquery ends the VALUES of an INSERT at the line's end.)
INSERT INTO lectern.schema_migrations (version, name, applied_at) VALUES (1, 'feedback', now()), (2, 'conversations', now()), (3, 'conversation_caller', now()), (4, 'traffic', now()), (5, 'feedback_thread', now()), (6, 'agents', now()), (7, 'engagement', now()), (8, 'traffic_ids', now()), (9, 'summaries', now()), (10, 'read_tables', now()), (11, 'day_traffic', now()), (12, 'crawler_classes', now()), (13, 'path_visitors', now()), (14, 'agent_names', now()), (15, 'page_titles', now()), (16, 'mcp_unavailable', now()), (17, 'feedback_note', now()), (18, 'search_open', now()), (19, 'page_engagement', now()), (20, 'query_forms', now()), (21, 'query_forms_daily', now()), (22, 'search_clicked', now());
