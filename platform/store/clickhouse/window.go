package clickhouse

import (
	"sync"
	"time"
)

// Paging on ClickHouse 18.16: the server cannot read a table in key order to serve
// ORDER BY id DESC LIMIT n, so a query bounded only by "id < cursor" reads every id of the
// project below the cursor. A page therefore walks the id space downward in windows
// [lo, hi): ULIDs sort by their time part, so a window is a primary-key range of ids made
// between two instants. Windows start at the cursor (or now), grow until the page is full,
// and the last one has no lower bound, so a page never misses a record, whatever its id says.
// The first window's width comes from the density the previous page of the project saw.
const (
	defaultWindow = 10 * time.Second
	minWindow     = 50 * time.Millisecond
	growth        = 8
)

// crockford is the ULID alphabet; its characters sort like their values.
const crockford = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"

// ulidFloor returns the smallest ULID string whose time part is ms.
func ulidFloor(ms int64) string {
	var b [26]byte
	for i := 9; i >= 0; i-- {
		b[i] = crockford[ms&31]
		ms >>= 5
	}
	for i := 10; i < len(b); i++ {
		b[i] = '0'
	}
	return string(b[:])
}

// ulidTime returns the time part of a canonical (upper-case) ULID string in unix milliseconds.
func ulidTime(s string) (int64, bool) {
	if len(s) < 10 || s[0] > '7' {
		return 0, false
	}
	var ms int64
	for i := range 10 {
		v := crockfordValue(s[i])
		if v < 0 {
			return 0, false
		}
		ms = ms<<5 | int64(v)
	}
	return ms, true
}

func crockfordValue(c byte) int {
	for i := range len(crockford) {
		if crockford[i] == c {
			return i
		}
	}
	return -1
}

// windows yields the id windows of one page, from the cursor downward.
type windows struct {
	hi   string // exclusive upper bound of the next window; "" is none
	end  int64  // unix ms the next window reaches down from; < 0: no windowing
	step int64  // width of the next window in ms
	from int64  // unix ms the walk started at
	done bool
}

func newWindows(cursor string, now time.Time, first time.Duration) *windows {
	w := &windows{hi: cursor, step: max(first, minWindow).Milliseconds()}
	if cursor == "" {
		w.end = now.UnixMilli()
	} else if t, ok := ulidTime(cursor); ok {
		w.end = t
	} else {
		w.end = -1
	}
	w.from = w.end
	return w
}

// next returns the next window [lo, hi); lo "" means no lower bound (the last window) and
// hi "" no upper bound. ok is false after the last window.
func (w *windows) next() (lo, hi string, ok bool) {
	if w.done {
		return "", "", false
	}
	hi = w.hi
	start := w.end - w.step
	if w.end < 0 || start <= 0 {
		w.done = true
		return "", hi, true
	}
	lo = ulidFloor(start)
	w.hi, w.end, w.step = lo, start, w.step*growth
	return lo, hi, true
}

// spanTo is the id time from the start of the walk down to id, or 0 when not windowing.
func (w *windows) spanTo(id string) time.Duration {
	t, ok := ulidTime(id)
	if w.from < 0 || !ok || t >= w.from {
		return 0
	}
	return time.Duration(w.from-t) * time.Millisecond
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
