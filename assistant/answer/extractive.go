package answer

import (
	"context"
	"fmt"
	"math"
	"strings"

	"github.com/lectern-dev/lectern/schemas/event"
)

// The relevance rule of the extractive answer. When the search tells how much of the question
// a source's page holds (Source.Match, each term weighted by its rarity), the source answers
// when that share is at least MatchShare and its section holds at least one of the question's
// content words: the rare words of a question decide, and a page holding only its common ones
// ("api", the product's name) does not answer it. Otherwise a section answers when it holds
// (in its title, heading, breadcrumbs or text) at least MinShare of the question's distinct
// content words, or at least EnoughTerms of them. Content words leave out stop words such as
// "how", "do" and "I"; forms of one word count as one ("keys" and "key", "install" and
// "installation"). When no source passes, the reply says the docs do not cover the question
// and its resolution is unanswered.
const (
	MatchShare  = 0.5
	MinShare    = 0.6
	EnoughTerms = 3
)

// maxCited is how many sections an extractive answer quotes.
const maxCited = 3

// Extractive answers without a language model: it quotes the sentences of the best sections
// that match the question, each cited with a markdown link to its page.
type Extractive struct{}

// NewExtractive returns the extractive generator.
func NewExtractive() *Extractive { return &Extractive{} }

var _ Generator = (*Extractive)(nil)

// Generate composes the answer and emits it in several pieces: the lead, then each quoted
// passage and its citation.
func (e *Extractive) Generate(ctx context.Context, p Prompt, emit func(string) error) (Answer, error) {
	qterms := questionTerms(&p)
	cited := relevant(p.Sources, qterms)
	a := Answer{Resolution: event.Unanswered}
	var chunks []string
	switch {
	case len(qterms) == 0:
		chunks = []string{"I answer questions about this documentation. ", "What would you like to know?"}
	case len(cited) == 0:
		chunks = []string{
			"I could not find anything in the documentation that answers this, so I will not guess.\n\n",
			"Try rephrasing the question with the words the docs use, or ask about a specific feature or page.",
		}
	default:
		a.Cited, a.Resolution = cited, event.Answered
		chunks = compose(cited, qterms)
	}
	n := 0
	for _, c := range chunks {
		if err := ctx.Err(); err != nil {
			return a, fmt.Errorf("extractive answer: %w", err)
		}
		if err := emit(c); err != nil {
			return a, fmt.Errorf("extractive answer: %w", err)
		}
		n += len(c)
	}
	a.Usage = Usage{PromptTokens: estimateTokens(promptBytes(&p)), CompletionTokens: estimateTokens(n)}
	return a, nil
}

// questionTerms returns the content words of the question; a question without any ("and
// then?") borrows those of the previous question, then those of the attached context.
func questionTerms(p *Prompt) []string {
	if t := terms(p.Question); len(t) > 0 {
		return t
	}
	if n := len(p.History); n > 0 {
		if t := terms(p.History[n-1].Question); len(t) > 0 {
			return t
		}
	}
	for _, c := range p.Context {
		if t := terms(c.Value); len(t) > 0 {
			return t
		}
	}
	return nil
}

// relevant returns the sources that pass the relevance rule, best first, at most maxCited,
// one per page. By the word rule, sources after the first must hold as many of the question's
// words as it does, so a weaker page does not dilute a complete answer.
func relevant(sources []Source, qterms []string) []Source {
	if len(qterms) == 0 {
		return nil
	}
	need := min(int(math.Ceil(MinShare*float64(len(qterms)))), EnoughTerms)
	var out []Source
	for _, s := range sources {
		if len(out) == maxCited {
			break
		}
		text := s.Title + "\n" + s.Section + "\n" + strings.Join(s.Breadcrumbs, "\n") + "\n" + s.Text
		n := vocab(text).matches(qterms)
		pass := n >= need
		if s.Match > 0 {
			pass = s.Match >= MatchShare && n >= 1
		}
		if pass && !citedPage(out, s.Path) {
			out = append(out, s)
			need = max(need, n)
		}
	}
	return out
}

func citedPage(cited []Source, path string) bool {
	for _, c := range cited {
		if c.Path == path {
			return true
		}
	}
	return false
}

func promptBytes(p *Prompt) int {
	n := len(p.Question)
	for _, s := range p.Sources {
		n += len(s.Text)
	}
	return n
}
