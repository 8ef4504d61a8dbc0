package storetest

import (
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/schemas/event"
)

// referrerMix are referrers as browsers send them: search engines' URLs with their queries,
// one site spelled three ways, an app's, none, and text that names no host.
var referrerMix = []string{
	"https://www.google.com/", "https://www.google.com/search?q=acme+sdk", "https://GitHub.com/acme/sdk/issues/4",
	"https://github.com/acme/sdk", "http://www.github.com:8080/x", "android-app://com.slack/", "", "", "not a url",
	"https://news.ycombinator.com/item?id=1",
}

// testReferrers: the readers' page views of a range by the site they came from, each host once
// (case, "www." and ports aside), no referrer as "", agents' views and other events left out,
// another project's apart, a redelivered view once, most views first.
func testReferrers(t *testing.T, s Store) {
	g := NewGen(53)
	var evs []event.Traffic
	type key struct{ day, host string }
	views := map[key]int64{}
	for i := range 300 {
		at := day0.Add(time.Duration(g.rng.Int63n(int64(10 * 24 * time.Hour)))).Truncate(time.Millisecond)
		ref := referrerMix[g.rng.Intn(len(referrerMix))]
		e := event.Traffic{ID: g.ID(at), Type: event.TypePageView, ProjectID: "pr", Domain: "docs-pr", Timestamp: at,
			VisitorID: fmt.Sprintf("v%d", i%9), Class: event.ClassHuman, UserAgent: "Mozilla/5.0", Path: g.page(), Referrer: ref}
		switch i % 7 {
		case 1: // an agent's view: not a reader's
			e.Class, e.Agent, e.UserAgent = event.ClassAI, "ChatGPT-User", "ChatGPT-User/1.0"
		case 2: // a search click: not a page view
			e.Type, e.Query, e.Position = event.TypeSearchClick, "sdk", 1
		case 3: // the same view in another project
			o := e
			o.ID, o.ProjectID, o.Domain = otherID(e.ID), "po", "docs-po"
			evs = append(evs, o)
		}
		evs = append(evs, e)
		if e.Type == event.TypePageView && e.Class == event.ClassHuman {
			views[key{store.UTCDay(at), store.ReferrerHost(ref)}]++
		}
	}
	write(t, s, store.Batch{Traffic: evs})
	write(t, s, store.Batch{Traffic: evs[len(evs)-50:]}) // redelivered views count once
	for _, rg := range engagementRanges {
		byHost := map[string]int64{}
		for k, v := range views {
			if d, _ := time.Parse(time.DateOnly, k.day); inRange(d, rg) {
				byHost[k.host] += v
			}
		}
		var rows []store.ReferrerURLViews
		for h, v := range byHost {
			rows = append(rows, store.ReferrerURLViews{Referrer: "https://" + h, Views: v})
			if h == "" {
				rows[len(rows)-1].Referrer = ""
			}
		}
		for _, limit := range []int{2, store.MaxReferrers} {
			want := store.ByReferrerHost(rows, limit)
			got, err := s.TrafficReferrers(t.Context(), "pr", rg, limit)
			if err != nil {
				t.Fatalf("TrafficReferrers %s: %v", rangeName("pr", rg), err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("TrafficReferrers %s limit %d:\n got %+v\nwant %+v", rangeName("pr", rg), limit, got, want)
			}
		}
	}
	all, err := s.TrafficReferrers(t.Context(), "pr", store.Range{}, store.MaxReferrers)
	if err != nil {
		t.Fatal(err)
	}
	hosts := map[string]bool{}
	for _, r := range all {
		hosts[r.Host] = true
	}
	for _, h := range []string{"google.com", "github.com", "com.slack", "news.ycombinator.com", ""} {
		if !hosts[h] {
			t.Errorf("host %q missing from %+v", h, all)
		}
	}
	if len(all) != 5 {
		t.Errorf("%d hosts, want 5 (google, github, slack's app, news.ycombinator, none): %+v", len(all), all)
	}
}
