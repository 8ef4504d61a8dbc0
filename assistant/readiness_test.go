package assistant_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/assistant/sitedocs"
	"github.com/lectern-dev/lectern/platform/eventually"
)

// logBuffer is a log sink the server's goroutines write and the test reads.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *logBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *logBuffer) count(s string) int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return strings.Count(b.buf.String(), s)
}

// holdIndex returns a setup whose sites named in domains stop after their pages are read and
// before their index is built, as a 24,000-page site does for minutes, and a channel that
// receives each domain held, and the function that ends the hold: the test registers it as a
// cleanup after starting the harness, so that it runs before the harness's, which waits for Run.
func holdIndex(logs io.Writer, domains ...string) (setup, <-chan string, func()) {
	held, release := make(chan string, len(domains)), make(chan struct{})
	var once sync.Map
	return setup{logs: logs, beforeIndex: func(_ context.Context, domain string) {
		if _, again := once.LoadOrStore(domain, true); again || !slices.Contains(domains, domain) {
			return // a rebuild, or a site not held
		}
		held <- domain
		<-release
	}}, held, func() { close(release) }
}

// TestLargeSiteDoesNotHoldTheOthers: while one site's first index is built, another site that
// is indexed answers its searches and messages; the site still indexing answers 503 with
// Retry-After to the search, the message route and the page-less routes alike, logs that once
// at INFO and never as a failed request, however often it is asked, and the requests are still
// counted; the service's site states say which site is ready and which indexing.
func TestLargeSiteDoesNotHoldTheOthers(t *testing.T) {
	logs := &logBuffer{}
	su, held, release := holdIndex(logs, "globex")
	h := startWith(t, nil, su)
	t.Cleanup(release)
	if d := <-held; d != "globex" {
		t.Fatalf("held %s", d)
	}
	eventually.Succeeds(t, 20*time.Second, func() error {
		return stateIs(h, "acme", sitedocs.StateReady)
	})
	if err := stateIs(h, "globex", sitedocs.StateIndexing); err != nil {
		t.Fatal(err)
	}
	if st := h.svc.SiteStates(context.Background()).(map[string]sitedocs.State)["globex"]; !st.Markdown {
		t.Errorf("globex %+v: want its pages read (Markdown served) while its index is built", st)
	}
	if status, body := h.postSearch(t, "acme", map[string]any{"query": "install"}); status != http.StatusOK {
		t.Errorf("acme search while globex indexes: %d %s", status, body)
	}
	checkReply(t, h.post(t, "acme", ask("How do I install it?")))

	const asked = 5
	for range asked {
		resp := h.postAs(t, "globex", h.tokens["globex"], ask("q"))
		msg, _ := errorBody(t, resp)
		if resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") != "5" || !strings.Contains(msg, "not indexed yet") {
			t.Fatalf("globex message: %d %q Retry-After %q, want 503 not indexed yet, Retry-After 5", resp.StatusCode, msg, resp.Header.Get("Retry-After"))
		}
		req, _ := http.NewRequest(http.MethodPost, h.base+"/discovery/v1/search/globex", strings.NewReader(`{"query": "q"}`))
		req.Header.Set("Authorization", "Bearer "+h.tokens["globex"])
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		_ = resp.Body.Close()
		if resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") != "5" {
			t.Fatalf("globex search: %d Retry-After %q, want 503, Retry-After 5", resp.StatusCode, resp.Header.Get("Retry-After"))
		}
	}
	if n := logs.count("request failed"); n != 0 {
		t.Errorf("%d requests to the site still indexing logged as failed, want none:\n%s", n, logs.buf.String())
	}
	if n := logs.count("docs asked for while their first index is built"); n != 1 || logs.count("level=INFO msg=\"docs asked for") != 1 {
		t.Errorf("the site still indexing logged %d times, want once at INFO:\n%s", n, logs.buf.String())
	}
	got := gather(t, h)
	if n := got[`lectern_http_requests_total{method="POST",route="/discovery/v1/search/:domain",status="503"}`]; n != asked {
		t.Errorf("503 searches counted %v, want %d", n, asked)
	}
	if err := h.svc.Ready(context.Background()); err == nil || !strings.Contains(err.Error(), "site globex: indexing") {
		t.Errorf("Ready while globex indexes: %v, want it named", err)
	}
}

// stateIs checks one site's state as /readyz?verbose shows it.
func stateIs(h *harness, domain, want string) error {
	states, _ := json.Marshal(h.svc.SiteStates(context.Background()))
	var got map[string]struct{ State string }
	if err := json.Unmarshal(states, &got); err != nil {
		return err
	}
	if got[domain].State != want {
		return fmt.Errorf("site %s is %q, want %q", domain, got[domain].State, want)
	}
	return nil
}
