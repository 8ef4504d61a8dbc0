package collector

import (
	"context"
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"net/netip"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	gojson "github.com/goccy/go-json"
	"github.com/gofiber/fiber/v2"
	"github.com/lectern-dev/lectern/platform/useragent"
	"github.com/lectern-dev/lectern/platform/web"
	"github.com/lectern-dev/lectern/schemas/event"
	"github.com/oklog/ulid/v2"
)

// Limits of the event routes.
const (
	maxBeaconEvents = 100  // events in one browser beacon
	maxServerEvents = 1000 // events in one server-side batch
	maxTitle        = 512
	maxQuery        = 512
	maxAnonID       = 128
	maxUserAgent    = 1024
	maxResults      = 100000
	maxPosition     = 1000
	maxBlock        = 10000 // code blocks on one page
	maxEventLang    = 32
	maxLabel        = 200
	beaconAhead     = 5 * time.Minute // a timestamp this far ahead of the server's clock is refused
	beaconBehind    = 48 * time.Hour  // a beacon timestamp older than this is refused
)

// BatchPublisher publishes several events and returns once the bus stored every one. It keeps
// nothing of msgs once it returns: the collector reuses the events' memory for later requests.
type BatchPublisher interface {
	PublishBatch(ctx context.Context, project string, msgs []event.Message) error
}

// Visitors makes the visitor id of a reader without keeping the reader's address.
type Visitors interface {
	ID(ctx context.Context, site, addr, userAgent string, now time.Time) (string, error)
}

// eventIn is one event of a beacon or a server-side batch.
type eventIn struct {
	Type      string `json:"type"`
	Path      string `json:"path"`
	Referrer  string `json:"referrer"`
	Title     string `json:"title"`
	Query     string `json:"query"`
	Results   *int   `json:"results"`
	Position  *int   `json:"position"`
	Repeat    bool   `json:"repeat"` // search_click: a later click on one search's results
	Timestamp string `json:"timestamp"`
	// Engagement events.
	Block    *int   `json:"block"`
	Lang     string `json:"lang"`
	Target   string `json:"target"`
	Label    string `json:"label"`
	Action   string `json:"action"`
	ThreadID string `json:"threadId"`
	// page_engagement.
	EngagedMs   *int `json:"engagedMs"`
	ScrollDepth *int `json:"scrollDepth"`
	// Server-side only.
	UserAgent string `json:"userAgent"`
	IP        string `json:"ip"`
	AnonID    string `json:"anonId"`
}

// intBounds are the bounds of an event's whole numbers, by field.
var intBounds = map[string][2]int{"results": {0, maxResults}, "position": {1, maxPosition}, "block": {1, maxBlock},
	"engagedMs": {0, event.MaxEngagedMs}, "scrollDepth": {0, event.MaxScrollDepth}}

// intRule is the rule of a whole number from lo to hi.
func intRule(lo, hi int) string { return fmt.Sprintf("must be from %d to %d", lo, hi) }

// FieldRule is the rule of an event's number fields (web.FieldRules): a value its Go field
// cannot hold (1e300) is answered as one out of range.
func (*eventIn) FieldRule(field string) string {
	if b, ok := intBounds[field]; ok {
		return intRule(b[0], b[1])
	}
	return ""
}

// FieldRule is the rule of the events' number fields ("events.results"; web.FieldRules).
func (*eventsBody) FieldRule(field string) string {
	if f, ok := strings.CutPrefix(field, "events."); ok {
		return (*eventIn).FieldRule(nil, f)
	}
	return ""
}

// eventsBody is the body of both routes; Key is the beacon's key when it cannot send a header.
type eventsBody struct {
	Key    string    `json:"key"`
	AnonID string    `json:"anonId"`
	Events []eventIn `json:"events"`
}

// reader is who sent a beacon, or whom a server-side event is about.
type reader struct {
	addr, userAgent, anonID string
}

// checkEvents validates the events and returns them as Traffic with type-specific fields set.
func checkEvents(in []eventIn, most int, now time.Time, serverSide bool) ([]event.Traffic, []web.Detail) {
	var d []web.Detail
	add := func(i int, field, msg string) {
		d = append(d, web.Detail{Field: fmt.Sprintf("events[%d].%s", i, field), Message: msg})
	}
	switch {
	case len(in) == 0:
		return nil, []web.Detail{{Field: "events", Message: "is required: 1 to " + fmt.Sprint(most) + " events"}}
	case len(in) > most:
		return nil, []web.Detail{{Field: "events", Message: fmt.Sprintf("has %d events; at most %d in one request", len(in), most)}}
	}
	out := trafficSlice(len(in))
	for i := range in {
		e := &in[i]
		tr := event.Traffic{Type: event.Type(e.Type)}
		tr.Timestamp = checkTime(i, e.Timestamp, now, serverSide, add)
		switch tr.Type {
		case event.TypePageView:
			tr.Path = checkPath(i, e.Path, true, add)
			if serverSide { // a host's log of an agent's "/guides/setup.md" or "/llms.txt"
				tr.Path, tr.Format = event.AgentForm(tr.Path)
			}
			tr.Referrer = checkLen(i, "referrer", e.Referrer, maxPath, add)
			tr.Title = checkLen(i, "title", e.Title, maxTitle, add)
		case event.TypeSearch:
			tr.Query = checkQuery(i, e.Query, add)
			tr.Results = checkInt(i, "results", e.Results, 0, maxResults, true, add)
		case event.TypeSearchOpen: // once per open of the search box: the page it was opened on
			tr.Path = checkPath(i, e.Path, true, add)
		case event.TypeSearchClick:
			tr.Query = checkQuery(i, e.Query, add)
			tr.Path = checkPath(i, e.Path, true, add)
			tr.Position = checkInt(i, "position", e.Position, 1, maxPosition, false, add)
			tr.Repeat = e.Repeat
		case event.TypeCodeCopy, event.TypeCTAClick, event.TypeOutboundClick, event.TypeMenuAction, event.TypeSourceClick:
			checkEngagement(i, e, &tr, add)
		case event.TypePageEngagement: // a page's visible time and deepest scroll, when it is left or hidden
			tr.Path = checkPath(i, e.Path, true, add)
			tr.EngagedMs = checkInt(i, "engagedMs", e.EngagedMs, 0, event.MaxEngagedMs, true, add)
			tr.ScrollDepth = checkInt(i, "scrollDepth", e.ScrollDepth, 0, event.MaxScrollDepth, true, add)
		case "":
			add(i, "type", "is required: "+beaconTypes)
		default:
			add(i, "type", fmt.Sprintf("must be %s, not %q", beaconTypes, e.Type))
		}
		checkLen(i, "anonId", e.AnonID, maxAnonID, add)
		checkLen(i, "userAgent", e.UserAgent, maxUserAgent, add)
		if !serverSide && (e.UserAgent != "" || e.IP != "" || e.AnonID != "") {
			add(i, "userAgent", "userAgent, ip and anonId per event are for the server-side route; a beacon sends anonId once, beside events")
		}
		out[i] = tr
	}
	return out, d
}

// trafficSlices holds cleared slices for a request's checked events, which the publisher
// encodes and keeps nothing of: a new slice for each request was a fifth of its garbage.
var trafficSlices sync.Pool

// trafficSlice returns n zero events, from the pool when a slice there has room.
func trafficSlice(n int) []event.Traffic {
	if p, _ := trafficSlices.Get().(*[]event.Traffic); p != nil {
		if cap(*p) >= n {
			return (*p)[:n]
		}
		trafficSlices.Put(p)
	}
	return make([]event.Traffic, n, max(n, pooledEvents))
}

// releaseTraffic returns evs to the pool once nothing reads them any more (the request's
// events are published or refused), cleared so that it holds no strings of theirs. Only its
// length needs it: checkEvents writes no element past it, and sets each element whole.
func releaseTraffic(evs []event.Traffic) {
	if cap(evs) == 0 || cap(evs) > maxPooledEvents {
		return
	}
	clear(evs)
	evs = evs[:0]
	trafficSlices.Put(&evs)
}

// beaconTypes names the event types the routes take.
const beaconTypes = "page_view, search, search_open, search_click, code_copy, cta_click, outbound_click, menu_action, source_click or page_engagement"

var (
	langRE   = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9+#._-]*$`)
	actionRE = regexp.MustCompile(`^[a-z0-9][a-z0-9._:-]{0,63}$`)
)

// checkEngagement validates an engagement event of the widget and sets its fields on tr:
// every one names the page it happened on (for source_click, the source opened).
func checkEngagement(i int, e *eventIn, tr *event.Traffic, add func(int, string, string)) {
	tr.Path = checkPath(i, e.Path, true, add)
	switch tr.Type {
	case event.TypeCodeCopy:
		tr.Block = checkInt(i, "block", e.Block, 1, maxBlock, true, add)
		if tr.Lang = checkLen(i, "lang", e.Lang, maxEventLang, add); tr.Lang != "" && !langRE.MatchString(tr.Lang) {
			add(i, "lang", "must be a language name: letters, digits and + # . _ - (e.g. bash, c++)")
		}
	case event.TypeCTAClick, event.TypeOutboundClick:
		tr.Target = checkTarget(i, e.Target, tr.Type == event.TypeOutboundClick, add)
		tr.Label = checkLen(i, "label", e.Label, maxLabel, add)
	case event.TypeMenuAction:
		if tr.Action = e.Action; !actionRE.MatchString(e.Action) {
			add(i, "action", "is required: the menu option's identifier (copy, view, chatgpt, ... or custom:<slug>), 1 to 64 of a-z 0-9 . _ : -")
		}
	case event.TypeSourceClick:
		if tr.ThreadID = e.ThreadID; !event.ValidThreadID(e.ThreadID) {
			add(i, "threadId", "is required: the thread of the answer whose source was opened, thr_ and a ULID")
		}
	}
}

// checkTarget validates the URL a click followed: an http(s) URL, or for a call to action
// also a site path.
func checkTarget(i int, target string, absolute bool, add func(int, string, string)) string {
	switch {
	case target == "":
		add(i, "target", "is required: the URL of the link followed")
		return ""
	case utf8.RuneCountInString(target) > maxPath:
		add(i, "target", fmt.Sprintf("must be at most %d characters", maxPath))
		return ""
	}
	clean, err := event.PagePath(target)
	switch {
	case err != nil:
		add(i, "target", err.Error())
	case absolute && strings.HasPrefix(clean, "/"):
		add(i, "target", "must be an absolute http or https URL: an outbound link leaves the site")
	}
	return clean
}

func checkTime(i int, s string, now time.Time, serverSide bool, add func(int, string, string)) time.Time {
	if s == "" {
		if serverSide {
			add(i, "timestamp", "is required on the server-side route: RFC 3339, e.g. 2026-11-24T09:00:00Z")
		}
		return now
	}
	t, err := time.Parse(time.RFC3339Nano, s)
	switch {
	case err != nil:
		add(i, "timestamp", "must be an RFC 3339 time such as 2026-11-24T09:00:00Z")
	case t.After(now.Add(beaconAhead)):
		add(i, "timestamp", "is more than 5 minutes ahead of the server's clock")
	case !serverSide && t.Before(now.Add(-beaconBehind)):
		add(i, "timestamp", "is more than 48 hours old; send old events through the server-side route")
	case t.Year() < 1970:
		add(i, "timestamp", "must be after 1970")
	}
	return t.UTC()
}

func checkPath(i int, p string, required bool, add func(int, string, string)) string {
	if p == "" {
		if required {
			add(i, "path", "is required: the page, e.g. /quickstart")
		}
		return ""
	}
	if utf8.RuneCountInString(p) > maxPath {
		add(i, "path", fmt.Sprintf("must be at most %d characters", maxPath))
		return ""
	}
	clean, err := event.PagePath(p)
	if err != nil {
		add(i, "path", err.Error())
		return ""
	}
	return event.PageOf(clean) // one page, however its URL was written
}

func checkQuery(i int, q string, add func(int, string, string)) string {
	if strings.TrimSpace(q) == "" {
		add(i, "query", "is required: what the reader searched for")
		return ""
	}
	return checkLen(i, "query", q, maxQuery, add)
}

func checkLen(i int, field, v string, most int, add func(int, string, string)) string {
	if utf8.RuneCountInString(v) > most {
		add(i, field, fmt.Sprintf("must be at most %d characters", most))
	}
	return v
}

func checkInt(i int, field string, v *int, lo, hi int, required bool, add func(int, string, string)) int {
	if v == nil {
		if required {
			add(i, field, fmt.Sprintf("is required: a whole number from %d to %d", lo, hi))
		}
		return 0
	}
	if *v < lo || *v > hi {
		add(i, field, intRule(lo, hi))
	}
	return *v
}

// stamp fills what the events of one reader share, drops robots, and returns what is kept.
func (c *Collector) stamp(ctx context.Context, evs []event.Traffic, project, domain string, who []reader) ([]event.Message, error) {
	msgs := make([]event.Message, 0, len(evs))
	memo := useragent.Memo{Cache: c.agents} // a beacon's events share their reader: classify it once
	vids := visitorMemo{visitors: c.visitors, site: domain}
	ids := newIDs(len(evs))
	for i := range evs {
		e := &evs[i]
		r := &who[min(i, len(who)-1)]
		v := memo.Classify(r.userAgent, e.Referrer)
		if e.Format != event.FormatHTML {
			v = useragent.ClassifyFetch(r.userAgent) // only an agent asks for a page in its formats
		}
		if v.Dropped() || (v.Class.Crawler() && e.Type != event.TypePageView) { // crawlers count page views only
			c.dropped.WithLabelValues(v.Agent).Inc()
			continue
		}
		e.ID, e.ProjectID, e.Domain, e.Class, e.UserAgent = ids.next(), project, domain, v.Class, r.userAgent
		e.Agent = v.Agent // from the classifier's own list, never what the beacon sent
		e.VisitorID = r.anonID
		if e.VisitorID == "" {
			vid, err := vids.id(ctx, r, e.Timestamp) // the salt of the event's own day
			if err != nil {
				return nil, web.Errorf(fiber.StatusServiceUnavailable, "visitor ids are unavailable; retry shortly")
			}
			e.VisitorID = vid
		}
		msgs = append(msgs, event.Message{Type: e.Type, ID: e.ID, Value: e})
	}
	return msgs, nil
}

// ids hands out new event ids (ULIDs) whose texts share one string: one allocation for a
// request's events rather than one each.
type ids struct {
	text string
	n    int
}

// newIDs makes n event ids of the current millisecond, in order: the first's 80 bits of
// entropy are random, and the others count up from it, as a monotonic ULID source does within
// a millisecond. One random draw a request, from the runtime's per-thread generator (ChaCha8,
// seeded by the system), rather than ulid.Make's process-wide locked source for each event,
// which was 3% of lectern's CPU in figure 2c. Two requests' ids meet only if their random
// starts fall within a request's length of each other: about n²/2⁸⁰.
func newIDs(n int) ids {
	var id ulid.ULID
	_ = id.SetTime(ulid.Now()) // fails only past the year 10889
	hi, lo := uint16(rand.Uint32()), rand.Uint64()
	buf := make([]byte, n*ulid.EncodedSize)
	for i := range n {
		binary.BigEndian.PutUint16(id[6:8], hi)
		binary.BigEndian.PutUint64(id[8:], lo)
		_ = id.MarshalTextTo(buf[i*ulid.EncodedSize : (i+1)*ulid.EncodedSize]) // fails only on a length other than 26
		if lo++; lo == 0 {
			hi++
		}
	}
	return ids{text: string(buf)}
}

func (s *ids) next() string {
	id := s.text[s.n*ulid.EncodedSize : (s.n+1)*ulid.EncodedSize]
	s.n++
	return id
}

// visitorMemo makes the visitor ids of one request's events, hashing a reader once a day rather
// than once an event: a beacon's events share their reader, and a server-side batch's come in
// runs of one reader. It keeps the last reader's id (of the last UTC day).
type visitorMemo struct {
	visitors   Visitors
	site       string
	addr, ua   string
	year, yday int
	last       string // the id of that reader on that day
	ok         bool
}

func (m *visitorMemo) id(ctx context.Context, r *reader, at time.Time) (string, error) {
	u := at.UTC()
	if m.ok && m.addr == r.addr && m.ua == r.userAgent && m.year == u.Year() && m.yday == u.YearDay() {
		return m.last, nil
	}
	id, err := m.visitors.ID(ctx, m.site, r.addr, r.userAgent, at)
	if err != nil {
		return "", err
	}
	m.addr, m.ua, m.year, m.yday, m.last, m.ok = r.addr, r.userAgent, u.Year(), u.YearDay(), id, true
	return id, nil
}

// publish sends the kept events and answers 202 with how many were accepted.
func (c *Collector) publish(ctx *fiber.Ctx, project string, msgs []event.Message) error {
	if len(msgs) > 0 {
		if err := c.batch.PublishBatch(ctx.UserContext(), project, msgs); err != nil {
			return err
		}
	}
	for start := 0; start < len(msgs); { // one counter lookup for each run of a type
		end := start + 1
		for end < len(msgs) && msgs[end].Type == msgs[start].Type {
			end++
		}
		c.received.WithLabelValues(string(msgs[start].Type)).Add(float64(end - start))
		start = end
	}
	// The bytes encoding/json writes for {"accepted": n}, without a map and reflection.
	ctx.Status(fiber.StatusAccepted).Response().SetBodyRaw(acceptedJSON(len(msgs)))
	ctx.Response().Header.SetContentType(fiber.MIMEApplicationJSON)
	return nil
}

// acceptedJSON is the answer of the event routes: {"accepted":n}.
func acceptedJSON(n int) []byte {
	b := append(make([]byte, 0, 24), `{"accepted":`...)
	return append(strconv.AppendInt(b, int64(n), 10), '}')
}

// decodeEvents reads a body that may come as application/json or, from navigator.sendBeacon,
// as text/plain.
func decodeEvents(c *fiber.Ctx) (eventsBody, error) {
	var b eventsBody
	ct := strings.ToLower(c.Get(fiber.HeaderContentType))
	if ct != "" && !strings.Contains(ct, "json") && !strings.HasPrefix(ct, "text/plain") {
		return b, web.Errorf(fiber.StatusUnsupportedMediaType, "Content-Type must be application/json or text/plain, not %q", ct)
	}
	raw, err := web.ReadBody(c, c.App().Config().BodyLimit)
	if err != nil {
		return b, err
	}
	// go-json decodes a body of a thousand events in a third of encoding/json's time (which
	// checks the whole body, then parses it again); a body it refuses is decoded once more by
	// web.DecodeJSONBytes, for the error that names the field. The events are decoded into a
	// pooled slice: grown one element at a time, a new one was a third of a beacon's garbage.
	b.Events = (*eventSlices.Get().(*[]eventIn))[:0]
	if gojson.Unmarshal(raw, &b) == nil {
		return b, nil
	}
	b.release()
	b = eventsBody{}
	return b, indexEventError(raw, web.DecodeJSONBytes(raw, &b))
}

// Pooled event slices: made with room for pooledEvents, kept up to maxPooledEvents.
const (
	pooledEvents    = 32
	maxPooledEvents = maxServerEvents
)

// eventSlices holds cleared slices for the events of a body.
var eventSlices = sync.Pool{New: func() any { s := make([]eventIn, 0, pooledEvents); return &s }}

// release returns the body's event slice to the pool, every element cleared (up to its
// capacity, whatever the decoder wrote): a decoder fills an element's fields in place, so a
// field a body leaves out must find it zero, never another request's. What the handler kept
// of the events (their strings) is not in the slice and stays.
func (b *eventsBody) release() {
	s := b.Events
	b.Events = nil
	if cap(s) == 0 || cap(s) > maxPooledEvents {
		return
	}
	s = s[:cap(s)]
	clear(s)
	s = s[:0]
	eventSlices.Put(&s)
}

// eventsLocal holds the beacon body keyFromBody decoded.
const eventsLocal = "lectern.events"

// keyFromBody lets navigator.sendBeacon, which cannot set headers, send the key as "key" in
// the body: when the request has no Authorization header, the body's key becomes one before
// the guard checks it. The decoded body is kept for the handler.
func keyFromBody(c *fiber.Ctx) error {
	b, err := decodeEvents(c)
	if err != nil {
		return err
	}
	if c.Get(fiber.HeaderAuthorization) == "" && b.Key != "" {
		c.Request().Header.Set(fiber.HeaderAuthorization, "Bearer "+b.Key)
	}
	c.Locals(eventsLocal, &b)
	err = c.Next()
	b.release() // the handler has returned: nothing reads the events any more
	return err
}

// postBeacon is POST /discovery/v1/events/{domain}: page views, searches and search clicks
// from a docs page, with the site's public key.
func (c *Collector) postBeacon(ctx *fiber.Ctx) error {
	site, err := c.sites.Domain(ctx.Params("domain"))
	if err != nil {
		return err
	}
	b, _ := ctx.Locals(eventsLocal).(*eventsBody)
	if b == nil {
		return web.Invalid("body", "a JSON object is required")
	}
	now := c.now().UTC()
	evs, d := checkEvents(b.Events, maxBeaconEvents, now, false)
	defer releaseTraffic(evs)
	if utf8.RuneCountInString(b.AnonID) > maxAnonID {
		d = append(d, web.Detail{Field: "anonId", Message: fmt.Sprintf("must be at most %d characters", maxAnonID)})
	}
	if len(d) > 0 {
		return web.InvalidAll(d)
	}
	who := []reader{{addr: c.guard.ClientAddr(ctx), userAgent: strings.Clone(ctx.Get(fiber.HeaderUserAgent)), anonID: b.AnonID}}
	msgs, err := c.stamp(ctx.UserContext(), evs, site.Project, site.Domain, who)
	if err != nil {
		return err
	}
	return c.publish(ctx, site.Project, msgs)
}

// postServerEvents is POST /api/external/v1/analytics/{projectId}/events: events a docs host's
// edge or access logs record, for any time in the past, with the project's ingest key.
func (c *Collector) postServerEvents(ctx *fiber.Ctx) error {
	sites := c.projects.Project(ctx.Params("projectId"))
	if len(sites) == 0 {
		return web.Errorf(fiber.StatusNotFound, "project %q is not registered", ctx.Params("projectId"))
	}
	// The registry's copy of the name, not the route parameter's: that is the request buffer,
	// which the next request on the connection overwrites, and the events and the publisher's
	// lanes keep the name.
	project := sites[0].Project
	b, err := decodeEvents(ctx)
	if err != nil {
		return err
	}
	defer b.release()
	evs, d := checkEvents(b.Events, maxServerEvents, c.now().UTC(), true)
	defer releaseTraffic(evs)
	who := make([]reader, len(b.Events))
	for i, e := range b.Events {
		if e.IP != "" {
			if _, err := netip.ParseAddr(e.IP); err != nil {
				d = append(d, web.Detail{Field: fmt.Sprintf("events[%d].ip", i), Message: "must be an IPv4 or IPv6 address"})
			}
		}
		who[i] = reader{addr: e.IP, userAgent: e.UserAgent, anonID: e.AnonID}
	}
	if len(d) > 0 {
		return web.InvalidAll(d)
	}
	msgs, err := c.stamp(ctx.UserContext(), evs, project, sites[0].Domain, who)
	if err != nil {
		return err
	}
	return c.publish(ctx, project, msgs)
}
