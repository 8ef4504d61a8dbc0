package consumer_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/ingest/consumer"
	"github.com/lectern-dev/lectern/platform/bus"
	"github.com/lectern-dev/lectern/platform/bus/bustest"
	"github.com/lectern-dev/lectern/platform/eventually"
	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/platform/store/sqlite"
	"github.com/lectern-dev/lectern/schemas/event"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/oklog/ulid/v2"
	"github.com/prometheus/client_golang/prometheus"
)

// flakyStore wraps the real SQLite store and fails on demand, to inject outages.
type flakyStore struct {
	*sqlite.Store
	failWith   atomic.Pointer[error]
	rejectPath atomic.Pointer[string] // a batch holding feedback on this path is refused
	writes     atomic.Int64
	largest    atomic.Int64 // the most events one write held
}

func (f *flakyStore) WriteBatch(ctx context.Context, b store.Batch) error {
	f.writes.Add(1)
	for n := int64(b.Len()); ; {
		if m := f.largest.Load(); n <= m || f.largest.CompareAndSwap(m, n) {
			break
		}
	}
	if err := f.failWith.Load(); err != nil {
		return *err
	}
	if p := f.rejectPath.Load(); p != nil {
		for _, fb := range b.Feedback {
			if fb.Path == *p {
				return fmt.Errorf("value out of range on %s", fb.Path)
			}
		}
	}
	return f.Store.WriteBatch(ctx, b)
}

type fixture struct {
	srv   *bustest.Server
	store *flakyStore
	reg   *prometheus.Registry
	pub   *bus.Publisher
}

func setup(t *testing.T) *fixture {
	t.Helper()
	srv := bustest.Start(t)
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "l.db"), slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	reg := prometheus.NewRegistry()
	return &fixture{srv: srv, store: &flakyStore{Store: st}, reg: reg, pub: bus.NewPublisher(srv.JS, reg)}
}

func (f *fixture) run(t *testing.T) {
	t.Helper()
	f.runWith(t, consumer.Config{Durable: "test", BatchSize: 100, BatchBytes: 1 << 20, BatchWait: 10 * time.Millisecond, Workers: 2, AckWait: 5 * time.Second, StoreTimeout: 30 * time.Second, MaxRetries: 2})
}

func (f *fixture) runWith(t *testing.T, cfg consumer.Config) {
	t.Helper()
	if err := cfg.Validate(); err != nil {
		t.Fatal(err)
	}
	c := consumer.New(cfg, f.srv.JS, f.store, slog.New(slog.DiscardHandler), f.reg)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- c.Run(ctx) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("consumer: %v", err)
		}
	})
}

func feedback(project string) event.Feedback {
	id := ulid.Make()
	now := ulid.Time(id.Time()).UTC()
	helpful := true
	return event.Feedback{EventID: id.String(), ID: id.String(), ProjectID: project, Domain: "d", Path: "/p",
		Source: event.SourceContextual, Status: event.StatusPending, Helpful: &helpful, CreatedAt: now, UpdatedAt: now}
}

// count returns how many feedback records project has in the store.
func (f *fixture) count(t *testing.T, project string) int {
	t.Helper()
	p, err := f.store.ListFeedback(context.Background(), store.FeedbackQuery{ProjectID: project, Page: store.Page{Limit: 10000}})
	if err != nil {
		t.Fatal(err)
	}
	return len(p.Records)
}

func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	eventually.True(t, 15*time.Second, what, cond)
}

func TestStoresEachEventOnce(t *testing.T) {
	f := setup(t)
	ctx := context.Background()
	var events []event.Feedback
	for range 500 {
		e := feedback("p1")
		events = append(events, e)
		if err := f.pub.Publish(ctx, "p1", event.TypeFeedback, e.EventID, e); err != nil {
			t.Fatal(err)
		}
	}
	// The same events again, under other message ids, as a redelivery past the duplicate window would be.
	for i, e := range events[:100] {
		if err := f.pub.Publish(ctx, "p1", event.TypeFeedback, fmt.Sprintf("again-%d", i), e); err != nil {
			t.Fatal(err)
		}
	}
	f.run(t)
	waitFor(t, "600 events stored", func() bool {
		return metricValue(t, f.reg, "lectern_events_stored_total") >= 600
	})
	if n := f.count(t, "p1"); n != 500 {
		t.Fatalf("store holds %d records, want 500", n)
	}
	waitFor(t, "nothing left pending", func() bool { return consumerPending(t, f) == 0 })
}

func TestOutageDelaysButLosesNothing(t *testing.T) {
	f := setup(t)
	down := fmt.Errorf("disk gone: %w", store.ErrUnavailable)
	f.store.failWith.Store(&down)
	f.run(t)
	for range 50 {
		e := feedback("p1")
		if err := f.pub.Publish(context.Background(), "p1", event.TypeFeedback, e.EventID, e); err != nil {
			t.Fatal(err)
		}
	}
	waitFor(t, "store tried during outage", func() bool { return f.store.writes.Load() >= 2 })
	if n := f.count(t, "p1"); n != 0 {
		t.Fatalf("%d records stored during the outage", n)
	}
	f.store.failWith.Store(nil)
	waitFor(t, "all stored after recovery", func() bool { return f.count(t, "p1") == 50 })
	if n := dlqMessages(t, f); n != 0 {
		t.Fatalf("%d events dead-lettered by an outage", n)
	}
}

func TestPoisonGoesToDeadLetter(t *testing.T) {
	f := setup(t)
	f.run(t)
	ctx := context.Background()
	good := feedback("p1")
	wrongProject := feedback("p2")
	for _, m := range []*nats.Msg{
		{Subject: event.Subject("p1", event.TypeFeedback), Data: []byte("{not json")},
		{Subject: event.Subject("p1", event.TypeFeedback), Data: mustJSON(t, wrongProject)},
		{Subject: event.Subject("p1", "survey"), Data: []byte(`{}`)},
		{Subject: event.Subject("p1", event.TypeFeedback), Data: mustJSON(t, good)},
	} {
		if _, err := f.srv.JS.PublishMsg(ctx, m); err != nil {
			t.Fatal(err)
		}
	}
	waitFor(t, "good event stored", func() bool { return f.count(t, "p1") == 1 })
	waitFor(t, "three dead letters", func() bool { return dlqMessages(t, f) == 3 })
	cons, err := f.srv.JS.OrderedConsumer(ctx, event.StreamDeadLetter, jetstream.OrderedConsumerConfig{})
	if err != nil {
		t.Fatal(err)
	}
	batch, err := cons.Fetch(3, jetstream.FetchMaxWait(2*time.Second))
	if err != nil {
		t.Fatal(err)
	}
	var reasons []string
	for m := range batch.Messages() {
		reasons = append(reasons, m.Headers().Get(consumer.HeaderReason))
		if m.Headers().Get(consumer.HeaderSubject) == "" {
			t.Errorf("dead letter without its original subject")
		}
	}
	// Two workers fetch concurrently, so the dead letters may arrive in any order.
	all := strings.Join(reasons, "\n")
	for _, want := range []string{"decode: event cannot be stored: decode", "does not match subject project", "unknown event type"} {
		if len(reasons) != 3 || !strings.Contains(all, want) {
			t.Errorf("dead-letter reasons %q: want three, one mentioning %q", reasons, want)
		}
	}
}

func TestRejectedEventIsolated(t *testing.T) {
	f := setup(t)
	// A store that rejects whole batches (not an outage): events are then tried one by one.
	rejected := errors.New("value out of range")
	f.store.failWith.Store(&rejected)
	f.run(t)
	for range 3 {
		e := feedback("p1")
		if err := f.pub.Publish(context.Background(), "p1", event.TypeFeedback, e.EventID, e); err != nil {
			t.Fatal(err)
		}
	}
	waitFor(t, "rejected events dead-lettered after retries", func() bool { return dlqMessages(t, f) == 3 })
	if got := metricValue(t, f.reg, "lectern_events_dead_lettered_total", "type", "feedback", "reason", "store"); got != 3 {
		t.Errorf("dead-letter metric = %v, want 3", got)
	}
}

// TestGroupedMessages checks messages of several events: each event is stored once (also when
// the group comes again), and a group's bad event is dead-lettered alone.
func TestGroupedMessages(t *testing.T) {
	f := setup(t)
	ctx := context.Background()
	var msgs []event.Message
	for range 10 {
		e := feedback("p1")
		msgs = append(msgs, event.Message{Type: event.TypeFeedback, ID: e.EventID, Value: e})
	}
	if err := f.pub.PublishBatch(ctx, "p1", msgs); err != nil { // one call, one grouped message
		t.Fatal(err)
	}
	if err := f.pub.PublishBatch(ctx, "p1", msgs); err != nil { // the same events again: the same group id
		t.Fatal(err)
	}
	if got := metricValue(t, f.reg, "lectern_events_published_total", "result", "duplicate"); got != 10 {
		t.Errorf("lectern_events_published_total{result=duplicate} = %v; want 10 (JetStream drops the repeated group)", got)
	}
	if err := f.pub.PublishBatch(ctx, "p1", msgs[:5]); err != nil { // part of it: a new group, stored once
		t.Fatal(err)
	}
	mixed := []event.Feedback{feedback("p1"), feedback("p2"), feedback("p1")} // p2's is not p1's to store
	if _, err := f.srv.JS.PublishMsg(ctx, &nats.Msg{Subject: event.BatchSubject("p1", event.TypeFeedback), Data: mustJSON(t, mixed),
		Header: nats.Header{event.HeaderEvents: []string{"3"}}}); err != nil {
		t.Fatal(err)
	}
	f.run(t)
	waitFor(t, "every message settled", func() bool { return settled(t, f) && dlqMessages(t, f) == 1 })
	if n := f.count(t, "p1"); n != 12 {
		t.Errorf("store holds %d records; want 12", n)
	}
	if got := metricValue(t, f.reg, "lectern_events_stored_total", "type", "feedback"); got != 17 {
		t.Errorf("lectern_events_stored_total = %v; want 17 (10, 5 of them again, and 2 of the mixed group)", got)
	}
	dl := deadLetters(t, f, 1)[0]
	if dl.Headers().Get(consumer.HeaderSubject) != event.BatchSubject("p1", event.TypeFeedback) ||
		!strings.Contains(dl.Headers().Get(consumer.HeaderReason), "does not match subject project") {
		t.Errorf("dead letter headers %v; want the group's subject and the reason", dl.Headers())
	}
	var back event.Feedback
	if err := json.Unmarshal(dl.Data(), &back); err != nil || back.EventID != mixed[1].EventID {
		t.Errorf("dead letter %s (%v); want p2's event alone", dl.Data(), err)
	}
}

// TestRejectedGroupIsolated checks that an event the store refuses holds back its group only
// until the group's last attempt, which stores the others and dead-letters it alone.
func TestRejectedGroupIsolated(t *testing.T) {
	f := setup(t)
	reject := "/reject"
	f.store.rejectPath.Store(&reject)
	group := []event.Feedback{feedback("p1"), feedback("p1"), feedback("p1")}
	group[1].Path = reject
	var msgs []event.Message
	for _, e := range group {
		msgs = append(msgs, event.Message{Type: event.TypeFeedback, ID: e.EventID, Value: e})
	}
	if err := f.pub.PublishBatch(context.Background(), "p1", msgs); err != nil {
		t.Fatal(err)
	}
	f.run(t)
	waitFor(t, "the group settled", func() bool { return settled(t, f) && dlqMessages(t, f) == 1 })
	if n := f.count(t, "p1"); n != 2 {
		t.Errorf("store holds %d records; want the 2 it accepts", n)
	}
	if got := metricValue(t, f.reg, "lectern_events_dead_lettered_total", "type", "feedback", "reason", "store"); got != 1 {
		t.Errorf("dead-letter metric = %v, want 1", got)
	}
	var back event.Feedback
	if dl := deadLetters(t, f, 1)[0]; json.Unmarshal(dl.Data(), &back) != nil || back.Path != reject {
		t.Errorf("dead letter %s; want the refused event", dl.Data())
	}
}

// settled reports that the consumer exists and holds nothing undelivered or unacknowledged.
func settled(t *testing.T, f *fixture) bool {
	t.Helper()
	c, err := f.srv.JS.Consumer(context.Background(), event.StreamEvents, "test")
	if errors.Is(err, jetstream.ErrConsumerNotFound) {
		return false // Run has not created it yet
	}
	if err != nil {
		t.Fatal(err)
	}
	info, err := c.Info(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return info.NumPending == 0 && info.NumAckPending == 0 && info.Delivered.Consumer > 0
}

// TestGroupedFetchIsWrittenInBatchSizeRuns checks that a fetch of grouped messages, which
// may hold many times BatchSize events, reaches the store in writes of at most BatchSize.
func TestGroupedFetchIsWrittenInBatchSizeRuns(t *testing.T) {
	f := setup(t)
	for range 6 {
		var msgs []event.Message
		for range 3 {
			e := feedback("p1")
			msgs = append(msgs, event.Message{Type: event.TypeFeedback, ID: e.EventID, Value: e})
		}
		if err := f.pub.PublishBatch(context.Background(), "p1", msgs); err != nil { // a group of 3
			t.Fatal(err)
		}
	}
	f.runWith(t, consumer.Config{Durable: "test", BatchSize: 7, BatchBytes: 1 << 20, BatchWait: 10 * time.Millisecond, Workers: 1, AckWait: 5 * time.Second, StoreTimeout: 30 * time.Second, MaxRetries: 2})
	waitFor(t, "18 events stored", func() bool { return settled(t, f) && f.count(t, "p1") == 18 })
	if n := f.store.largest.Load(); n > 7 || n < 3 {
		t.Errorf("the largest write held %d events; want 3 to 7 (whole groups of 3, at most BatchSize)", n)
	}
}

// deadLetters reads the first n messages of the dead-letter stream.
func deadLetters(t *testing.T, f *fixture, n int) []jetstream.Msg {
	t.Helper()
	cons, err := f.srv.JS.OrderedConsumer(context.Background(), event.StreamDeadLetter, jetstream.OrderedConsumerConfig{})
	if err != nil {
		t.Fatal(err)
	}
	batch, err := cons.Fetch(n, jetstream.FetchMaxWait(2*time.Second))
	if err != nil {
		t.Fatal(err)
	}
	var out []jetstream.Msg
	for m := range batch.Messages() {
		out = append(out, m)
	}
	if len(out) != n {
		t.Fatalf("%d dead letters; want %d", len(out), n)
	}
	return out
}

func mustJSON(t *testing.T, v any) []byte {
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func dlqMessages(t *testing.T, f *fixture) uint64 {
	s, err := f.srv.JS.Stream(context.Background(), event.StreamDeadLetter)
	if err != nil {
		t.Fatal(err)
	}
	info, err := s.Info(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return info.State.Msgs
}

func consumerPending(t *testing.T, f *fixture) uint64 {
	c, err := f.srv.JS.Consumer(context.Background(), event.StreamEvents, "test")
	if err != nil {
		t.Fatal(err)
	}
	info, err := c.Info(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return info.NumPending + uint64(info.NumAckPending)
}

// metricValue sums the samples of the counter name whose labels include every pair in want.
func metricValue(t *testing.T, reg *prometheus.Registry, name string, want ...string) float64 {
	t.Helper()
	families, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	var sum float64
	for _, mf := range families {
		if mf.GetName() != name {
			continue
		}
		for _, m := range mf.GetMetric() {
			labels := map[string]string{}
			for _, lp := range m.GetLabel() {
				labels[lp.GetName()] = lp.GetValue()
			}
			match := true
			for i := 0; i+1 < len(want); i += 2 {
				match = match && labels[want[i]] == want[i+1]
			}
			if match {
				sum += m.GetCounter().GetValue()
			}
		}
	}
	return sum
}

// TestRunsAreBoundedInBytes checks that large events reach the store in writes of at most
// BatchBytes of messages (whole messages; a message is never split), however many BatchSize allows.
func TestRunsAreBoundedInBytes(t *testing.T) {
	f := setup(t)
	for range 6 {
		var msgs []event.Message
		for range 3 {
			e := feedback("p1")
			e.Comment = strings.Repeat("x", 11_000)
			msgs = append(msgs, event.Message{Type: event.TypeFeedback, ID: e.EventID, Value: e})
		}
		if err := f.pub.PublishBatch(context.Background(), "p1", msgs); err != nil { // a group of 3, about 33 KB
			t.Fatal(err)
		}
	}
	f.runWith(t, consumer.Config{Durable: "test", BatchSize: 100, BatchBytes: 64 << 10, BatchWait: 10 * time.Millisecond, Workers: 1, AckWait: 5 * time.Second, StoreTimeout: 30 * time.Second, MaxRetries: 2})
	waitFor(t, "18 events stored", func() bool { return settled(t, f) && f.count(t, "p1") == 18 })
	if n := f.store.largest.Load(); n != 3 {
		t.Errorf("the largest write held %d events; want 3 (one 33 KB group: two exceed 64 KiB)", n)
	}
}
