package event_test

import (
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/schemas/event"
)

func TestValidThreadID(t *testing.T) {
	tests := []struct {
		id   string
		want bool
	}{
		{"thr_01JV3QA2M4T7X9B1C3D5E7G9HK", true},
		{"thr_01jv3qa2m4t7x9b1c3d5e7g9hk", true},
		{"thr_7ZZZZZZZZZZZZZZZZZZZZZZZZZ", true},
		{"thr_8ZZZZZZZZZZZZZZZZZZZZZZZZZ", false}, // over 128 bits
		{"thr_01JV3QA2M4T7X9B1C3D5E7G9H", false},  // 25 characters
		{"thr_01JV3QA2M4T7X9B1C3D5E7G9HKK", false},
		{"thr_01JV3QA2M4T7X9B1C3D5E7G9HU", false}, // U is not Crockford base32
		{"thr_01JV3QA2M4T7X9B1C3D5E7G9HI", false},
		{"thr_01JV3QA2M4T7X9B1C3D5E7G9H!", false},
		{"01JV3QA2M4T7X9B1C3D5E7G9HKAB", false},
		{"THR_01JV3QA2M4T7X9B1C3D5E7G9HK", false},
		{"thr_", false},
		{"", false},
		{"thr_" + strings.Repeat("0", 26), true},
	}
	for _, tt := range tests {
		if got := event.ValidThreadID(tt.id); got != tt.want {
			t.Errorf("ValidThreadID(%q) = %v, want %v", tt.id, got, tt.want)
		}
	}
}
