package embed_test

import (
	"context"
	"log/slog"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/assistant/embed"
	"github.com/lectern-dev/lectern/assistant/embed/embedtest"
	"github.com/lectern-dev/lectern/assistant/search"
	"github.com/lectern-dev/lectern/platform/eventually"
	"github.com/lectern-dev/lectern/platform/fakeclock"
	"github.com/prometheus/client_golang/prometheus"
)

var sitePages = []search.Page{
	{URL: "/fleet", Title: "Fleet", Body: "Cars of the company are booked in the garage app."},
	{URL: "/holidays", Title: "Holidays", Body: "Days off are booked in the calendar."},
	{URL: "/office", Title: "Office", Body: "The office opens at nine."},
}

func newRetriever(t *testing.T, url string, clock *fakeclock.Clock) (*embed.Retriever, *prometheus.Registry) {
	t.Helper()
	reg := prometheus.NewRegistry()
	r := embed.NewRetriever(embed.Config{BaseURL: url, Model: "tiny", Timeout: 5 * time.Second}, embed.Options{Now: clock.Now}, slog.New(slog.DiscardHandler), reg)
	t.Cleanup(r.Close)
	return r, reg
}

// firstPath returns the page of the first of secs.
func firstPath(t *testing.T, ix *search.Index, secs []int) string {
	t.Helper()
	if len(secs) == 0 {
		return ""
	}
	res := ix.Search(search.Query{Dense: secs[:1], Limit: 1})
	if len(res) == 0 {
		t.Fatalf("sections %v found nothing", secs)
	}
	return res[0].Path
}

func TestRetrieverFindsByMeaning(t *testing.T) {
	f := embedtest.Start(t)
	url := f.URL
	r, reg := newRetriever(t, url, fakeclock.New())
	ix := search.Build(sitePages)
	ctx := context.Background()
	if got := r.Nearest(ctx, "acme", ix, "automobile", 5); got != nil {
		t.Fatalf("before the table is built: %v, want nil (words alone)", got)
	}
	eventually.True(t, 10*time.Second, "the table built", func() bool { return r.Ready("acme", ix) })
	got := r.Nearest(ctx, "acme", ix, "automobile", 5)
	if p := firstPath(t, ix, got); p != "/fleet" {
		t.Errorf("nearest to automobile: %s (%v), want /fleet", p, got)
	}
	if len(got) != ix.Len() {
		t.Errorf("%d sections for k=5, want all %d", len(got), ix.Len())
	}
	if n := value(t, reg, "lectern_assistant_embed_sections", "domain", "acme"); n != float64(ix.Len()) {
		t.Errorf("lectern_assistant_embed_sections %v, want %d", n, ix.Len())
	}
	// A rebuilt index with one page changed embeds that page's sections only.
	before := len(f.Inputs())
	changed := append([]search.Page(nil), sitePages...)
	changed[2] = search.Page{URL: "/office", Title: "Office", Body: "The office opens at ten."}
	ix2 := search.Build(changed)
	r.Nearest(ctx, "acme", ix2, "automobile", 5)
	eventually.True(t, 10*time.Second, "the second table built", func() bool { return r.Ready("acme", ix2) })
	if asked := f.Inputs()[before:]; len(asked) != 1 || asked[0] != ix2.EmbedText(2, embed.MaxInputBytes) {
		t.Errorf("asked %q after the change, want the changed section only", asked)
	}
}

// When the endpoint fails, questions are searched by words alone; the site is tried again
// only after the retry delay, on the retriever's clock.
func TestRetrieverFallsBackAndRetries(t *testing.T) {
	f := embedtest.Start(t)
	url := f.URL
	clock := fakeclock.New()
	r, reg := newRetriever(t, url, clock)
	ix := search.Build(sitePages)
	ctx := context.Background()
	f.SetFail(true)
	r.Nearest(ctx, "acme", ix, "automobile", 5)
	failed := func() float64 {
		return value(t, reg, "lectern_assistant_embed_requests_total", "kind", "sections", "result", "error")
	}
	eventually.True(t, 10*time.Second, "the failed build counted", func() bool { return failed() == 1 })
	f.SetFail(false)
	for range 3 {
		if got := r.Nearest(ctx, "acme", ix, "automobile", 5); got != nil {
			t.Fatalf("within the retry delay: %v, want nil", got)
		}
	}
	if r.Ready("acme", ix) {
		t.Fatal("ready without a try after the failure")
	}
	clock.Advance(31 * time.Second)
	r.Nearest(ctx, "acme", ix, "automobile", 5)
	eventually.True(t, 10*time.Second, "the table built on the retry", func() bool { return r.Ready("acme", ix) })
	f.SetFail(true) // the question's vector fails: words alone
	if got := r.Nearest(ctx, "acme", ix, "automobile", 5); got != nil {
		t.Errorf("question not embedded: %v, want nil", got)
	}
	if n := value(t, reg, "lectern_assistant_embed_requests_total", "kind", "question", "result", "error"); n != 1 {
		t.Errorf("question errors counted %v, want 1", n)
	}
	// For a while after, questions do not wait on the endpoint at all.
	f.SetFail(false)
	asked := len(f.Inputs())
	if got := r.Nearest(ctx, "acme", ix, "automobile", 5); got != nil || len(f.Inputs()) != asked {
		t.Errorf("within the pause: %v, %d texts asked, want nil and none", got, len(f.Inputs())-asked)
	}
	clock.Advance(11 * time.Second)
	if got := r.Nearest(ctx, "acme", ix, "automobile", 5); firstPath(t, ix, got) != "/fleet" {
		t.Errorf("after the pause: %v, want /fleet first", got)
	}
}

// value returns the value of the series of name with the labels given as name, value pairs;
// 0 when there is none.
func value(t *testing.T, reg *prometheus.Registry, name string, labels ...string) float64 {
	t.Helper()
	mfs, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, mf := range mfs {
		if mf.GetName() != name {
			continue
		}
	series:
		for _, m := range mf.GetMetric() {
			have := map[string]string{}
			for _, l := range m.GetLabel() {
				have[l.GetName()] = l.GetValue()
			}
			for i := 0; i+1 < len(labels); i += 2 {
				if have[labels[i]] != labels[i+1] {
					continue series
				}
			}
			if c := m.GetCounter(); c != nil {
				return c.GetValue()
			}
			return m.GetGauge().GetValue()
		}
	}
	return 0
}

// After Close no build starts (a question during shutdown is searched by words).
func TestRetrieverClosed(t *testing.T) {
	f := embedtest.Start(t)
	r, _ := newRetriever(t, f.URL, fakeclock.New())
	r.Close()
	ix := search.Build(sitePages)
	if got := r.Nearest(context.Background(), "acme", ix, "automobile", 5); got != nil || len(f.Inputs()) != 0 {
		t.Errorf("after Close: %v, %d texts sent; want nil and none", got, len(f.Inputs()))
	}
}
