package agents

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/lectern-dev/lectern/assistant"
	"github.com/lectern-dev/lectern/assistant/docsfs"
	"github.com/lectern-dev/lectern/assistant/llmstxt"
	"github.com/lectern-dev/lectern/platform/web"
	"github.com/lectern-dev/lectern/schemas/event"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/oklog/ulid/v2"
)

// pipeBytes bounds what one filesystem command hands the next through "|".
const pipeBytes = 8 << 20

// maxCommandsPerCall bounds the commands of one filesystem call.
const maxCommandsPerCall = 32

// maxEventQuery bounds the query or command line an mcp_call event keeps.
const maxEventQuery = 1000

// checker is a tool's arguments, which check their bounds.
type checker interface{ check() error }

// typed decodes a tool's arguments (unknown fields refused) and checks their bounds before the
// tool runs; a failure is a tool error naming the argument and the rule, short whatever the
// argument's size (the SDK's own schema validation quotes the whole value).
func typed[In any, P interface {
	*In
	checker
}](h func(context.Context, *mcp.CallToolRequest, In) (*mcp.CallToolResult, error)) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var in In
		dec := json.NewDecoder(bytes.NewReader(req.Params.Arguments))
		dec.DisallowUnknownFields()
		err := dec.Decode(&in)
		if err == nil {
			err = P(&in).check()
		} else {
			err = fmt.Errorf("invalid arguments: %s", clip(err.Error(), 300))
		}
		if err == nil {
			var res *mcp.CallToolResult
			if res, err = h(ctx, req, in); err == nil {
				return res, nil
			}
		}
		return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: err.Error()}}}, nil
	}
}

func (in *searchInput) check() error {
	switch {
	case strings.TrimSpace(in.Query) == "":
		return errors.New("query: say what to search for")
	case utf8.RuneCountInString(in.Query) > maxQuery:
		return fmt.Errorf("query: at most %d characters", maxQuery)
	case in.PageSize < 0 || in.PageSize > maxResults:
		return fmt.Errorf("pageSize: from 1 to %d", maxResults)
	case in.Limit < 0 || in.Limit > maxResults:
		return fmt.Errorf("limit: from 1 to %d", maxResults)
	case in.PageSize != 0 && in.Limit != 0 && in.PageSize != in.Limit:
		return errors.New("pageSize, limit: two names of one count; give pageSize")
	case in.ScoreThreshold < 0 || in.ScoreThreshold > 1:
		return errors.New("scoreThreshold: from 0 to 1 (a result's score is relative to the best result's, 1)")
	case len(in.Version) > maxScope || len(in.Language) > maxScope:
		return fmt.Errorf("version, language: at most %d characters", maxScope)
	}
	return nil
}

func (in *filesystemInput) check() error {
	switch {
	case strings.TrimSpace(in.Command) == "":
		return errors.New("command: give a command, e.g. ls / or help")
	case utf8.RuneCountInString(in.Command) > maxCommand:
		return fmt.Errorf("command: at most %d characters", maxCommand)
	}
	return nil
}

func (in *feedbackInput) check() error {
	switch {
	case strings.TrimSpace(in.Path) == "" || utf8.RuneCountInString(in.Path) > maxPath:
		return fmt.Errorf("path: the page's path, 1 to %d characters", maxPath)
	case strings.TrimSpace(in.Description) == "" || utf8.RuneCountInString(in.Description) > maxFeedback:
		return fmt.Errorf("description: say what is wrong, in 1 to %d characters", maxFeedback)
	}
	return nil
}

// searchTool answers the search tool with the discovery search.
func (s *Service) searchTool(ctx context.Context, req *mcp.CallToolRequest, in searchInput) (*mcp.CallToolResult, error) {
	cl, start := callOf(ctx), time.Now()
	if cl == nil {
		return nil, errNoSite
	}
	if err := s.spend(cl, ToolSearch); err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, s.cfg.ToolTimeout)
	defer cancel()
	size := cmp.Or(in.PageSize, in.Limit, defaultResults)
	version, language := in.Version, in.Language
	if sc := cl.state.snap.Scopes; sc != nil { // a site without versions (languages) has all its content in every one
		if len(sc.Versions) == 0 {
			version = ""
		}
		if len(sc.Languages) == 0 {
			language = ""
		}
	}
	hits, err := s.docs.Search(ctx, cl.site.Domain, assistant.SearchParams{Query: in.Query, Size: size, Threshold: in.ScoreThreshold, Version: version, Language: language})
	if err != nil {
		err = toolError(cl.state.name, err)
	}
	s.finish(cl, req, event.Traffic{Tool: ToolSearch, Query: in.Query, Results: len(hits)}, start, err)
	if err != nil {
		return nil, err
	}
	out := searchOutput{Results: make([]searchResult, 0, len(hits))}
	var text strings.Builder
	if len(hits) == 0 {
		fmt.Fprintf(&text, "No results for %q. Try other words, or browse the pages with query_docs_filesystem (ls /, grep -r -i WORD /).", in.Query)
	} else {
		fmt.Fprintf(&text, "%d %s for %q:\n", len(hits), plural(len(hits), "result", "results"), in.Query)
	}
	for i, h := range hits {
		r := searchResult{Title: h.Metadata.Title, Section: h.Metadata.Section, URL: cl.base + llmstxt.EscapePath(h.Metadata.URL),
			Markdown: llmstxt.PageLink(cl.base, h.Path), Path: llmstxt.PageURL("", h.Path), Snippet: h.Content, Score: h.Metadata.Score}
		out.Results = append(out.Results, r)
		title := r.Title
		if r.Section != "" && r.Section != r.Title {
			title += " › " + r.Section
		}
		fmt.Fprintf(&text, "\n%d. %s\n   URL: %s\n   Read: cat %s\n   %s\n", i+1, title, r.URL, docsfs.Quote(r.Path), indentLines(r.Snippet, "   "))
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text.String()}}, StructuredContent: out}, nil
}

// filesystemTool runs a command line on the site's filesystem.
func (s *Service) filesystemTool(ctx context.Context, req *mcp.CallToolRequest, in filesystemInput) (*mcp.CallToolResult, error) {
	cl, start := callOf(ctx), time.Now()
	if cl == nil {
		return nil, errNoSite
	}
	if err := s.spend(cl, ToolFilesystem); err != nil {
		return nil, err
	}
	lim := docsfs.Limits{Output: s.cfg.OutputBytes, Pipe: pipeBytes, Commands: maxCommandsPerCall, Timeout: s.cfg.ToolTimeout}
	res, err := cl.state.filesystem().Run(ctx, in.Command, lim)
	if err == nil && res.Failed == res.Commands && res.Misses < res.Failed { // a grep that finds nothing answers
		err = errors.New(strings.TrimSpace(res.Output))
	}
	s.finish(cl, req, event.Traffic{Tool: ToolFilesystem, Query: in.Command}, start, err)
	if err != nil {
		return nil, err
	}
	text := res.Output
	if text == "" {
		text = "(no output)"
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}, nil
}

// feedbackTool records an agent's report on a page as feedback, answering once the bus
// stored it.
func (s *Service) feedbackTool(ctx context.Context, req *mcp.CallToolRequest, in feedbackInput) (*mcp.CallToolResult, error) {
	cl, start := callOf(ctx), time.Now()
	if cl == nil {
		return nil, errNoSite
	}
	if err := s.spend(cl, ToolFeedback); err != nil {
		return nil, err
	}
	path, err := s.feedbackPath(cl, in.Path)
	if err == nil {
		_, err = s.storeFeedback(ctx, cl, path, in.Description)
	}
	s.finish(cl, req, event.Traffic{Tool: ToolFeedback, Path: path}, start, err)
	if err != nil {
		return nil, err
	}
	text := fmt.Sprintf("Recorded: %s will review your report on %s. Thank you.", docsTeam(cl.state.name), path)
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}, nil
}

// storeFeedback publishes the feedback record and waits for the bus to store it; it returns
// the record's id. submit_feedback and the feedback route (POST /feedback) both record
// through it.
func (s *Service) storeFeedback(ctx context.Context, cl *call, path, description string) (string, error) {
	if strings.TrimSpace(description) == "" || utf8.RuneCountInString(description) > maxFeedback {
		return "", fmt.Errorf("description: say what is wrong, in 1 to %d characters", maxFeedback)
	}
	id := ulid.Make()
	now := ulid.Time(id.Time()).UTC()
	helpful := false
	f := event.Feedback{EventID: id.String(), ID: id.String(), ProjectID: cl.site.Project, Domain: cl.site.Domain,
		Path: path, Comment: description, CreatedAt: now, UpdatedAt: now, Source: event.SourceAgent,
		Status: event.StatusPending, Helpful: &helpful}
	ctx, cancel := context.WithTimeout(ctx, s.cfg.ToolTimeout)
	defer cancel()
	if err := s.pub.Publish(ctx, cl.site.Project, event.TypeFeedback, f.EventID, f); err != nil {
		s.logger.Warn("agent feedback not stored", "id", f.ID, "err", err)
		return "", unavailableError{errors.New("the feedback could not be recorded right now (the event bus is unavailable); retry in a few seconds")}
	}
	return f.ID, nil
}

// durationMs is d in whole milliseconds, rounded up: a search of a small site answers in
// less than one, and truncated it was stored as 0, so the agents' mean duration said every call
// took no time.
func durationMs(d time.Duration) int {
	return int((max(d, 0) + time.Millisecond - 1) / time.Millisecond)
}

// finish counts a tool call and publishes its mcp_call event.
func (s *Service) finish(cl *call, req *mcp.CallToolRequest, ev event.Traffic, start time.Time, err error) {
	d := time.Since(start)
	status := callStatus(err)
	s.m.calls.WithLabelValues(ev.Tool, status).Inc()
	s.m.duration.WithLabelValues(ev.Tool).Observe(d.Seconds())
	ev.Type, ev.Caller, ev.Status = event.TypeMCPCall, event.CallerOther, status
	ev.DurationMs = durationMs(d)
	ev.Query = clip(ev.Query, maxEventQuery)
	ev.Client, ev.ClientVersion = cl.client, cl.clientVersion
	if ci := req.ClientInfo(); ci != nil && ci.Name != "" {
		ev.Client, ev.ClientVersion = clip(ci.Name, maxClientName), clip(ci.Version, maxClientVersion)
	}
	s.rec.record(cl.site.Project, cl.site.Domain, cl.who, ev)
}

// unavailableError is a tool error of the server's own: it could not serve the call yet (the
// site's index is being built, the event bus did not store a feedback report) and said when to
// retry. The call's status is unavailable rather than error, which is the caller's (its
// arguments, a path that is no page): analytics and alerts count failed calls without the
// minutes a deploy spends indexing.
type unavailableError struct{ error }

func (e unavailableError) Unwrap() error { return e.error }

// callStatus is the status of a tool call that ended with err (nil: it answered).
func callStatus(err error) string {
	switch {
	case err == nil:
		return event.MCPStatusOK
	case errors.As(err, new(unavailableError)):
		return event.MCPStatusUnavailable
	}
	return event.MCPStatusError
}

// toolError turns an error of the search into the message an agent reads: the rule broken,
// with the tool's names for the fields, or when to retry a site whose index is being built.
func toolError(site string, err error) error {
	var we *web.Error
	if !errors.As(err, &we) {
		return err
	}
	if we.Status == http.StatusServiceUnavailable && we.RetryAfter > 0 {
		return notIndexedYet(site, we.RetryAfter)
	}
	var parts []string
	for _, d := range we.Details {
		field := strings.TrimPrefix(d.Field, "filter.")
		if field != "" {
			parts = append(parts, field+": "+d.Message)
		} else {
			parts = append(parts, d.Message)
		}
	}
	if len(parts) == 0 {
		return errors.New(we.Message)
	}
	return errors.New(strings.Join(parts, "; "))
}

// notIndexedYet is the search tool's answer while the site's index is built (the discovery
// search's 503 with Retry-After). It is a tool error rather than an HTTP 503: MCP clients hand
// a tool error to the model, which can retry or read the pages meanwhile, where the TypeScript
// SDK client turns a 503 into a rejected call (and a 503 to initialize into a failed
// connection) and never reads Retry-After.
func notIndexedYet(site string, retry time.Duration) error {
	secs := int(max(time.Second, retry).Round(time.Second) / time.Second)
	return unavailableError{fmt.Errorf("the %s docs are still being indexed: search works in about %d s (retry then); "+
		"their pages can be read already with %s (ls /, grep -r -i WORD /, cat FILE)", site, secs, ToolFilesystem)}
}

func indentLines(s, pad string) string {
	return strings.ReplaceAll(strings.TrimSpace(s), "\n", "\n"+pad)
}

// plural is one when n is 1, else many.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
