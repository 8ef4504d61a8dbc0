package bus_test

import (
	"bytes"
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/bus"
	"github.com/lectern-dev/lectern/platform/bus/bustest"
	"github.com/lectern-dev/lectern/schemas/event"
	"github.com/oklog/ulid/v2"
	"github.com/prometheus/client_golang/prometheus"
)

// The publisher writes each event as encoding/json would, whether it encodes itself
// (event.Traffic, by value or pointer, sharing one buffer per call) or is marshalled.
func TestPublishBatchEncodesAsEncodingJSON(t *testing.T) {
	srv := bustest.Start(t)
	pub := bus.NewPublisherWith(bus.DefaultPublishConfig(), srv.JS, prometheus.NewRegistry())
	at := time.Date(2026, 11, 24, 9, 0, 0, 120_000_000, time.UTC)
	var msgs []event.Message
	var want [][]byte
	for i := range 40 {
		id := ulid.Make().String()
		tr := event.Traffic{ID: id, Type: event.TypeSearch, ProjectID: "p1", Domain: "d", Timestamp: at, VisitorID: "v",
			Class: event.ClassHuman, Query: "<how> & \"why\"\n", Results: i}
		var v any = tr
		switch i % 3 {
		case 1:
			v = &tr
		case 2:
			v = event.Feedback{EventID: id, ID: id, ProjectID: "p1", Comment: "<b>", CreatedAt: at}
		}
		data, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		msgs = append(msgs, event.Message{Type: event.TypeSearch, ID: id, Value: v})
		want = append(want, data)
	}
	if err := pub.PublishBatch(context.Background(), "p1", msgs); err != nil {
		t.Fatal(err)
	}
	var got [][]byte
	for _, msg := range streamMsgs(t, srv.JS) {
		got = append(got, eventsOf(t, msg)...)
	}
	if len(got) != len(want) {
		t.Fatalf("stream holds %d events, want %d", len(got), len(want))
	}
	for i := range want {
		if !bytes.Equal(got[i], want[i]) {
			t.Errorf("event %d published as\n%s\nencoding/json writes\n%s", i, got[i], want[i])
		}
	}
}
