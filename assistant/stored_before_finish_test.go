package assistant_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/assistant"

	"github.com/lectern-dev/lectern/schemas/event"
)

// A reply's conversation is in JetStream before its finish parts reach the reader: once the
// stream ended, the record is there, with no wait.
func TestConversationStoredBeforeTheReplyEnds(t *testing.T) {
	wrapPublisher = func(p assistant.Publisher) assistant.Publisher { return slowPublisher{p} }
	t.Cleanup(func() { wrapPublisher = nil })
	h := start(t, nil)
	parts := checkReply(t, h.post(t, "acme", ask("How do I verify webhook signatures?")))
	msgID := decodePart[map[string]string](t, parts[0])["messageId"]
	stream, err := h.bus.JS.Stream(context.Background(), event.StreamEvents)
	if err != nil {
		t.Fatal(err)
	}
	msg, err := stream.GetLastMsgForSubject(context.Background(), event.Subject("acme-docs", event.TypeConversation))
	if err != nil {
		t.Fatalf("no conversation in the stream when the reply ended: %v", err)
	}
	var ev event.Conversation
	if err := json.Unmarshal(msg.Data, &ev); err != nil {
		t.Fatal(err)
	}
	if "msg-"+ev.ID != msgID {
		t.Fatalf("the stream's last conversation is %s, not this reply's %s", ev.ID, msgID)
	}
}

// slowPublisher takes 300 ms to store each event, as a busy bus may: a reply that ended
// before its event was stored shows here.
type slowPublisher struct{ assistant.Publisher }

func (p slowPublisher) Publish(ctx context.Context, project string, t event.Type, id string, v any) error {
	time.Sleep(300 * time.Millisecond) // simulates a slow bus, not synchronisation
	return p.Publisher.Publish(ctx, project, t, id, v)
}

// failingPublisher stores nothing, as a bus that is down.
type failingPublisher struct{}

func (failingPublisher) Publish(context.Context, string, event.Type, string, any) error {
	return errBusDown
}

var errBusDown = errors.New("event bus unavailable")

// When the conversation cannot be stored, the reply does not end as if it were: it ends with
// an error part and no finish parts.
func TestReplyEndsWithAnErrorWhenItsRecordCannotBeStored(t *testing.T) {
	wrapPublisher = func(assistant.Publisher) assistant.Publisher { return failingPublisher{} }
	t.Cleanup(func() { wrapPublisher = nil })
	h := start(t, nil)
	resp := h.post(t, "acme", ask("How do I verify webhook signatures?"))
	defer resp.Body.Close()
	parts := readParts(t, resp.Body)
	last := parts[len(parts)-1]
	if last.code != '3' || !strings.Contains(decodePart[string](t, last), "could not be recorded") {
		t.Fatalf("parts %q: want an error part last", codes(parts))
	}
	if strings.ContainsRune(codes(parts), 'd') {
		t.Fatalf("parts %q: a finish part for a reply whose record was not stored", codes(parts))
	}
}
