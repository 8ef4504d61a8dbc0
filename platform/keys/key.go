// Package keys issues and checks Lectern's API keys. Assistant keys are public and bound to
// one docs domain; admin keys are secret and bound to one project; ingest keys are secret,
// bound to one project, and can only write events. Only a hash of each key's secret is stored.
package keys

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base32"
	"encoding/hex"
	"fmt"
	"strings"
	"time"

	"github.com/lectern-dev/lectern/platform/fault"
	"github.com/oklog/ulid/v2"
)

// Kind says where a key may be used.
type Kind string

// Key kinds.
const (
	KindAdmin     Kind = "admin"     // secret; the analytics routes of one project
	KindAssistant Kind = "assistant" // public; the discovery routes of one domain
	KindIngest    Kind = "ingest"    // secret; writes the events of one project, reads nothing
)

// Kinds lists every key kind.
var Kinds = []Kind{KindAdmin, KindAssistant, KindIngest}

// Valid reports whether k is a known kind.
func (k Kind) Valid() bool { return k == KindAdmin || k == KindAssistant || k == KindIngest }

// prefix returns the recognisable token prefix of a kind.
func (k Kind) prefix() string {
	switch k {
	case KindAdmin:
		return "lk_admin_"
	case KindIngest:
		return "lk_ing_"
	}
	return "lk_pub_"
}

// Sentinel errors of authentication.
var (
	ErrMissing   error = fault.New(fault.Unauthorized, "missing API key")
	ErrMalformed error = fault.New(fault.Unauthorized, "malformed API key")
	ErrUnknown   error = fault.New(fault.Unauthorized, "unknown or revoked API key")
	ErrExpired   error = fault.New(fault.Unauthorized, "expired API key")
	ErrForbidden error = fault.New(fault.Forbidden, "API key not allowed here")
)

// Key is a stored key: everything but the secret, of which only a hash is kept.
type Key struct {
	ID         string    `json:"id"`
	Kind       Kind      `json:"kind"`
	Scope      string    `json:"scope"` // the domain of an assistant key, the project of an admin key
	Hash       string    `json:"hash"`  // hex SHA-256 of the secret
	CreatedAt  time.Time `json:"createdAt"`
	ExpiresAt  time.Time `json:"expiresAt,omitzero"`
	AllowedIPs []string  `json:"allowedIPs,omitempty"`
	LastUsedAt time.Time `json:"lastUsedAt,omitzero"`
}

// Expired reports whether k has expired at now.
func (k *Key) Expired(now time.Time) bool { return !k.ExpiresAt.IsZero() && !now.Before(k.ExpiresAt) }

var secretEncoding = base32.StdEncoding.WithPadding(base32.NoPadding)

// Generate makes a new key of kind bound to scope, returning the stored record and the token
// to hand out (shown once). The token is `lk_admin_<id>_<secret>` or `lk_pub_<id>_<secret>`.
func Generate(kind Kind, scope string, now time.Time) (Key, string, error) {
	if !kind.Valid() {
		return Key{}, "", fmt.Errorf("key kind %q: want admin, assistant or ingest", kind)
	}
	raw := make([]byte, 32)
	if _, err := rand.Read(raw); err != nil {
		return Key{}, "", fmt.Errorf("random secret: %w", err)
	}
	secret := strings.ToLower(secretEncoding.EncodeToString(raw))
	id := ulid.MustNew(ulid.Timestamp(now), rand.Reader).String()
	k := Key{ID: id, Kind: kind, Scope: scope, Hash: hashSecret(secret), CreatedAt: now.UTC()}
	return k, kind.prefix() + id + "_" + secret, nil
}

// ParseToken splits a token into its kind, key id and secret.
func ParseToken(token string) (Kind, string, string, error) {
	for _, kind := range Kinds {
		rest, ok := strings.CutPrefix(token, kind.prefix())
		if !ok {
			continue
		}
		id, secret, ok := strings.Cut(rest, "_")
		if !ok || len(id) != ulid.EncodedSize || len(secret) != 52 {
			return "", "", "", ErrMalformed
		}
		if _, err := ulid.ParseStrict(id); err != nil {
			return "", "", "", ErrMalformed
		}
		return kind, id, secret, nil
	}
	return "", "", "", ErrMalformed
}

// Matches reports whether secret is the one k was made with, in constant time.
func (k *Key) Matches(secret string) bool {
	return subtle.ConstantTimeCompare([]byte(k.Hash), []byte(hashSecret(secret))) == 1
}

func hashSecret(secret string) string {
	sum := sha256.Sum256([]byte(secret))
	return hex.EncodeToString(sum[:])
}
