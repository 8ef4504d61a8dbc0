package store

import "slices"

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

// Crawlers is the views of the three crawler classes, which count toward no total.
func (c ClassViews) Crawlers() int64 { return c.SearchIndex + c.Training + c.OtherAI }

// TrafficExportPage is one page of paths, ordered by the query's sort (TrafficSortTotal: Total
// desc), then every view desc, then Path asc, with the views of the whole range and, in Paths,
// how many distinct paths each class viewed in it.
type TrafficExportPage struct {
	Totals  ClassViews
	Paths   ClassViews // distinct paths with a view of each class
	Rows    []PathClassViews
	HasMore bool
}

// TrafficSort orders the paths of a traffic export: by the views of one class, of the counted
// classes (TrafficSortTotal, the default) or of the crawlers.
type TrafficSort string

// The orders of a traffic export, named as its columns.
const (
	TrafficSortTotal       TrafficSort = "totalViews" // humans and AI agents; "" means this too
	TrafficSortHuman       TrafficSort = "humanViews"
	TrafficSortAI          TrafficSort = "aiViews"
	TrafficSortSearchIndex TrafficSort = "searchIndexViews"
	TrafficSortTraining    TrafficSort = "trainingViews"
	TrafficSortOtherAI     TrafficSort = "otherAiViews"
	TrafficSortCrawlers    TrafficSort = "crawlerViews" // the three crawler classes together
)

// TrafficSorts lists the orders, the default first.
var TrafficSorts = []TrafficSort{TrafficSortTotal, TrafficSortHuman, TrafficSortAI, TrafficSortSearchIndex,
	TrafficSortTraining, TrafficSortOtherAI, TrafficSortCrawlers}

// Of is the views a row is sorted by.
func (s TrafficSort) Of(c ClassViews) int64 {
	switch s {
	case TrafficSortHuman:
		return c.Human
	case TrafficSortAI:
		return c.AI
	case TrafficSortSearchIndex:
		return c.SearchIndex
	case TrafficSortTraining:
		return c.Training
	case TrafficSortOtherAI:
		return c.OtherAI
	case TrafficSortCrawlers:
		return c.Crawlers()
	}
	return c.Total()
}

// Valid reports whether s is one of TrafficSorts or "".
func (s TrafficSort) Valid() bool { return s == "" || slices.Contains(TrafficSorts, s) }

// DayClassViews is one UTC day's views by class.
type DayClassViews struct {
	Day string // YYYY-MM-DD
	ClassViews
}
