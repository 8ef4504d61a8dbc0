// Package answer writes the assistant's replies from the documentation sections a search
// found. Two generators share one interface: Extractive, the default, quotes the sentences of
// the best sections that match the question and cites their pages; Model streams the answer
// of an OpenAI-compatible chat-completions server grounded in the same sections.
package answer

import (
	"context"
	"errors"

	"github.com/lectern-dev/lectern/schemas/event"
)

// Source is one documentation section a search found for the question.
type Source struct {
	Title       string   // page title
	URL         string   // page path with the section's anchor
	Path        string   // page path
	Section     string   // section heading, "" for the page's lead
	Text        string   // the section's text (an excerpt of it)
	Whole       string   // the section's whole text, of which Text is an excerpt; "" when unknown (a quoted table's lost header is found there)
	Breadcrumbs []string // navigation path to the page
	Match       float64  // share of the question's terms the page holds, weighted by rarity (the index's Result.Match); 0 when unknown
	Words       int      // the question's words the search looked for (the index's Result.Words); 0 when unknown
	Reader      bool     // the page the reader asks from (Prompt.Reader): the model is told so
	// SectionMatch is the share of the question the page's best section holds, weighted as
	// Match is (the index's Result.SectionMatch); 0 when unknown.
	SectionMatch float64
}

// Turn is an earlier question of the conversation and the answer given.
type Turn struct {
	Question, Answer string
}

// ContextItem is a code snippet or text selection the reader attached.
type ContextItem struct {
	Type  string // "code" or "textSelection"
	Value string
	Path  string // page the item comes from, if known
}

// Prompt is everything a generator answers from.
type Prompt struct {
	Site     string // the docs domain, named in the model's instructions
	Question string // the last user message
	History  []Turn // earlier turns, oldest first
	Context  []ContextItem
	Sources  []Source // best first; the reader's page, when the search did not find it, last
	// Reader is the page the reader asks from (Mintlify's currentPath), which the model is told;
	// nil when the request names none, or none the assistant may read.
	Reader *ReaderPage
	// Language is the docs.json language code of the search's scope: the model-free answer's own
	// sentences are in it when it has them (English otherwise). "" is the site's only language.
	Language string
	// Instructions are the docs team's own (Mintlify's .mintlify/Assistant.md): a model reads
	// them after Lectern's instructions, which they add to and do not replace. The extractive
	// answer quotes the docs and cannot follow them.
	Instructions string
	// Skills are the docs team's topic guides a model may load (the loadSkill tool), at most
	// MaxSkillLoads per answer; Loaded are the calls this answer made so far (a follow-up's
	// prompt never holds an earlier answer's).
	Skills []Skill
	Loaded []SkillCall
	// OnSkill, when set, is told of each loadSkill call once its result is known, before the
	// model goes on; its error stops the answer as emit's does.
	OnSkill func(SkillCall) error
	// Support is where a declined reply sends its reader (the site's support page with the
	// thread id, or a mailto: address); "" when the site has none.
	Support string
}

// Usage counts the tokens of a reply (estimated when the generator cannot count them).
type Usage struct {
	PromptTokens, CompletionTokens int
}

// Answer is what a generator reports once its text has been emitted.
type Answer struct {
	Cited      []Source // the pages cited, each once, best first
	Resolution event.Resolution
	Usage      Usage
	Declined   bool // the reply says the docs do not answer the question (not a greeting or thanks): it gets the support line
	Deflected  bool // the reply declined and pointed the reader at Prompt.Support
}

// Generator writes an answer to p, passing each piece of text to emit as soon as it is
// ready. It stops and returns emit's error (wrapped) when emit fails, and returns the Answer
// so far with any error.
type Generator interface {
	Generate(ctx context.Context, p Prompt, emit func(text string) error) (Answer, error)
}

// Errors of the model generator; both wrap the cause.
var (
	ErrTimeout = errors.New("the language model did not finish in time")
	ErrModel   = errors.New("the language model failed")
)

// estimateTokens approximates a token count from text length (about four bytes a token).
func estimateTokens(n int) int { return (n + 3) / 4 }
