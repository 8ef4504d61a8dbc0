package consumer_test

import (
	"flag"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/ingest/consumer"
)

// TestConfigBoundsTheFetchesInFlight: the workers' fetches on their way at once
// (consumer-batch-bytes × consumer-workers) stay within nats-server's default max_pending, past
// which it closes the connection as a slow consumer; the defaults are valid.
func TestConfigBoundsTheFetchesInFlight(t *testing.T) {
	tests := []struct {
		name    string
		bytes   int
		workers int
		wantErr string
	}{
		{"the defaults", 0, 0, ""},
		{"64 MiB in one worker", 64 << 20, 1, ""},
		{"16 MiB in four workers", 16 << 20, 4, ""},
		{"64 MiB in two workers", 64 << 20, 2, "consumer-batch-bytes × consumer-workers: 67108864 × 2 must be at most 67108864"},
		{"16 MiB in 64 workers", 16 << 20, 64, "slow consumer"},
		{"1 GiB in one worker", 1 << 30, 1, "max_pending"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var cfg consumer.Config
			cfg.RegisterFlags(flag.NewFlagSet("consumer", flag.ContinueOnError))
			if tc.bytes > 0 {
				cfg.BatchBytes, cfg.Workers = tc.bytes, tc.workers
			}
			err := cfg.Validate()
			switch {
			case tc.wantErr == "" && err != nil:
				t.Fatalf("Validate() = %v, want nil", err)
			case tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)):
				t.Fatalf("Validate() = %v, want an error containing %q", err, tc.wantErr)
			}
		})
	}
}
