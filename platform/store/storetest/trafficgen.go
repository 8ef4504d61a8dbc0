package storetest

import (
	"fmt"
	"time"

	"github.com/lectern-dev/lectern/schemas/event"
)

// zones are the time zones input times come in; stores keep UTC and roll up by UTC day.
var zones = []*time.Location{
	time.UTC, time.FixedZone("UTC+5:30", 5*3600+1800), time.FixedZone("UTC-11", -11*3600),
	time.FixedZone("UTC+14", 14*3600),
}

// trafficQueries are search texts: several spellings of the same normalized query.
var trafficQueries = []string{
	"custom domain", " Custom  Domain ", "CUSTOM\tdomain", "api keys", "API Keys", "Grüße 日本語",
	"grüße  日本語", "rate limits", "x", "webhooks", "it's \"quoted\"",
}

// Traffic returns a random traffic event of project at t: a page view (most), a search or a
// search click, from a small set of paths and visitors so that counts collide.
func (g *Gen) Traffic(project string, t time.Time) event.Traffic {
	t = t.In(zones[g.rng.Intn(len(zones))])
	e := event.Traffic{
		ID: g.ID(t), ProjectID: project, Domain: "docs-" + project, Timestamp: t,
		VisitorID: fmt.Sprintf("v%d", g.rng.Intn(40)), Class: event.ClassHuman, UserAgent: "Mozilla/5.0",
	}
	if g.rng.Intn(3) == 0 {
		e.Class, e.UserAgent = event.ClassAI, "GPTBot/1.2"
	}
	path := fmt.Sprintf("/p/%d", g.rng.Intn(12))
	switch n := g.rng.Intn(10); {
	case n < 6:
		e.Type, e.Path, e.Title, e.Referrer = event.TypePageView, path, g.text(2), "https://example.com/"
	case n < 8:
		e.Type, e.Query, e.Results = event.TypeSearch, trafficQueries[g.rng.Intn(len(trafficQueries))], g.rng.Intn(20)
	default:
		e.Type, e.Query, e.Path = event.TypeSearchClick, trafficQueries[g.rng.Intn(len(trafficQueries))], path
		e.Position = 1 + g.rng.Intn(10)
		e.Repeat = g.rng.Intn(3) == 0 // a later click on one search's results
	}
	return e
}
