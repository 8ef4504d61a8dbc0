package ratelimit

import (
	"errors"
	"flag"
	"fmt"
	"strings"
	"time"

	"github.com/lectern-dev/lectern/platform/envflag"
)

// Kind names a class of routes that share rate limits.
type Kind string

// Route kinds.
const (
	Discovery Kind = "discovery" // public widget routes and the MCP server (search, POST page, settings, feedback, MCP), public key shared by all readers
	Events    Kind = "events"    // the page-view and engagement beacon: public key, one request per page a reader opens
	Assistant Kind = "assistant" // the assistant message endpoint: public key, expensive
	Admin     Kind = "admin"     // export and status routes for scripts and BI, secret key
	// Agents: the files agents read without a key (llms.txt, llms-full.txt, Markdown pages,
	// skills, discovery documents). An agent reads a site by walking llms.txt, a page a request,
	// so the discovery routes' 120 a minute refused most of a 900-page site; per address only.
	Agents Kind = "agents"
)

// kinds lists every kind in the order of Config's fields.
var kinds = [...]Kind{Discovery, Events, Assistant, Admin, Agents}

// LimitConfig is the pair of limits of one route kind.
type LimitConfig struct {
	PerKey Rate // per API key id
	PerIP  Rate // per client address (IPv6: per /64)
}

// Config configures the rate limiter.
type Config struct {
	Enabled        bool // false: PerIP and PerKey pass every request
	Discovery      LimitConfig
	Events         LimitConfig
	Assistant      LimitConfig
	Admin          LimitConfig
	Agents         LimitConfig   // per address only: the agents' routes take no key (PerKey stays off)
	MaxEntries     int           // buckets kept per table (addresses, keys); past it, the sampled bucket nearest to full goes
	SweepInterval  time.Duration // how often Run drops buckets that are full again
	TrustedProxies ProxyList     // peers whose X-Forwarded-For is believed
}

// DefaultConfig returns the configuration RegisterFlags starts from.
func DefaultConfig() Config {
	return Config{
		Enabled: true,
		Discovery: LimitConfig{
			PerKey: Rate{Requests: 6000, Per: time.Minute, Burst: 1000},
			PerIP:  Rate{Requests: 120, Per: time.Minute, Burst: 60},
		},
		// The beacon is sized for a site's busiest minute, not one reader's: every page opened
		// sends one, sendBeacon never retries a refusal, and a site at 100M page views a month
		// averages 40 a second and peaks at several times that. Per address, an office behind one NAT is many readers.
		Events: LimitConfig{
			PerKey: Rate{Requests: 60000, Per: time.Minute, Burst: 10000},
			PerIP:  Rate{Requests: 600, Per: time.Minute, Burst: 120},
		},
		Assistant: LimitConfig{
			PerKey: Rate{Requests: 1200, Per: time.Minute, Burst: 200},
			PerIP:  Rate{Requests: 30, Per: time.Minute, Burst: 10},
		},
		Admin: LimitConfig{
			PerKey: Rate{Requests: 1800, Per: time.Minute, Burst: 300},
			PerIP:  Rate{Requests: 3600, Per: time.Minute, Burst: 600},
		},
		// A Markdown page is read from memory, and each fetch is one page_view event (Format
		// markdown): 1,200 a minute lets an agent read a 1,000-page site in under a minute,
		// and bounds one address's events at a tenth of what the beacon admits (600 bodies of up to 20).
		Agents: LimitConfig{
			PerIP: Rate{Requests: 1200, Per: time.Minute, Burst: 300},
		},
		MaxEntries:    1 << 18,
		SweepInterval: 30 * time.Second,
	}
}

// For returns the limits of kind; ok is false for an unknown kind.
func (c *Config) For(kind Kind) (lc *LimitConfig, ok bool) {
	switch kind {
	case Discovery:
		return &c.Discovery, true
	case Events:
		return &c.Events, true
	case Assistant:
		return &c.Assistant, true
	case Admin:
		return &c.Admin, true
	case Agents:
		return &c.Agents, true
	}
	return nil, false
}

// RegisterFlags registers the limiter's flags: --ratelimit-<kind>-ip and --ratelimit-<kind>-key
// for each route kind (no key flag for a kind whose routes take no key), each with an env
// fallback LECTERN_RATELIMIT_<KIND>_<IP|KEY>.
func (c *Config) RegisterFlags(fs *flag.FlagSet) {
	def := DefaultConfig()
	envflag.Bool(fs, &c.Enabled, "ratelimit", "LECTERN_RATELIMIT", def.Enabled, "rate-limit the discovery, events, assistant, admin and agents routes (429 with Retry-After)")
	for _, kind := range kinds {
		lc, _ := c.For(kind)
		dl, _ := def.For(kind)
		rateFlag(fs, &lc.PerIP, dl.PerIP, string(kind), "ip", "per client address")
		if kind.Keyed() {
			rateFlag(fs, &lc.PerKey, dl.PerKey, string(kind), "key", "per API key")
		}
	}
	envflag.Int(fs, &c.MaxEntries, "ratelimit-max-entries", "LECTERN_RATELIMIT_MAX_ENTRIES", def.MaxEntries, "rate-limit buckets kept per table (client addresses, keys); bounds memory under a flood")
	envflag.Duration(fs, &c.SweepInterval, "ratelimit-sweep-interval", "LECTERN_RATELIMIT_SWEEP_INTERVAL", def.SweepInterval, "how often idle rate-limit buckets are dropped")
	c.TrustedProxies = nil
	envflag.Var(fs, &c.TrustedProxies, "ratelimit-trusted-proxies", "LECTERN_RATELIMIT_TRUSTED_PROXIES",
		"comma-separated addresses or CIDRs of proxies whose X-Forwarded-For names the client (and whose X-Forwarded-Host and X-Forwarded-Proto route to a site's hosts); empty: the peer is the client")
}

// routesOf names the routes of each kind in the flags' help.
var routesOf = map[Kind]string{
	Discovery: "discovery routes (search, pages, feedback, MCP)",
	Events:    "the page-view and engagement beacon (POST /discovery/v1/events)",
	Assistant: "assistant routes",
	Admin:     "admin routes",
	Agents:    "the files agents read without a key (llms.txt, llms-full.txt, Markdown pages, skills, discovery documents)",
}

// Keyed reports whether the routes of kind take an API key, and so have a per-key limit.
func (k Kind) Keyed() bool { return k != Agents }

// rateFlag registers one --ratelimit-<kind>-<scope> flag (env LECTERN_RATELIMIT_<KIND>_<SCOPE>).
func rateFlag(fs *flag.FlagSet, p *Rate, def Rate, kind, scope, what string) {
	*p = def
	name := "ratelimit-" + kind + "-" + scope
	env := "LECTERN_" + strings.ToUpper(strings.ReplaceAll(name, "-", "_"))
	envflag.Var(fs, p, name, env, fmt.Sprintf("%s: requests %s, as N/unit[,burst=B] (30/m, 6000/m,burst=1000, 5/200ms) or off", routesOf[Kind(kind)], what))
}

// Validate checks the configuration.
func (c *Config) Validate() error {
	var errs []error
	for _, kind := range kinds {
		lc, _ := c.For(kind)
		if err := lc.PerIP.check(); err != nil {
			errs = append(errs, fmt.Errorf("ratelimit-%s-ip: %w", kind, err))
		}
		if err := lc.PerKey.check(); err != nil {
			errs = append(errs, fmt.Errorf("ratelimit-%s-key: %w", kind, err))
		}
	}
	if c.MaxEntries < 1 || c.MaxEntries > 1<<26 {
		errs = append(errs, fmt.Errorf("ratelimit-max-entries %d: want 1 to %d", c.MaxEntries, 1<<26))
	}
	if c.SweepInterval < time.Second {
		errs = append(errs, fmt.Errorf("ratelimit-sweep-interval %s: want at least 1s", c.SweepInterval))
	}
	return errors.Join(errs...)
}
