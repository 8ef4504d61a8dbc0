package store

// ClassViews are page views by who made them, as a traffic export counts them: readers,
// AI agents, and the three crawler classes, which count toward no total.
type ClassViews struct {
	Human       int64
	AI          int64
	SearchIndex int64 // search and indexing crawlers
	Training    int64 // crawlers collecting content for AI training
	OtherAI     int64 // other AI-related bots
}

// Total is the views that count toward a site's traffic: readers and AI agents.
func (c ClassViews) Total() int64 { return c.Human + c.AI }

// All is every view, the crawlers' included.
func (c ClassViews) All() int64 { return c.Human + c.AI + c.SearchIndex + c.Training + c.OtherAI }

// PathClassViews is one path's views by class.
type PathClassViews struct {
	Path string
	ClassViews
}

// TrafficExportPage is one page of paths, ordered by Total desc, then every view desc, then
// Path asc, with the views of the whole range.
type TrafficExportPage struct {
	Totals  ClassViews
	Rows    []PathClassViews
	HasMore bool
}
