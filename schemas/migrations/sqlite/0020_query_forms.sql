-- The forms a normalized query was written in, which the searches listing, the content gaps and
-- the agents' queries show the most written of (SELECT query, COUNT(*) ... WHERE query_norm IN
-- ...): found through the query, not by reading every event of the project's range. Partial:
-- page views and other events without a query are not in it.
CREATE INDEX IF NOT EXISTS traffic_events_query ON traffic_events (project_id, query_norm, day) WHERE query_norm != '';
