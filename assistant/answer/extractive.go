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

// Extractive answers without a language model: it quotes the passage of the best section that
// answers the question (the first source, in the search's order, that passes the relevance
// rule) and cites its page with a markdown link. It quotes one passage only: on the search
// evaluation's tuning questions, about one in six of the second and third sources that also
// passed the rule was a page that answers (60% of all citations were pages that do not), so
// quoting them mostly added an unrelated passage to a right one.
type Extractive struct{}

// NewExtractive returns the extractive generator.
func NewExtractive() *Extractive { return &Extractive{} }

var _ Generator = (*Extractive)(nil)

// Generate composes the answer and emits it in several pieces: the lead, then each quoted
// passage and its citation.
func (e *Extractive) Generate(ctx context.Context, p Prompt, emit func(string) error) (Answer, error) {
	qterms := questionTerms(&p)
	best, found := answering(p.Sources, qterms)
	a := Answer{Resolution: event.Unanswered}
	var chunks []string
	switch {
	case len(qterms) == 0:
		chunks = []string{"I answer questions about this documentation. ", "What would you like to know?"}
	case !found:
		chunks = []string{
			"I could not find anything in the documentation that answers this, so I will not guess.\n\n",
			"Try rephrasing the question with the words the docs use, or ask about a specific feature or page.",
		}
	default:
		a.Cited, a.Resolution = []Source{best}, event.Answered
		chunks = compose(best, qterms)
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

// answering returns the first source that passes the relevance rule: the search orders the
// sources by how well they answer, and a later one that also passes is most often about
// something else.
func answering(sources []Source, qterms []string) (Source, bool) {
	if len(qterms) == 0 {
		return Source{}, false
	}
	need := min(int(math.Ceil(MinShare*float64(len(qterms)))), EnoughTerms)
	for _, s := range sources {
		text := s.Title + "\n" + s.Section + "\n" + strings.Join(s.Breadcrumbs, "\n") + "\n" + s.Text
		n := vocab(text).matches(qterms)
		pass := n >= need
		if s.Match > 0 {
			pass = s.Match >= MatchShare && n >= 1
		}
		if pass {
			return s, true
		}
	}
	return Source{}, false
}

func promptBytes(p *Prompt) int {
	n := len(p.Question)
	for _, s := range p.Sources {
		n += len(s.Text)
	}
	return n
}
