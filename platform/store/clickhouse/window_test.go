package clickhouse

import (
	"math/rand"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/oklog/ulid/v2"
)

func TestULIDTimeParts(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for _, ms := range []uint64{0, 1, 31, 32, 1_700_000_000_123, ulid.MaxTime(), uint64(rng.Int63n(1 << 48))} {
		id := ulid.MustNew(ms, rng).String()
		if got, ok := ulidTime(id); !ok || got != int64(ms) {
			t.Errorf("ulidTime(%s) = %d, %v, want %d", id, got, ok, ms)
		}
		floor := ulidFloor(int64(ms))
		if floor > id || floor[:10] != id[:10] || len(floor) != 26 {
			t.Errorf("ulidFloor(%d) = %s, not the floor of %s", ms, floor, id)
		}
		if ms > 0 && ulidFloor(int64(ms)-1) >= floor {
			t.Errorf("ulidFloor(%d) does not sort before ulidFloor(%d)", ms-1, ms)
		}
	}
	for _, bad := range []string{"", "01ARZ3NDE", "81ARZ3NDEKTSV4RRFFQ69G5FAV", "01arz3ndektsv4rrffq69g5fav", "01ARZ3NDEI"} {
		if _, ok := ulidTime(bad); ok {
			t.Errorf("ulidTime(%q) ok", bad)
		}
	}
}

// TestWindowsTile checks that the windows of a walk join without gap or overlap from the
// cursor down to no bound, whatever the first width.
func TestWindowsTile(t *testing.T) {
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	cursor := ulid.MustNew(ulid.Timestamp(now.Add(-time.Hour)), rand.New(rand.NewSource(2))).String()
	for _, c := range []struct {
		cursor string
		first  time.Duration
		max    int
	}{
		{"", defaultWindow, 16}, {cursor, 0, 17}, {cursor, time.Nanosecond, 17}, {cursor, 100 * 365 * 24 * time.Hour, 1},
		{"not a ulid", time.Second, 1}, {"01ARZ3NDEKTSV4RRFFQ69G5FAVXYZ", time.Minute, 14}, {"00000000000000000000000001", time.Second, 1},
	} {
		w := newWindows(span{hi: c.cursor}, now, hint{per: c.first}, 1)
		wantHi, n := c.cursor, 0
		for lo, hi, ok := w.next(); ok; lo, hi, ok = w.next() {
			n++
			if hi != wantHi {
				t.Fatalf("%+v: window %d is [%q, %q), want hi %q", c, n, lo, hi, wantHi)
			}
			if lo != "" && hi != "" && lo >= hi {
				t.Fatalf("%+v: window %d is empty: [%q, %q)", c, n, lo, hi)
			}
			wantHi = lo
			if lo == "" {
				break
			}
		}
		if wantHi != "" || n > c.max {
			t.Errorf("%+v: %d windows, last lower bound %q; want at most %d, ending unbounded", c, n, wantHi, c.max)
		}
		if _, _, ok := w.next(); ok {
			t.Errorf("%+v: a window after the unbounded one", c)
		}
	}
}

func TestHints(t *testing.T) {
	var h hints
	if got := h.get("p").width(101); got != defaultWindow {
		t.Errorf("first window without a hint = %v", got)
	}
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	rng := rand.New(rand.NewSource(5))
	var ids []string
	for i := range 11 {
		ids = append(ids, ulid.MustNew(ulid.Timestamp(now.Add(-time.Hour-time.Duration(i)*time.Second)), rng).String())
	}
	id := func(s string) string { return s }
	w := newWindows(span{}, now, h.get("p"), 11)
	learn(&h, "p", w, ids, id, 11)
	got := h.get("p")
	if want := (hint{per: (time.Hour + 10*time.Second) / 11, top: now.Add(-time.Hour).UnixMilli()}); got != want {
		t.Errorf("hint = %+v, want %+v", got, want)
	}
	// The next walk without cursor starts at the newest id seen, open above.
	w = newWindows(span{}, now, got, 11)
	if lo, hi, _ := w.next(); hi != "" || lo != ulidFloor(got.top-got.width(11).Milliseconds()) {
		t.Errorf("first window after learning = [%q, %q)", lo, hi)
	}
	// A walk below a cursor teaches no top.
	w = newWindows(span{hi: ids[5]}, now, got, 5)
	learn(&h, "p", w, ids[6:], id, 5)
	if h.get("p").top != got.top {
		t.Errorf("a walk below a cursor changed top: %+v", h.get("p"))
	}
}

// TestWindowsTileToFloor walks spans with a floor, adapting to what each window "held".
func TestWindowsTileToFloor(t *testing.T) {
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	rng := rand.New(rand.NewSource(3))
	r := msRange{from: now.Add(-30 * 24 * time.Hour).UnixMilli(), to: now.Add(-24 * time.Hour).UnixMilli()}
	for _, cursor := range []string{"", ulidFloor(now.Add(-48 * time.Hour).UnixMilli()), "zzz", ulidFloor(r.from - 2*skew.Milliseconds())} {
		sp := pageSpan(cursor, r)
		if !sp.narrowed || sp.lo != ulidFloor(r.from-skew.Milliseconds()) {
			t.Fatalf("pageSpan(%q) = %+v", cursor, sp)
		}
		w := newWindows(sp, now, hint{per: time.Second / 100}, 100)
		wantHi, n := sp.hi, 0
		for lo, hi, ok := w.next(); ok; lo, hi, ok = w.next() {
			n++
			if hi != wantHi || (lo < sp.lo) || n > 200 {
				t.Fatalf("cursor %q: window %d is [%q, %q), want hi %q and lo >= %q", cursor, n, lo, hi, wantHi, sp.lo)
			}
			wantHi = lo
			w.saw(rng.Intn(3)*rng.Intn(50), 1+rng.Intn(100))
		}
		if wantHi != sp.lo {
			t.Errorf("cursor %q: walk ended at %q, want the floor %q", cursor, wantHi, sp.lo)
		}
	}
}

func TestPageSpan(t *testing.T) {
	id := ulidFloor(1_700_000_000_000)
	tests := []struct {
		cursor string
		r      msRange
		want   span
	}{
		{"", msRange{}, span{}},
		{id, msRange{}, span{hi: id}},
		{"", msRange{to: 1_700_000_000_000}, span{hi: ulidFloor(1_700_000_000_000 + skew.Milliseconds()), narrowed: true}},
		{id, msRange{to: 1_800_000_000_000}, span{hi: id}},
		{"", msRange{from: 1000}, span{}},
		{"", msRange{from: 1_700_000_000_000}, span{lo: ulidFloor(1_700_000_000_000 - skew.Milliseconds()), narrowed: true}},
	}
	for _, tt := range tests {
		if got := pageSpan(tt.cursor, tt.r); got != tt.want {
			t.Errorf("pageSpan(%q, %+v) = %+v, want %+v", tt.cursor, tt.r, got, tt.want)
		}
	}
	if !(span{lo: "B", hi: "A"}).empty() || (span{lo: "A"}).empty() {
		t.Error("span.empty is wrong")
	}
}

func TestMergeDesc(t *testing.T) {
	id := func(s string) string { return s }
	got := mergeDesc([]string{"9", "7", "5", "3"}, []string{"8", "7", "2"}, id, 6)
	if want := []string{"9", "8", "7", "5", "3", "2"}; !slices.Equal(got, want) {
		t.Errorf("mergeDesc = %v, want %v", got, want)
	}
	if got := mergeDesc(nil, []string{"2", "1"}, id, 1); !slices.Equal(got, []string{"2"}) {
		t.Errorf("mergeDesc limit = %v", got)
	}
}

func TestIDSkewed(t *testing.T) {
	at := time.Date(2025, 6, 1, 0, 0, 0, 0, time.UTC)
	rng := rand.New(rand.NewSource(4))
	id := func(t time.Time) string { return ulid.MustNew(ulid.Timestamp(t), rng).String() }
	for _, c := range []struct {
		id   string
		want uint8
	}{
		{id(at), 0}, {id(at.Add(skew)), 0}, {id(at.Add(-skew)), 0}, {id(at.Add(skew + time.Millisecond)), 1},
		{id(at.Add(-skew - time.Millisecond)), 1}, {"not a ulid at all, really!", 1}, {strings.ToLower(id(at)), 1},
	} {
		if got := idSkewed(c.id, at.UnixMilli()); got != c.want {
			t.Errorf("idSkewed(%s) = %d, want %d", c.id, got, c.want)
		}
	}
}
