// Package visitor tells readers apart without storing who they are: a visitor id is a keyed
// hash of the site, the client address and the User-Agent under a salt that changes every UTC
// day and is kept for two days only, in a JetStream key-value bucket shared by every ingest
// replica (as Plausible does). The address itself is never stored. Classify tells people from
// AI agents and drops other robots.
package visitor

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// Bucket holds one random salt per UTC day.
const Bucket = "lectern_salts"

// saltTTL keeps yesterday's salt for events that arrive late, and no older one.
const saltTTL = 49 * time.Hour

// Hasher makes visitor ids.
type Hasher struct {
	kv   jetstream.KeyValue
	mu   sync.Mutex
	day  string
	salt []byte
}

// Open opens (creating when missing) the salt bucket.
func Open(ctx context.Context, js jetstream.JetStream, replicas int) (*Hasher, error) {
	kv, err := js.CreateOrUpdateKeyValue(ctx, jetstream.KeyValueConfig{
		Bucket:      Bucket,
		Description: "Lectern visitor-id salts, one per UTC day, kept two days",
		Storage:     jetstream.FileStorage,
		Replicas:    replicas,
		TTL:         saltTTL,
		History:     1,
	})
	if err != nil {
		return nil, fmt.Errorf("salt bucket: %w", err)
	}
	return &Hasher{kv: kv}, nil
}

// ID is the visitor id of a reader of site at addr with userAgent, on now's UTC day.
func (h *Hasher) ID(ctx context.Context, site, addr, userAgent string, now time.Time) (string, error) {
	salt, err := h.saltFor(ctx, now.UTC().Format(time.DateOnly))
	if err != nil {
		return "", err
	}
	mac := hmac.New(sha256.New, salt)
	for _, part := range []string{site, addr, userAgent} {
		mac.Write([]byte(part))
		mac.Write([]byte{0})
	}
	return "v_" + hex.EncodeToString(mac.Sum(nil)[:12]), nil
}

// saltFor returns the salt of day, creating it when no replica has yet.
func (h *Hasher) saltFor(ctx context.Context, day string) ([]byte, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.day == day {
		return h.salt, nil
	}
	e, err := h.kv.Get(ctx, day)
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		salt := make([]byte, 32)
		if _, err := rand.Read(salt); err != nil {
			return nil, err
		}
		if _, err = h.kv.Create(ctx, day, salt); errors.Is(err, jetstream.ErrKeyExists) {
			e, err = h.kv.Get(ctx, day) // another replica made it first
		} else if err == nil {
			h.day, h.salt = day, salt
			return salt, nil
		}
	}
	if err != nil {
		return nil, fmt.Errorf("visitor salt %s: %w", day, err)
	}
	h.day, h.salt = day, e.Value()
	return h.salt, nil
}
