package answer

import (
	"context"
	"fmt"
	"strings"

	"github.com/lectern-dev/lectern/assistant/internal/text"
	"github.com/openai/openai-go"
)

// rewriteInstructions ask the model for the search query of a follow-up question.
const rewriteInstructions = `You turn the last question of a conversation with a documentation assistant into a standalone search query for the documentation. Resolve what "it", "that", "there" and similar words refer to from the earlier questions. Answer with the query only, on one line, in the reader's language, without quotes or explanations.`

// Bounds of a rewrite: the earlier questions sent (the latest ones) and the query kept.
const (
	rewriteTurns     = 4
	rewriteMaxTokens = 64
	rewriteMaxBytes  = 300
)

// Rewrite asks the model for the standalone search query of question, a follow-up to the
// earlier questions (oldest first), within the context's deadline. It returns the query and
// the tokens spent.
func (m *Model) Rewrite(ctx context.Context, earlier []string, question string) (string, Usage, error) {
	earlier = earlier[max(0, len(earlier)-rewriteTurns):]
	var conv strings.Builder
	for _, q := range earlier {
		fmt.Fprintf(&conv, "Earlier question: %s\n", text.Cut(q, rewriteMaxBytes*4))
	}
	fmt.Fprintf(&conv, "Last question: %s", text.Cut(question, rewriteMaxBytes*4))
	params := openai.ChatCompletionNewParams{
		Model:         m.cfg.Model,
		Messages:      []openai.ChatCompletionMessageParamUnion{openai.SystemMessage(rewriteInstructions), openai.UserMessage(conv.String())},
		MaxTokens:     openai.Int(rewriteMaxTokens),
		StreamOptions: openai.ChatCompletionStreamOptionsParam{IncludeUsage: openai.Bool(true)},
	}
	s := m.chat.Completions.NewStreaming(ctx, params)
	defer s.Close()
	var out strings.Builder
	var usage Usage
	for s.Next() && out.Len() < rewriteMaxBytes {
		chunk := s.Current()
		if chunk.Usage.PromptTokens > 0 || chunk.Usage.CompletionTokens > 0 {
			usage = Usage{PromptTokens: int(chunk.Usage.PromptTokens), CompletionTokens: int(chunk.Usage.CompletionTokens)}
		}
		if len(chunk.Choices) > 0 {
			out.WriteString(chunk.Choices[0].Delta.Content)
		}
	}
	if err := s.Err(); err != nil {
		return "", usage, fmt.Errorf("%w: query rewrite: %w", ErrModel, err)
	}
	q := strings.TrimSpace(strings.Trim(firstLine(text.Cut(out.String(), rewriteMaxBytes)), "\"'` "))
	if usage == (Usage{}) {
		usage = Usage{PromptTokens: estimateTokens(len(rewriteInstructions) + conv.Len()), CompletionTokens: estimateTokens(out.Len())}
	}
	if q == "" {
		return "", usage, fmt.Errorf("%w: query rewrite: empty answer", ErrModel)
	}
	return q, usage, nil
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
