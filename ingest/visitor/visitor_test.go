package visitor_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/ingest/visitor"
	"github.com/lectern-dev/lectern/platform/bus/bustest"
)

func TestVisitorIDs(t *testing.T) {
	srv := bustest.Start(t)
	ctx := context.Background()
	a, err := visitor.Open(ctx, srv.JS, 1)
	if err != nil {
		t.Fatal(err)
	}
	b, err := visitor.Open(ctx, srv.JS, 1) // another replica
	if err != nil {
		t.Fatal(err)
	}
	day := time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC)
	id := func(h *visitor.Hasher, site, addr, ua string, at time.Time) string {
		t.Helper()
		v, err := h.ID(ctx, site, addr, ua, at)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	base := id(a, "acme", "203.0.113.7", "Firefox", day)
	if !strings.HasPrefix(base, "v_") || strings.Contains(base, "203.0.113.7") {
		t.Fatalf("visitor id %q", base)
	}
	for _, tc := range []struct {
		name string
		got  string
		same bool
	}{
		{"same reader, same day, same replica", id(a, "acme", "203.0.113.7", "Firefox", day.Add(5*time.Hour)), true},
		{"same reader on another replica", id(b, "acme", "203.0.113.7", "Firefox", day.Add(time.Hour)), true},
		{"another address", id(a, "acme", "203.0.113.8", "Firefox", day), false},
		{"another browser", id(a, "acme", "203.0.113.7", "Chrome", day), false},
		{"another site", id(a, "globex", "203.0.113.7", "Firefox", day), false},
		{"the next day", id(a, "acme", "203.0.113.7", "Firefox", day.Add(24*time.Hour)), false},
	} {
		if (tc.got == base) != tc.same {
			t.Errorf("%s: %q vs %q, want same=%v", tc.name, tc.got, base, tc.same)
		}
	}
}
