package bus_test

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/bus"
	"github.com/lectern-dev/lectern/platform/bus/bustest"
	"github.com/lectern-dev/lectern/schemas/event"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/oklog/ulid/v2"
	"github.com/prometheus/client_golang/prometheus"
)

func TestEraseEvents(t *testing.T) {
	srv := bustest.Start(t)
	ctx := context.Background()
	pub := bus.NewPublisher(srv.JS, prometheus.NewRegistry())
	publish := func(project string, typ event.Type, v any) {
		t.Helper()
		if err := pub.Publish(ctx, project, typ, ulid.Make().String(), v); err != nil {
			t.Fatal(err)
		}
	}
	for range 3 {
		publish("p1", event.TypeFeedback, event.Feedback{ProjectID: "p1", Contact: "Ana@Example.com", FP: "anon-ana"})
		publish("p1", event.TypeFeedback, event.Feedback{ProjectID: "p1", Contact: "bo@example.com", FP: "anon-bo"})
		publish("p1", event.TypeConversation, event.Conversation{ProjectID: "p1", FP: "anon-ana", ThreadID: "thr_ana"})
		publish("p1", event.TypePageView, event.Traffic{ProjectID: "p1", VisitorID: "anon-ana"})
		publish("p2", event.TypeFeedback, event.Feedback{ProjectID: "p2", Contact: "ana@example.com", FP: "anon-ana"})
		// One call's events of one type travel as one grouped message: erasing ana's must
		// keep bo's.
		grouped := []event.Message{
			{Type: event.TypePageView, ID: ulid.Make().String(), Value: event.Traffic{ProjectID: "p1", VisitorID: "anon-ana"}},
			{Type: event.TypePageView, ID: ulid.Make().String(), Value: event.Traffic{ProjectID: "p1", VisitorID: "anon-bo"}},
			{Type: event.TypePageView, ID: ulid.Make().String(), Value: event.Traffic{ProjectID: "p1", VisitorID: "anon-ana"}},
		}
		if err := pub.PublishBatch(ctx, "p1", grouped); err != nil {
			t.Fatal(err)
		}
	}
	if n := len(streamData(t, srv.JS)); n != 3*8 {
		t.Fatalf("the stream holds %d events; want 24", n)
	}
	for _, tc := range []struct {
		person bus.Person
		want   int
	}{
		{bus.Person{Contact: "ana@example.com"}, 3},
		{bus.Person{AnonID: "anon-ana"}, 12}, // conversations and page views; the feedback went above
		{bus.Person{ThreadID: "thr_ana"}, 0},
		{bus.Person{AnonID: "anon-bo"}, 6}, // feedback, and the page views that outlived ana's
	} {
		n, err := bus.EraseEvents(ctx, srv.JS, "p1", tc.person)
		if err != nil {
			t.Fatalf("EraseEvents(%+v): %v", tc.person, err)
		}
		if n != tc.want {
			t.Errorf("EraseEvents(%+v) deleted %d; want %d", tc.person, n, tc.want)
		}
	}
	left := map[string]int{}
	for _, data := range streamData(t, srv.JS) {
		var f struct{ ProjectID, Contact, FP, VisitorID string }
		if err := json.Unmarshal(data, &f); err != nil {
			t.Fatal(err)
		}
		left[f.ProjectID]++
		if f.ProjectID == "p1" {
			t.Errorf("an event of p1 survived: %s", data)
		}
	}
	if left["p2"] != 3 {
		t.Errorf("p2 keeps %d events; erasing p1's readers must leave its 3", left["p2"])
	}
}

// streamData is every event the event stream holds, a grouped message's one by one.
func streamData(t *testing.T, js jetstream.JetStream) [][]byte {
	t.Helper()
	var out [][]byte
	for _, msg := range streamMsgs(t, js) {
		out = append(out, eventsOf(t, msg)...)
	}
	return out
}

// streamMsgs reads every message of the event stream, in order.
func streamMsgs(t *testing.T, js jetstream.JetStream) []jetstream.Msg {
	t.Helper()
	ctx := context.Background()
	cons, err := js.OrderedConsumer(ctx, event.StreamEvents, jetstream.OrderedConsumerConfig{})
	if err != nil {
		t.Fatal(err)
	}
	info, err := cons.Info(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if info.NumPending == 0 {
		return nil
	}
	batch, err := cons.Fetch(int(info.NumPending), jetstream.FetchMaxWait(5*time.Second))
	if err != nil {
		t.Fatal(err)
	}
	var out []jetstream.Msg
	for msg := range batch.Messages() {
		out = append(out, msg)
	}
	return out
}

// eventsOf is what msg carries: one event, or a grouped message's events, whose count its
// header must give.
func eventsOf(t *testing.T, msg jetstream.Msg) [][]byte {
	t.Helper()
	_, _, grouped, err := event.ParseSubject(msg.Subject())
	if err != nil {
		t.Fatal(err)
	}
	if !grouped {
		return [][]byte{msg.Data()}
	}
	var evs []json.RawMessage
	if err := json.Unmarshal(msg.Data(), &evs); err != nil {
		t.Fatalf("grouped message %s: %v", msg.Subject(), err)
	}
	if n := msg.Headers().Get(event.HeaderEvents); n != fmt.Sprint(len(evs)) {
		t.Errorf("grouped message of %d events says %s=%q", len(evs), event.HeaderEvents, n)
	}
	out := make([][]byte, len(evs))
	for i, e := range evs {
		out[i] = e
	}
	return out
}
