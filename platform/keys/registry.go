package keys

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/netip"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// Bucket is the JetStream key-value bucket holding the keys, one entry per key id.
const Bucket = "lectern_keys"

// Registry stores keys in a JetStream key-value bucket and, once Watch runs, authenticates
// tokens against an in-memory copy that follows every change to the bucket.
type Registry struct {
	kv     jetstream.KeyValue
	logger *slog.Logger
	now    func() time.Time

	mu    sync.RWMutex
	keys  map[string]*entry
	ready chan struct{}
}

// entry is a cached key with the bucket revision it came from and its last use, recorded
// without locks on the request path and written back to the bucket now and then.
type entry struct {
	key      Key
	revision uint64
	used     atomic.Int64 // unix milliseconds of the last successful authentication
}

// Open opens (creating when missing) the key bucket.
func Open(ctx context.Context, js jetstream.JetStream, replicas int, logger *slog.Logger) (*Registry, error) {
	kv, err := js.CreateOrUpdateKeyValue(ctx, jetstream.KeyValueConfig{
		Bucket:      Bucket,
		Description: "Lectern API keys (hashed secrets only)",
		Storage:     jetstream.FileStorage,
		Replicas:    replicas,
		History:     1,
	})
	if err != nil {
		return nil, fmt.Errorf("key bucket: %w", err)
	}
	return &Registry{kv: kv, logger: logger, now: time.Now, keys: map[string]*entry{}, ready: make(chan struct{})}, nil
}

// Attach opens the key bucket as it is, for tools beside the servers (lectern keys): the
// servers own its configuration, so an existing bucket is never updated (a tool run with other
// settings would otherwise shrink a 3-replica bucket to one). A missing bucket is created as Open
// does, with replicas.
func Attach(ctx context.Context, js jetstream.JetStream, replicas int, logger *slog.Logger) (*Registry, error) {
	kv, err := js.KeyValue(ctx, Bucket)
	if errors.Is(err, jetstream.ErrBucketNotFound) {
		return Open(ctx, js, replicas, logger)
	}
	if err != nil {
		return nil, fmt.Errorf("key bucket: %w", err)
	}
	return &Registry{kv: kv, logger: logger, now: time.Now, keys: map[string]*entry{}, ready: make(chan struct{})}, nil
}

// Create generates and stores a new key, returning its record and the token (shown once).
func (r *Registry) Create(ctx context.Context, kind Kind, scope string, opts CreateOptions) (Key, string, error) {
	k, token, err := Generate(kind, scope, r.now())
	if err != nil {
		return Key{}, "", err
	}
	k.ExpiresAt, k.AllowedIPs = opts.ExpiresAt, opts.AllowedIPs
	if err := r.put(ctx, k); err != nil {
		return Key{}, "", err
	}
	return k, token, nil
}

// CreateOptions are the optional limits of a new key.
type CreateOptions struct {
	ExpiresAt  time.Time // zero: never
	AllowedIPs []string  // client addresses or CIDR prefixes; empty: any
}

func (r *Registry) put(ctx context.Context, k Key) error {
	data, err := json.Marshal(k)
	if err != nil {
		return fmt.Errorf("encode key: %w", err)
	}
	if _, err := r.kv.Put(ctx, k.ID, data); err != nil {
		return fmt.Errorf("store key %s: %w", k.ID, err)
	}
	return nil
}

// List returns every stored key, oldest first.
func (r *Registry) List(ctx context.Context) ([]Key, error) {
	lister, err := r.kv.ListKeys(ctx)
	if err != nil {
		return nil, fmt.Errorf("list keys: %w", err)
	}
	var out []Key
	for id := range lister.Keys() {
		k, err := r.get(ctx, id)
		if errors.Is(err, ErrUnknown) {
			continue
		}
		if err != nil {
			return nil, err
		}
		out = append(out, k)
	}
	slices.SortFunc(out, func(a, b Key) int { return a.CreatedAt.Compare(b.CreatedAt) })
	return out, nil
}

func (r *Registry) get(ctx context.Context, id string) (Key, error) {
	e, err := r.kv.Get(ctx, id)
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		return Key{}, ErrUnknown
	}
	if err != nil {
		return Key{}, fmt.Errorf("get key %s: %w", id, err)
	}
	var k Key
	if err := json.Unmarshal(e.Value(), &k); err != nil {
		return Key{}, fmt.Errorf("decode key %s: %w", id, err)
	}
	return k, nil
}

// Revoke deletes a key; every instance watching the bucket stops accepting it.
func (r *Registry) Revoke(ctx context.Context, id string) error {
	if _, err := r.get(ctx, id); err != nil {
		return err
	}
	if err := r.kv.Purge(ctx, id); err != nil {
		return fmt.Errorf("revoke key %s: %w", id, err)
	}
	return nil
}

// Issued reports whether the bucket ever held a key: a revoked key leaves a purge marker, so a
// bucket whose keys were all revoked is not empty.
func (r *Registry) Issued(ctx context.Context) (bool, error) {
	st, err := r.kv.Status(ctx)
	if err != nil {
		return false, fmt.Errorf("key bucket status: %w", err)
	}
	return st.Values() > 0, nil
}

// Watch keeps the in-memory copy in step with the bucket until ctx ends.
func (r *Registry) Watch(ctx context.Context) error {
	w, err := r.kv.WatchAll(ctx)
	if err != nil {
		return fmt.Errorf("watch keys: %w", err)
	}
	defer func() { _ = w.Stop() }()
	for {
		select {
		case <-ctx.Done():
			return nil
		case e, ok := <-w.Updates():
			if !ok {
				return nil
			}
			r.apply(e)
		}
	}
}

func (r *Registry) apply(e jetstream.KeyValueEntry) {
	if e == nil { // the initial values have all arrived
		select {
		case <-r.ready:
		default:
			close(r.ready)
		}
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if e.Operation() != jetstream.KeyValuePut {
		delete(r.keys, e.Key())
		return
	}
	var k Key
	if err := json.Unmarshal(e.Value(), &k); err != nil {
		r.logger.Warn("undecodable key entry", "id", e.Key(), "err", err)
		return
	}
	next := &entry{key: k, revision: e.Revision()}
	if prev, ok := r.keys[k.ID]; ok {
		next.used.Store(prev.used.Load())
	}
	r.keys[k.ID] = next
}

// Ready is closed once Watch has loaded every stored key.
func (r *Registry) Ready() <-chan struct{} { return r.ready }

// Authenticate checks a bearer token presented from client address ip and returns its key.
func (r *Registry) Authenticate(token string, ip string) (Key, error) {
	if token == "" {
		return Key{}, ErrMissing
	}
	kind, id, secret, err := ParseToken(token)
	if err != nil {
		return Key{}, err
	}
	r.mu.RLock()
	e, ok := r.keys[id]
	r.mu.RUnlock()
	if !ok || e.key.Kind != kind || !e.key.Matches(secret) {
		return Key{}, ErrUnknown
	}
	now := r.now()
	if e.key.Expired(now) {
		return Key{}, ErrExpired
	}
	if !ipAllowed(e.key.AllowedIPs, ip) {
		return Key{}, fmt.Errorf("client address %s: %w", ip, ErrForbidden)
	}
	e.used.Store(now.UnixMilli())
	return e.key, nil
}

// ipAllowed reports whether ip is in the allowlist (an empty list allows every address).
func ipAllowed(allow []string, ip string) bool {
	if len(allow) == 0 {
		return true
	}
	addr, err := netip.ParseAddr(ip)
	if err != nil {
		return false
	}
	for _, a := range allow {
		if p, err := netip.ParsePrefix(a); err == nil && p.Contains(addr) {
			return true
		}
		if b, err := netip.ParseAddr(a); err == nil && b == addr.Unmap() {
			return true
		}
	}
	return false
}
