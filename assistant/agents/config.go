package agents

import (
	"errors"
	"flag"
	"fmt"
	"time"

	"github.com/lectern-dev/lectern/platform/envflag"
	"github.com/lectern-dev/lectern/platform/ratelimit"
)

// Config configures the agents' routes.
type Config struct {
	OutputBytes int            // most bytes one query_docs_filesystem call returns
	ToolTimeout time.Duration  // longest one MCP tool call may take
	SiteRate    ratelimit.Rate // each tool's calls per site, from all clients together
}

// RegisterFlags registers the flags; each falls back to an environment variable.
func (c *Config) RegisterFlags(fs *flag.FlagSet) {
	envflag.Int(fs, &c.OutputBytes, "agents-output-bytes", "LECTERN_AGENTS_OUTPUT_BYTES", 64<<10,
		"most bytes one call of the MCP filesystem tool returns; longer output is cut with a marker that says so")
	envflag.Duration(fs, &c.ToolTimeout, "agents-tool-timeout", "LECTERN_AGENTS_TOOL_TIMEOUT", 5*time.Second,
		"longest one MCP tool call may take (a search, a filesystem command line, a feedback report)")
	c.SiteRate = ratelimit.Rate{Requests: 10000, Per: time.Hour}
	envflag.Var(fs, &c.SiteRate, "agents-site-rate", "LECTERN_AGENTS_SITE_RATE",
		"calls of each MCP tool one site's server answers, from all clients together, as N/unit[,burst=B] or off "+
			"(Mintlify's limit per site: 10000/h; off with --ratelimit=false); a call past it is a tool error that says when to retry")
}

// Validate checks the configuration.
func (c *Config) Validate() error {
	var errs []error
	if c.OutputBytes < 1024 || c.OutputBytes > 4<<20 {
		errs = append(errs, fmt.Errorf("agents-output-bytes %d: want 1024 to 4194304", c.OutputBytes))
	}
	if c.ToolTimeout < 100*time.Millisecond || c.ToolTimeout > 2*time.Minute {
		errs = append(errs, fmt.Errorf("agents-tool-timeout %v: want 100ms to 2m", c.ToolTimeout))
	}
	if err := c.SiteRate.Validate(); err != nil {
		errs = append(errs, fmt.Errorf("agents-site-rate: %w", err))
	}
	return errors.Join(errs...)
}

// DefaultConfig returns the configuration the flags default to; it reads no environment.
func DefaultConfig() Config {
	var c Config
	fs := flag.NewFlagSet("agents", flag.ContinueOnError)
	c.RegisterFlags(fs)
	return c
}
