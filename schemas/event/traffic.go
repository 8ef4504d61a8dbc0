package event

import (
	"strings"
	"time"
)

// Traffic event types: what readers and agents do on a docs site. They travel on their own
// subjects (Subject(project, TypePageView), ...) and share one payload, Traffic.
const (
	TypePageView    Type = "page_view"    // a page was shown to a reader or fetched by an agent
	TypeSearch      Type = "search"       // a reader (or an agent) searched the docs
	TypeSearchClick Type = "search_click" // a reader opened a search result
	TypeSearchOpen  Type = "search_open"  // a reader opened the search box (Path: the page it was opened on), once per open
	TypeMCPCall     Type = "mcp_call"     // an agent called a tool of the site's MCP server
)

// Engagement event types: what a reader does on a page beyond reading it, as the widget
// reports it with the page's beacon. They share the Traffic payload and its subjects.
const (
	TypeCodeCopy      Type = "code_copy"      // a reader copied a code block (Path, Block, Lang)
	TypeCTAClick      Type = "cta_click"      // a reader clicked the navbar's primary call to action (Path, Target, Label)
	TypeOutboundClick Type = "outbound_click" // a reader followed a link to another site (Path, Target, Label)
	TypeMenuAction    Type = "menu_action"    // a reader chose an action of the page's contextual menu (Path, Action)
	TypeSourceClick   Type = "source_click"   // a reader opened a source an assistant answer cited (Path, ThreadID)
)

// TypePageEngagement is a reader's time on a page and how far down it the reader scrolled, as
// the widget reports them (Path, EngagedMs, ScrollDepth) when the reader leaves the page, hides
// it or closes it, as Plausible's engagement event: once per page view, and once more after each
// return to a hidden tab that brought more time (at least 3 s) or a deeper scroll. EngagedMs is
// the time the page was visible since the view's previous report (the first: since the view
// began); ScrollDepth is the view's deepest scroll so far. A page's reading (platform/store) is a
// visitor's day on it: the sum of its times and the deepest of its depths.
const TypePageEngagement Type = "page_engagement"

// Bounds of a page_engagement event.
const (
	MaxEngagedMs   = 30 * 60 * 1000 // one report's visible time: 30 minutes
	MaxScrollDepth = 100            // percent of the page's height
	ReadThrough    = 90             // the depth from which a reading counts as reaching the end
)

// TrafficTypes lists the traffic event types, engagement events included.
var TrafficTypes = []Type{TypePageView, TypeSearch, TypeSearchClick, TypeSearchOpen, TypeMCPCall,
	TypeCodeCopy, TypeCTAClick, TypeOutboundClick, TypeMenuAction, TypeSourceClick, TypePageEngagement}

// EngagementTypes lists the engagement event types.
var EngagementTypes = []Type{TypeCodeCopy, TypeCTAClick, TypeOutboundClick, TypeMenuAction, TypeSourceClick}

// IsTraffic reports whether t is a traffic event type.
func IsTraffic(t Type) bool {
	switch t {
	case TypePageView, TypeSearch, TypeSearchClick, TypeSearchOpen, TypeMCPCall,
		TypeCodeCopy, TypeCTAClick, TypeOutboundClick, TypeMenuAction, TypeSourceClick, TypePageEngagement:
		return true
	}
	return false
}

// IsAction reports whether t is one of a page's actions: a code copy or a contextual-menu
// action (with thumbs feedback, the actions the engagement analytics count per page).
func IsAction(t Type) bool { return t == TypeCodeCopy || t == TypeMenuAction }

// Format says in which form a page_view fetched its page. Browsers and server-side logs see
// the HTML page (FormatHTML, the empty value); agents also read the site's Markdown and
// llms.txt files, which count as AI page views.
type Format string

// Page formats.
const (
	FormatHTML     Format = ""          // the rendered page (a browser, an edge log)
	FormatMarkdown Format = "markdown"  // GET /{path}.md, or Accept: text/markdown on a page path
	FormatLLMs     Format = "llms"      // /llms.txt (Path is "/llms.txt")
	FormatLLMsFull Format = "llms-full" // /llms-full.txt (Path is "/llms-full.txt")
)

// MCP tool call outcomes (Traffic.Status of an mcp_call). An error is the caller's (its
// arguments, a path that is no page); unavailable is the server's own: it could not serve the
// call yet (the site's index still being built, the event bus not storing a feedback report),
// and the agent was told when to retry. Only error counts as a failed call.
const (
	MCPStatusOK          = "ok"          // the tool answered
	MCPStatusError       = "error"       // the tool answered with an error result (bad arguments, unknown path, ...)
	MCPStatusUnavailable = "unavailable" // the server could not serve the call for its own reasons (index not built yet, event bus down)
)

// Class says who made a traffic event, from its User-Agent.
type Class string

// Traffic classes, mutually exclusive. Readers and AI agents count toward a site's traffic;
// the three crawler classes are page views only, stored and reported apart, and never counted
// in a total. Other crawlers, monitors and scripts are dropped at intake and never stored.
const (
	ClassHuman       Class = "human"
	ClassAI          Class = "ai"           // AI agents and assistants acting for a person (ChatGPT-User, Claude-User, Cursor, ...), and Markdown fetches of unrecognized clients
	ClassSearchIndex Class = "search_index" // search and indexing crawlers (Googlebot, Bingbot, OAI-SearchBot, ...)
	ClassTraining    Class = "training"     // crawlers collecting content for AI training (GPTBot, ClaudeBot, CCBot, ...)
	ClassOtherAI     Class = "other_ai"     // other AI-related bots
)

// Classes lists the stored classes, the counted ones first.
var Classes = []Class{ClassHuman, ClassAI, ClassSearchIndex, ClassTraining, ClassOtherAI}

// Valid reports whether f is a known page format.
func (f Format) Valid() bool {
	switch f {
	case FormatHTML, FormatMarkdown, FormatLLMs, FormatLLMsFull:
		return true
	}
	return false
}

// Valid reports whether c is a stored class.
func (c Class) Valid() bool { return c.Counted() || c.Crawler() }

// Counted reports whether c counts toward a site's traffic: a reader or an AI agent.
func (c Class) Counted() bool { return c == ClassHuman || c == ClassAI }

// Crawler reports whether c is one of the crawler classes, stored for page views only and left
// out of every total.
func (c Class) Crawler() bool {
	return c == ClassSearchIndex || c == ClassTraining || c == ClassOtherAI
}

// Caller says how a request reached Lectern: from a browser page, from a server, or from a
// named integration (Slack, MCP, ...).
type Caller string

// Callers.
const (
	CallerWeb   Caller = "web"   // the request carried an Origin: a browser
	CallerAPI   Caller = "api"   // no Origin: a script or a server
	CallerOther Caller = "other" // X-Lectern-Client named an integration
)

// Traffic is one page view, search, search open, search click, MCP tool call or engagement event. ID is a ULID and the event's
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
	Agent     string    `json:"agent,omitempty"`    // the agent or crawler the User-Agent names (platform/useragent); "" for people and unnamed clients
	Path      string    `json:"path,omitempty"`     // page_view, search_click: the page; search_open: the page the search box was opened on
	Title     string    `json:"title,omitempty"`    // page_view
	Referrer  string    `json:"referrer,omitempty"` // page_view
	Query     string    `json:"query,omitempty"`    // search, search_click: as the reader typed it
	Results   int       `json:"results,omitempty"`  // search: how many results were shown
	Position  int       `json:"position,omitempty"` // search_click: 1-based rank of the clicked result
	Format    Format    `json:"format,omitempty"`   // page_view: the form fetched (empty: the HTML page)
	// search_click: a later click on the results of a search the reader clicked already (same
	// query, same results shown). A search's first click leaves it false, as every click of a
	// sender that does not tell them apart does, so that the searches export's ctr, the share of
	// searches that led to a click, counts each search once.
	Repeat bool `json:"repeat,omitempty"`
	// mcp_call only. Query holds the search query (tool search) or the command line
	// (tool query_docs_filesystem), Results the results found (search), Path the page a
	// submit_feedback was about. Class is ClassAI and Caller CallerOther.
	Tool          string `json:"tool,omitempty"`          // search, query_docs_filesystem, submit_feedback
	Client        string `json:"client,omitempty"`        // clientInfo.name from the MCP initialize request
	ClientVersion string `json:"clientVersion,omitempty"` // clientInfo.version
	Status        string `json:"status,omitempty"`        // MCPStatusOK, MCPStatusError or MCPStatusUnavailable
	DurationMs    int    `json:"durationMs,omitempty"`    // time the tool took
	// Engagement events (code_copy, cta_click, outbound_click, menu_action, source_click);
	// Path is the page the reader was on, or for source_click the source opened.
	Block    int    `json:"block,omitempty"`    // code_copy: the block's position on the page, 1 for the first
	Lang     string `json:"lang,omitempty"`     // code_copy: the block's language, "" when it names none
	Target   string `json:"target,omitempty"`   // cta_click, outbound_click: the link's URL
	Label    string `json:"label,omitempty"`    // cta_click, outbound_click: the link's text
	Action   string `json:"action,omitempty"`   // menu_action: the option's identifier (copy, view, chatgpt, ...)
	ThreadID string `json:"threadId,omitempty"` // source_click: the assistant thread whose answer cited the source
	// page_engagement: Path is the page read.
	EngagedMs   int `json:"engagedMs,omitempty"`   // the page's visible time since the view's previous report, 0 to MaxEngagedMs
	ScrollDepth int `json:"scrollDepth,omitempty"` // the view's deepest scroll so far, percent of the page (0 to 100)
}

// NormalizeQuery is the form searches are grouped by: lower-cased, trimmed, inner runs of
// white space collapsed to one space.
func NormalizeQuery(q string) string {
	return strings.Join(strings.Fields(strings.ToLower(q)), " ")
}
