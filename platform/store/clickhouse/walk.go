package clickhouse

import (
	"context"
	"time"
)

// fetchFunc reads up to n records with ids in [lo, hi), newest first.
type fetchFunc[T any] func(ctx context.Context, lo, hi string, n int) ([]T, error)

// walk returns up to need records of the span, newest first, fetching window by window.
func walk[T any](ctx context.Context, h *hints, key string, sp span, need int, id func(T) string, fetch fetchFunc[T]) ([]T, error) {
	if sp.empty() {
		return nil, nil
	}
	w := newWindows(sp, time.Now(), h.get(key), need)
	var out []T
	for lo, hi, ok := w.next(); ok; lo, hi, ok = w.next() {
		got, err := fetch(ctx, lo, hi, need-len(out))
		if err != nil {
			return nil, err
		}
		out = append(out, got...)
		if len(out) >= need {
			break
		}
		w.saw(len(got), need-len(out))
	}
	learn(h, key, w, out, id, need)
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
