package agents_test

import (
	"testing"
	"time"

	"github.com/lectern-dev/lectern/assistant/agents"
)

// TestDurationMsRoundsUp: a tool call's duration is recorded in whole milliseconds, rounded up,
// so a call faster than one millisecond is not stored as taking none.
func TestDurationMsRoundsUp(t *testing.T) {
	tests := []struct {
		d    time.Duration
		want int
	}{
		{0, 0},
		{-time.Millisecond, 0},
		{300 * time.Microsecond, 1},
		{time.Millisecond, 1},
		{time.Millisecond + time.Nanosecond, 2},
		{1500 * time.Millisecond, 1500},
	}
	for _, tt := range tests {
		if got := agents.DurationMs(tt.d); got != tt.want {
			t.Errorf("DurationMs(%v) = %d, want %d", tt.d, got, tt.want)
		}
	}
}
