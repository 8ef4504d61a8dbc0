package answer

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"

	"github.com/lectern-dev/lectern/schemas/event"
	"github.com/openai/openai-go"
	"github.com/openai/openai-go/option"
)

// Model streams the answer of an OpenAI-compatible chat-completions server, grounded in the
// sources and instructed to cite them with markdown links.
type Model struct {
	chat   openai.ChatService
	cfg    ModelConfig
	logger *slog.Logger
}

var _ Generator = (*Model)(nil)

// NewModel returns a generator using the model cfg names. Only cfg configures the client:
// openai.NewClient would also read OPENAI_* environment variables, so the chat service is
// built from explicit options instead.
func NewModel(cfg ModelConfig, logger *slog.Logger) *Model {
	opts := []option.RequestOption{option.WithEnvironmentProduction(), option.WithMaxRetries(1)}
	if cfg.BaseURL != "" {
		opts = append(opts, option.WithBaseURL(cfg.BaseURL))
	}
	if cfg.APIKey != "" {
		opts = append(opts, option.WithAPIKey(cfg.APIKey))
	}
	return &Model{chat: openai.NewChatService(opts...), cfg: cfg, logger: logger}
}

// Generate streams the model's tokens to emit as they arrive. A reply is answered when it
// cites at least one of the sources.
func (m *Model) Generate(ctx context.Context, p Prompt, emit func(string) error) (Answer, error) {
	ctx, cancel := context.WithTimeoutCause(ctx, m.cfg.Timeout, ErrTimeout)
	defer cancel()
	p = Fit(p, m.cfg.MaxPromptTokens)
	params := openai.ChatCompletionNewParams{Model: m.cfg.Model, Messages: messages(&p),
		StreamOptions: openai.ChatCompletionStreamOptionsParam{IncludeUsage: openai.Bool(true)}}
	if m.cfg.MaxTokens > 0 {
		params.MaxTokens = openai.Int(int64(m.cfg.MaxTokens))
	}
	s := m.chat.Completions.NewStreaming(ctx, params)
	defer s.Close()
	var text strings.Builder
	var usage Usage
	for s.Next() {
		chunk := s.Current()
		if chunk.Usage.PromptTokens > 0 || chunk.Usage.CompletionTokens > 0 {
			usage = Usage{PromptTokens: int(chunk.Usage.PromptTokens), CompletionTokens: int(chunk.Usage.CompletionTokens)}
		}
		if len(chunk.Choices) == 0 || chunk.Choices[0].Delta.Content == "" {
			continue
		}
		d := chunk.Choices[0].Delta.Content
		text.WriteString(d)
		if err := emit(d); err != nil {
			return m.answer(&p, text.String(), usage), fmt.Errorf("model answer: %w", err)
		}
	}
	a := m.answer(&p, text.String(), usage)
	if err := s.Err(); err != nil {
		return a, m.failure(ctx, err)
	}
	return a, nil
}

// failure classifies a stream error: the timeout, the caller's cancellation, or the model's.
func (m *Model) failure(ctx context.Context, err error) error {
	if errors.Is(context.Cause(ctx), ErrTimeout) {
		return fmt.Errorf("%w (%v): %w", ErrTimeout, m.cfg.Timeout, err)
	}
	if ctx.Err() != nil {
		return fmt.Errorf("model answer: %w", context.Cause(ctx))
	}
	m.logger.Warn("language model failed", "model", m.cfg.Model, "err", err)
	return fmt.Errorf("%w: %w", ErrModel, err)
}

// answer reports the pages text cites and estimates usage the server did not report.
func (m *Model) answer(p *Prompt, text string, u Usage) Answer {
	a := Answer{Cited: cites(text, p.Sources), Resolution: event.Unanswered, Usage: u}
	if len(a.Cited) > 0 {
		a.Resolution = event.Answered
	}
	if a.Usage == (Usage{}) {
		a.Usage = Usage{PromptTokens: estimateTokens(promptBytes(p)), CompletionTokens: estimateTokens(len(text))}
	}
	return a
}
