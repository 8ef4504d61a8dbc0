package store

import (
	"errors"
	"time"
)

// Subject names one person whose records a privacy request erases. Exactly one field is set.
type Subject struct {
	Contact  string // the e-mail address a reader left with feedback
	AnonID   string // the anonymous id a widget sent (feedback and conversation fp, traffic visitor)
	ThreadID string // one assistant thread: its turns, the feedback on its answers and the clicks on its sources
}

// ErrBadSubject reports a Subject without exactly one field.
var ErrBadSubject = errors.New("exactly one of contact, anon id and thread id must be set")

// Validate checks that exactly one field is set.
func (s Subject) Validate() error {
	n := 0
	for _, v := range []string{s.Contact, s.AnonID, s.ThreadID} {
		if v != "" {
			n++
		}
	}
	if n != 1 {
		return ErrBadSubject
	}
	return nil
}

// Erased counts the records an erasure removed, by kind.
type Erased struct {
	Feedback      int
	Conversations int
	Traffic       int
}

// Kind names a kind of record for retention.
type Kind string

// Record kinds.
const (
	KindFeedback      Kind = "feedback"
	KindConversations Kind = "conversations"
	KindTraffic       Kind = "traffic"
)

// Kinds lists every record kind.
var Kinds = []Kind{KindFeedback, KindConversations, KindTraffic}

// Retention says how long each kind of record is kept; zero keeps it for ever.
type Retention map[Kind]time.Duration
