package event

import (
	"strings"
	"time"
)

// Traffic event types: what readers do on a docs site. They travel on their own subjects
// (Subject(project, TypePageView), ...) and share one payload, Traffic.
const (
	TypePageView    Type = "page_view"    // a page was shown to a reader or fetched by an agent
	TypeSearch      Type = "search"       // a reader searched the docs
	TypeSearchClick Type = "search_click" // a reader opened a search result
)

// TrafficTypes lists the traffic event types.
var TrafficTypes = []Type{TypePageView, TypeSearch, TypeSearchClick}

// IsTraffic reports whether t is a traffic event type.
func IsTraffic(t Type) bool {
	return t == TypePageView || t == TypeSearch || t == TypeSearchClick
}

// Class says who made a traffic event, from its User-Agent.
type Class string

// Traffic classes. Other crawlers and monitors are dropped at intake and never stored.
const (
	ClassHuman Class = "human"
	ClassAI    Class = "ai" // AI agents and assistants (GPTBot, ClaudeBot, PerplexityBot, ...)
)

// Valid reports whether c is a stored class.
func (c Class) Valid() bool { return c == ClassHuman || c == ClassAI }

// Caller says how a request reached Lectern: from a browser page, from a server, or from a
// named integration (Slack, MCP, ...).
type Caller string

// Callers.
const (
	CallerWeb   Caller = "web"   // the request carried an Origin: a browser
	CallerAPI   Caller = "api"   // no Origin: a script or a server
	CallerOther Caller = "other" // X-Lectern-Client named an integration
)

// Traffic is one page view, search or search click. ID is a ULID and the event's
// deduplication key (Nats-Msg-Id). VisitorID is the reader's anonId when the page sent one,
// else a keyed hash that rotates daily; the client address itself is never stored.
type Traffic struct {
	ID        string    `json:"id"`
	Type      Type      `json:"type"`
	ProjectID string    `json:"projectId"`
	Domain    string    `json:"domain"`
	Timestamp time.Time `json:"timestamp"`
	VisitorID string    `json:"visitorId"`
	Class     Class     `json:"class"`
	Caller    Caller    `json:"caller,omitempty"`
	UserAgent string    `json:"userAgent,omitempty"`
	Path      string    `json:"path,omitempty"`     // page_view, search_click: the page
	Title     string    `json:"title,omitempty"`    // page_view
	Referrer  string    `json:"referrer,omitempty"` // page_view
	Query     string    `json:"query,omitempty"`    // search, search_click: as the reader typed it
	Results   int       `json:"results,omitempty"`  // search: how many results were shown
	Position  int       `json:"position,omitempty"` // search_click: 1-based rank of the clicked result
}

// NormalizeQuery is the form searches are grouped by: lower-cased, trimmed, inner runs of
// white space collapsed to one space.
func NormalizeQuery(q string) string {
	return strings.Join(strings.Fields(strings.ToLower(q)), " ")
}
