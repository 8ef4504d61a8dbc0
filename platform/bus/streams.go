package bus

import (
	"context"
	"fmt"
	"time"

	"github.com/lectern-dev/lectern/schemas/event"
	"github.com/nats-io/nats.go/jetstream"
)

// StreamConfig sizes the event and dead-letter streams.
type StreamConfig struct {
	Replicas        int           // 1 for a single server, 3 in a cluster
	DuplicateWindow time.Duration // how long a Nats-Msg-Id is remembered; at least 2 minutes
	MaxAge          time.Duration // how long events are retained; 0 keeps them
	// MaxBytes is the most bytes retained per replica; 0 is no cap. A full stream refuses new
	// events (publishers answer 503) rather than drop old ones that may not be stored yet; the
	// ingest consumers trim what they have stored before it fills (consumer.trim).
	MaxBytes int64
}

// DefaultStreamConfig suits the embedded single server.
func DefaultStreamConfig() StreamConfig {
	return StreamConfig{Replicas: 1, DuplicateWindow: 2 * time.Minute, MaxAge: 7 * 24 * time.Hour}
}

// EnsureStreams creates or updates the event stream and the dead-letter stream.
func EnsureStreams(ctx context.Context, js jetstream.JetStream, cfg StreamConfig) error {
	streams := []jetstream.StreamConfig{
		{
			Name:        event.StreamEvents,
			Description: "Lectern events: feedback and assistant conversations",
			Subjects:    []string{event.SubjectPrefix + ".>"},
			Storage:     jetstream.FileStorage,
			Replicas:    cfg.Replicas,
			Duplicates:  cfg.DuplicateWindow,
			MaxAge:      cfg.MaxAge,
			MaxBytes:    maxBytes(cfg.MaxBytes),
			Discard:     jetstream.DiscardNew,
			Retention:   jetstream.LimitsPolicy,
		},
		{
			Name:        event.StreamDeadLetter,
			Description: "Lectern events that could never be stored, with the reason in the Lectern-Reason header",
			Subjects:    []string{event.DeadLetterPrefix + ".>"},
			Storage:     jetstream.FileStorage,
			Replicas:    cfg.Replicas,
			Retention:   jetstream.LimitsPolicy,
		},
	}
	for _, sc := range streams {
		if _, err := js.CreateOrUpdateStream(ctx, sc); err != nil {
			return fmt.Errorf("stream %s: %w", sc.Name, err)
		}
	}
	return nil
}

// maxBytes maps "no cap" (0) to JetStream's -1.
func maxBytes(n int64) int64 {
	if n <= 0 {
		return -1
	}
	return n
}
