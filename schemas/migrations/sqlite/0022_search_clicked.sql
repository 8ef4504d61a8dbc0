-- The searches export's ctr as Mintlify defines it, the share of a query's searches that led to
-- a click: a search_click the widget marks repeat (a later click on the results of a search the
-- reader clicked already) is a click but no search clicked through. traffic_events keeps the
-- mark (repeat, 1 for such a click); traffic_searches_daily counts, beside clicks, clicked: the
-- search clicks that are no repeat, per day and query, which ctr divides by hits. A sender that
-- does not mark repeats gets the figure of before, every click a search clicked through. Rows
-- stored before this migration take their clicks as clicked: no click was marked repeat then.
ALTER TABLE traffic_events ADD COLUMN repeat INTEGER NOT NULL DEFAULT 0;
ALTER TABLE traffic_searches_daily ADD COLUMN clicked INTEGER NOT NULL DEFAULT 0;
UPDATE traffic_searches_daily SET clicked = clicks;
