package answer

import "unicode/utf8"

// bytesPerToken is how Lectern estimates tokens from text (about four bytes a token for
// English; a budget in these estimated tokens bounds bytes exactly).
const bytesPerToken = 4

// MessageBytes is how many bytes of text the chat built from p sends to the model: the
// instructions with the excerpts, the earlier turns, the question with its context, and the
// skills loaded so far.
func MessageBytes(p *Prompt) int {
	n := len(system(p)) + len(question(p)) + skillBytes(p.Loaded)
	for _, t := range p.History {
		n += len(t.Question) + len(t.Answer)
	}
	return n
}

// Fit trims p so that what it sends to the model stays within maxTokens (estimated at four
// bytes a token). The question is never cut (callers refuse an over-long one up front); the
// documentation excerpts come next; then the oldest earlier turns are dropped, then the
// reader's context items are shortened, the last first. Excerpts are cut only when they
// alone leave no room for the question; then the loaded skills are cut, the last loaded
// first, then the docs team's instructions, then the list of skills, its last first.
func Fit(p Prompt, maxTokens int) Prompt {
	if maxTokens <= 0 {
		return p
	}
	budget := maxTokens * bytesPerToken
	p.History = append([]Turn(nil), p.History...)
	for len(p.History) > 0 && MessageBytes(&p) > budget {
		p.History = p.History[1:]
	}
	if over := MessageBytes(&p) - budget; over > 0 {
		p.Context = shortenContext(p.Context, over)
	}
	if over := MessageBytes(&p) - budget; over > 0 {
		p.Sources = shortenSources(p.Sources, over)
	}
	if over := MessageBytes(&p) - budget; over > 0 {
		p.Loaded = shortenLoaded(p.Loaded, over)
	}
	if over := MessageBytes(&p) - budget; over > 0 {
		p.Instructions = truncate(p.Instructions, len(p.Instructions)-over)
	}
	for len(p.Skills) > 0 && MessageBytes(&p) > budget {
		p.Skills = p.Skills[:len(p.Skills)-1]
	}
	return p
}

// shortenLoaded cuts over bytes from the loaded skills' results, the last loaded first.
func shortenLoaded(calls []SkillCall, over int) []SkillCall {
	return shortenLast(calls, over, func(c *SkillCall) *string { return &c.Result })
}

// shortenContext cuts over bytes from the context items, the last item first.
func shortenContext(items []ContextItem, over int) []ContextItem {
	out := append([]ContextItem(nil), items...)
	for i := len(out) - 1; i >= 0 && over > 0; i-- {
		cut := min(over, len(out[i].Value))
		out[i].Value = truncate(out[i].Value, len(out[i].Value)-cut)
		over -= cut
		if out[i].Value == "" {
			over -= len(out[i].Path) // the item goes with its framing
			out = append(out[:i], out[i+1:]...)
		}
	}
	return out
}

// shortenSources cuts over bytes from the excerpts, the lowest-ranked first.
func shortenSources(srcs []Source, over int) []Source {
	return shortenLast(srcs, over, func(s *Source) *string { return &s.Text })
}

// shortenLast cuts over bytes from a copy of items' text (the field text points at), the last
// item first, each down to nothing before the one above it is cut.
func shortenLast[T any](items []T, over int, text func(*T) *string) []T {
	out := append([]T(nil), items...)
	for i := len(out) - 1; i >= 0 && over > 0; i-- {
		t := text(&out[i])
		cut := min(over, len(*t))
		*t = truncate(*t, len(*t)-cut)
		over -= cut
	}
	return out
}

// truncate cuts s to at most n bytes without splitting a UTF-8 sequence.
func truncate(s string, n int) string {
	if n >= len(s) {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:max(n, 0)]
}
