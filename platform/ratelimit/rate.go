package ratelimit

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Rate is a token bucket: Requests per Per on average, at most Burst at once. The zero Rate
// is "off": no limit.
type Rate struct {
	Requests int
	Per      time.Duration
	Burst    int // bucket capacity; 0 means Requests
}

// Bounds of a Rate, so that the bucket arithmetic in nanoseconds cannot overflow.
const (
	maxRateRequests = 1_000_000_000
	minRatePer      = time.Millisecond
	maxRatePer      = 7 * 24 * time.Hour
	maxRateSpan     = 366 * 24 * time.Hour // Burst × (Per / Requests): the time a full bucket lasts
)

// rateUnits are the unit words of the "N/unit" syntax.
var rateUnits = map[string]time.Duration{
	"s": time.Second, "sec": time.Second, "second": time.Second,
	"m": time.Minute, "min": time.Minute, "minute": time.Minute,
	"h": time.Hour, "hour": time.Hour,
	"d": 24 * time.Hour, "day": 24 * time.Hour,
}

// ParseRate reads "off" or "N/unit[,burst=B]": unit is s, m, h, d (or second, minute, hour,
// day) or a Go duration such as 10s or 200ms; B defaults to N. Examples: "30/m",
// "6000/m,burst=1000", "5/200ms".
func ParseRate(s string) (Rate, error) {
	s = strings.TrimSpace(s)
	if strings.EqualFold(s, "off") {
		return Rate{}, nil
	}
	spec, burst, hasBurst := strings.Cut(s, ",")
	n, unit, ok := strings.Cut(strings.TrimSpace(spec), "/")
	if !ok {
		return Rate{}, fmt.Errorf("rate %q: want \"off\" or N/unit such as 30/m", s)
	}
	var r Rate
	var err error
	if r.Requests, err = parseCount(n); err != nil {
		return Rate{}, fmt.Errorf("rate %q: requests: %w", s, err)
	}
	if r.Per, err = parseUnit(unit); err != nil {
		return Rate{}, fmt.Errorf("rate %q: %w", s, err)
	}
	r.Burst = r.Requests
	if hasBurst {
		if r.Burst, err = parseBurst(burst); err != nil {
			return Rate{}, fmt.Errorf("rate %q: %w", s, err)
		}
	}
	if err := r.check(); err != nil {
		return Rate{}, fmt.Errorf("rate %q: %w", s, err)
	}
	return r, nil
}

func parseCount(s string) (int, error) {
	s = strings.TrimSpace(s)
	if s == "" || s[0] < '0' || s[0] > '9' {
		return 0, errors.New("want a whole number")
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > maxRateRequests {
		return 0, fmt.Errorf("want a whole number from 1 to %d", maxRateRequests)
	}
	return n, nil
}

func parseUnit(s string) (time.Duration, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	if d, ok := rateUnits[s]; ok {
		return d, nil
	}
	if s == "" || s[0] < '0' || s[0] > '9' {
		return 0, fmt.Errorf("unit %q: want s, m, h, d or a duration such as 10s", s)
	}
	d, err := time.ParseDuration(s)
	if err != nil {
		return 0, fmt.Errorf("unit %q: want s, m, h, d or a duration such as 10s", s)
	}
	return d, nil
}

func parseBurst(s string) (int, error) {
	v, ok := strings.CutPrefix(strings.TrimSpace(s), "burst=")
	if !ok {
		return 0, fmt.Errorf("%q: want burst=B after the comma", s)
	}
	b, err := parseCount(v)
	if err != nil {
		return 0, fmt.Errorf("burst: %w", err)
	}
	return b, nil
}

// Off reports whether r sets no limit.
func (r Rate) Off() bool { return r.Requests == 0 }

// capacity returns the bucket's capacity: Burst, or Requests when Burst is 0.
func (r Rate) capacity() int {
	if r.Burst == 0 {
		return r.Requests
	}
	return r.Burst
}

// check reports a Rate outside the bounds the bucket arithmetic allows; off is fine.
// Validate checks that r is "off" or within the bounds ParseRate accepts.
func (r Rate) Validate() error { return r.check() }

func (r Rate) check() error {
	switch {
	case r.Off() && r.Per == 0 && r.Burst == 0:
		return nil
	case r.Requests < 1 || r.Requests > maxRateRequests:
		return fmt.Errorf("requests %d: want 1 to %d", r.Requests, maxRateRequests)
	case r.Per < minRatePer || r.Per > maxRatePer:
		return fmt.Errorf("period %s: want %s to %s", r.Per, minRatePer, maxRatePer)
	case r.Burst < 0 || r.Burst > maxRateRequests:
		return fmt.Errorf("burst %d: want 1 to %d", r.Burst, maxRateRequests)
	case int64(r.Requests) > int64(r.Per):
		return fmt.Errorf("%d per %s: more than one request per nanosecond", r.Requests, r.Per)
	}
	if interval := int64(r.Per) / int64(r.Requests); int64(r.capacity()) > int64(maxRateSpan)/interval {
		return fmt.Errorf("burst %d at %d per %s: a full bucket would last over a year", r.capacity(), r.Requests, r.Per)
	}
	return nil
}

// String formats r in the syntax ParseRate reads.
func (r Rate) String() string {
	if r.Off() {
		return "off"
	}
	s := strconv.Itoa(r.Requests) + "/" + unitString(r.Per)
	if b := r.capacity(); b != r.Requests {
		s += ",burst=" + strconv.Itoa(b)
	}
	return s
}

func unitString(d time.Duration) string {
	switch d {
	case time.Second:
		return "s"
	case time.Minute:
		return "m"
	case time.Hour:
		return "h"
	case 24 * time.Hour:
		return "d"
	}
	return d.String()
}

// Set parses s into r; with String it makes *Rate a flag.Value.
func (r *Rate) Set(s string) error {
	v, err := ParseRate(s)
	if err != nil {
		return err
	}
	*r = v
	return nil
}
