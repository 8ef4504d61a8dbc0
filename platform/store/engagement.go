package store

import (
	"slices"
	"time"

	"github.com/lectern-dev/lectern/schemas/event"
)

// Sessions are cookieless: a session is the run of one visitor's human events (page views,
// searches, search clicks and the engagement events of the widget) of one UTC day in which no
// two consecutive events are more than SessionGap apart. The visitor is the page's anonId, or
// the daily-salted hash of site, address and User-Agent when the page sends none; either way a
// session ends at UTC midnight, so that a day's sessions depend on that day's events only and
// each closed day is summarised once (see Pending). Events are ordered by time, then by id.
// Computing them from the stored events, rather than assigning a session at intake, gives the
// same sessions whichever ingest replica stored an event, in whatever order, and however often
// it was redelivered.
const SessionGap = 30 * time.Minute

// MaxEngagementDays bounds the range of the session reads (engagement totals, user flows,
// funnels, content gaps): a quarter.
const MaxEngagementDays = 92

// SessionTypes are the event types that make up a reader's session.
var SessionTypes = []event.Type{event.TypePageView, event.TypeSearch, event.TypeSearchClick, event.TypeSearchOpen,
	event.TypeCodeCopy, event.TypeCTAClick, event.TypeOutboundClick, event.TypeMenuAction, event.TypeSourceClick}

// Sources of a search outcome (traffic_queries_daily).
const (
	QuerySourceReader = "reader" // a human's search event
	QuerySourceAgent  = "agent"  // an AI search event (the search route called without Origin)
	QuerySourceMCP    = "mcp"    // a call of the MCP server's search tool (error and unavailable results left out)
)

// MCPSearchRan reports whether an mcp_call of the given status ran its search, so that it
// counts among the queries (traffic_queries_daily): not an error (the caller's arguments) nor
// unavailable (the site's index not built yet), whose results say nothing of the docs.
func MCPSearchRan(status string) bool {
	return status != event.MCPStatusError && status != event.MCPStatusUnavailable
}

// EngagementCounts are a project's engagement figures over whole UTC days. Thumbs counts the
// page ratings of the feedback widget (contextual and thumbs_only records with helpful set and
// no thread) created in the range; the rest count human events. Sessions counts every session,
// ActiveSessions those with a page view, a CTA click or an action (IsActive): Mintlify's
// divisor of interactions per session.
type EngagementCounts struct {
	HumanViews     int64
	CTAClicks      int64
	CodeCopies     int64
	MenuActions    int64
	Thumbs         int64
	OutboundClicks int64
	SourceClicks   int64
	Sessions       int64
	ActiveSessions int64
	Reading        Reading // of every page
}

// Reading is the time on page and scroll depth of a set of readings. A reading is one human
// visitor's UTC day on one page that reported a page_engagement event: its visible times
// summed and its deepest scroll, as Plausible counts a visitor's engagement with a page. The
// medians are of the readings (the mean of the two middle ones when they are even in number):
// a reader who left a tab in front for half an hour moves a median by one place, a mean by
// as much as a hundred readers who glanced at the page.
type Reading struct {
	Readings    int64   // readings in the range
	MedianMs    float64 // median visible time, in milliseconds
	MedianDepth float64 // median deepest scroll, in percent of the page
	ReachedEnd  int64   // readings whose deepest scroll is at least event.ReadThrough (90%)
}

// Median is the median of sorted values: the middle one, or the mean of the two middle ones;
// 0 for none. The stores compute it in SQL; the conformance reference with this.
func Median(sorted []int64) float64 {
	n := len(sorted)
	if n == 0 {
		return 0
	}
	return float64(sorted[(n-1)/2]+sorted[n/2]) / 2
}

// Actions are a page's actions: code copies, contextual-menu actions and thumbs.
func (c EngagementCounts) Actions() int64 { return c.CodeCopies + c.MenuActions + c.Thumbs }

// DayEngagement is one UTC day's calls to action and actions.
type DayEngagement struct {
	Day            string // YYYY-MM-DD
	CTAClicks      int64
	CodeCopies     int64
	MenuActions    int64
	Thumbs         int64
	OutboundClicks int64
}

// EngagementPagesQuery selects one page of per-path engagement over whole UTC days.
type EngagementPagesQuery struct {
	ProjectID string
	Range     Range
	Limit     int
	Offset    int
}

// PageEngagement is one path's engagement: human page views and what readers did there.
type PageEngagement struct {
	Path           string
	HumanViews     int64
	CTAClicks      int64
	CodeCopies     int64
	MenuActions    int64
	Thumbs         int64
	OutboundClicks int64
	Reading        Reading // the page's readings in the range
}

// Actions are the page's code copies, menu actions and thumbs.
func (p PageEngagement) Actions() int64 { return p.CodeCopies + p.MenuActions + p.Thumbs }

// Interactions are the page's CTA clicks and actions.
func (p PageEngagement) Interactions() int64 { return p.CTAClicks + p.Actions() }

// PageEngagementPage is one page of paths with human views or interactions, ordered by
// interactions desc, then human views desc, then path asc; each with its readings in the range
// (a path with readings only, its views on days before the range, is not listed).
type PageEngagementPage struct {
	Rows    []PageEngagement
	HasMore bool
}

// FlowSteps is how many pages a user flow follows after its entry page.
const FlowSteps = 3

// MaxFlowEntries is how many entry pages a flow read lists.
const MaxFlowEntries = 10

// FlowQuery selects the user flows from one entry page over whole UTC days; Entry "" is the
// page that started the most sessions.
type FlowQuery struct {
	ProjectID string
	Range     Range
	Entry     string
}

// A session's trail is its page views' paths in order, a page repeated right after itself
// (a reload) counted once; its entry page is the first. Sessions without a page view have none.

// PathSessions counts the sessions of one path.
type PathSessions struct {
	Path     string
	Sessions int64
}

// FlowLink counts the sessions of the entry page whose trail has From at position Step (0 is
// the entry page) and To right after it; To "" counts those whose trail ends at From.
type FlowLink struct {
	Step     int // 0 to FlowSteps-1
	From, To string
	Sessions int64
}

// Flows are the entry pages that started the most sessions (at most MaxFlowEntries, by
// sessions desc then path asc), the entry page read, and its links in order of step, from, to.
type Flows struct {
	Entries []PathSessions
	Entry   string
	Links   []FlowLink
}

// SearchFunnel counts sessions, each stage among those of the stage before: Opened opened the
// search box (a search_open event, or a search, which is typed in an open box: a search reported
// without its open, by a site's own search box or a widget older than search_open, still counts
// as opened); Searched has a search; Clicked a search click after its first search; Landed a
// page view of a clicked result's path (without #fragment and ?query) after that click; Acted a
// code copy, CTA click or menu action after its first landing.
type SearchFunnel struct {
	Opened, Searched, Clicked, Landed, Acted int64
}

// AssistantFunnel counts assistant threads with a turn in the range, in the stages of
// Mintlify's assistant conversation funnel: Answered has an answered turn; FollowedUp, of those,
// at least two turns (a follow-up question answered too); Engaged, of the answered (a follow-up
// or not, as Mintlify's stage), a source_click or a rating (feedback naming the thread) in the
// range. The parts of Engaged, each of the answered threads: SourceClicked, those with a
// source_click; Rated, with a rating; RatedHelpful, with one marked helpful.
type AssistantFunnel struct {
	Asked, Answered, FollowedUp, Engaged int64
	SourceClicked, Rated, RatedHelpful   int64
}

// Funnels are both funnels over whole UTC days.
type Funnels struct {
	Search    SearchFunnel
	Assistant AssistantFunnel
}

// AgentsQuery selects the agents' analytics over whole UTC days; Limit bounds each list.
type AgentsQuery struct {
	ProjectID string
	Range     Range
	Limit     int
}

// MCPCount counts MCP tool calls of one tool or client: all of them, those of status error
// (the caller's) and those of status unavailable (the server's: not served yet).
type MCPCount struct {
	Key         string
	Calls       int64
	Errors      int64
	Unavailable int64
	DurationMs  int64 // summed
}

// MCPDay counts one key's MCP tool calls on one UTC day.
type MCPDay struct {
	Day         string
	Key         string // the tool or the client; "" in the per-day totals
	Calls       int64
	Errors      int64
	Unavailable int64
}

// AgentQuery is one normalized query agents searched (the MCP search tool and AI search events).
// Written is the query as the range's searches wrote it most (QueryForms.Commonest, as
// QueryOutcome.Written): "Rate limits" where Query is "rate limits".
type AgentQuery struct {
	Query     string
	Written   string
	Searches  int64
	NoResults int64
	MCP       int64 // of Searches, through the MCP server
	Last      time.Time
}

// FormatViews counts one path's fetches in an agent's format.
type FormatViews struct {
	Path     string
	Markdown int64
	LLMs     int64
	LLMsFull int64
}

// Total is the path's fetches in every agent format.
func (f FormatViews) Total() int64 { return f.Markdown + f.LLMs + f.LLMsFull }

// AgentStats are the agents' analytics of a range: MCP tool calls in total, per day, per tool
// and per client, the queries agents searched, and the fetches of pages in agents' formats.
// Lists are ordered by count desc then key asc and hold at most the query's Limit rows; the
// per-day lists hold the days with calls, oldest first (ToolDays and ClientDays for the tools
// and clients listed).
type AgentStats struct {
	Total      MCPCount
	Days       []MCPDay
	Tools      []MCPCount
	ToolDays   []MCPDay
	Clients    []MCPCount
	ClientDays []MCPDay
	Queries    []AgentQuery // by searches
	NoResults  []AgentQuery // the queries with NoResults > 0, by NoResults
	Pages      []FormatViews
}

// MaxGapRecords bounds each list of records a content-gaps read returns.
const MaxGapRecords = 1000

// QueryOutcome is one source's searches of one normalized query in the range. Written is the
// query as its searches wrote it most (QueryForms.Commonest over the range's stored search
// events and MCP search calls, every source's): "SAML" where Query is "saml"; Query itself when
// no stored event holds it any more (the raw events are kept for --retention-traffic).
type QueryOutcome struct {
	Source      string
	Query       string
	Written     string
	Searches    int64
	NoResults   int64
	Clicks      int64
	First, Last time.Time // of its searches
}

// GapTurn is an assistant turn the docs could not answer.
type GapTurn struct {
	ID, ThreadID, Query string
	At                  time.Time
}

// GapRating is a rating of an assistant answer marked not helpful, with the question rated:
// the thread's last turn at or before the rating (its first when all came after, "" for a
// thread the store no longer holds).
type GapRating struct {
	FeedbackID, ThreadID, Comment string
	Status                        event.Status
	At                            time.Time
	TurnID, Query                 string
}

// GapFeedback is an open (pending or in progress) feedback record on a page, not on an
// answer, that is negative (helpful false) or carries a comment without a positive rating.
type GapFeedback struct {
	ID      string
	Path    string
	Source  event.Source
	Helpful *bool
	Comment string
	Status  event.Status
	At      time.Time
}

// PageExits counts one path's human page views and the sessions whose trail ended there, and
// of those the ones with no engagement event after that last page view.
type PageExits struct {
	Path               string
	Views              int64
	Exits              int64
	ExitsWithoutAction int64
}

// GapSignals are the raw signals the content-gaps ranking weighs, for whole UTC days:
//   - Queries: reader queries with a search that found nothing or without a click on a result,
//     agent and MCP queries with a search that found nothing; per source by searches desc then
//     query asc, at most MaxGapRecords per source;
//   - Unanswered: unanswered assistant turns, newest first (id desc);
//   - RatedDown: ratings of answers marked not helpful, open, newest first (id desc);
//   - Feedback: open page feedback that is negative or commented, newest first (id desc);
//   - Pages: the figures of every page a gap can name (GapPages): the paths with an exit
//     without action (at most MaxGapRecords) and every path of Feedback, whether or not a
//     session ended there silently; by ExitsWithoutAction desc then path asc;
//   - Titles: the title of each path of Feedback and Pages, the latest non-empty title its
//     page views carried in the range; a path none carried one is absent;
//   - Readings: the readings of each path of Pages in the range, as EngagementPages gives a
//     page's (Reading); a path without any is absent. They are shown beside a page gap's
//     evidence and weigh nothing in its score.
//
// Each list holds at most MaxGapRecords rows (Pages at most twice that: its silent exits' and
// Feedback's), and each question (Unanswered and RatedDown's Query) its first MaxGapQueryChars
// characters, cut by the store's SQL.
type GapSignals struct {
	Queries    []QueryOutcome
	Unanswered []GapTurn
	RatedDown  []GapRating
	Feedback   []GapFeedback
	Pages      []PageExits
	Titles     map[string]string
	Readings   map[string]Reading
}

// PagePaths lists the paths of g's Pages, in their order: the pages whose readings a gaps
// read looks up (every path of Feedback is among them, see GapPages).
func (g GapSignals) PagePaths() []string {
	out := make([]string, len(g.Pages))
	for i, p := range g.Pages {
		out[i] = p.Path
	}
	return out
}

// MaxGapQueryChars is how much of a question GapSignals reads: its first 4,096 characters.
// A question the assistant could not answer is stored whole (up to the 32,000 characters a
// message may hold) and a gaps read takes up to MaxGapRecords of them, so the stores cut each
// in SQL instead of reading a table of long questions whole (SQLite's substr in characters;
// ClickHouse's substring to the 4 bytes a character may take, then CutGapQuery); query/gaps
// reads the first 4 KiB of what is left.
const MaxGapQueryChars = 4096

// CutGapQuery is q's first MaxGapQueryChars characters: of a question cut in SQL to
// 4 × MaxGapQueryChars bytes, whose last character the cut may have split, it keeps the
// characters before that one.
func CutGapQuery(q string) string {
	n := 0
	for i := range q {
		if n == MaxGapQueryChars {
			return q[:i]
		}
		n++
	}
	return q
}

// GapPaths lists the paths of g's Feedback and Pages once each, sorted: the pages whose
// titles a gaps read looks up.
func (g GapSignals) GapPaths() []string {
	seen := map[string]bool{}
	var out []string
	for _, f := range g.Feedback {
		if !seen[f.Path] {
			seen[f.Path] = true
			out = append(out, f.Path)
		}
	}
	for _, p := range g.Pages {
		if !seen[p.Path] {
			seen[p.Path] = true
			out = append(out, p.Path)
		}
	}
	slices.Sort(out)
	return out
}

// StripFragment is path without its "#fragment" and "?query": the page a search result links to.
func StripFragment(path string) string {
	for i := range len(path) {
		if path[i] == '#' || path[i] == '?' {
			return path[:i]
		}
	}
	return path
}

// IsOpen reports whether a feedback status still asks for work.
func IsOpen(s event.Status) bool { return s == event.StatusPending || s == event.StatusInProgress }

// RatedTurn picks the turn a rating made at `at` is about from its thread's turns (in time then
// id order): the last at or before it, else the first; ok is false when there are none.
func RatedTurn(turns []GapTurn, at time.Time) (GapTurn, bool) {
	if len(turns) == 0 {
		return GapTurn{}, false
	}
	pick := turns[0]
	for _, t := range turns[1:] {
		if !t.At.After(at) {
			pick = t
		}
	}
	return pick, true
}
