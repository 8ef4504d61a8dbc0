-- MCP calls the server could not serve for its own reasons (status unavailable: a search while
-- the site's index is built, a feedback report the event bus did not store) apart from the
-- calls the caller got wrong (status error: bad arguments, a path that is no page). The MCP
-- rollup counts them in a column of their own, beside errors; the writer (platform/store/sqlite)
-- leaves them out of the queries rollup as it leaves out errors: such a search found nothing
-- because it was not run, which is no gap in the docs. Rows stored before this migration hold
-- no unavailable status (such calls were recorded as error then) and keep their meaning.
ALTER TABLE traffic_mcp_daily ADD COLUMN unavailable INTEGER NOT NULL DEFAULT 0;
