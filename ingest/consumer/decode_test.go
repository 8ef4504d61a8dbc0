package consumer

import (
	stdjson "encoding/json"
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/store"
	"github.com/lectern-dev/lectern/schemas/event"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// fakeMsg is the part of a JetStream message decodeInto reads.
type fakeMsg struct {
	jetstream.Msg
	subject string
	data    []byte
	header  nats.Header
}

func (m fakeMsg) Subject() string      { return m.subject }
func (m fakeMsg) Data() []byte         { return m.data }
func (m fakeMsg) Headers() nats.Header { return m.header }

// TestDecodeMatchesEncodingJSON checks that the fast decoder reads every field of both events
// exactly as encoding/json writes them, unicode, NULs and escapes included.
func TestDecodeMatchesEncodingJSON(t *testing.T) {
	helpful := false
	now := time.Date(2026, 11, 21, 6, 7, 8, 123_000_000, time.UTC)
	fb := event.Feedback{EventID: "01ARZ3NDEKTSV4RRFFQ69G5FAW", ID: "01ARZ3NDEKTSV4RRFFQ69G5FAV", ProjectID: "p", Domain: "d",
		Path: "/ü/\"x\"", Comment: "a\x00b\n\tc ✓ <html>", CreatedAt: now, UpdatedAt: now.Add(time.Second),
		Source: event.SourceContextual, Status: event.StatusInProgress, Helpful: &helpful, Contact: "a@b.co", FP: "anonymous"}
	conv := event.Conversation{ID: "01ARZ3NDEKTSV4RRFFQ69G5FAV", ProjectID: "p", Domain: "d", ThreadID: "thr_x", Timestamp: now,
		Query: "how\u2028do I?", Response: "```go\nx := \"y\"\n```", Sources: []event.Citation{{Title: "T", URL: "/u#a"}},
		QueryCategory: "Guides", ResolutionStatus: event.Unanswered, PageURL: "/p", FP: "f", Aborted: true}
	conv.Caller, conv.Client = event.CallerOther, "slack"
	click := event.Traffic{ID: "01ARZ3NDEKTSV4RRFFQ69G5FAX", Type: event.TypeSearchClick, ProjectID: "p", Domain: "d",
		Timestamp: now, VisitorID: "v\u00e9", Class: event.ClassAI, Caller: event.CallerAPI, UserAgent: "GPTBot/1.0", Agent: "GPTBot",
		Path: "/a b", Title: "T", Referrer: "https://x/?q=1", Query: " Custom  Domain ", Results: 7, Position: 2, Repeat: true}
	var b store.Batch
	for _, tc := range []struct {
		t event.Type
		v any
	}{{event.TypeFeedback, fb}, {event.TypeConversation, conv}, {event.TypeSearchClick, click}} {
		data, err := stdjson.Marshal(tc.v)
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := decodeInto(&b, fakeMsg{subject: event.Subject("p", tc.t), data: data}, new(arena)); err != nil {
			t.Fatalf("%s: %v", tc.t, err)
		}
	}
	if len(b.Feedback) != 1 || !reflect.DeepEqual(b.Feedback[0], fb) {
		t.Errorf("feedback decoded as %+v, want %+v", b.Feedback, fb)
	}
	if len(b.Conversations) != 1 || !reflect.DeepEqual(b.Conversations[0], conv) {
		t.Errorf("conversation decoded as %+v, want %+v", b.Conversations, conv)
	}
	if len(b.Traffic) != 1 || !reflect.DeepEqual(b.Traffic[0], click) {
		t.Errorf("traffic decoded as %+v, want %+v", b.Traffic, click)
	}
}

// TestDecodeRejectsBadTraffic checks that traffic the stores cannot hold is poison.
func TestDecodeRejectsBadTraffic(t *testing.T) {
	good := event.Traffic{ID: "01ARZ3NDEKTSV4RRFFQ69G5FAX", Type: event.TypePageView, ProjectID: "p",
		Timestamp: time.Unix(1e9, 0).UTC(), VisitorID: "v", Class: event.ClassHuman, Path: "/"}
	for _, tc := range []struct {
		name    string
		subject string
		edit    func(*event.Traffic)
	}{
		{"bad id", event.Subject("p", event.TypePageView), func(e *event.Traffic) { e.ID = "x" }},
		{"other project", event.Subject("q", event.TypePageView), func(*event.Traffic) {}},
		{"type differs from subject", event.Subject("p", event.TypeSearch), func(*event.Traffic) {}},
		{"unknown class", event.Subject("p", event.TypePageView), func(e *event.Traffic) { e.Class = "bot" }},
		{"unknown format", event.Subject("p", event.TypePageView), func(e *event.Traffic) { e.Format = "pdf" }},
		{"crawler search", event.Subject("p", event.TypeSearch), func(e *event.Traffic) { e.Type, e.Class = event.TypeSearch, event.ClassTraining }},
		{"unknown type", event.Subject("p", "scroll"), func(e *event.Traffic) { e.Type = "scroll" }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := good
			tc.edit(&e)
			data, err := stdjson.Marshal(e)
			if err != nil {
				t.Fatal(err)
			}
			var b store.Batch
			if _, _, err := decodeInto(&b, fakeMsg{subject: tc.subject, data: data}, nil); !errors.Is(err, errPoison) {
				t.Fatalf("err = %v, want poison", err)
			}
		})
	}
}

// TestDecodeAgentAndEngagementFields checks that every field of the agents' events (page
// formats, MCP calls) and of the widget's engagement events is decoded, and that an agent's
// fetch is AI traffic whatever class its publisher gave it.
func TestDecodeAgentAndEngagementFields(t *testing.T) {
	at := time.Date(2026, 11, 21, 6, 7, 8, 123_000_000, time.UTC)
	base := event.Traffic{ID: "01ARZ3NDEKTSV4RRFFQ69G5FAX", ProjectID: "p", Domain: "d", Timestamp: at, VisitorID: "v",
		Class: event.ClassHuman, Path: "/guides/x"}
	with := func(edit func(*event.Traffic)) event.Traffic {
		e := base
		edit(&e)
		return e
	}
	for _, tc := range []struct {
		name      string
		in        event.Traffic
		wantClass event.Class
	}{
		{"markdown view", with(func(e *event.Traffic) {
			e.Type, e.Format, e.UserAgent = event.TypePageView, event.FormatMarkdown, "curl/8"
		}), event.ClassAI},
		{"llms-full view", with(func(e *event.Traffic) {
			e.Type, e.Format, e.Path = event.TypePageView, event.FormatLLMsFull, "/llms-full.txt"
		}), event.ClassAI},
		{"html view stays human", with(func(e *event.Traffic) { e.Type = event.TypePageView }), event.ClassHuman},
		{"training crawler's markdown view", with(func(e *event.Traffic) {
			e.Type, e.Format, e.Class, e.UserAgent = event.TypePageView, event.FormatMarkdown, event.ClassTraining, "GPTBot/1.2"
		}), event.ClassTraining},
		{"search crawler's html view", with(func(e *event.Traffic) {
			e.Type, e.Class = event.TypePageView, event.ClassSearchIndex
		}), event.ClassSearchIndex},
		{"mcp call", with(func(e *event.Traffic) {
			e.Type, e.Tool, e.Client, e.ClientVersion, e.Status, e.DurationMs = event.TypeMCPCall, "search", "claude-code", "2.1.0", event.MCPStatusOK, 37
			e.Query, e.Results, e.Caller = "rate limits", 4, event.CallerOther
		}), event.ClassAI},
		{"code copy", with(func(e *event.Traffic) { e.Type, e.Block, e.Lang = event.TypeCodeCopy, 3, "bash" }), event.ClassHuman},
		{"cta click", with(func(e *event.Traffic) {
			e.Type, e.Target, e.Label = event.TypeCTAClick, "https://app.example.com/signup", "Sign up ✓"
		}), event.ClassHuman},
		{"outbound click", with(func(e *event.Traffic) { e.Type, e.Target = event.TypeOutboundClick, "https://github.com/x/y" }), event.ClassHuman},
		{"menu action", with(func(e *event.Traffic) { e.Type, e.Action = event.TypeMenuAction, "chatgpt" }), event.ClassHuman},
		{"source click", with(func(e *event.Traffic) {
			e.Type, e.ThreadID = event.TypeSourceClick, "thr_01ARZ3NDEKTSV4RRFFQ69G5FAV"
		}), event.ClassHuman},
	} {
		t.Run(tc.name, func(t *testing.T) {
			data, err := stdjson.Marshal(tc.in)
			if err != nil {
				t.Fatal(err)
			}
			var b store.Batch
			if _, _, err := decodeInto(&b, fakeMsg{subject: event.Subject("p", tc.in.Type), data: data}, new(arena)); err != nil {
				t.Fatal(err)
			}
			want := tc.in
			want.Class = tc.wantClass
			if len(b.Traffic) != 1 || !reflect.DeepEqual(b.Traffic[0], want) {
				t.Errorf("decoded %+v\nwant    %+v", b.Traffic, want)
			}
		})
	}
}

// TestDecodeGroupedMessage checks a grouped message: its good events land in the batch after
// what was there, in order, and its bad ones come back to be dead-lettered alone, whether the
// batch had room for them (decoded in place) or not.
func TestDecodeGroupedMessage(t *testing.T) {
	view := func(id, path string) event.Traffic {
		return event.Traffic{ID: id, Type: event.TypePageView, ProjectID: "p", Timestamp: time.Unix(1e9, 0).UTC(),
			VisitorID: "v", Class: event.ClassHuman, Path: path}
	}
	first := view("01ARZ3NDEKTSV4RRFFQ69G5FA0", "/before")
	group := []event.Traffic{
		view("01ARZ3NDEKTSV4RRFFQ69G5FA1", "/a"),
		view("not-a-ulid", "/bad"),
		view("01ARZ3NDEKTSV4RRFFQ69G5FA3", "/c"),
	}
	data, err := stdjson.Marshal(group)
	if err != nil {
		t.Fatal(err)
	}
	for _, room := range []int{0, 1, 4, 10} {
		b := store.Batch{Traffic: append(make([]event.Traffic, 0, room), first)}
		msg := fakeMsg{subject: event.BatchSubject("p", event.TypePageView), data: data}
		u, bad, err := decodeInto(&b, msg, new(arena))
		if err != nil {
			t.Fatalf("room %d: %v", room, err)
		}
		if u.t != event.TypePageView || u.n != 2 {
			t.Errorf("room %d: unit %+v; want 2 page views", room, u)
		}
		want := []event.Traffic{first, group[0], group[2]}
		if !reflect.DeepEqual(b.Traffic, want) {
			t.Errorf("room %d: batch holds %+v; want %+v", room, b.Traffic, want)
		}
		if len(bad) != 1 || !errors.Is(bad[0].err, errPoison) {
			t.Fatalf("room %d: bad events %+v; want the one with a bad id", room, bad)
		}
		var back event.Traffic
		if err := stdjson.Unmarshal(bad[0].data, &back); err != nil || !reflect.DeepEqual(back, group[1]) {
			t.Errorf("room %d: dead letter %s (%v); want the bad event as it was sent", room, bad[0].data, err)
		}
	}
	for _, broken := range []string{`[{"id":`, `{"id":"x"}`, `[1,2]`} {
		var b store.Batch
		if _, _, err := decodeInto(&b, fakeMsg{subject: event.BatchSubject("p", event.TypePageView), data: []byte(broken)}, new(arena)); !errors.Is(err, errPoison) {
			t.Errorf("grouped message %s: err = %v; want poison", broken, err)
		}
		if b.Len() != 0 {
			t.Errorf("grouped message %s left %d events in the batch", broken, b.Len())
		}
	}
}

// TestRunsHoldAtMostBatchSizeEvents checks how a fetch is cut into store writes: grouped
// messages count by their header, a message is never split, a missing count counts as one.
func TestRunsHoldAtMostBatchSizeEvents(t *testing.T) {
	single := fakeMsg{subject: event.Subject("p", event.TypePageView)}
	group := func(n string) jetstream.Msg {
		return fakeMsg{subject: event.BatchSubject("p", event.TypePageView), header: nats.Header{event.HeaderEvents: []string{n}}}
	}
	c := &Consumer{cfg: Config{BatchSize: 10}}
	for _, tc := range []struct {
		name string
		msgs []jetstream.Msg
		want []int // messages per run
	}{
		{"singles", []jetstream.Msg{single, single, single}, []int{3}},
		{"a group fills a run", []jetstream.Msg{single, single, single, group("8"), group("20"), single}, []int{3, 1, 1, 1}},
		{"groups share a run", []jetstream.Msg{group("4"), group("6"), group("1")}, []int{2, 1}},
		{"bad counts count as one", []jetstream.Msg{group("x"), group("0"), group("99999"), fakeMsg{subject: event.BatchSubject("p", event.TypeSearch)}}, []int{4}},
	} {
		var got []int
		for _, run := range c.runs(tc.msgs) {
			got = append(got, len(run))
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: runs of %v messages; want %v", tc.name, got, tc.want)
		}
	}
}
