package ratelimit_test

import (
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/ratelimit"
)

func TestBudgetSpendsEachNameApart(t *testing.T) {
	now := time.Unix(1_700_000_000, 0)
	clock := func() time.Time { return now }
	rate, err := ratelimit.ParseRate("3/h")
	if err != nil {
		t.Fatal(err)
	}
	b, err := ratelimit.NewBudget[string](rate, 16, clock)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		if d := b.Allow("a.example.com"); !d.Allowed || d.Remaining != 2-i || d.Limit != 3 {
			t.Fatalf("call %d: %+v, want allowed with %d left of 3", i+1, d, 2-i)
		}
	}
	d := b.Allow("a.example.com")
	if d.Allowed || d.RetryAfter != 20*time.Minute {
		t.Fatalf("fourth call: %+v, want refused for 20m (one call comes back every 20m)", d)
	}
	if d := b.Allow("b.example.com"); !d.Allowed {
		t.Fatalf("another name's first call: %+v, want allowed", d)
	}
	now = now.Add(20 * time.Minute)
	if d := b.Allow("a.example.com"); !d.Allowed || d.Remaining != 0 {
		t.Fatalf("after 20m: %+v, want one call allowed, none left", d)
	}
}

func TestBudgetOffAllowsAll(t *testing.T) {
	b, err := ratelimit.NewBudget[string](ratelimit.Rate{}, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	for range 1000 {
		if d := b.Allow("x"); !d.Allowed {
			t.Fatalf("off budget refused: %+v", d)
		}
	}
	if n := b.Len(); n != 0 {
		t.Fatalf("off budget holds %d buckets, want 0", n)
	}
}

func TestNewBudgetRefusesBadArguments(t *testing.T) {
	if _, err := ratelimit.NewBudget[string](ratelimit.Rate{Requests: 5}, 1, nil); err == nil {
		t.Error("a rate with no period: want an error")
	}
	if _, err := ratelimit.NewBudget[string](ratelimit.Rate{Requests: 5, Per: time.Hour}, 0, nil); err == nil {
		t.Error("0 entries: want an error")
	}
}
