package bus_test

import (
	"errors"
	"log/slog"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/bus"
)

func TestParseSync(t *testing.T) {
	for _, tc := range []struct {
		in      string
		want    bus.Sync
		wantErr bool
	}{
		{"always", bus.Sync{Always: true}, false},
		{"1s", bus.Sync{Interval: time.Second}, false},
		{"250ms", bus.Sync{Interval: 250 * time.Millisecond}, false},
		{"0s", bus.Sync{}, true},
		{"-1s", bus.Sync{}, true},
		{"sometimes", bus.Sync{}, true},
		{"", bus.Sync{}, true},
	} {
		got, err := bus.ParseSync(tc.in)
		if (err != nil) != tc.wantErr || got != tc.want {
			t.Errorf("ParseSync(%q) = %+v, %v; want %+v, error %v", tc.in, got, err, tc.want, tc.wantErr)
		}
		if err != nil && !errors.Is(err, bus.ErrBadSync) {
			t.Errorf("ParseSync(%q) error %v does not wrap ErrBadSync", tc.in, err)
		}
		if err == nil && got.String() != tc.in {
			t.Errorf("ParseSync(%q).String() = %q", tc.in, got.String())
		}
	}
}

// The embedded server's JetStream store runs with the policy it was given.
func TestEmbeddedSyncPolicy(t *testing.T) {
	for _, tc := range []struct {
		name         string
		sync         bus.Sync
		wantAlways   bool
		wantInterval time.Duration
	}{
		{"default", bus.Sync{}, false, time.Second},
		{"interval", bus.Sync{Interval: 3 * time.Second}, false, 3 * time.Second},
		{"always", bus.Sync{Always: true}, true, time.Second},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ns, err := bus.StartEmbedded(bus.EmbeddedConfig{Addr: "127.0.0.1:-1", StoreDir: t.TempDir(), Sync: tc.sync}, slog.New(slog.DiscardHandler))
			if err != nil {
				t.Fatal(err)
			}
			defer ns.Shutdown()
			js := ns.JetStreamConfig()
			if js == nil {
				t.Fatal("JetStream is not enabled")
			}
			if js.SyncAlways != tc.wantAlways || js.SyncInterval != tc.wantInterval {
				t.Fatalf("sync always=%v interval=%v; want always=%v interval=%v", js.SyncAlways, js.SyncInterval, tc.wantAlways, tc.wantInterval)
			}
		})
	}
}
