package clickhouse

import (
	"cmp"
	"context"
	"slices"
	"strings"

	"github.com/lectern-dev/lectern/platform/store"
)

// The first rows of the visitors per path (by visitors desc, then path asc) come from the
// paths with the most views: a page's visitors never exceed its views, so once the k-th of the
// paths merged has more visitors than the views of the best path left out, no path left out
// can be among the first k. Merging the visitor states is most of the read's time: 30 days of a
// project of 507k events at 50M hold 2,000 paths in 104k daily states (before merges); the
// first page of 50 merges the 102 paths with the most views (60% of the page views), 48 ms of
// server CPU (81 ms when the states were read from traffic_pages_daily), after 25 ms for the
// views.
//
// Up to visitorsExact visitors uniqCombined(18)'s state is a set of hashes (16,384 measured on
// 18.16; the bound is kept lower for other releases), whose count never exceeds the visitors;
// above, its HyperLogLog estimate can
// exceed them by its error (0.2% standard error with 2^18 cells; within 0.5% measured), so a
// path left out is bounded by its views plus visitorsSlack of them.
const (
	visitorsExact = 8192
	visitorsSlack = 20 // 1/20: 5%
	// topVisitorsMax is the largest offset+limit+1 read this way; a deeper page merges every
	// path's states, as does a range whose paths have too few views per visitor to converge
	// within topVisitorsRounds doublings.
	topVisitorsMax    = 2500
	topVisitorsRounds = 2
)

// topVisitors returns the first k rows of the visitors per path of c (fewer when the range
// has fewer paths), in the order of the visitors read.
func (s *Store) topVisitors(ctx context.Context, c cond, k int) ([]store.PathCounts, error) {
	if k > topVisitorsMax {
		return s.allVisitors(ctx, c, k)
	}
	most := k << topVisitorsRounds
	views, err := s.mostViewed(ctx, c, most+1)
	if err != nil {
		return nil, err
	}
	complete := len(views) <= most // every path of the range is in views
	var got []store.PathCounts
	for m, done := 2*k, 0; done < len(views); m *= 2 {
		m = min(m, len(views))
		paths := make([]string, 0, m-done)
		for _, v := range views[done:m] {
			paths = append(paths, v.path)
		}
		rows, err := s.visitorsOf(ctx, c, paths)
		if err != nil {
			return nil, err
		}
		got, done = append(got, rows...), m
		slices.SortFunc(got, byVisitors)
		switch {
		case m == len(views) && complete:
			return got[:min(k, len(got))], nil
		case m < len(views) && len(got) >= k && got[k-1].Total > visitorsBound(views[m].views):
			return got[:k], nil
		case m >= most:
			return s.allVisitors(ctx, c, k)
		}
	}
	return got, nil // no path in the range
}

// byVisitors orders rows as the visitors read does: by total desc, then path asc.
func byVisitors(a, b store.PathCounts) int {
	return cmp.Or(cmp.Compare(b.Total, a.Total), strings.Compare(a.Path, b.Path))
}

// visitorsBound is the most visitors the sketch can count for a path of views page views.
func visitorsBound(views int64) int64 {
	if views <= visitorsExact {
		return views
	}
	return views + views/visitorsSlack
}

type pathViews struct {
	path  string
	views int64
}

// mostViewed returns the n paths of c with the most page views, by views desc then path asc.
func (s *Store) mostViewed(ctx context.Context, c cond, n int) ([]pathViews, error) {
	var out []pathViews
	err := s.each(ctx, "SELECT path, sumMerge(views) AS v FROM traffic_pages_daily WHERE "+c.sql()+
		" GROUP BY path ORDER BY v DESC, path ASC LIMIT "+itoa(n), c.args, func(scan func(...any) error) error {
		var p pathViews
		var v uint64
		err := scan(&p.path, &v)
		p.views = int64(v) // #nosec G115 -- counts of stored events
		out = append(out, p)
		return err
	})
	return out, err
}

// visitorsOf counts the visitors of paths in c (see visitorStates), in no order, from
// traffic_path_visitors, whose primary key (project, path, day) finds the paths' states: the
// paths (up to 4 × topVisitorsMax, of up to 2,048 characters) go as inSet makes them, and the
// set of the IN is used for the key. traffic_pages_daily holds the same states sorted by day
// first, where a read deserialised every path's states of its granules to keep 5% of them (30
// days of a project of 507k events at 50M: 207k rows read instead of 31k).
func (s *Store) visitorsOf(ctx context.Context, c cond, paths []string) ([]store.PathCounts, error) {
	pc := cond{parts: slices.Clone(c.parts), args: slices.Clone(c.args)}
	ctx, in, inArgs, err := inSet(ctx, pathSet, paths)
	if err != nil {
		return nil, err
	}
	pc.add("path IN "+in, inArgs...)
	var out []store.PathCounts
	err = s.each(ctx, "SELECT path, "+visitorCols+" FROM ("+visitorStates(pathVisitors, "path, ", pc)+") GROUP BY path"+oneThread, pc.args,
		func(scan func(...any) error) error {
			r, err := scanPathCounts(scan)
			out = append(out, r)
			return err
		})
	return out, err
}

// pathVisitors holds the visitor states per project, path, day and class (migration 0013).
const pathVisitors = "traffic_path_visitors"

// allVisitors merges every path's states of c and returns the first k rows.
func (s *Store) allVisitors(ctx context.Context, c cond, k int) ([]store.PathCounts, error) {
	var out []store.PathCounts
	err := s.each(ctx, "SELECT path, "+visitorCols+" AS t FROM ("+visitorStates(pathVisitors, "path, ", c)+") GROUP BY path"+
		" ORDER BY t DESC, path ASC LIMIT "+itoa(k), c.args, func(scan func(...any) error) error {
		r, err := scanPathCounts(scan)
		out = append(out, r)
		return err
	})
	return out, err
}
