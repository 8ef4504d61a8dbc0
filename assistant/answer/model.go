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
// cites at least one of the sources. With skills, the model may call loadSkill: each call's
// result is sent back in a next request (p.OnSkill told of it first), up to MaxSkillLoads
// skills; after that the model is asked to answer without tools.
func (m *Model) Generate(ctx context.Context, p Prompt, emit func(string) error) (Answer, error) {
	ctx, cancel := context.WithTimeoutCause(ctx, m.cfg.Timeout, ErrTimeout)
	defer cancel()
	p = Fit(p, m.cfg.MaxPromptTokens)
	var text strings.Builder
	var usage Usage
	out := &markerFilter{emit: emit} // the reader sees no NoAnswer marker
	skilled := false                 // a skill was loaded: the answer follows the docs team's own guidance
	for round := 0; ; round++ {
		before := text.Len()
		calls, u, err := m.request(ctx, &p, round, &text, out.write)
		usage.PromptTokens += u.PromptTokens
		usage.CompletionTokens += u.CompletionTokens
		if err != nil || len(calls) == 0 || toolsRefused(&p, round) { // a server that calls tools past "none" gets no more rounds
			if ferr := out.flush(); ferr != nil && err == nil {
				err = fmt.Errorf("model answer: %w", ferr)
			}
			return m.answer(&p, text.String(), usage, skilled, out.seen), err
		}
		for _, c := range loadSkills(&p, calls, round, text.String()[before:]) {
			p.Loaded = append(p.Loaded, c)
			skilled = skilled || c.Loaded
			if p.OnSkill == nil {
				continue
			}
			if err := p.OnSkill(c); err != nil {
				return m.answer(&p, text.String(), usage, skilled, out.seen), fmt.Errorf("model answer: %w", err)
			}
		}
		p = Fit(p, m.cfg.MaxPromptTokens)
	}
}

// request streams one chat completion, its text to emit, and returns the tool calls the model
// made in it.
func (m *Model) request(ctx context.Context, p *Prompt, round int, text *strings.Builder, emit func(string) error) ([]openai.ChatCompletionMessageToolCall, Usage, error) {
	s := m.chat.Completions.NewStreaming(ctx, m.params(p, round))
	defer s.Close()
	var acc openai.ChatCompletionAccumulator
	var usage Usage
	for s.Next() {
		chunk := s.Current()
		acc.AddChunk(chunk)
		if chunk.Usage.PromptTokens > 0 || chunk.Usage.CompletionTokens > 0 {
			usage = Usage{PromptTokens: int(chunk.Usage.PromptTokens), CompletionTokens: int(chunk.Usage.CompletionTokens)}
		}
		if len(chunk.Choices) == 0 || chunk.Choices[0].Delta.Content == "" {
			continue
		}
		d := chunk.Choices[0].Delta.Content
		text.WriteString(d)
		if err := emit(d); err != nil {
			return nil, usage, fmt.Errorf("model answer: %w", err)
		}
	}
	if err := s.Err(); err != nil {
		return nil, usage, m.failure(ctx, err)
	}
	if len(acc.Choices) == 0 || len(p.Skills) == 0 {
		return nil, usage, nil
	}
	return acc.Choices[0].Message.ToolCalls, usage, nil
}

// params is the request of a round: the chat so far, and the loadSkill tool when the site has
// skills (its use refused once MaxSkillLoads are loaded, or after as many rounds).
func (m *Model) params(p *Prompt, round int) openai.ChatCompletionNewParams {
	params := openai.ChatCompletionNewParams{Model: m.cfg.Model, Messages: messages(p),
		StreamOptions: openai.ChatCompletionStreamOptionsParam{IncludeUsage: openai.Bool(true)}}
	if m.cfg.MaxTokens > 0 {
		params.MaxTokens = openai.Int(int64(m.cfg.MaxTokens))
	}
	if len(p.Skills) > 0 || len(p.Loaded) > 0 { // a chat with tool calls offers the tool still (Fit may have cut the list)
		params.Tools = []openai.ChatCompletionToolParam{skillTool(p.Skills, p.Loaded)}
		if toolsRefused(p, round) {
			params.ToolChoice = openai.ChatCompletionToolChoiceOptionUnionParam{OfAuto: openai.String(string(openai.ChatCompletionToolChoiceOptionAutoNone))}
		}
	}
	return params
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

// answer reports the pages text cites and estimates usage the server did not report. A reply
// that cites a page, or that loaded one of the site's skills (the docs team's curated answer,
// which Mintlify puts before search results), is answered; any other is unanswered, and
// declined when the model marked it so (NoAnswer).
func (m *Model) answer(p *Prompt, text string, u Usage, skilled, marked bool) Answer {
	a := Answer{Cited: cites(text, p.Sources), Resolution: event.Unanswered, Usage: u}
	if len(a.Cited) > 0 || skilled {
		a.Resolution = event.Answered
	} else {
		a.Declined = marked
	}
	if a.Usage == (Usage{}) {
		a.Usage = Usage{PromptTokens: estimateTokens(promptBytes(p)), CompletionTokens: estimateTokens(len(text))}
	}
	return a
}

// toolsRefused reports whether a round asks the model to answer without loading more skills:
// MaxSkillLoads are loaded, or as many rounds have called tools.
func toolsRefused(p *Prompt, round int) bool {
	return round >= MaxSkillLoads || loadedSkills(p.Loaded) >= MaxSkillLoads
}
