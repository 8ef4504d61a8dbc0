package consumer_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/bus"
	"github.com/lectern-dev/lectern/schemas/event"
)

// A byte-capped stream refuses new events when full instead of dropping old ones, and the
// consumer purges what it stored, so intake recovers and nothing accepted is lost.
func TestFullStreamRefusesThenRecovers(t *testing.T) {
	f := setup(t)
	ctx := context.Background()
	capped := bus.DefaultStreamConfig()
	capped.MaxBytes = 96 << 10
	if err := bus.EnsureStreams(ctx, f.srv.JS, capped); err != nil {
		t.Fatal(err)
	}
	f.run(t)
	const n = 800 // about 3x the cap
	refused := 0
	deadline := time.Now().Add(60 * time.Second)
	for range n {
		e := feedback("p1")
		for {
			err := f.pub.Publish(ctx, "p1", event.TypeFeedback, e.EventID, e)
			if err == nil {
				break
			}
			if !errors.Is(err, bus.ErrUnavailable) {
				t.Fatal(err)
			}
			refused++
			if time.Now().After(deadline) {
				t.Fatalf("the full stream never accepted events again (%d refusals); stored events are not trimmed", refused)
			}
			f.waitTrimmedOrStored(t)
		}
	}
	waitFor(t, "every accepted event stored", func() bool { return f.count(t, "p1") == n })
	if refused == 0 {
		t.Fatalf("%d events of about 300 bytes never filled a %d-byte stream; the cap is not applied", n, capped.MaxBytes)
	}
	if trims := metricValue(t, f.reg, "lectern_events_stream_trims_total"); trims == 0 {
		t.Fatal("no trim counted")
	}
}

// waitTrimmedOrStored waits until the stream has room again (its byte count drops).
func (f *fixture) waitTrimmedOrStored(t *testing.T) {
	t.Helper()
	s, err := f.srv.JS.Stream(context.Background(), event.StreamEvents)
	if err != nil {
		t.Fatal(err)
	}
	before := s.CachedInfo().State.Bytes
	waitFor(t, "the stream trimmed", func() bool {
		info, err := s.Info(context.Background())
		return err == nil && info.State.Bytes < before
	})
}
