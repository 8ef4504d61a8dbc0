package clickhouse

import (
	"strconv"
	"strings"
	"time"

	"github.com/lectern-dev/lectern/platform/store"
)

// cond collects the conditions of a WHERE clause and their bound values (client-side binding:
// clickhouse-go writes each value into the query as a literal; 18.16 has no query parameters).
type cond struct {
	parts []string
	args  []any
}

func (c *cond) add(part string, args ...any) {
	c.parts = append(c.parts, part)
	c.args = append(c.args, args...)
}

func (c *cond) sql() string { return strings.Join(c.parts, " AND ") }

// window bounds ids to [lo, hi); "" is no bound. A cursor longer than an id compares like its
// first 26 characters, inclusive.
func (c *cond) window(lo, hi string) {
	if lo != "" {
		c.add("id >= ?", lo)
	}
	switch {
	case hi == "":
	case len(hi) > 26:
		c.add("id <= ?", hi[:26])
	default:
		c.add("id < ?", hi)
	}
}

// timeRange bounds a DateTime column and its millisecond column to r: From inclusive, To
// exclusive, to the millisecond. The coarse condition on the DateTime column alone lets the
// server skip partitions and parts; the exact one compares unix milliseconds.
func (c *cond) timeRange(col, msCol string, r msRange) {
	exact := "(toUInt64(" + col + ") * 1000 + " + msCol + ")"
	if r.from > 0 {
		c.add(col+" >= toDateTime(?)", r.from/1000)
		c.add(exact+" >= ?", r.from)
	}
	if r.to > 0 {
		c.add(col+" <= toDateTime(?)", (r.to-1)/1000)
		c.add(exact+" < ?", r.to)
	}
}

// msRange is a store.Range in unix milliseconds; 0 is no bound.
type msRange struct{ from, to int64 }

// millisRange converts r, reporting false when no stored time can fall in it.
func millisRange(r store.Range) (msRange, bool) {
	var m msRange
	maxMS := maxTime.UnixMilli() + 999
	if !r.From.IsZero() {
		m.from = max(ceilMilli(r.From), 0)
		if m.from > maxMS {
			return m, false
		}
	}
	if !r.To.IsZero() {
		m.to = ceilMilli(r.To)
		if m.to <= 0 {
			return m, false
		}
		if m.to > maxMS {
			m.to = 0
		}
	}
	return m, m.to == 0 || m.from < m.to
}

// ceilMilli is the first whole millisecond at or after t: a record time (whole milliseconds)
// is before t exactly when it is before ceilMilli(t).
func ceilMilli(t time.Time) int64 {
	ms := t.UnixMilli()
	if t.Nanosecond()%int(time.Millisecond) != 0 {
		ms++
	}
	return ms
}

// fromParts joins a DateTime and its millisecond column into a UTC time.
func fromParts(t time.Time, ms uint16) time.Time {
	return time.Unix(t.Unix(), int64(ms)*int64(time.Millisecond)).UTC()
}

// trimID drops the NUL padding FixedString adds to short values.
func trimID(id string) string { return strings.TrimRight(id, "\x00") }

func itoa(n int) string { return strconv.Itoa(n) }
