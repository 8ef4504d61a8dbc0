package sqlite

import (
	"path/filepath"
	"testing"
)

// The writer connection uses the synchronous level the durability policy asks for.
func TestSynchronousFollowsPolicy(t *testing.T) {
	for _, tc := range []struct {
		name string
		opts []Option
		want int // PRAGMA synchronous: 1 NORMAL, 2 FULL
	}{
		{"default", nil, 1},
		{"sync full", []Option{SyncFull()}, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := Open(t.Context(), filepath.Join(t.TempDir(), "l.db"), nil, tc.opts...)
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			var got int
			if err := s.w.QueryRowContext(t.Context(), "PRAGMA synchronous").Scan(&got); err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Fatalf("PRAGMA synchronous = %d, want %d", got, tc.want)
			}
		})
	}
}
