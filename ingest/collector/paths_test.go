package collector_test

import (
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/lectern-dev/lectern/schemas/event"
)

// TestPathsNormalised: the URLs a docs host serves for one page (a trailing slash, an index
// page, a query string) reach the event stream as that one page, in page views, search clicks
// and feedback; a feedback record keeps its fragment, which may name a section.
func TestPathsNormalised(t *testing.T) {
	r := newRig(t)
	const chrome = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"
	var evs []map[string]any
	for _, p := range []string{"/quickstart", "/quickstart/", "/quickstart/index", "quickstart/index.html",
		"/quickstart/?ref=nav#install", "/", "/index.html", "/guides/indexing/"} {
		evs = append(evs, map[string]any{"type": "page_view", "path": p})
	}
	evs = append(evs, map[string]any{"type": "search_click", "query": "install", "path": "/quickstart/index/", "position": 1})
	body, _ := json.Marshal(map[string]any{"anonId": "a1", "events": evs})
	for path, body := range map[string]string{
		"/discovery/v1/events/acme":   string(body),
		"/discovery/v1/feedback/acme": `{"path":"/guides/keys/#rotate","source":"contextual","helpful":true}`,
	} {
		if status, resp := r.sendUA(t, http.MethodPost, path, r.asstKey, chrome, body); status != http.StatusAccepted {
			t.Fatalf("%s: %d %s", path, status, resp)
		}
	}
	got := streamPaths(t, r.js, len(evs)+1)
	want := map[event.Type][]string{
		event.TypePageView:    {"/", "/", "/guides/indexing", "/quickstart", "/quickstart", "/quickstart", "/quickstart", "/quickstart"},
		event.TypeSearchClick: {"/quickstart"},
		event.TypeFeedback:    {"/guides/keys#rotate"},
	}
	for ty, paths := range want {
		slices.Sort(got[ty])
		if !slices.Equal(got[ty], paths) {
			t.Errorf("%s paths %q, want %q", ty, got[ty], paths)
		}
	}
}

// streamPaths reads n page view, search click and feedback events from the stream and returns
// their paths by type.
func streamPaths(t *testing.T, js jetstream.JetStream, n int) map[event.Type][]string {
	t.Helper()
	var subjects []string
	for _, ty := range []event.Type{event.TypePageView, event.TypeSearchClick, event.TypeFeedback} {
		subjects = append(subjects, event.Subject("acme-prod", ty), event.BatchSubject("acme-prod", ty))
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	cons, err := js.OrderedConsumer(ctx, event.StreamEvents, jetstream.OrderedConsumerConfig{FilterSubjects: subjects})
	if err != nil {
		t.Fatal(err)
	}
	out := map[event.Type][]string{}
	for seen := 0; seen < n; {
		msg, err := cons.Next(jetstream.FetchMaxWait(10 * time.Second))
		if err != nil {
			t.Fatalf("%d of %d events on the stream: %v", seen, n, err)
		}
		type withPath struct{ Path string }
		var es []withPath
		_, ty, grouped, _ := event.ParseSubject(msg.Subject())
		if grouped {
			err = json.Unmarshal(msg.Data(), &es)
		} else {
			es = make([]withPath, 1)
			err = json.Unmarshal(msg.Data(), &es[0])
		}
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range es {
			out[ty] = append(out[ty], e.Path)
			seen++
		}
	}
	return out
}
