package ratelimit_test

import (
	"context"
	"net/netip"
	"strings"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/fakeclock"
	"github.com/lectern-dev/lectern/platform/ratelimit"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
)

// configWith returns a config with every limit off but those set by edit.
func configWith(edit func(c *ratelimit.Config)) ratelimit.Config {
	c := ratelimit.DefaultConfig()
	c.Discovery, c.Events, c.Assistant, c.Admin = ratelimit.LimitConfig{}, ratelimit.LimitConfig{}, ratelimit.LimitConfig{}, ratelimit.LimitConfig{}
	if edit != nil {
		edit(&c)
	}
	return c
}

func mustRate(t testing.TB, s string) ratelimit.Rate {
	t.Helper()
	r, err := ratelimit.ParseRate(s)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func mustNew(t testing.TB, cfg ratelimit.Config, opts ...ratelimit.Option) *ratelimit.Limiter {
	t.Helper()
	l, err := ratelimit.New(cfg, prometheus.NewRegistry(), opts...)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// TestBucketRefillsOnTime drains a 5/200ms bucket and checks every decision on a stopped and
// then advancing clock: the burst, the refusal with its retry time, one request back per
// 40 ms, and the full bucket after 200 ms.
func TestBucketRefillsOnTime(t *testing.T) {
	clock := fakeclock.New()
	l := mustNew(t, configWith(func(c *ratelimit.Config) { c.Discovery.PerKey = mustRate(t, "5/200ms") }), ratelimit.WithClock(clock.Now))
	for i := range 5 {
		d := l.AllowKey(ratelimit.Discovery, "key-1")
		if !d.Allowed || d.Limit != 5 || d.Remaining != 4-i {
			t.Fatalf("request %d: %+v; want allowed, limit 5, remaining %d", i+1, d, 4-i)
		}
	}
	refused := l.AllowKey(ratelimit.Discovery, "key-1")
	if refused.Allowed || refused.RetryAfter != 40*time.Millisecond || refused.Reset != 200*time.Millisecond {
		t.Fatalf("6th request: %+v; want refused, retry after 40ms, reset 200ms", refused)
	}
	clock.Advance(39 * time.Millisecond)
	if d := l.AllowKey(ratelimit.Discovery, "key-1"); d.Allowed || d.RetryAfter != time.Millisecond {
		t.Fatalf("1 ms early: %+v; want refused, retry after 1ms", d)
	}
	clock.Advance(time.Millisecond)
	if d := l.AllowKey(ratelimit.Discovery, "key-1"); !d.Allowed || d.Remaining != 0 {
		t.Fatalf("after one interval: %+v; want allowed, remaining 0", d)
	}
	clock.Advance(200 * time.Millisecond)
	if d := l.AllowKey(ratelimit.Discovery, "key-1"); !d.Allowed || d.Remaining != 4 {
		t.Fatalf("after the refill: %+v; want allowed, remaining 4", d)
	}
}

// TestBucketsAreSeparate checks that keys, addresses, /64s and route kinds have their own
// buckets.
func TestBucketsAreSeparate(t *testing.T) {
	cfg := configWith(func(c *ratelimit.Config) {
		c.Discovery = ratelimit.LimitConfig{PerIP: mustRate(t, "1/h"), PerKey: mustRate(t, "1/h")}
		c.Admin = ratelimit.LimitConfig{PerIP: mustRate(t, "1/h"), PerKey: mustRate(t, "1/h")}
	})
	l := mustNew(t, cfg, ratelimit.WithClock(fakeclock.New().Now))
	a := netip.MustParseAddr("2001:db8::1")
	steps := []struct {
		name  string
		allow func() ratelimit.Decision
		want  bool
	}{
		{"key-1", func() ratelimit.Decision { return l.AllowKey(ratelimit.Discovery, "key-1") }, true},
		{"key-1 again", func() ratelimit.Decision { return l.AllowKey(ratelimit.Discovery, "key-1") }, false},
		{"key-2", func() ratelimit.Decision { return l.AllowKey(ratelimit.Discovery, "key-2") }, true},
		{"key-1 on admin routes", func() ratelimit.Decision { return l.AllowKey(ratelimit.Admin, "key-1") }, true},
		{"address", func() ratelimit.Decision { return l.AllowAddr(ratelimit.Discovery, a) }, true},
		{"same /64", func() ratelimit.Decision {
			return l.AllowAddr(ratelimit.Discovery, netip.MustParseAddr("2001:db8::ffff:3"))
		}, false},
		{"next /64", func() ratelimit.Decision {
			return l.AllowAddr(ratelimit.Discovery, netip.MustParseAddr("2001:db8:0:1::1"))
		}, true},
		{"IPv4 and its mapped form", func() ratelimit.Decision {
			l.AllowAddr(ratelimit.Discovery, netip.MustParseAddr("192.0.2.1"))
			return l.AllowAddr(ratelimit.Discovery, netip.MustParseAddr("::ffff:192.0.2.1"))
		}, false},
		{"off kind", func() ratelimit.Decision { return l.AllowKey(ratelimit.Assistant, "key-1") }, true},
	}
	for _, s := range steps {
		if got := s.allow().Allowed; got != s.want {
			t.Fatalf("%s: allowed %v, want %v", s.name, got, s.want)
		}
	}
}

// TestEviction floods one table with distinct addresses: memory stays within MaxEntries and
// an exhausted bucket is not the one dropped.
func TestEviction(t *testing.T) {
	l := mustNew(t, configWith(func(c *ratelimit.Config) {
		c.MaxEntries = 64
		c.Discovery.PerIP = mustRate(t, "3/h")
	}), ratelimit.WithClock(fakeclock.New().Now))
	flooder := netip.MustParseAddr("198.51.100.1")
	for range 3 {
		l.AllowAddr(ratelimit.Discovery, flooder)
	}
	for i := range 10_000 {
		addr := netip.AddrFrom4([4]byte{10, byte(i >> 16), byte(i >> 8), byte(i)})
		if d := l.AllowAddr(ratelimit.Discovery, addr); !d.Allowed {
			t.Fatalf("new address %s refused", addr)
		}
		if n := l.Len(); n > 64 {
			t.Fatalf("%d buckets after %d addresses: want at most 64", n, i+1)
		}
	}
	if d := l.AllowAddr(ratelimit.Discovery, flooder); d.Allowed {
		t.Fatal("the exhausted bucket was evicted by the flood")
	}
}

// TestSweep checks that buckets full again are dropped, and only those.
func TestSweep(t *testing.T) {
	clock := fakeclock.New()
	l := mustNew(t, configWith(func(c *ratelimit.Config) {
		c.Discovery.PerIP = mustRate(t, "5/100ms")
		c.Discovery.PerKey = mustRate(t, "5/h")
	}), ratelimit.WithClock(clock.Now))
	for i := range 100 {
		l.AllowAddr(ratelimit.Discovery, netip.AddrFrom4([4]byte{10, 0, 0, byte(i)}))
	}
	l.AllowKey(ratelimit.Discovery, "key-1")
	if n := l.Len(); n != 101 {
		t.Fatalf("%d buckets, want 101", n)
	}
	clock.Advance(19 * time.Millisecond) // one request comes back in 20 ms
	l.Sweep()
	if n := l.Len(); n != 101 {
		t.Fatalf("%d buckets after an early sweep, want 101", n)
	}
	clock.Advance(time.Millisecond)
	l.Sweep()
	if n := l.Len(); n != 1 {
		t.Fatalf("%d buckets after the sweep, want 1 (the hourly key)", n)
	}
}

// TestRun checks that Run returns when its context ends.
func TestRun(t *testing.T) {
	l := mustNew(t, configWith(nil))
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- l.Run(ctx) }()
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// TestUnknownKind checks that an unknown route kind panics: a programming error.
func TestUnknownKind(t *testing.T) {
	defer func() {
		if r := recover(); r == nil || !strings.Contains(r.(string), "widgets") {
			t.Fatalf("panic %v; want one naming the kind", r)
		}
	}()
	mustNew(t, configWith(nil)).AllowKey("widgets", "key-1")
}

// TestLimits reports which limits a kind has.
func TestLimits(t *testing.T) {
	l := mustNew(t, configWith(func(c *ratelimit.Config) { c.Admin.PerKey = mustRate(t, "1/s") }))
	if ip, key := l.Limits(ratelimit.Admin); ip || !key {
		t.Fatalf("admin limits ip %v key %v; want false, true", ip, key)
	}
	if ip, key := l.Limits(ratelimit.Discovery); ip || key {
		t.Fatalf("discovery limits ip %v key %v; want none", ip, key)
	}
}

// TestBucketGauges checks the table sizes exported on the registry.
func TestBucketGauges(t *testing.T) {
	reg := prometheus.NewRegistry()
	l, err := ratelimit.New(configWith(func(c *ratelimit.Config) { c.Discovery.PerIP = mustRate(t, "1/h") }), reg)
	if err != nil {
		t.Fatal(err)
	}
	l.AllowAddr(ratelimit.Discovery, netip.MustParseAddr("203.0.113.1"))
	want := `
# HELP lectern_ratelimit_buckets Rate-limit buckets held, by table (client addresses, keys).
# TYPE lectern_ratelimit_buckets gauge
lectern_ratelimit_buckets{table="addr"} 1
lectern_ratelimit_buckets{table="key"} 0
`
	if err := testutil.GatherAndCompare(reg, strings.NewReader(want), "lectern_ratelimit_buckets"); err != nil {
		t.Fatal(err)
	}
}

// TestDefaultEventsLimitsCarryABusySite replays, on a fake clock, a minute of a busy site's
// beacons against the default limits: 500 a second for the site's public key, each from a
// reader's own address, and an office of readers behind one address sending 5 a second. A
// refused beacon is a page view lost (sendBeacon never retries), so the events kind must pass
// them all; the discovery kind's limits, sized for searches and questions, would not.
func TestDefaultEventsLimitsCarryABusySite(t *testing.T) {
	for _, tc := range []struct {
		kind        ratelimit.Kind
		wantRefused bool
	}{
		{ratelimit.Events, false},
		{ratelimit.Discovery, true},
	} {
		t.Run(string(tc.kind), func(t *testing.T) {
			clock := fakeclock.New()
			l := mustNew(t, ratelimit.DefaultConfig(), ratelimit.WithClock(clock.Now))
			office := netip.MustParseAddr("198.51.100.7")
			refused := 0
			for ms := range 60_000 {
				if ms%2 == 0 { // 500 a second from the site's readers, one address each
					reader := netip.AddrFrom4([4]byte{10, byte(ms >> 16), byte(ms >> 8), byte(ms)})
					if !l.AllowAddr(tc.kind, reader).Allowed || !l.AllowKey(tc.kind, "site-public-key").Allowed {
						refused++
					}
				}
				if ms%200 == 0 && !l.AllowAddr(tc.kind, office).Allowed { // 5 a second from one office
					refused++
				}
				clock.Advance(time.Millisecond)
			}
			if got := refused > 0; got != tc.wantRefused {
				t.Fatalf("%d of 30,300 beacons refused; want refusals: %v", refused, tc.wantRefused)
			}
		})
	}
}
