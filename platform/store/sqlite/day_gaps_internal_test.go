package sqlite

import (
	"slices"
	"testing"
)

func TestDayGaps(t *testing.T) {
	tests := []struct {
		name     string
		from, to string
		fresh    []string
		want     [][2]string
	}{
		{"none fresh", "2026-01-01", "2026-01-31", nil, [][2]string{{"2026-01-01", "2026-01-31"}}},
		{"open range", "", "", nil, [][2]string{{"", ""}}},
		{"all but the last", "2026-01-01", "2026-01-04", []string{"2026-01-01", "2026-01-02"}, [][2]string{{"2026-01-03", "2026-01-04"}}},
		{"all fresh", "2026-01-01", "2026-01-03", []string{"2026-01-01", "2026-01-02"}, nil},
		{"holes", "2026-01-01", "2026-01-10", []string{"2026-01-03", "2026-01-04", "2026-01-07"},
			[][2]string{{"2026-01-01", "2026-01-03"}, {"2026-01-05", "2026-01-07"}, {"2026-01-08", "2026-01-10"}}},
		{"open start", "", "2026-01-05", []string{"2026-01-02"}, [][2]string{{"", "2026-01-02"}, {"2026-01-03", "2026-01-05"}}},
		{"open end", "2026-01-01", "", []string{"2026-01-01"}, [][2]string{{"2026-01-02", ""}}},
		{"month end", "2026-01-30", "2026-02-02", []string{"2026-01-31"}, [][2]string{{"2026-01-30", "2026-01-31"}, {"2026-02-01", "2026-02-02"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := dayGaps(tt.from, tt.to, tt.fresh); !slices.Equal(got, tt.want) {
				t.Errorf("dayGaps(%q, %q, %v) = %v, want %v", tt.from, tt.to, tt.fresh, got, tt.want)
			}
		})
	}
}
