package export

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/lectern-dev/lectern/schemas/event"
	"github.com/oklog/ulid/v2"
)

// Sentinel errors of parameter parsing; the messages are what a caller reads.
var (
	ErrDate    = errors.New("must be a date: YYYY-MM-DD or ISO 8601 such as 2024-05-01T12:00:00Z")
	ErrCursor  = errors.New("must be the nextCursor of a previous page (a 26-character ULID)")
	ErrLimit   = errors.New("must be a whole number")
	ErrSource  = errors.New("must be one of contextual, code_snippet, thumbs_only, agent")
	ErrStatus  = errors.New("must be a comma-separated list of pending, in_progress, resolved, dismissed")
	ErrOrdered = errors.New("must be after dateFrom")
)

// Unordered is the error of a dateTo that is not after dateFrom: ErrOrdered, with the range of
// the day of dateFrom as the example (dateTo is exclusive, so dateFrom=dateTo is no day; the
// example of a fixed date read as the day to ask for).
func Unordered(from time.Time) error {
	day := from.UTC().Truncate(24 * time.Hour)
	return fmt.Errorf("%w: dateTo is exclusive, so the day %s alone is dateFrom=%s&dateTo=%s", ErrOrdered,
		day.Format(time.DateOnly), day.Format(time.DateOnly), day.AddDate(0, 0, 1).Format(time.DateOnly))
}

var dateLayouts = []string{
	"2006-01-02",
	time.RFC3339Nano,
	"2006-01-02T15:04:05.999999999",
	"2006-01-02T15:04",
	"2006-01-02T15:04Z07:00",
}

// ParseDate reads a date in YYYY-MM-DD or ISO 8601 form; a time without a zone is UTC.
func ParseDate(s string) (time.Time, error) {
	if len(s) > 64 {
		return time.Time{}, ErrDate
	}
	for _, layout := range dateLayouts {
		if t, err := time.Parse(layout, s); err == nil {
			if t.Year() < 1970 || t.Year() > 9999 {
				return time.Time{}, fmt.Errorf("%w (years 1970 to 9999)", ErrDate)
			}
			return t.UTC(), nil
		}
	}
	return time.Time{}, ErrDate
}

// ParseCursor reads a page cursor: the ULID of the last record of the previous page.
func ParseCursor(s string) (string, error) {
	id, err := ulid.ParseStrict(s)
	if err != nil {
		return "", ErrCursor
	}
	return id.String(), nil
}

// ParseLimit reads a page size between 1 and most.
func ParseLimit(s string, most int) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, fmt.Errorf("%w from 1 to %d", ErrLimit, most)
	}
	if n < 1 || n > most {
		return 0, fmt.Errorf("must be from 1 to %d", most)
	}
	return n, nil
}

// ParseSource reads one feedback source.
func ParseSource(s string) (event.Source, error) {
	src := event.Source(s)
	if !src.Valid() {
		return "", ErrSource
	}
	return src, nil
}

// ParseStatuses reads a comma-separated list of feedback statuses (duplicates collapse).
func ParseStatuses(s string) ([]event.Status, error) {
	var out []event.Status
	seen := map[event.Status]bool{}
	for part := range strings.SplitSeq(s, ",") {
		st := event.Status(strings.TrimSpace(part))
		if !st.Valid() {
			return nil, ErrStatus
		}
		if !seen[st] {
			seen[st] = true
			out = append(out, st)
		}
	}
	return out, nil
}
