package store

import (
	"strconv"
	"time"
)

// Summaries of closed days. Some reads would cost what the raw events of their range cost:
// sessions (flows, funnels, exits) are made from each visitor's events in order, and distinct
// visitors merge a sketch per day and path. A store therefore summarises each closed UTC day
// once, and a read combines
// the summaries of its days with a live computation of the others: today, a day not summarised
// yet, and a day changed since its summary.
//
// Change counts tell which: every store counts, per project and UTC day, the traffic events it
// stored and erased (a redelivered event, stored once, counts once). A summary records the
// count it was made at, read before the events it summarises; it is current while the day's
// count still equals it. A late event (server-side events may be of any day) or an erasure
// changes the count, so reads compute that day live until the day is summarised again. Reads
// are therefore exact at every moment; the summaries only make them cheap.

// SummarySessions is the kind of summary of one day's sessions (DaySessions), the only kind.
const SummarySessions = "sessions"

// Pending is a summary that is missing or older than its days: of Days UTC days from Start, of
// one project. Changes is the sum of those days' change counts now.
type Pending struct {
	ProjectID string
	Kind      string
	Start     string // YYYY-MM-DD
	Days      int
	Changes   int64
}

// Key identifies the summary, whatever its count.
func (p Pending) Key() string {
	return p.ProjectID + "\x00" + p.Kind + "\x00" + p.Start + "\x00" + strconv.Itoa(p.Days)
}

// DayNumber is the UTC day of t as days since 1970-01-01; FromDayNumber is its inverse as
// YYYY-MM-DD. Spans of days are aligned on it.
func DayNumber(t time.Time) int64 {
	s := t.Unix()
	d := s / 86400
	if s%86400 < 0 {
		d--
	}
	return d
}

// FromDayNumber is the day n days after 1970-01-01, as YYYY-MM-DD.
func FromDayNumber(n int64) string { return time.Unix(n*86400, 0).UTC().Format(time.DateOnly) }

// ParseDay parses a YYYY-MM-DD day as its UTC midnight.
func ParseDay(day string) (time.Time, error) { return time.Parse(time.DateOnly, day) }
