package thread_test

import (
	"strings"
	"testing"

	"github.com/oklog/ulid/v2"

	"github.com/lectern-dev/lectern/assistant/thread"
)

// FuzzValidID checks the thread id form (schemas/event.ValidThreadID, which ingest uses on
// feedback without the ulid package) against ulid.ParseStrict, which made the ids.
func FuzzValidID(f *testing.F) {
	for _, s := range []string{"thr_01JV3QA2M4T7X9B1C3D5E7G9HK", "thr_01jv3qa2m4t7x9b1c3d5e7g9hk", "thr_8ZZZZZZZZZZZZZZZZZZZZZZZZZ",
		"thr_01JV3QA2M4T7X9B1C3D5E7G9HU", "thr_" + ulid.Make().String(), "x", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, id string) {
		rest, ok := strings.CutPrefix(id, "thr_")
		_, err := ulid.ParseStrict(rest)
		if want := ok && err == nil; thread.ValidID(id) != want {
			t.Fatalf("ValidID(%q) = %v, ulid.ParseStrict says %v", id, !want, want)
		}
	})
}
