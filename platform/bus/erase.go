package bus

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/lectern-dev/lectern/schemas/event"
	"github.com/nats-io/nats.go"
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
			n, err := eraseMsg(ctx, js, stream, msg, person)
			deleted += n
			if err != nil {
				return deleted, err
			}
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

// eraseMsg deletes msg when its event is person's. A grouped message (a JSON array) whose
// events are only partly person's is replaced: the others are published again as a new
// message first, then the old one is deleted, so a crash between the two repeats events
// (the stores keep each once) rather than losing them. It returns how many events it erased.
func eraseMsg(ctx context.Context, js jetstream.JetStream, stream jetstream.Stream, msg jetstream.Msg, person Person) (int, error) {
	data := bytes.TrimLeft(msg.Data(), " \t\r\n")
	erased, kept := 0, []json.RawMessage(nil)
	if len(data) > 0 && data[0] == '[' {
		var evs []json.RawMessage
		if json.Unmarshal(data, &evs) != nil {
			return 0, nil
		}
		for _, e := range evs {
			if person.matches(e) {
				erased++
			} else {
				kept = append(kept, e)
			}
		}
	} else if person.matches(data) {
		erased = 1
	}
	if erased == 0 {
		return 0, nil
	}
	md, err := msg.Metadata()
	if err != nil {
		return 0, err
	}
	if len(kept) > 0 {
		rest, err := json.Marshal(kept)
		if err != nil {
			return 0, err
		}
		again := &nats.Msg{Subject: msg.Subject(), Data: rest, Header: nats.Header{}}
		for k, v := range msg.Headers() {
			again.Header[k] = v
		}
		again.Header.Set(event.HeaderEvents, strconv.Itoa(len(kept)))
		again.Header.Set(jetstream.MsgIDHeader, fmt.Sprintf("erase-%d-%s", md.Sequence.Stream, msg.Headers().Get(jetstream.MsgIDHeader)))
		if _, err := js.PublishMsg(ctx, again); err != nil {
			return 0, fmt.Errorf("publish the rest of grouped message %d: %w", md.Sequence.Stream, err)
		}
	}
	if err := stream.DeleteMsg(ctx, md.Sequence.Stream); err != nil && !errors.Is(err, jetstream.ErrMsgNotFound) {
		return 0, err
	}
	return erased, nil
}
