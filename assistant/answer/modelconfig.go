package answer

import (
	"errors"
	"flag"
	"fmt"
	"time"

	"github.com/lectern-dev/lectern/assistant/internal/openaiapi"
	"github.com/lectern-dev/lectern/platform/envflag"
)

// ModelConfig configures the optional language model; without a model name the assistant
// answers extractively.
type ModelConfig struct {
	BaseURL   string        // OpenAI-compatible API root, e.g. http://127.0.0.1:11434/v1; "" is OpenAI's
	Model     string        // model name; "" turns the model off
	APIKey    string        // bearer key; "" sends none
	Timeout   time.Duration // longest time one answer may take
	MaxTokens int           // longest answer in tokens; 0 leaves it to the server
	// MaxPromptTokens bounds what one request sends to the model, estimated at four bytes a
	// token: what a public key can make the docs owner pay for. A question makes one request,
	// or up to 1+MaxSkillLoads when its model loads skills.
	MaxPromptTokens int
	// Rewrite asks the model, before retrieval, for the standalone search query of a follow-up
	// question (one in a thread with earlier turns), within RewriteTimeout.
	Rewrite        bool
	RewriteTimeout time.Duration
}

// RegisterFlags registers the model's flags; each falls back to an environment variable.
func (c *ModelConfig) RegisterFlags(fs *flag.FlagSet) {
	envflag.String(fs, &c.BaseURL, "llm-base-url", "LECTERN_LLM_BASE_URL", "", "OpenAI-compatible chat-completions API root (OpenAI, vLLM, Ollama, llama.cpp); empty is OpenAI's (OPENAI_* variables are not read)")
	envflag.String(fs, &c.Model, "llm-model", "LECTERN_LLM_MODEL", "", "language model name; empty answers from the docs' passages without a model")
	envflag.String(fs, &c.APIKey, "llm-api-key", "LECTERN_LLM_API_KEY", "", "API key of the model server (prefer the environment variable)")
	envflag.Duration(fs, &c.Timeout, "llm-timeout", "LECTERN_LLM_TIMEOUT", 60*time.Second, "longest time the model may take for one answer")
	envflag.Int(fs, &c.MaxTokens, "llm-max-tokens", "LECTERN_LLM_MAX_TOKENS", 1024, "longest answer in tokens; 0 leaves it to the server")
	envflag.Bool(fs, &c.Rewrite, "llm-rewrite", "LECTERN_LLM_REWRITE", false, "ask the model for the standalone search query of a follow-up question before searching (\"and how do I rotate it?\" after a question about API keys)")
	envflag.Duration(fs, &c.RewriteTimeout, "llm-rewrite-timeout", "LECTERN_LLM_REWRITE_TIMEOUT", 2*time.Second, "longest a follow-up waits for its rewritten query; past it the question is searched as asked, with the thread's earlier questions")
	envflag.Int(fs, &c.MaxPromptTokens, "llm-max-prompt-tokens", "LECTERN_LLM_MAX_PROMPT_TOKENS", 12000, "most tokens (estimated at 4 bytes each) one request of a question may send to the model (a question whose model loads skills makes up to 4 requests): excerpts first, then the oldest turns are dropped and context shortened")
}

// Enabled reports whether a model is configured.
func (c *ModelConfig) Enabled() bool { return c.Model != "" }

// Validate checks the configuration.
func (c *ModelConfig) Validate() error {
	errs := openaiapi.CheckEndpoint("llm", c.BaseURL, c.Model)
	if c.Timeout <= 0 {
		errs = append(errs, fmt.Errorf("llm-timeout %v: must be positive", c.Timeout))
	}
	if c.MaxPromptTokens < 1000 {
		errs = append(errs, fmt.Errorf("llm-max-prompt-tokens %d: want at least 1000", c.MaxPromptTokens))
	}
	if c.Rewrite && c.Model == "" {
		errs = append(errs, errors.New("llm-rewrite needs a model: set llm-model"))
	}
	if c.RewriteTimeout <= 0 || c.RewriteTimeout > time.Minute {
		errs = append(errs, fmt.Errorf("llm-rewrite-timeout %v: want more than 0 and at most 1m", c.RewriteTimeout))
	}
	if c.MaxTokens < 0 {
		errs = append(errs, fmt.Errorf("llm-max-tokens %d: must not be negative", c.MaxTokens))
	}
	return errors.Join(errs...)
}
