package bus

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/lectern-dev/lectern/schemas/event"
	"github.com/nats-io/nats.go/jetstream"
)

// Person names whose events EraseEvents removes: exactly one field is set.
type Person struct {
	Contact  string // feedback contact, compared without case
	AnonID   string // feedback and conversation fp, traffic visitorId
	ThreadID string // conversation and feedback threadId
}

// personFields are the event fields a Person is matched on.
type personFields struct {
	Contact   string `json:"contact"`
	FP        string `json:"fp"`
	VisitorID string `json:"visitorId"`
	ThreadID  string `json:"threadId"`
}

func (p Person) matches(data []byte) bool {
	var f personFields
	if json.Unmarshal(data, &f) != nil {
		return false
	}
	switch {
	case p.Contact != "":
		return strings.EqualFold(f.Contact, p.Contact)
	case p.AnonID != "":
		return f.FP == p.AnonID || f.VisitorID == p.AnonID
	case p.ThreadID != "":
		return f.ThreadID == p.ThreadID
	}
	return false
}

// EraseEvents deletes from the event and dead-letter streams every event of project that
// belongs to person, so that no replay or redelivery brings it back; it returns how many it
// deleted. Erase from the stream before the store: an event erased from the store alone could
// still be delivered and stored again.
func EraseEvents(ctx context.Context, js jetstream.JetStream, project string, person Person) (int, error) {
	total := 0
	for _, s := range []struct{ stream, filter string }{
		{event.StreamEvents, event.SubjectPrefix + "." + project + ".>"},
		{event.StreamDeadLetter, event.DeadLetterPrefix + "." + project + ".>"},
	} {
		n, err := eraseFrom(ctx, js, s.stream, s.filter, person)
		total += n
		if err != nil {
			return total, fmt.Errorf("erase from %s: %w", s.stream, err)
		}
	}
	return total, nil
}

func eraseFrom(ctx context.Context, js jetstream.JetStream, streamName, filter string, person Person) (int, error) {
	stream, err := js.Stream(ctx, streamName)
	if err != nil {
		return 0, err
	}
	cons, err := stream.OrderedConsumer(ctx, jetstream.OrderedConsumerConfig{FilterSubjects: []string{filter}})
	if err != nil {
		return 0, err
	}
	info, err := cons.Info(ctx)
	if err != nil {
		return 0, err
	}
	remaining := info.NumPending
	deleted := 0
	for remaining > 0 {
		batch, err := cons.Fetch(int(min(remaining, 1000)), jetstream.FetchMaxWait(5*time.Second))
		if err != nil {
			return deleted, err
		}
		got := 0
		for msg := range batch.Messages() {
			got++
			remaining--
			if !person.matches(msg.Data()) {
				continue
			}
			md, err := msg.Metadata()
			if err != nil {
				return deleted, err
			}
			if err := stream.DeleteMsg(ctx, md.Sequence.Stream); err != nil && !errors.Is(err, jetstream.ErrMsgNotFound) {
				return deleted, err
			}
			deleted++
		}
		if err := batch.Error(); err != nil && got == 0 {
			return deleted, err
		}
		if got == 0 {
			break // the stream shrank while we read (age or trim): nothing more to see
		}
	}
	return deleted, nil
}
