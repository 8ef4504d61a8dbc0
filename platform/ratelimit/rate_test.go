package ratelimit_test

import (
	"errors"
	"flag"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/envflag"
	"github.com/lectern-dev/lectern/platform/ratelimit"
)

func TestParseRate(t *testing.T) {
	tests := []struct {
		in   string
		want ratelimit.Rate
		err  string
	}{
		{in: "30/m", want: ratelimit.Rate{Requests: 30, Per: time.Minute, Burst: 30}},
		{in: " 6000/min , burst=1000 ", want: ratelimit.Rate{Requests: 6000, Per: time.Minute, Burst: 1000}},
		{in: "5/200ms", want: ratelimit.Rate{Requests: 5, Per: 200 * time.Millisecond, Burst: 5}},
		{in: "1/S", want: ratelimit.Rate{Requests: 1, Per: time.Second, Burst: 1}},
		{in: "100/hour,burst=1", want: ratelimit.Rate{Requests: 100, Per: time.Hour, Burst: 1}},
		{in: "10/d", want: ratelimit.Rate{Requests: 10, Per: 24 * time.Hour, Burst: 10}},
		{in: "OFF", want: ratelimit.Rate{}},
		{in: "", err: "want \"off\" or N/unit"},
		{in: "30", err: "want \"off\" or N/unit"},
		{in: "0/m", err: "requests"},
		{in: "-3/m", err: "requests"},
		{in: "+3/m", err: "requests"},
		{in: "3/fortnight", err: "unit"},
		{in: "3/-1s", err: "unit"},
		{in: "3/0s", err: "period"},
		{in: "3/500us", err: "period"},
		{in: "3/m,10", err: "burst=B"},
		{in: "3/m,burst=0", err: "burst"},
		{in: "2000000/1ms", err: "more than one request per nanosecond"},
		{in: "1/168h,burst=1000", err: "over a year"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := ratelimit.ParseRate(tt.in)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("ParseRate(%q) = %v, %v; want an error with %q", tt.in, got, err, tt.err)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("ParseRate(%q) = %+v, %v; want %+v", tt.in, got, err, tt.want)
			}
		})
	}
}

// FuzzParseRate checks that the parser never panics and that what it accepts prints back to
// itself and makes a limiter.
func FuzzParseRate(f *testing.F) {
	for _, s := range []string{"30/m", "6000/m,burst=1000", "5/200ms", "off", "1/1h30m", "9/d,burst=9", "/", ",", "1/,burst="} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := ratelimit.ParseRate(s)
		if err != nil {
			return
		}
		back, err := ratelimit.ParseRate(r.String())
		if err != nil || back != r {
			t.Fatalf("ParseRate(%q) = %+v, printed %q, read back %+v, %v", s, r, r.String(), back, err)
		}
		cfg := ratelimit.DefaultConfig()
		cfg.Assistant.PerIP = r
		if err := cfg.Validate(); err != nil {
			t.Fatalf("ParseRate(%q) = %+v, which Validate refuses: %v", s, r, err)
		}
	})
}

func TestLimitsConfigFlags(t *testing.T) {
	env := map[string]string{
		"LECTERN_RATELIMIT_ADMIN_KEY":       "5/m,burst=2",
		"LECTERN_RATELIMIT_TRUSTED_PROXIES": "10.0.0.0/8, 192.168.1.7",
		"LECTERN_RATELIMIT_ASSISTANT_IP":    "1/h", // the command line wins
	}
	var c ratelimit.Config
	fs := flag.NewFlagSet("lectern", flag.ContinueOnError)
	c.RegisterFlags(fs)
	if err := fs.Parse([]string{"--ratelimit-assistant-ip", "10/s", "--ratelimit-discovery-key", "off"}); err != nil {
		t.Fatal(err)
	}
	if err := envflag.ApplyFrom(fs, lookup(env)); err != nil {
		t.Fatal(err)
	}
	if err := c.Validate(); err != nil {
		t.Fatal(err)
	}
	want := ratelimit.DefaultConfig()
	want.Assistant.PerIP = ratelimit.Rate{Requests: 10, Per: time.Second, Burst: 10}
	want.Discovery.PerKey = ratelimit.Rate{}
	want.Admin.PerKey = ratelimit.Rate{Requests: 5, Per: time.Minute, Burst: 2}
	if c.Discovery != want.Discovery || c.Assistant != want.Assistant || c.Admin != want.Admin || !c.Enabled {
		t.Fatalf("config %+v\nwant %+v", c, want)
	}
	if got := c.TrustedProxies.String(); got != "10.0.0.0/8,192.168.1.7/32" {
		t.Fatalf("trusted proxies %q", got)
	}
}

func TestLimitsConfigValidate(t *testing.T) {
	tests := []struct {
		name string
		env  map[string]string
		args []string
		err  string
	}{
		{name: "defaults"},
		{name: "bad flag", args: []string{"--ratelimit-admin-ip", "lots"}, err: "rate \"lots\""},
		{name: "bad env", env: map[string]string{"LECTERN_RATELIMIT_ASSISTANT_IP": "30/fortnight"}, err: "LECTERN_RATELIMIT_ASSISTANT_IP"},
		{name: "bad proxy", env: map[string]string{"LECTERN_RATELIMIT_TRUSTED_PROXIES": "10.0.0.0/40"}, err: "trusted proxy"},
		{name: "no entries", args: []string{"--ratelimit-max-entries", "0"}, err: "ratelimit-max-entries"},
		{name: "fast sweep", args: []string{"--ratelimit-sweep-interval", "1ms"}, err: "ratelimit-sweep-interval"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var c ratelimit.Config
			fs := flag.NewFlagSet("lectern", flag.ContinueOnError)
			fs.SetOutput(io.Discard)
			c.RegisterFlags(fs)
			err := fs.Parse(tt.args)
			if err == nil {
				err = errors.Join(envflag.ApplyFrom(fs, lookup(tt.env)), c.Validate())
			}
			if tt.err == "" && err != nil || tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)) {
				t.Fatalf("error %v, want %q", err, tt.err)
			}
		})
	}
}

// lookup reads an environment from m.
func lookup(m map[string]string) func(string) (string, bool) {
	return func(k string) (string, bool) { v, ok := m[k]; return v, ok }
}

// TestDefaultConfigIgnoresEnvironment: the defaults are the code's, whatever the shell holds.
func TestDefaultConfigIgnoresEnvironment(t *testing.T) {
	t.Setenv("LECTERN_RATELIMIT_ASSISTANT_IP", "1/h")
	t.Setenv("LECTERN_RATELIMIT", "false")
	var c ratelimit.Config
	c.RegisterFlags(flag.NewFlagSet("lectern", flag.ContinueOnError))
	want := ratelimit.DefaultConfig()
	if c.Assistant != want.Assistant || !c.Enabled || !want.Enabled || want.Assistant.PerIP.Requests != 30 {
		t.Fatalf("registered %+v, default %+v: want 30/m and enabled", c.Assistant, want.Assistant)
	}
}
