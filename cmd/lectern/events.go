package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/netip"
	"os"
	"path"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/lectern-dev/lectern/platform/envflag"
	"github.com/lectern-dev/lectern/schemas/event"
)

// eventsCommand is `lectern events import`.
func eventsCommand() *command {
	return &command{
		name:    "events",
		summary: "send the page views of an access log to a running lectern",
		group:   toolsGroup,
		subs: []*command{{
			name:    "import",
			summary: "read an access log (nginx/Apache combined, or JSON lines) and send its page views",
			usage:   "lectern events import --key lk_ing_... --project PROJECT [flags] FILE|-",
			about: `Reads an access log and sends the page views it records to the server-side events route, in
batches of up to 1,000 with retries: for statically hosted docs the only way to count AI agents,
which run no JavaScript. --format combined (nginx's and Apache's default) keeps successful GETs
of pages (2xx; not assets, not redirects or errors); --format json reads one server-side event
per line ({"type","path","timestamp","userAgent","ip"}). --follow keeps reading as the file grows.`,
			setup: eventsImport,
		}},
	}
}

// importer sends events to a running lectern.
type importer struct {
	url, key, project, format string
	follow                    bool
	client                    *http.Client
	stderr                    io.Writer
	sent, skipped             int
}

func eventsImport(fs *flag.FlagSet) action {
	im := &importer{client: &http.Client{Timeout: 30 * time.Second}}
	envflag.String(fs, &im.url, "url", "LECTERN_URL", "http://127.0.0.1:8080", "the lectern to send to")
	envflag.String(fs, &im.key, "key", "LECTERN_INGEST_KEY", "", "an ingest key of the project ('lectern keys create --kind ingest'; required)")
	fs.StringVar(&im.project, "project", "", "the project the events belong to (required)")
	fs.StringVar(&im.format, "format", "combined", "combined (nginx/Apache access log) or json (one event per line)")
	fs.BoolVar(&im.follow, "follow", false, "keep reading as the file grows, until interrupted")
	return action{
		args: argSpec{min: 1, max: 1, name: "log FILE (or - for standard input)"},
		check: func(*call) error {
			switch {
			case im.key == "":
				return usagef("--key is required: an ingest key of the project")
			case im.project == "":
				return usagef("--project is required")
			case !event.ValidToken(im.project):
				return usagef("--project %q: want 1-64 letters, digits, '-' or '_'", im.project)
			case im.format != "combined" && im.format != "json":
				return usagef("--format %q: want combined or json", im.format)
			}
			return nil
		},
		run: func(ctx context.Context, c *call) error {
			im.stderr = c.stderr
			in, closeIn, err := openLog(c.args[0])
			if err != nil {
				return err
			}
			defer closeIn()
			if err := im.run(ctx, in); err != nil {
				return err
			}
			fmt.Fprintf(c.stdout, "sent %d page views; skipped %d lines (assets, redirects, errors, other methods, unusable paths or addresses)\n", im.sent, im.skipped)
			return nil
		},
	}
}

func openLog(name string) (io.Reader, func(), error) {
	if name == "-" {
		return os.Stdin, func() {}, nil
	}
	f, err := os.Open(name) // #nosec G304 -- the operator names the log to import
	if err != nil {
		return nil, nil, fmt.Errorf("events import: %w", err)
	}
	return f, func() { _ = f.Close() }, nil
}

const importBatch = 1000

// run reads lines until the end (or, with follow, until ctx ends) and sends them in batches.
func (im *importer) run(ctx context.Context, in io.Reader) error {
	r := bufio.NewReaderSize(in, 64<<10)
	var batch []json.RawMessage
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		err := im.send(ctx, batch)
		batch = batch[:0]
		return err
	}
	for {
		line, err := r.ReadString('\n')
		if line != "" && (err == nil || !im.follow) {
			ev, ok := im.parse(strings.TrimRight(line, "\r\n"))
			if ok {
				batch = append(batch, ev)
			} else {
				im.skipped++
			}
			if len(batch) == importBatch {
				if err := flush(); err != nil {
					return err
				}
			}
		}
		switch {
		case err == nil:
			continue
		case !errors.Is(err, io.EOF):
			return fmt.Errorf("events import: read: %w", err)
		case !im.follow:
			return flush()
		}
		if err := flush(); err != nil { // caught up: send what we have, then wait for more
			return err
		}
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(500 * time.Millisecond): // polling a file that grows; no event to wait on
		}
		if line != "" {
			r = bufio.NewReaderSize(io.MultiReader(strings.NewReader(line), in), 64<<10) // a partial last line
		}
	}
}

// combinedRE matches a combined log line: address, time, request, status, size, referrer, agent.
var combinedRE = regexp.MustCompile(`^(\S+) \S+ \S+ \[([^\]]+)\] "(\S+) (\S+)[^"]*" (\d{3}) \S+ "([^"]*)" "([^"]*)"`)

// assetExt are the file endings of assets: their requests are not page views.
var assetExt = map[string]bool{
	".css": true, ".js": true, ".mjs": true, ".map": true, ".json": true, ".xml": true, ".txt": true,
	".png": true, ".jpg": true, ".jpeg": true, ".gif": true, ".svg": true, ".webp": true, ".avif": true, ".ico": true,
	".woff": true, ".woff2": true, ".ttf": true, ".otf": true, ".eot": true, ".mp4": true, ".webm": true, ".pdf": true,
	".zip": true, ".gz": true, ".wasm": true,
}

// parse turns one log line into a server-side event, or reports it skipped.
func (im *importer) parse(line string) (json.RawMessage, bool) {
	if strings.TrimSpace(line) == "" {
		return nil, false
	}
	if im.format == "json" {
		if !json.Valid([]byte(line)) {
			return nil, false
		}
		return json.RawMessage(line), true
	}
	m := combinedRE.FindStringSubmatch(line)
	if m == nil || m[3] != http.MethodGet {
		return nil, false
	}
	status, _ := strconv.Atoi(m[5])
	if status < 200 || status > 299 {
		return nil, false
	}
	target := m[4]
	if i := strings.IndexAny(target, "?#"); i >= 0 {
		target = target[:i]
	}
	// llms.txt and llms-full.txt are agents' views of the site (event.AgentForm), not assets.
	if _, format := event.AgentForm(target); format == event.FormatHTML && (assetExt[strings.ToLower(path.Ext(target))] || strings.HasPrefix(target, "/_next/")) {
		return nil, false
	}
	at, err := time.Parse("02/Jan/2006:15:04:05 -0700", m[2])
	if err != nil {
		return nil, false
	}
	ev, ok := pageView(target, at, m[1], m[6], m[7])
	if !ok {
		return nil, false
	}
	data, _ := json.Marshal(ev)
	return data, true
}

// Bounds the server puts on a server-side event (ingest/collector): a line beyond them is
// skipped here, so one odd line (a scanner's "//wp-login.php", a hostname where the address
// goes) does not make the server refuse the whole batch of 1,000 around it.
const (
	importMaxPath      = 2048
	importMaxUserAgent = 1024
)

// pageView builds the event of one log line, or reports that the server would refuse it.
func pageView(target string, at time.Time, ip, referrer, userAgent string) (map[string]string, bool) {
	clean, err := event.PagePath(target)
	if err != nil || !strings.HasPrefix(target, "/") || utf8.RuneCountInString(clean) > importMaxPath {
		return nil, false
	}
	if _, err := netip.ParseAddr(ip); err != nil || utf8.RuneCountInString(userAgent) > importMaxUserAgent {
		return nil, false
	}
	ev := map[string]string{"type": "page_view", "path": clean, "timestamp": at.UTC().Format(time.RFC3339), "ip": ip, "userAgent": userAgent}
	if referrer != "-" && utf8.RuneCountInString(referrer) <= importMaxPath {
		ev["referrer"] = referrer
	}
	return ev, true
}

// send posts one batch, retrying what a server may answer later (429, 5xx, network) with
// growing pauses. When the server refuses single events of the batch (a 400 whose details all
// name events[i]), those are skipped with a line on stderr and the rest is sent again; any
// other 4xx is final and names what is wrong.
func (im *importer) send(ctx context.Context, batch []json.RawMessage) error {
	endpoint := strings.TrimRight(im.url, "/") + "/api/external/v1/analytics/" + im.project + "/events"
	wait := 500 * time.Millisecond
	for attempt := 1; ; attempt++ {
		body, _ := json.Marshal(map[string]any{"events": batch})
		status, answer, err := im.post(ctx, endpoint, body)
		switch {
		case err == nil && status == http.StatusAccepted:
			var ok struct{ Accepted int }
			_ = json.Unmarshal(answer, &ok)
			im.sent += ok.Accepted
			im.skipped += len(batch) - ok.Accepted // robots: accepted, not kept
			return nil
		case err == nil && status == http.StatusBadRequest:
			rest, ok := im.dropRefused(batch, answer)
			if !ok {
				return fmt.Errorf("events import: the server refused a batch: %d %s", status, answer)
			}
			if batch = rest; len(batch) == 0 {
				return nil
			}
			continue
		case err == nil && status != http.StatusTooManyRequests && status < 500:
			return fmt.Errorf("events import: the server refused a batch: %d %s", status, answer)
		case attempt >= 6:
			return fmt.Errorf("events import: a batch failed 6 times: %d %s %v", status, answer, err)
		}
		fmt.Fprintf(im.stderr, "events import: retrying in %s (%d %v)\n", wait, status, err)
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(wait):
		}
		wait *= 2
	}
}

// refusedEvent is the index in a field name such as "events[12].path".
var refusedEvent = regexp.MustCompile(`^events\[(\d+)\]`)

// dropRefused returns batch without the events a 400 answer names, having reported each on
// stderr; ok is false when the answer names anything but single events of the batch.
func (im *importer) dropRefused(batch []json.RawMessage, answer []byte) (rest []json.RawMessage, ok bool) {
	var e struct {
		Details []struct{ Field, Message string }
	}
	if json.Unmarshal(answer, &e) != nil || len(e.Details) == 0 {
		return nil, false
	}
	refused := map[int]string{}
	for _, d := range e.Details {
		m := refusedEvent.FindStringSubmatch(d.Field)
		if m == nil {
			return nil, false
		}
		i, err := strconv.Atoi(m[1])
		if err != nil || i >= len(batch) {
			return nil, false
		}
		refused[i] = d.Field + ": " + d.Message
	}
	for i, ev := range batch {
		if why, bad := refused[i]; bad {
			fmt.Fprintf(im.stderr, "events import: skipped an event the server refused (%s): %.200s\n", why, ev)
			im.skipped++
			continue
		}
		rest = append(rest, ev)
	}
	return rest, true
}

func (im *importer) post(ctx context.Context, endpoint string, body []byte) (int, []byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint, bytes.NewReader(body))
	if err != nil {
		return 0, nil, err
	}
	req.Header.Set("Authorization", "Bearer "+im.key)
	req.Header.Set("Content-Type", "application/json")
	resp, err := im.client.Do(req) // #nosec G704 -- the operator names the lectern to send to
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	answer, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
	return resp.StatusCode, answer, nil
}
