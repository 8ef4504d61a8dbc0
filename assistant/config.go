package assistant

import (
	"errors"
	"flag"
	"fmt"
	"time"

	"github.com/lectern-dev/lectern/assistant/answer"
	"github.com/lectern-dev/lectern/assistant/embed"
	"github.com/lectern-dev/lectern/assistant/specfetch"
	"github.com/lectern-dev/lectern/platform/envflag"
)

// Config configures the assistant.
type Config struct {
	IndexInterval time.Duration      // how often each site's files are checked for changes
	ThreadTTL     time.Duration      // idle time after which a thread expires
	ThreadTurns   int                // turns a thread keeps for the next question
	Model         answer.ModelConfig // the optional language model
	Embed         embed.Config       // the optional embeddings model (hybrid retrieval)
	Specs         specfetch.Config   // fetching the OpenAPI specs docs.json names by URL
}

// RegisterFlags registers the assistant's flags; each falls back to an environment variable.
func (c *Config) RegisterFlags(fs *flag.FlagSet) {
	envflag.Duration(fs, &c.IndexInterval, "assistant-index-interval", "LECTERN_ASSISTANT_INDEX_INTERVAL", 2*time.Second, "how often the docs of each site are checked for changes (and re-indexed when they changed)")
	envflag.Duration(fs, &c.ThreadTTL, "assistant-thread-ttl", "LECTERN_ASSISTANT_THREAD_TTL", 24*time.Hour, "idle time after which an assistant thread expires")
	envflag.Int(fs, &c.ThreadTurns, "assistant-thread-turns", "LECTERN_ASSISTANT_THREAD_TURNS", 4, "earlier turns of a thread the next question is searched and answered with")
	c.Model.RegisterFlags(fs)
	c.Embed.RegisterFlags(fs)
	c.Specs.RegisterFlags(fs)
}

// Validate checks the configuration.
func (c *Config) Validate() error {
	var errs []error
	if c.IndexInterval < 100*time.Millisecond {
		errs = append(errs, fmt.Errorf("assistant-index-interval %v: want at least 100ms", c.IndexInterval))
	}
	if c.ThreadTTL < time.Second {
		errs = append(errs, fmt.Errorf("assistant-thread-ttl %v: want at least 1s", c.ThreadTTL))
	}
	if c.ThreadTurns < 1 || c.ThreadTurns > 20 {
		errs = append(errs, fmt.Errorf("assistant-thread-turns %d: want 1 to 20", c.ThreadTurns))
	}
	if err := c.Model.Validate(); err != nil {
		errs = append(errs, err)
	}
	if err := c.Embed.Validate(); err != nil {
		errs = append(errs, err)
	}
	if err := c.Specs.Validate(); err != nil {
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}

// DefaultConfig returns the configuration the flags default to; it reads no environment.
func DefaultConfig() Config {
	var c Config
	fs := flag.NewFlagSet("assistant", flag.ContinueOnError)
	c.RegisterFlags(fs)
	return c
}
