package clickhouse

import (
	"sync"
	"time"
)

// hint is what the last walk of a project's table learnt: how much id time one record took
// (per) and the time of the newest id a walk without upper bound found (top).
type hint struct {
	per time.Duration
	top int64
}

// width is the first window for n records.
func (h hint) width(n int) time.Duration {
	const maxWidth = 150 * 365 * 24 * time.Hour
	switch {
	case h.per <= 0:
		return defaultWindow
	case h.per > maxWidth/time.Duration(max(n, 1)):
		return maxWidth
	}
	return h.per * time.Duration(n) / 4 * 5
}

// hints holds a hint per project and table.
type hints struct {
	mu sync.Mutex
	m  map[string]hint
}

const maxHints = 10_000

func (h *hints) get(key string) hint {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.m[key]
}

// learn updates the hint of key from a walk that found recs (need wanted).
func learn[T any](h *hints, key string, w *windows, recs []T, id func(T) string, need int) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.m == nil || len(h.m) >= maxHints {
		h.m = map[string]hint{}
	}
	cur := h.m[key]
	if len(recs) >= need {
		if d := w.spanTo(id(recs[need-1])); d > 0 {
			cur.per = d / time.Duration(need)
		}
	}
	if w.open && len(recs) > 0 {
		if t, ok := ulidTime(id(recs[0])); ok {
			cur.top = t
		}
	}
	h.m[key] = cur
}
