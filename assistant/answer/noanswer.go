package answer

import (
	"strings"
	"unicode"
)

// NoAnswer is what the model is told to end a reply with when the documentation excerpts do
// not answer the question (instructions): its own word that it declined, read from the one
// request the reply makes and taken out of the text before the reader sees it. A greeting,
// thanks or an answer carry none, so they do not get the site's support line. The model
// judges: a word list cannot tell "thanks a lot" from a question about lots, nor a decline
// from an answer in 26 languages; and when the search found no page its instructions say so.
const NoAnswer = "[[no-answer]]"

// markerFilter passes a model's streamed text on without NoAnswer, holding back an end that
// may be the start of one and the line breaks before it, and notes whether it saw one.
type markerFilter struct {
	emit func(string) error
	held string
	seen bool
}

// write takes the next piece of the model's text.
func (f *markerFilter) write(piece string) error {
	s := f.held + piece
	for {
		i := strings.Index(s, NoAnswer)
		if i < 0 {
			break
		}
		f.seen = true
		s = s[:i] + s[i+len(NoAnswer):]
	}
	out := s[:len(s)-markerStart(s)]
	if t := strings.TrimRightFunc(out, unicode.IsSpace); strings.Contains(out[len(t):], "\n") {
		out = t // the line breaks before a marker would be left before the support line
	}
	f.held = s[len(out):]
	if out == "" {
		return nil
	}
	return f.emit(out)
}

// flush passes on what write held back once the reply is complete: a marker's white space is
// dropped, any other end kept as written.
func (f *markerFilter) flush() error {
	rest := f.held
	f.held = ""
	if f.seen {
		rest = strings.TrimRightFunc(rest, unicode.IsSpace)
	}
	if rest == "" {
		return nil
	}
	return f.emit(rest)
}

// markerStart is the length of the longest end of s that begins NoAnswer (without being it).
func markerStart(s string) int {
	for n := min(len(s), len(NoAnswer)-1); n > 0; n-- {
		if strings.HasSuffix(s, NoAnswer[:n]) {
			return n
		}
	}
	return 0
}
