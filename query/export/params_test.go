package export_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/query/export"
	"github.com/lectern-dev/lectern/schemas/event"
)

func TestParseDate(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want time.Time
		ok   bool
	}{
		{"2024-05-01", time.Date(2024, 5, 1, 0, 0, 0, 0, time.UTC), true},
		{"2024-05-01T12:30:00Z", time.Date(2024, 5, 1, 12, 30, 0, 0, time.UTC), true},
		{"2024-05-01T12:30:00.123Z", time.Date(2024, 5, 1, 12, 30, 0, 123e6, time.UTC), true},
		{"2024-05-01T14:30:00+02:00", time.Date(2024, 5, 1, 12, 30, 0, 0, time.UTC), true},
		{"2024-05-01T12:30:00", time.Date(2024, 5, 1, 12, 30, 0, 0, time.UTC), true},
		{"2024-05-01T12:30", time.Date(2024, 5, 1, 12, 30, 0, 0, time.UTC), true},
		{"2024-02-30", time.Time{}, false},
		{"2024-13-01", time.Time{}, false},
		{"05/01/2024", time.Time{}, false},
		{"yesterday", time.Time{}, false},
		{"", time.Time{}, false},
		{"1969-12-31", time.Time{}, false},
		{strings.Repeat("2", 100), time.Time{}, false},
	} {
		got, err := export.ParseDate(tc.in)
		if tc.ok != (err == nil) || !got.Equal(tc.want) {
			t.Errorf("ParseDate(%q) = %v, %v; want %v ok=%v", tc.in, got, err, tc.want, tc.ok)
		}
		if err != nil && !errors.Is(err, export.ErrDate) {
			t.Errorf("ParseDate(%q) error %v is not ErrDate", tc.in, err)
		}
	}
}

func TestParseLimit(t *testing.T) {
	for _, tc := range []struct {
		in   string
		max  int
		want int
		ok   bool
	}{
		{"1", 100, 1, true}, {"100", 100, 100, true}, {"1000", 1000, 1000, true},
		{"0", 100, 0, false}, {"101", 100, 0, false}, {"-5", 100, 0, false}, {"5.5", 100, 0, false}, {"", 100, 0, false}, {"1e2", 100, 0, false},
	} {
		got, err := export.ParseLimit(tc.in, tc.max)
		if tc.ok != (err == nil) || got != tc.want {
			t.Errorf("ParseLimit(%q, %d) = %d, %v; want %d ok=%v", tc.in, tc.max, got, err, tc.want, tc.ok)
		}
	}
}

func TestParseCursor(t *testing.T) {
	for _, tc := range []struct {
		in string
		ok bool
	}{
		{"01ARZ3NDEKTSV4RRFFQ69G5FAV", true}, {"01arz3ndektsv4rrffq69g5fav", true},
		{"01ARZ3NDEKTSV4RRFFQ69G5FA", false}, {"01ARZ3NDEKTSV4RRFFQ69G5FAVX", false}, {"8ZZZZZZZZZZZZZZZZZZZZZZZZZ", false}, {"", false},
	} {
		got, err := export.ParseCursor(tc.in)
		if tc.ok != (err == nil) || (tc.ok && got != strings.ToUpper(tc.in)) {
			t.Errorf("ParseCursor(%q) = %q, %v; ok want %v", tc.in, got, err, tc.ok)
		}
	}
}

func TestParseStatuses(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []event.Status
	}{
		{"pending", []event.Status{event.StatusPending}},
		{"pending,resolved", []event.Status{event.StatusPending, event.StatusResolved}},
		{" in_progress , dismissed ", []event.Status{event.StatusInProgress, event.StatusDismissed}},
		{"pending,pending", []event.Status{event.StatusPending}},
		{"", nil}, {"open", nil}, {"pending,,resolved", nil}, {"PENDING", nil},
	} {
		got, err := export.ParseStatuses(tc.in)
		if (tc.want == nil) != (err != nil) || len(got) != len(tc.want) {
			t.Errorf("ParseStatuses(%q) = %v, %v; want %v", tc.in, got, err, tc.want)
			continue
		}
		for i := range got {
			if got[i] != tc.want[i] {
				t.Errorf("ParseStatuses(%q)[%d] = %s, want %s", tc.in, i, got[i], tc.want[i])
			}
		}
	}
}

func TestParseSource(t *testing.T) {
	for in, ok := range map[string]bool{"contextual": true, "code_snippet": true, "thumbs_only": true, "agent": true, "Agent": false, "": false, "Contextual": false, "contextual,code_snippet": false} {
		if _, err := export.ParseSource(in); (err == nil) != ok {
			t.Errorf("ParseSource(%q) error %v, want ok=%v", in, err, ok)
		}
	}
}

func FuzzParsers(f *testing.F) {
	for _, s := range []string{"2024-05-01", "2024-05-01T12:30:00.123+02:00", "100", "pending,resolved", "01ARZ3NDEKTSV4RRFFQ69G5FAV", "", ",", "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if d, err := export.ParseDate(s); err == nil && (d.Location() != time.UTC || d.Year() < 1970) {
			t.Errorf("ParseDate(%q) = %v", s, d)
		}
		if n, err := export.ParseLimit(s, 100); err == nil && (n < 1 || n > 100) {
			t.Errorf("ParseLimit(%q) = %d", s, n)
		}
		if st, err := export.ParseStatuses(s); err == nil {
			for _, x := range st {
				if !x.Valid() {
					t.Errorf("ParseStatuses(%q) returned %q", s, x)
				}
			}
		}
		if c, err := export.ParseCursor(s); err == nil && len(c) != 26 {
			t.Errorf("ParseCursor(%q) = %q", s, c)
		}
	})
}

// TestUnordered: the error of a dateTo not after dateFrom shows the range of dateFrom's day,
// the one a caller who sent dateFrom=dateTo meant; it said "dateFrom=2026-11-24&dateTo=2026-11-25"
// whatever the caller sent.
func TestUnordered(t *testing.T) {
	for _, tc := range []struct {
		from time.Time
		want string
	}{
		{time.Date(2026, 11, 27, 0, 0, 0, 0, time.UTC), "the day 2026-11-27 alone is dateFrom=2026-11-27&dateTo=2026-11-28"},
		{time.Date(2024, 12, 31, 15, 30, 0, 0, time.UTC), "the day 2024-12-31 alone is dateFrom=2024-12-31&dateTo=2025-01-01"},
	} {
		err := export.Unordered(tc.from)
		if !errors.Is(err, export.ErrOrdered) || !strings.HasSuffix(err.Error(), tc.want) {
			t.Errorf("Unordered(%v) = %v; want ErrOrdered ending %q", tc.from, err, tc.want)
		}
	}
}
