// Package thread keeps assistant conversations continuous: a thread belongs to one docs
// domain, is reached with its id and a secret key (stored only as a hash), keeps the last few
// turns, and expires after an idle time. Threads live in a JetStream key-value bucket whose TTL
// is the idle time, so every turn's write starts the clock again.
package thread

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base32"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/oklog/ulid/v2"

	"github.com/lectern-dev/lectern/assistant/internal/text"
	"github.com/lectern-dev/lectern/schemas/event"
)

// Bucket is the key-value bucket holding the threads, one entry per thread id.
const Bucket = "lectern_threads"

// ErrNotFound reports a thread that does not exist, has expired, belongs to another domain or
// was asked for with the wrong key; callers cannot tell which, by design.
var ErrNotFound = errors.New("thread not found")

// Stored text limits of one turn, in bytes; longer text is cut at a character boundary.
const (
	maxQuestion = 4 << 10
	maxAnswer   = 16 << 10
)

// idPrefix starts every thread id.
const idPrefix = event.ThreadIDPrefix

// Turn is one question and the answer given.
type Turn struct {
	Question string `json:"q"`
	Answer   string `json:"a"`
}

// Thread is one conversation.
type Thread struct {
	ID        string    `json:"-"`
	Domain    string    `json:"domain"`
	KeyHash   string    `json:"keyHash"` // hex SHA-256 of the key
	CreatedAt time.Time `json:"createdAt"`
	UpdatedAt time.Time `json:"updatedAt"`
	Turns     []Turn    `json:"turns"`
	revision  uint64
}

// Config sets how long idle threads live and how many turns they keep.
type Config struct {
	TTL      time.Duration    // idle time after which a thread is gone
	MaxTurns int              // turns kept, the latest
	Replicas int              // bucket replicas
	Now      func() time.Time // the clock that ages threads; nil is time.Now (tests move a fake one).
	// The bucket's own TTL runs on the server's clock: it only removes threads the store
	// already treats as gone.
}

// Store reads and writes threads.
type Store struct {
	kv  jetstream.KeyValue
	cfg Config
	now func() time.Time
}

// Open opens (creating or updating when needed) the thread bucket.
func Open(ctx context.Context, js jetstream.JetStream, cfg Config) (*Store, error) {
	if cfg.TTL <= 0 || cfg.MaxTurns < 1 {
		return nil, fmt.Errorf("thread store: TTL %v and max turns %d must be positive", cfg.TTL, cfg.MaxTurns)
	}
	kv, err := js.CreateOrUpdateKeyValue(ctx, jetstream.KeyValueConfig{
		Bucket:       Bucket,
		Description:  "Lectern assistant threads (hashed keys, last turns)",
		TTL:          cfg.TTL,
		History:      1,
		MaxValueSize: 1 << 20,
		Storage:      jetstream.FileStorage,
		Replicas:     max(cfg.Replicas, 1),
	})
	if err != nil {
		return nil, fmt.Errorf("thread bucket: %w", err)
	}
	now := cfg.Now
	if now == nil {
		now = time.Now
	}
	return &Store{kv: kv, cfg: cfg, now: now}, nil
}

// ValidID reports whether id has the form of a thread id ("thr_" and a ULID).
func ValidID(id string) bool { return event.ValidThreadID(id) }

// Create starts a thread of domain and returns it with its key, which is shown only now.
func (s *Store) Create(ctx context.Context, domain string) (Thread, string, error) {
	key, err := newKey()
	if err != nil {
		return Thread{}, "", err
	}
	now := s.now().UTC()
	t := Thread{ID: idPrefix + ulid.Make().String(), Domain: domain, KeyHash: hashKey(key), CreatedAt: now, UpdatedAt: now, Turns: []Turn{}}
	data, err := json.Marshal(t)
	if err != nil {
		return Thread{}, "", fmt.Errorf("encode thread: %w", err)
	}
	err = retry(ctx, func(ctx context.Context, again bool) error {
		rev, err := s.kv.Create(ctx, t.ID, data)
		if again && errors.Is(err, jetstream.ErrKeyExists) {
			// The id is new and random: an attempt before this one was stored.
			e, gerr := s.kv.Get(ctx, t.ID)
			if gerr != nil {
				return gerr
			}
			rev, err = e.Revision(), nil
		}
		t.revision = rev
		return err
	})
	if err != nil {
		return Thread{}, "", fmt.Errorf("create thread: %w", err)
	}
	return t, key, nil
}

// Get returns the thread id of domain when key is its key; otherwise ErrNotFound.
func (s *Store) Get(ctx context.Context, domain, id, key string) (Thread, error) {
	t, err := s.load(ctx, id)
	if err != nil {
		return Thread{}, err
	}
	if t.Domain != domain || subtle.ConstantTimeCompare([]byte(t.KeyHash), []byte(hashKey(key))) != 1 {
		return Thread{}, ErrNotFound
	}
	return t, nil
}

// load reads a thread, treating one idle for longer than the TTL as gone even if the bucket
// has not removed it yet.
func (s *Store) load(ctx context.Context, id string) (Thread, error) {
	if !ValidID(id) {
		return Thread{}, ErrNotFound
	}
	var e jetstream.KeyValueEntry
	err := retry(ctx, func(ctx context.Context, _ bool) (err error) {
		e, err = s.kv.Get(ctx, id)
		return err
	})
	if errors.Is(err, jetstream.ErrKeyNotFound) || errors.Is(err, jetstream.ErrKeyDeleted) {
		return Thread{}, ErrNotFound
	}
	if err != nil {
		return Thread{}, fmt.Errorf("get thread: %w", err)
	}
	var t Thread
	if err := json.Unmarshal(e.Value(), &t); err != nil {
		return Thread{}, fmt.Errorf("decode thread %s: %w", id, err)
	}
	if s.now().Sub(t.UpdatedAt) > s.cfg.TTL {
		return Thread{}, ErrNotFound
	}
	t.ID, t.revision = id, e.Revision()
	return t, nil
}

// Append adds a turn to thread t, keeping the latest MaxTurns, and refreshes its idle time.
// A concurrent write to the same thread is retried on the newer version.
func (s *Store) Append(ctx context.Context, t Thread, turn Turn) error {
	turn = Turn{Question: text.Cut(turn.Question, maxQuestion), Answer: text.Cut(turn.Answer, maxAnswer)}
	for range 5 {
		t.Turns = append(t.Turns, turn)
		if n := len(t.Turns) - s.cfg.MaxTurns; n > 0 {
			t.Turns = t.Turns[n:]
		}
		t.UpdatedAt = s.now().UTC()
		data, err := json.Marshal(t)
		if err != nil {
			return fmt.Errorf("encode thread: %w", err)
		}
		err = retry(ctx, func(ctx context.Context, again bool) error {
			_, err := s.kv.Update(ctx, t.ID, data, t.revision)
			if again && errors.Is(err, jetstream.ErrKeyRevisionMismatch) {
				// An attempt before this one may have been stored: then it is the latest.
				if e, gerr := s.kv.Get(ctx, t.ID); gerr == nil && bytes.Equal(e.Value(), data) {
					return nil
				}
			}
			return err
		})
		if !errors.Is(err, jetstream.ErrKeyRevisionMismatch) {
			if err != nil {
				return fmt.Errorf("update thread %s: %w", t.ID, err)
			}
			return nil
		}
		if t, err = s.load(ctx, t.ID); err != nil {
			return err
		}
	}
	return fmt.Errorf("update thread %s: too many concurrent writes", t.ID)
}

var keyEncoding = base32.StdEncoding.WithPadding(base32.NoPadding)

// newKey makes a random thread key.
func newKey() (string, error) {
	raw := make([]byte, 32)
	if _, err := rand.Read(raw); err != nil {
		return "", fmt.Errorf("random thread key: %w", err)
	}
	return "tk_" + strings.ToLower(keyEncoding.EncodeToString(raw)), nil
}

func hashKey(key string) string {
	sum := sha256.Sum256([]byte(key))
	return hex.EncodeToString(sum[:])
}
