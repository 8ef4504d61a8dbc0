package main

import (
	"bytes"
	"context"
	"log/slog"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/bus"
	"github.com/lectern-dev/lectern/platform/eventually"
	"github.com/lectern-dev/lectern/schemas/event"
	"github.com/oklog/ulid/v2"
	"github.com/prometheus/client_golang/prometheus"
)

// `lectern data delete` against a running lectern: each kind of subject takes exactly its
// person's records out of the exports, and nothing of anyone else's.
func TestDataDelete(t *testing.T) {
	cfg := testConfig(t, "sqlite")
	l := startLectern(t, cfg)
	nc, js, err := bus.Connect(l.NATSURL, "test", slog.New(slog.DiscardHandler), l.NATSAuth.Options()...)
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	pub := bus.NewPublisher(js, prometheus.NewRegistry())
	thr := func() string { return "thr_" + ulid.Make().String() }
	people := []struct{ contact, anon, thread string }{
		{"Ana@Example.com", "anon-ana", thr()}, {"bo@example.com", "anon-bo", thr()}, {"cy@example.com", "anon-cy", thr()},
	}
	for range 3 {
		for _, p := range people {
			id := ulid.Make()
			now := ulid.Time(id.Time()).UTC()
			f := event.Feedback{EventID: id.String(), ID: id.String(), ProjectID: "acme-prod", Domain: "acme", Path: "/p",
				Source: event.SourceContextual, Status: event.StatusPending, Contact: p.contact, FP: p.anon, CreatedAt: now, UpdatedAt: now}
			cid := ulid.Make()
			c := event.Conversation{ID: cid.String(), ProjectID: "acme-prod", Domain: "acme", ThreadID: p.thread, FP: p.anon,
				Timestamp: ulid.Time(cid.Time()).UTC(), Query: "q", Response: "r", ResolutionStatus: event.Answered}
			if err := pub.Publish(context.Background(), "acme-prod", event.TypeFeedback, f.EventID, f); err != nil {
				t.Fatal(err)
			}
			if err := pub.Publish(context.Background(), "acme-prod", event.TypeConversation, c.ID, c); err != nil {
				t.Fatal(err)
			}
			rid := ulid.Make() // the reader's thumbs on the answer: its thread and anonymous id, no contact
			r := event.Feedback{EventID: rid.String(), ID: rid.String(), ProjectID: "acme-prod", Domain: "acme", Path: "/p",
				Source: event.SourceThumbsOnly, Status: event.StatusPending, Helpful: new(true), FP: p.anon, ThreadID: p.thread,
				CreatedAt: ulid.Time(rid.Time()).UTC(), UpdatedAt: ulid.Time(rid.Time()).UTC()}
			if err := pub.Publish(context.Background(), "acme-prod", event.TypeFeedback, r.EventID, r); err != nil {
				t.Fatal(err)
			}
		}
	}
	waitFor(t, "18 feedback and 9 conversations exported", func() bool {
		return len(getPage(t, l, url.Values{"limit": {"100"}}).Feedback) == 18 && len(getConvPage(t, l, url.Values{"limit": {"100"}}).Conversations) == 9
	})

	deleteData := func(args ...string) string {
		t.Helper()
		var out, errs bytes.Buffer
		args = append([]string{"data", "delete", "--project", "acme-prod", "--data-dir", cfg.DataDir, "--nats-url", l.NATSURL}, args...)
		if err := run(context.Background(), args, &out, &errs); err != nil {
			t.Fatalf("lectern %s: %v\n%s", strings.Join(args, " "), err, errs.String())
		}
		return out.String()
	}
	if out := deleteData("--contact", "ana@example.com"); !strings.Contains(out, "erased 3 feedback records, 0 conversations") {
		t.Errorf("by contact: %q", out)
	}
	if out := deleteData("--anon-id", "anon-bo"); !strings.Contains(out, "erased 6 feedback records, 3 conversations") {
		t.Errorf("by anonymous id: %q", out)
	}
	if out := deleteData("--thread", people[0].thread); !strings.Contains(out, "erased 3 feedback records, 3 conversations") { // the turns and their thumbs
		t.Errorf("by thread: %q", out)
	}
	for _, f := range getPage(t, l, url.Values{"limit": {"100"}}).Feedback {
		if f.Path != "/p" {
			t.Fatalf("unexpected record %+v", f)
		}
	}
	if n := len(getPage(t, l, url.Values{"limit": {"100"}}).Feedback); n != 6 {
		t.Errorf("%d feedback records left; want cy's 3 and cy's 3 thumbs", n)
	}
	for _, c := range getConvPage(t, l, url.Values{"limit": {"100"}}).Conversations {
		if c.ThreadID != people[2].thread {
			t.Errorf("conversation of %s survived", c.ThreadID)
		}
	}
	var errs bytes.Buffer
	if err := run(context.Background(), []string{"data", "delete", "--project", "acme-prod", "--contact", "a@b", "--thread", "t"}, &bytes.Buffer{}, &errs); err == nil {
		t.Error("two subjects at once were accepted")
	}
}

func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	eventually.True(t, 30*time.Second, what, cond)
}
