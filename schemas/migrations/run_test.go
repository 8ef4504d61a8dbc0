package migrations_test

import (
	"context"
	"errors"
	"log/slog"
	"slices"
	"testing"

	"github.com/lectern-dev/lectern/schemas/migrations"
)

func TestRunAppliesOnlyWhatIsMissing(t *testing.T) {
	known := []migrations.Migration{{Version: 1, Name: "a"}, {Version: 2, Name: "b"}, {Version: 3, Name: "c"}}
	var ran []int
	applied := func(context.Context) (map[int]bool, error) { return map[int]bool{1: true, 3: true}, nil }
	apply := func(_ context.Context, m migrations.Migration) error { ran = append(ran, m.Version); return nil }
	if err := migrations.Run(context.Background(), known, applied, apply, slog.New(slog.DiscardHandler)); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(ran, []int{2}) {
		t.Errorf("ran %v, want [2]", ran)
	}
}

func TestRunStopsAtTheFirstFailure(t *testing.T) {
	known := []migrations.Migration{{Version: 1}, {Version: 2}, {Version: 3}}
	boom := errors.New("boom")
	var ran []int
	apply := func(_ context.Context, m migrations.Migration) error {
		ran = append(ran, m.Version)
		if m.Version == 2 {
			return boom
		}
		return nil
	}
	none := func(context.Context) (map[int]bool, error) { return nil, nil }
	if err := migrations.Run(context.Background(), known, none, apply, slog.New(slog.DiscardHandler)); !errors.Is(err, boom) {
		t.Fatalf("Run = %v, want boom", err)
	}
	if !slices.Equal(ran, []int{1, 2}) {
		t.Errorf("ran %v, want [1 2]", ran)
	}
}
