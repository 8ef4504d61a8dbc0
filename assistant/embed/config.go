// Package embed is the optional dense half of hybrid retrieval: an OpenAI-compatible
// embeddings endpoint (POST {base}/embeddings) turns each section of a site's index and each
// question into a vector, and the sections nearest a question (cosine) are fused with the word
// ranking by search.Query.Dense. Without a model configured nothing here runs; when the endpoint
// fails or is slow, questions are searched by words alone.
package embed

import (
	"errors"
	"flag"
	"fmt"
	"time"

	"github.com/lectern-dev/lectern/assistant/internal/openaiapi"
	"github.com/lectern-dev/lectern/platform/envflag"
)

// Config configures the embeddings endpoint.
type Config struct {
	BaseURL string        // OpenAI-compatible API root; "" is OpenAI's
	Model   string        // embeddings model name; "" turns hybrid retrieval off
	APIKey  string        // bearer key; "" sends none
	Timeout time.Duration // longest a question waits for its vector before searching by words alone
}

// Bounds on what the endpoint is sent and may answer: a site's sections go in batches of
// BatchSize texts of at most MaxInputBytes each, a site of more than MaxSections sections is
// searched by words alone, and one answer is read up to maxResponseBytes.
const (
	BatchSize        = 64
	MaxInputBytes    = 2000
	MaxSections      = 50_000
	maxResponseBytes = 64 << 20
	indexTimeout     = 60 * time.Second // one batch of a site's sections
)

// RegisterFlags registers the flags; each falls back to an environment variable.
func (c *Config) RegisterFlags(fs *flag.FlagSet) {
	envflag.String(fs, &c.BaseURL, "embed-base-url", "LECTERN_EMBED_BASE_URL", "", "OpenAI-compatible embeddings API root (POST {root}/embeddings); empty is OpenAI's")
	envflag.String(fs, &c.Model, "embed-model", "LECTERN_EMBED_MODEL", "", "embeddings model for hybrid retrieval (words and vectors fused by reciprocal rank); empty searches by words alone")
	envflag.String(fs, &c.APIKey, "embed-api-key", "LECTERN_EMBED_API_KEY", "", "API key of the embeddings server (prefer the environment variable)")
	envflag.Duration(fs, &c.Timeout, "embed-timeout", "LECTERN_EMBED_TIMEOUT", time.Second, "longest a question waits for its vector before it is searched by words alone")
}

// Enabled reports whether an embeddings model is configured.
func (c *Config) Enabled() bool { return c.Model != "" }

// Validate checks the configuration.
func (c *Config) Validate() error {
	errs := openaiapi.CheckEndpoint("embed", c.BaseURL, c.Model)
	if c.Timeout <= 0 || c.Timeout > time.Minute {
		errs = append(errs, fmt.Errorf("embed-timeout %v: want more than 0 and at most 1m", c.Timeout))
	}
	return errors.Join(errs...)
}

func (c *Config) endpoint() string {
	base := c.BaseURL
	if base == "" {
		base = "https://api.openai.com/v1"
	}
	for len(base) > 0 && base[len(base)-1] == '/' {
		base = base[:len(base)-1]
	}
	return base + "/embeddings"
}
