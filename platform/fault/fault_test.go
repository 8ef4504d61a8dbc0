package fault_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/lectern-dev/lectern/platform/fault"
)

func TestOf(t *testing.T) {
	unavailable := fault.New(fault.Unavailable, "store unavailable")
	notFound := fault.New(fault.NotFound, "record not found")
	for _, tc := range []struct {
		name string
		err  error
		want *fault.Sentinel
	}{
		{"nil", nil, nil},
		{"plain error", errors.New("boom"), nil},
		{"sentinel itself", notFound, notFound},
		{"wrapped", fmt.Errorf("sqlite: read: %w: %w", unavailable, errors.New("disk I/O")), unavailable},
		{"first of two", fmt.Errorf("%w: %w", notFound, unavailable), notFound},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := fault.Of(tc.err); got != tc.want {
				t.Fatalf("Of(%v) = %v, want %v", tc.err, got, tc.want)
			}
		})
	}
}

func TestSentinelIsComparedByIdentity(t *testing.T) {
	a, b := fault.New(fault.NotFound, "same"), fault.New(fault.NotFound, "same")
	if errors.Is(fmt.Errorf("x: %w", a), b) {
		t.Fatal("two sentinels with one message must stay distinct under errors.Is")
	}
	if !errors.Is(fmt.Errorf("x: %w", a), a) {
		t.Fatal("a wrapped sentinel must match itself under errors.Is")
	}
	if a.Kind() != fault.NotFound || a.Error() != "same" {
		t.Fatalf("Kind, Error = %v, %q", a.Kind(), a.Error())
	}
}
