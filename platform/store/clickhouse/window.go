package clickhouse

import (
	"context"
	"sync"
	"time"
)

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
	done  bool
}

func newWindows(sp span, now time.Time, first time.Duration) *windows {
	w := &windows{hi: sp.hi, lo: sp.lo, step: max(first, minWindow).Milliseconds()}
	if sp.hi == "" {
		w.end = now.UnixMilli()
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
	w.hi, w.end, w.last = lo, start, w.step
	return lo, hi, true
}

// saw adapts the next window to what the last one held: found records, remaining still wanted.
// An empty window grows the next by the growth factor; otherwise the next is sized to hold
// the rest at the density just seen, with a quarter to spare.
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

// fetchFunc reads up to n records with ids in [lo, hi), newest first.
type fetchFunc[T any] func(ctx context.Context, lo, hi string, n int) ([]T, error)

// walk returns up to need records of the span, newest first, fetching window by window.
func walk[T any](ctx context.Context, h *hints, key string, sp span, need int, id func(T) string, fetch fetchFunc[T]) ([]T, error) {
	if sp.empty() {
		return nil, nil
	}
	w := newWindows(sp, time.Now(), h.first(key, need))
	var out []T
	for lo, hi, ok := w.next(); ok; lo, hi, ok = w.next() {
		got, err := fetch(ctx, lo, hi, need-len(out))
		if err != nil {
			return nil, err
		}
		out = append(out, got...)
		if len(out) >= need {
			h.learn(key, w.spanTo(id(out[need-1])), need)
			break
		}
		w.saw(len(got), need-len(out))
	}
	return out, nil
}

// mergeDesc merges two lists sorted by id, newest first, dropping repeated ids, up to n.
func mergeDesc[T any](a, b []T, id func(T) string, n int) []T {
	out := make([]T, 0, min(n, len(a)+len(b)))
	for len(out) < n && (len(a) > 0 || len(b) > 0) {
		var next T
		switch {
		case len(b) == 0 || (len(a) > 0 && id(a[0]) > id(b[0])):
			next, a = a[0], a[1:]
		case len(a) == 0 || id(b[0]) > id(a[0]):
			next, b = b[0], b[1:]
		default: // the same record from both
			next, a, b = a[0], a[1:], b[1:]
		}
		out = append(out, next)
	}
	return out
}

// walkWithSkewed walks the span and, when a time range narrowed it, merges in what
// fetchSkewed finds (run concurrently).
func walkWithSkewed[T any](ctx context.Context, h *hints, key string, sp span, need int, id func(T) string,
	fetch fetchFunc[T], fetchSkewed func(ctx context.Context, n int) ([]T, error)) ([]T, error) {
	if !sp.narrowed {
		return walk(ctx, h, key, sp, need, id, fetch)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type result struct {
		recs []T
		err  error
	}
	skewed := make(chan result, 1)
	go func() {
		recs, err := fetchSkewed(ctx, need)
		skewed <- result{recs, err}
	}()
	recs, err := walk(ctx, h, key, sp, need, id, fetch)
	if err != nil {
		cancel()
	}
	r := <-skewed
	if err != nil {
		return nil, err
	}
	if r.err != nil {
		return nil, r.err
	}
	return mergeDesc(recs, r.recs, id, need), nil
}

// hints remembers, per project and table, how much id time one record took on the last page.
type hints struct {
	mu sync.Mutex
	m  map[string]time.Duration
}

const maxHints = 10_000

// first returns the width of the first window for a page of n records.
func (h *hints) first(key string, n int) time.Duration {
	h.mu.Lock()
	per, ok := h.m[key]
	h.mu.Unlock()
	if !ok {
		return defaultWindow
	}
	return per * time.Duration(n) * 5 / 4
}

// learn records that n records took span of id time.
func (h *hints) learn(key string, span time.Duration, n int) {
	if span <= 0 || n <= 0 {
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.m == nil || len(h.m) >= maxHints {
		h.m = map[string]time.Duration{}
	}
	h.m[key] = span / time.Duration(n)
}
