-- The ids of traffic_events in id order, for the writer's duplicate check (a redelivered event
-- is stored once, and so counted once by the rollups, whose views fire on every insert).
-- traffic_events is ordered by (project_id, id): a check there reads, in every part, the granule
-- where each project of the batch ends, so its cost grows with parts × projects. Ids are ULIDs
-- minted at intake, so here the ids of one batch sit in one narrow range of the order, which
-- ClickHouse finds from the primary key in the few parts written around the same time: the
-- check reads about a batch's worth of rows however large the table grows. The view keeps the
-- table, and the INSERT fills it from the events stored before this migration (a row it adds
-- twice, when an insert lands between the two, only repeats an id: the check reads ids, it does
-- not count them). About 12 bytes an event on disk; retention deletes ids with the events.
CREATE TABLE IF NOT EXISTS traffic_ids
(
    id         FixedString(26),
    project_id String
)
ENGINE = MergeTree()
ORDER BY id;
CREATE MATERIALIZED VIEW IF NOT EXISTS traffic_ids_mv TO traffic_ids AS
SELECT id, project_id FROM traffic_events;
INSERT INTO traffic_ids (id, project_id) SELECT id, project_id FROM traffic_events;
