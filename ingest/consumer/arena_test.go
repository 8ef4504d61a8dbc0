package consumer

import (
	stdjson "encoding/json"
	"reflect"
	"testing"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/platform/store/storetest"
	"github.com/lectern-dev/lectern/schemas/event"
)

// TestArenaKeepsWhatItHandedOut decodes grouped messages of conversations with escaped text and
// sources through one arena, past many of its byte chunks and citation slabs, and checks every
// event against encoding/json after the last message: filling a new chunk never changes what an
// earlier event holds.
func TestArenaKeepsWhatItHandedOut(t *testing.T) {
	g := storetest.NewGen(3)
	at := time.Date(2026, 11, 26, 4, 0, 0, 0, time.UTC)
	var want []event.Conversation
	var b store.Batch
	mem := new(arena)
	for range 400 {
		group := make([]event.Conversation, 12)
		for i := range group {
			group[i] = g.Conversation("p", at)
			group[i].Sources = append(group[i].Sources, event.Citation{Title: `"quoted" <b>`, URL: "/u\n"})
		}
		data, err := stdjson.Marshal(group)
		if err != nil {
			t.Fatal(err)
		}
		var decoded []event.Conversation
		if err := stdjson.Unmarshal(data, &decoded); err != nil {
			t.Fatal(err)
		}
		want = append(want, decoded...)
		msg := fakeMsg{subject: event.BatchSubject("p", event.TypeConversation), data: data,
			header: nats.Header{event.HeaderEvents: []string{"12"}}}
		if _, bad, err := decodeInto(&b, msg, mem); err != nil || len(bad) > 0 {
			t.Fatalf("decode: %v, %d bad", err, len(bad))
		}
	}
	if len(b.Conversations) != len(want) {
		t.Fatalf("%d conversations decoded, want %d", len(b.Conversations), len(want))
	}
	for i := range want {
		if !reflect.DeepEqual(b.Conversations[i], want[i]) {
			t.Fatalf("conversation %d: %+v, want %+v", i, b.Conversations[i], want[i])
		}
	}
	if cites := len(want) * 2; cites < 2*arenaCites {
		t.Fatalf("only %d citations: the slab never filled, the case this test is about", cites)
	}
	// An append to an event's sources copies them; it does not write into the next event's.
	first, second := b.Conversations[0], b.Conversations[1].Sources[0]
	first.Sources = append(first.Sources, event.Citation{Title: "x"})
	if b.Conversations[1].Sources[0] != second {
		t.Fatal("an append to one event's sources changed the next event's")
	}
}
