package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// load posts feedback from several clients until stopped, keeping every id answered 2xx and a
// tally of the other answers.
type load struct {
	url     func() string // base URL of the intake; may change between restarts
	key     string
	domain  string
	run     string // marks this run's records
	client  *http.Client
	mu      sync.Mutex
	ids     map[string]bool
	errs    map[string]int // "503 nats unavailable" → count, during a fault
	inFault atomic.Bool
	views   atomic.Int64           // page views accepted through the beacon
	convs   map[string]bool        // conversation ids of the assistant replies read to their end
	noAsk   atomic.Bool            // the target serves no assistant (an ingest process)
	askAt   atomic.Pointer[string] // base URL of the assistant when not url's (set by askVia)
	okCh    chan struct{}          // gets a value (when empty) on every 2xx
	busyCh  chan struct{}          // gets a value (when empty) on every 503
	stop    context.CancelFunc
	wg      sync.WaitGroup
}

// startLoad starts clients that each post at most rate requests a second.
func startLoad(ctx context.Context, clients, rate int, url func() string, key, domain, run string) *load {
	ctx, cancel := context.WithCancel(ctx)
	l := &load{url: url, key: key, domain: domain, run: run, stop: cancel, ids: map[string]bool{}, errs: map[string]int{}, convs: map[string]bool{}, okCh: make(chan struct{}, 1), busyCh: make(chan struct{}, 1),
		client: &http.Client{Timeout: 10 * time.Second}}
	for c := range clients {
		l.wg.Go(func() {
			tick := time.NewTicker(time.Second / time.Duration(rate))
			defer tick.Stop()
			for seq := 0; ctx.Err() == nil; seq++ {
				l.post(ctx, c, seq)
				select {
				case <-ctx.Done():
				case <-tick.C:
				}
			}
		})
	}
	return l
}

// askVia sends the assistant questions to base (a `lectern assistant` of its own) instead of url.
func (l *load) askVia(base string) { l.askAt.Store(&base) }

// fault marks the answers that follow as answers during a fault (or not).
func (l *load) fault(on bool) { l.inFault.Store(on) }

// acceptingAgain waits until intake answers 2xx to a request sent after it is called, or
// until timeout; it returns how long that took.
func (l *load) acceptingAgain(ctx context.Context, timeout time.Duration) (time.Duration, error) {
	return awaitSignal(ctx, l.okCh, timeout, "intake did not accept again")
}

// refusing waits until intake answers 503, or until timeout.
func (l *load) refusing(ctx context.Context, timeout time.Duration) (time.Duration, error) {
	return awaitSignal(ctx, l.busyCh, timeout, "intake never answered 503")
}

// steady waits until intake has answered no 503 for quiet, or until timeout; it returns how
// long that took, the quiet stretch included.
func (l *load) steady(ctx context.Context, quiet, timeout time.Duration) (time.Duration, error) {
	start := time.Now()
	deadline := time.NewTimer(timeout)
	defer deadline.Stop()
	for {
		calm := time.NewTimer(quiet)
		select {
		case <-ctx.Done():
			calm.Stop()
			return 0, ctx.Err()
		case <-deadline.C:
			calm.Stop()
			return 0, fmt.Errorf("intake still answered 503 after %s", timeout)
		case <-l.busyCh:
			calm.Stop()
		case <-calm.C:
			return time.Since(start), nil
		}
	}
}

func notify(ch chan struct{}) {
	select {
	case ch <- struct{}{}:
	default:
	}
}

// awaitSignal waits for a value sent on ch after it is called, and returns how long that took.
func awaitSignal(ctx context.Context, ch chan struct{}, timeout time.Duration, what string) (time.Duration, error) {
	start := time.Now()
	select { // a value from before the call does not count
	case <-ch:
	default:
	}
	t := time.NewTimer(timeout)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return 0, ctx.Err()
	case <-t.C:
		return 0, fmt.Errorf("%s within %s", what, timeout)
	case <-ch:
		return time.Since(start), nil
	}
}

// beaconViews is how many page views every fourth request carries through the beacon.
const beaconViews = 5

func (l *load) post(ctx context.Context, client, seq int) {
	if seq%100 == 99 && !l.noAsk.Load() {
		l.ask(ctx)
		return
	}
	beacon := seq%4 == 3
	body, _ := json.Marshal(map[string]any{
		"path": "/chaos", "source": "contextual", "helpful": seq%2 == 0,
		"comment": fmt.Sprintf("%s c%d s%d", l.run, client, seq),
	})
	route := "/discovery/v1/feedback/"
	if beacon {
		views := make([]map[string]string, beaconViews)
		for i := range views {
			views[i] = map[string]string{"type": "page_view", "path": l.viewPath()}
		}
		body, _ = json.Marshal(map[string]any{"anonId": fmt.Sprintf("c%d", client), "events": views})
		route = "/discovery/v1/events/"
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, l.url()+route+l.domain, bytes.NewReader(body))
	if err != nil {
		return
	}
	req.Header.Set("Authorization", "Bearer "+l.key)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0") // a reader, not a script
	resp, err := l.client.Do(req)
	if err != nil {
		if ctx.Err() == nil {
			l.tally("connection error")
			time.Sleep(20 * time.Millisecond) // the server is down: do not spin
		}
		return
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
	switch {
	case resp.StatusCode/100 == 2:
		notify(l.okCh)
	case resp.StatusCode == http.StatusServiceUnavailable:
		notify(l.busyCh)
	}
	if resp.StatusCode/100 == 2 && beacon {
		var ok struct{ Accepted int64 }
		if json.Unmarshal(data, &ok) == nil {
			l.views.Add(ok.Accepted)
		}
		return
	}
	if resp.StatusCode/100 == 2 {
		var ok struct{ ID string }
		if json.Unmarshal(data, &ok) == nil && ok.ID != "" {
			l.mu.Lock()
			l.ids[ok.ID] = true
			l.mu.Unlock()
		}
		return
	}
	var e struct{ Error string }
	_ = json.Unmarshal(data, &e)
	l.tally(fmt.Sprintf("%d %s", resp.StatusCode, e.Error))
	if resp.StatusCode >= 500 {
		time.Sleep(20 * time.Millisecond) // as above
	}
}

// ask asks the assistant a question and, when the reply streams to its finish part, keeps its
// conversation id: the record is stored before the finish parts are sent.
func (l *load) ask(ctx context.Context) {
	body := `{"fp":"chaos","messages":[{"id":"1","role":"user","content":"How do I run the tests?"}]}`
	base := l.url()
	if p := l.askAt.Load(); p != nil {
		base = *p
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, base+"/discovery/v1/assistant/"+l.domain+"/message", strings.NewReader(body))
	if err != nil {
		return
	}
	req.Header.Set("Authorization", "Bearer "+l.key)
	req.Header.Set("Content-Type", "application/json")
	resp, err := l.client.Do(req)
	if err != nil {
		if ctx.Err() == nil {
			l.tally("connection error")
		}
		return
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if resp.StatusCode != http.StatusOK {
		l.tally(fmt.Sprintf("%d assistant%s", resp.StatusCode, errorMessage(data)))
		return
	}
	if err != nil || !strings.Contains(string(data), "\nd:") {
		return // cut short by a fault: not a finished reply
	}
	first, _, _ := strings.Cut(string(data), "\n")
	var start struct{ MessageID string }
	if json.Unmarshal([]byte(strings.TrimPrefix(first, "f:")), &start) == nil && start.MessageID != "" {
		l.mu.Lock()
		l.convs[strings.TrimPrefix(start.MessageID, "msg-")] = true
		l.mu.Unlock()
	}
}

// conversations returns the ids of the replies read to their end.
func (l *load) conversations() map[string]bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.convs
}

func (l *load) tally(what string) {
	if !l.inFault.Load() && !strings.HasPrefix(what, "connection") {
		what = "outside a fault: " + what
	}
	l.mu.Lock()
	l.errs[what]++
	l.mu.Unlock()
}

// viewPath is the page this run's beacons view: one path, so its count is the run's.
func (l *load) viewPath() string { return "/chaos/" + l.run }

// finish stops the clients and returns what was accepted and the tally.
func (l *load) finish() (map[string]bool, map[string]int) {
	l.stop()
	l.wg.Wait()
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.ids, l.errs
}

func (l *load) accepted() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.ids)
}

// summary renders a tally, largest first.
func summary(errs map[string]int) string {
	if len(errs) == 0 {
		return "none"
	}
	keys := make([]string, 0, len(errs))
	for k := range errs {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return errs[keys[i]] > errs[keys[j]] })
	parts := make([]string, 0, len(keys))
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%d× %s", errs[k], k))
	}
	return strings.Join(parts, "; ")
}

// errorMessage is ` (message)` for an error envelope's message ({"error": "..."}), so that a
// tally says why a route refused; "" when the body is not one.
func errorMessage(body []byte) string {
	var e struct{ Error string }
	if json.Unmarshal(body, &e) != nil || e.Error == "" {
		return ""
	}
	const most = 80
	if len(e.Error) > most {
		e.Error = e.Error[:most] + "…"
	}
	return " (" + e.Error + ")"
}
