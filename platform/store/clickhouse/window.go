package clickhouse

import "time"

// Paging on ClickHouse 18.16: the server cannot read a table in key order to serve
// ORDER BY id DESC LIMIT n, so a query bounded only by "id < cursor" reads every id of the
// project below the cursor. A page therefore walks the id space downward in windows
// [lo, hi): ULIDs sort by their time part, so a window is a primary-key range of ids made
// between two instants. Windows start at the cursor (or now) and widen until the page is
// full; the last one reaches down to the span's floor (or has no lower bound), so together
// they cover the span without gap or overlap, whatever the ids say about time.
//
// A time range narrows the span: a record whose id time lies within skew of its own time
// (nearly all: ids are made when the record is) has an id in
// [ulid(From-skew), ulid(To+skew)). Writers flag the others (id_skewed = 1), and a page
// with a time range fetches those by the flag in a second, concurrent query.
const (
	defaultWindow = 10 * time.Second
	minWindow     = 50 * time.Millisecond
	growth        = 8
	skew          = 15 * time.Minute
)

// span is the id range a page walks: ids below hi ("" no bound) and at or above lo ("" none).
// narrowed says the time range cut it, so skewed records need their own query.
type span struct {
	hi, lo   string
	narrowed bool
}

// pageSpan is the span of a page below cursor within r.
func pageSpan(cursor string, r msRange) span {
	sp := span{hi: cursor}
	if r.to > 0 {
		if top := ulidFloor(r.to + skew.Milliseconds()); sp.hi == "" || top < sp.hi {
			sp.hi, sp.narrowed = top, true
		}
	}
	if from := r.from - skew.Milliseconds(); r.from > 0 && from > 0 {
		sp.lo, sp.narrowed = ulidFloor(from), true
	}
	return sp
}

// empty reports whether no id can lie in the span.
func (sp span) empty() bool { return sp.lo != "" && sp.hi != "" && sp.lo >= sp.hi }

// windows yields the id windows of one page, from the top of the span downward.
type windows struct {
	hi    string // exclusive upper bound of the next window; "" is none
	end   int64  // unix ms the next window reaches down from; < 0: one window for the span
	step  int64  // width of the next window in ms
	last  int64  // width of the window last returned
	lo    string // the span's floor
	floor int64  // its time; 0 when none
	from  int64  // unix ms the walk started at
	open  bool   // the span has no upper bound
	done  bool
}

// newWindows starts a walk down sp. Without an upper bound the first window reaches from the
// newest id the last such walk saw (or now) up to no bound, so it also holds anything newer.
func newWindows(sp span, now time.Time, h hint, n int) *windows {
	w := &windows{hi: sp.hi, lo: sp.lo, step: max(h.width(n), minWindow).Milliseconds(), open: sp.hi == ""}
	if sp.hi == "" {
		w.end = now.UnixMilli()
		if h.top > 0 && h.top < w.end {
			w.end = h.top
		}
	} else if t, ok := ulidTime(sp.hi); ok {
		w.end = t
	} else {
		w.end = -1
	}
	if sp.lo != "" {
		w.floor, _ = ulidTime(sp.lo)
	}
	w.from = w.end
	return w
}

// next returns the next window [lo, hi); lo "" means no lower bound and hi "" no upper
// bound. ok is false after the last window.
func (w *windows) next() (lo, hi string, ok bool) {
	if w.done {
		return "", "", false
	}
	hi = w.hi
	start := w.end - w.step
	if w.end < 0 || start <= w.floor {
		w.done = true
		return w.lo, hi, true
	}
	lo = ulidFloor(start)
	w.hi, w.end, w.last, w.step = lo, start, w.step, w.step*growth
	return lo, hi, true
}

// saw adapts the next window to what the last one held: found records, remaining still wanted.
// An empty window grows the next by the growth factor (as next does by itself); otherwise the
// next is sized to hold the rest at the density just seen, with a quarter to spare.
func (w *windows) saw(found, remaining int) {
	if found == 0 {
		w.step = w.last * growth
		return
	}
	want := w.last * int64(remaining) * 5 / (4 * int64(found))
	w.step = min(max(want, minWindow.Milliseconds()), w.last*growth)
}

// spanTo is the id time from the start of the walk down to id, or 0 when not windowing.
func (w *windows) spanTo(id string) time.Duration {
	t, ok := ulidTime(id)
	if w.from < 0 || !ok || t >= w.from {
		return 0
	}
	return time.Duration(w.from-t) * time.Millisecond
}
