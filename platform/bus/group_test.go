package bus_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/lectern-dev/lectern/platform/bus"
	"github.com/lectern-dev/lectern/platform/bus/bustest"
	"github.com/lectern-dev/lectern/schemas/event"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/oklog/ulid/v2"
	"github.com/prometheus/client_golang/prometheus"
)

// views makes n page views of project p, each with its id in Path so a test can find it.
func views(p string, n int) []event.Message {
	out := make([]event.Message, n)
	for i := range out {
		id := ulid.Make().String()
		out[i] = event.Message{Type: event.TypePageView, ID: id, Value: event.Traffic{ID: id, ProjectID: p, Path: "/" + id, Title: strings.Repeat("t", 200)}}
	}
	return out
}

// messages reads every message of the event stream: its subject and how many events it holds.
func messages(t *testing.T, js jetstream.JetStream) (subjects []string, sizes []int) {
	t.Helper()
	for _, msg := range streamMsgs(t, js) {
		subjects, sizes = append(subjects, msg.Subject()), append(sizes, len(eventsOf(t, msg)))
	}
	return subjects, sizes
}

func TestPublishBatchGroupsOneCallsEvents(t *testing.T) {
	for _, tc := range []struct {
		name  string
		cfg   bus.PublishConfig
		sizes []int
	}{
		{"one message", bus.DefaultPublishConfig(), []int{5}},
		{"at most GroupEvents", bus.PublishConfig{GroupEvents: 2, GroupBytes: 1 << 20}, []int{2, 2, 1}},
		// Each event is about 400 bytes of JSON: 1 KiB holds two.
		{"at most GroupBytes", bus.PublishConfig{GroupEvents: 100, GroupBytes: 1 << 10}, []int{2, 2, 1}},
		{"grouping off", bus.PublishConfig{GroupEvents: 1, GroupBytes: 1 << 20}, []int{1, 1, 1, 1, 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := bustest.Start(t)
			if err := tc.cfg.Validate(); err != nil {
				t.Fatal(err)
			}
			pub := bus.NewPublisherWith(tc.cfg, srv.JS, prometheus.NewRegistry())
			if err := pub.PublishBatch(context.Background(), "p1", views("p1", 5)); err != nil {
				t.Fatal(err)
			}
			subjects, sizes := messages(t, srv.JS)
			total := 0
			for i, n := range sizes {
				total += n
				want := event.Subject("p1", event.TypePageView)
				if n > 1 {
					want = event.BatchSubject("p1", event.TypePageView)
				}
				if subjects[i] != want {
					t.Errorf("a message of %d events went on %s; want %s", n, subjects[i], want)
				}
			}
			if total != 5 {
				t.Errorf("the stream holds %d events in %v; want 5", total, sizes)
			}
			if !slices.Equal(sizes, tc.sizes) {
				t.Errorf("messages of %v events; want %v", sizes, tc.sizes)
			}
		})
	}
}

func TestPublishBatchConcurrentCallersStoreEveryEventOnce(t *testing.T) {
	srv := bustest.Start(t)
	reg := prometheus.NewRegistry()
	pub := bus.NewPublisher(srv.JS, reg)
	const callers, each = 32, 20
	var wg sync.WaitGroup
	errs := make(chan error, callers)
	for c := range callers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			project := []string{"p1", "p2"}[c%2]
			for range each {
				if err := pub.PublishBatch(context.Background(), project, views(project, 1)); err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	subjects, sizes := messages(t, srv.JS)
	perProject := map[string]int{}
	for i, s := range subjects {
		project, _, _, err := event.ParseSubject(s)
		if err != nil {
			t.Fatal(err)
		}
		perProject[project] += sizes[i]
	}
	if perProject["p1"] != callers/2*each || perProject["p2"] != callers/2*each {
		t.Errorf("events per project %v; want %d each", perProject, callers/2*each)
	}
	stored := publishedStored(t, reg, event.TypePageView)
	if stored != callers*each {
		t.Errorf("lectern_events_published_total{page_view,stored} = %v; want %d", stored, callers*each)
	}
}

func TestPublishBatchDropsEventsOfCallersThatGaveUp(t *testing.T) {
	srv := bustest.Start(t)
	pub := bus.NewPublisher(srv.JS, prometheus.NewRegistry())
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err := pub.PublishBatch(ctx, "p1", views("p1", 3))
	if !errors.Is(err, bus.ErrUnavailable) || !errors.Is(err, context.Canceled) {
		t.Fatalf("PublishBatch with an ended context = %v; want ErrUnavailable and context.Canceled", err)
	}
	// A later call's events go through the same lane; the abandoned ones are not sent with them.
	if err := pub.PublishBatch(context.Background(), "p1", views("p1", 2)); err != nil {
		t.Fatal(err)
	}
	if _, sizes := messages(t, srv.JS); !slices.Equal(sizes, []int{2}) {
		t.Errorf("messages of %v events; want only the later call's 2", sizes)
	}
}

func TestPublishConfigValidate(t *testing.T) {
	for _, tc := range []struct {
		cfg   bus.PublishConfig
		field string
	}{
		{bus.DefaultPublishConfig(), ""},
		{bus.PublishConfig{GroupEvents: 0, GroupBytes: 1 << 20}, "nats-group-events"},
		{bus.PublishConfig{GroupEvents: 10001, GroupBytes: 1 << 20}, "nats-group-events"},
		{bus.PublishConfig{GroupEvents: 10, GroupBytes: 100}, "nats-group-bytes"},
		{bus.PublishConfig{GroupEvents: 10, GroupBytes: 9 << 20}, "nats-group-bytes"},
	} {
		err := tc.cfg.Validate()
		if (err == nil) != (tc.field == "") || (err != nil && !strings.HasPrefix(err.Error(), tc.field+":")) {
			t.Errorf("Validate(%+v) = %v; want an error naming %q", tc.cfg, err, tc.field)
		}
	}
}

// publishedStored reads lectern_events_published_total{type=t,result="stored"} from reg.
func publishedStored(t *testing.T, reg *prometheus.Registry, typ event.Type) float64 {
	t.Helper()
	mfs, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, mf := range mfs {
		if mf.GetName() != "lectern_events_published_total" {
			continue
		}
		for _, m := range mf.GetMetric() {
			labels := map[string]string{}
			for _, l := range m.GetLabel() {
				labels[l.GetName()] = l.GetValue()
			}
			if labels["type"] == string(typ) && labels["result"] == "stored" {
				return m.GetCounter().GetValue()
			}
		}
	}
	t.Fatalf("no lectern_events_published_total{type=%q,result=stored}", typ)
	return 0
}
