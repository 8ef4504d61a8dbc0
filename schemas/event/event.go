// Package event defines the events Lectern publishes on the bus and the subjects they travel on.
package event

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"
)

// Type names an event kind; it is the last part of the event's subject.
type Type string

// The event types on the bus.
const (
	TypeFeedback     Type = "feedback"     // a feedback record was created or its status changed
	TypeConversation Type = "conversation" // one assistant turn
)

// Subject prefixes and stream names shared by publishers and consumers.
const (
	StreamEvents     = "LECTERN_EVENTS"
	StreamDeadLetter = "LECTERN_DLQ"
	SubjectPrefix    = "lectern.events"
	DeadLetterPrefix = "lectern.dlq"
)

// ErrInvalidSubject reports a subject that is not a Lectern event subject.
var ErrInvalidSubject = errors.New("not a lectern event subject")

var tokenRE = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$`)

// ValidToken reports whether s can stand as a project id or domain: 1-64 characters of
// letters, digits, '-' and '_', starting with a letter or digit.
func ValidToken(s string) bool { return tokenRE.MatchString(s) }

// Subject returns the subject one event of type t for project travels on, as a JSON object.
func Subject(project string, t Type) string {
	return SubjectPrefix + "." + project + "." + string(t)
}

// BatchSuffix ends the subject of a message that carries several events of one project and type.
const BatchSuffix = "batch"

// BatchSubject returns the subject several events of type t for project travel on together,
// as a JSON array of the objects Subject carries one at a time. Publishers group the events
// that arrive together under load (one bus operation for many events); the header
// HeaderEvents counts them. A subscriber that wants every event listens on
// Subject(project, t) and BatchSubject(project, t), or on SubjectPrefix + ".>".
func BatchSubject(project string, t Type) string {
	return Subject(project, t) + "." + BatchSuffix
}

// HeaderEvents counts the events of a batch message.
const HeaderEvents = "Lectern-Events"

// DeadLetterSubject returns the dead-letter subject for an event of type t for project.
func DeadLetterSubject(project string, t Type) string {
	return DeadLetterPrefix + "." + project + "." + string(t)
}

// ParseSubject splits an event subject, of one event or of a batch, into its project and type,
// and reports whether it is a batch subject.
func ParseSubject(subject string) (project string, t Type, batch bool, err error) {
	rest, ok := strings.CutPrefix(subject, SubjectPrefix+".")
	if !ok {
		return "", "", false, fmt.Errorf("%q: %w", subject, ErrInvalidSubject)
	}
	project, typ, ok := strings.Cut(rest, ".")
	if !ok || project == "" || typ == "" {
		return "", "", false, fmt.Errorf("%q: %w", subject, ErrInvalidSubject)
	}
	if typ, batch = strings.CutSuffix(typ, "."+BatchSuffix); strings.Contains(typ, ".") || typ == "" {
		return "", "", false, fmt.Errorf("%q: %w", subject, ErrInvalidSubject)
	}
	return project, Type(typ), batch, nil
}

// TimeFormat is the wire format of every timestamp: RFC 3339, UTC, milliseconds.
const TimeFormat = "2006-01-02T15:04:05.000Z07:00"

// FormatTime renders t in TimeFormat.
func FormatTime(t time.Time) string { return t.UTC().Format(TimeFormat) }

// Message is one event to publish: its type (the last part of its subject), its id (sent as
// Nats-Msg-Id, the deduplication key) and its payload, encoded as JSON.
type Message struct {
	Type  Type
	ID    string
	Value any
}
