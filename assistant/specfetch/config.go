// Package specfetch fetches the OpenAPI documents a site's docs.json names by URL, for the site
// loader (assistant/sitedocs) to hand to docsjson: over HTTP(S), each fetch bounded in time,
// bytes and redirects, revalidated with the ETag and Last-Modified of the copy it has, and the
// last good copy of each URL cached on disk, so a restart without network, or an upstream that
// fails, still serves the endpoint pages.
package specfetch

import (
	"errors"
	"flag"
	"fmt"
	"time"

	"github.com/lectern-dev/lectern/platform/envflag"
)

// Config configures the fetching of OpenAPI specs given by URL.
type Config struct {
	Enabled  bool          // fetch them; false (air-gapped installs): a spec given as a URL generates no pages
	Timeout  time.Duration // one fetch, redirects and body included
	MaxBytes int64         // the largest document (after decompression)
	Refresh  time.Duration // how often the specs are fetched again to see whether they changed; 0: only when a site's files change
}

// Bounds of the values Validate accepts.
const (
	minMaxBytes = 1 << 10
	maxMaxBytes = 1 << 30
	minRefresh  = 10 * time.Second
)

// RegisterFlags registers the flags; each falls back to an environment variable.
func (c *Config) RegisterFlags(fs *flag.FlagSet) {
	envflag.Bool(fs, &c.Enabled, "docs-fetch-openapi", "LECTERN_DOCS_FETCH_OPENAPI", true, "fetch the OpenAPI specs a site's docs.json names by URL, so they generate endpoint pages (the last good copy is cached in --data-dir); false for air-gapped installs, where a spec given as a URL generates no pages")
	envflag.Duration(fs, &c.Timeout, "docs-fetch-openapi-timeout", "LECTERN_DOCS_FETCH_OPENAPI_TIMEOUT", 10*time.Second, "the longest one fetch of an OpenAPI spec given by URL may take, redirects and body included; past it the cached copy is served")
	envflag.Int64(fs, &c.MaxBytes, "docs-fetch-openapi-max-bytes", "LECTERN_DOCS_FETCH_OPENAPI_MAX_BYTES", 32<<20, "the largest OpenAPI document fetched by URL (bytes, after decompression); a larger one is a site problem")
	envflag.Duration(fs, &c.Refresh, "docs-fetch-openapi-refresh", "LECTERN_DOCS_FETCH_OPENAPI_REFRESH", 10*time.Minute, "how often the OpenAPI specs given by URL are fetched again (conditional requests) and the site re-indexed when one changed; 0: only when the site's files change (a spec that failed is asked for again 30s later either way)")
}

// Validate checks the configuration.
func (c *Config) Validate() error {
	var errs []error
	if c.Timeout <= 0 || c.Timeout > 5*time.Minute {
		errs = append(errs, fmt.Errorf("docs-fetch-openapi-timeout %v: want more than 0 and at most 5m", c.Timeout))
	}
	if c.MaxBytes < minMaxBytes || c.MaxBytes > maxMaxBytes {
		errs = append(errs, fmt.Errorf("docs-fetch-openapi-max-bytes %d: want %d (1 KiB) to %d (1 GiB)", c.MaxBytes, minMaxBytes, maxMaxBytes))
	}
	if c.Refresh != 0 && c.Refresh < minRefresh {
		errs = append(errs, fmt.Errorf("docs-fetch-openapi-refresh %v: want 0 (off) or at least %v", c.Refresh, minRefresh))
	}
	return errors.Join(errs...)
}

// DefaultConfig returns the configuration the flags default to; it reads no environment.
func DefaultConfig() Config {
	var c Config
	c.RegisterFlags(flag.NewFlagSet("specfetch", flag.ContinueOnError))
	return c
}
