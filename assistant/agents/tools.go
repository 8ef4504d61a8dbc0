package agents

import (
	"fmt"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/lectern-dev/lectern/assistant/sitedocs"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Bounds of the tools' arguments; the input schemas state them and the SDK refuses a call
// past them with an invalid-params error before the tool runs.
const (
	maxQuery       = 1000  // characters of a search query
	maxResults     = 50    // results of one search
	defaultResults = 10    // results when the call names no count
	maxCommand     = 8192  // characters of one filesystem command line
	maxFeedback    = 10000 // characters of a feedback description
	maxPath        = 2048  // characters of a page path
	maxScope       = 64    // characters of a version or language
)

// searchInput is the search tool's arguments: Mintlify's search tool's (query, pageSize,
// scoreThreshold, version, language), and limit, pageSize's name here before.
type searchInput struct {
	Query          string  `json:"query"`
	Language       string  `json:"language,omitempty"`
	Version        string  `json:"version,omitempty"`
	PageSize       int     `json:"pageSize,omitempty"`
	ScoreThreshold float64 `json:"scoreThreshold,omitempty"`
	Limit          int     `json:"limit,omitempty"`
}

// searchOutput is the search tool's structured result.
type searchOutput struct {
	Results []searchResult `json:"results"`
}

type searchResult struct {
	Title    string  `json:"title"`
	Section  string  `json:"section,omitempty"`
	URL      string  `json:"url"`      // the page (and section) on the site
	Markdown string  `json:"markdown"` // the page's Markdown URL
	Path     string  `json:"path"`     // the page's file for query_docs_filesystem
	Snippet  string  `json:"snippet"`
	Score    float64 `json:"score"`
}

// filesystemInput is the filesystem tool's arguments.
type filesystemInput struct {
	Command string `json:"command"`
}

// feedbackInput is the feedback tool's arguments.
type feedbackInput struct {
	Path        string `json:"path"`
	Description string `json:"description"`
}

// tools describes the server's tools for a site: the same values serve the MCP server and
// its server cards. A version or language parameter is offered only when the site has
// several.
func tools(name string, cat *sitedocs.Catalog, scopes *sitedocs.Scopes, outputBytes int) []*mcp.Tool {
	readOnly := &mcp.ToolAnnotations{ReadOnlyHint: true, DestructiveHint: ptr(false), IdempotentHint: true, OpenWorldHint: ptr(false)}
	search := &jsonschema.Schema{Type: "object", Required: []string{"query"}, AdditionalProperties: &jsonschema.Schema{Not: &jsonschema.Schema{}},
		Properties: map[string]*jsonschema.Schema{
			"query": {Type: "string", Description: "What to look for, in words (a question or keywords).", MinLength: ptr(1), MaxLength: ptr(maxQuery)},
			"pageSize": {Type: "integer", Description: fmt.Sprintf("How many results to return (1 to %d, default %d).", maxResults, defaultResults),
				Minimum: ptr(1.0), Maximum: ptr(float64(maxResults))},
			"scoreThreshold": {Type: "number", Description: "Leave out results less relevant than this, from 0 to 1: each result's score is its relevance relative to the best result's, which is 1.",
				Minimum: ptr(0.0), Maximum: ptr(1.0)},
			"limit": {Type: "integer", Description: "The same as pageSize (its older name).", Minimum: ptr(1.0), Maximum: ptr(float64(maxResults))},
		}}
	if scopes != nil && len(scopes.Versions) > 1 {
		search.Properties["version"] = &jsonschema.Schema{Type: "string", MaxLength: ptr(maxScope),
			Description: fmt.Sprintf("Search one version of the docs: %s (%s). Content shared by all versions is always included.", quoteList(scopes.Versions), defaultVersionText(scopes.DefaultVersion))}
	}
	if scopes != nil && len(scopes.Languages) > 1 {
		search.Properties["language"] = &jsonschema.Schema{Type: "string", MaxLength: ptr(maxScope),
			Description: fmt.Sprintf("Search one language of the docs: %s. Content in no language is always included.", quoteList(scopes.Languages))}
	}
	fsSchema := &jsonschema.Schema{Type: "object", Required: []string{"command"}, AdditionalProperties: &jsonschema.Schema{Not: &jsonschema.Schema{}},
		Properties: map[string]*jsonschema.Schema{
			"command": {Type: "string", MinLength: ptr(1), MaxLength: ptr(maxCommand), Description: "One or more shell commands, joined with ; or && or new lines, " +
				"e.g. \"ls /\", \"cat /guides/setup.md:1-80\", \"grep -n -i 'rate limit' /\", \"head -n 40 /a.md; head -n 40 /b.md\"."},
		}}
	feedback := &jsonschema.Schema{Type: "object", Required: []string{"path", "description"}, AdditionalProperties: &jsonschema.Schema{Not: &jsonschema.Schema{}},
		Properties: map[string]*jsonschema.Schema{
			"path":        {Type: "string", MinLength: ptr(1), MaxLength: ptr(maxPath), Description: "The page the problem is on: its path (/guides/setup), its .md file or its URL."},
			"description": {Type: "string", MinLength: ptr(1), MaxLength: ptr(maxFeedback), Description: "What is wrong: incorrect, outdated, confusing or missing, and what would fix it."},
		}}
	return []*mcp.Tool{
		{Name: ToolSearch, Title: "Search " + name, InputSchema: search, Annotations: readOnly,
			Description: "Search the " + docsName(name) + ". Returns the best matching sections, each with its title, link, " +
				"file path and a snippet. Read a whole page with query_docs_filesystem (cat PATH)."},
		{Name: ToolFilesystem, Title: "Read the " + docsName(name), InputSchema: fsSchema, Annotations: readOnly,
			Description: "Read and navigate the " + docsName(name) + " as a read-only filesystem of Markdown pages, each at its URL with .md " +
				"(/index.md is the home page), with shell commands: ls [-l], tree [-L N], cat [-n] FILE[:START-END], head/tail [-n N], sed -n 'A,Bp', " +
				"grep [-n -i -F -w -l -c -C N] PATTERN [PATH] (RE2, or fixed strings with -F; directories recursively), find [PATH] -name GLOB, wc, cd, help. " +
				"Several commands in one call (; && or new lines); | pipes into grep, head, tail and wc. " +
				fmt.Sprintf("Output over %d bytes is cut with a marker: read long pages by line ranges.", outputBytes)},
		{Name: ToolFeedback, Title: "Report a docs problem", InputSchema: feedback,
			Annotations: &mcp.ToolAnnotations{ReadOnlyHint: false, DestructiveHint: ptr(false), IdempotentHint: false, OpenWorldHint: ptr(false)},
			Description: "Tell " + docsTeam(name) + " about a problem with a page: incorrect, outdated, confusing or incomplete content. " +
				"Give the page's path and what is wrong; it is recorded as unhelpful feedback that the team reviews."},
	}
}

func quoteList(vs []string) string {
	q := make([]string, len(vs))
	for i, v := range vs {
		q[i] = fmt.Sprintf("%q", v)
	}
	return strings.Join(q, ", ")
}

func ptr[T any](v T) *T { return &v }

// defaultVersionText says which version a search that names none searches.
func defaultVersionText(def string) string {
	if def == "" {
		return "default: the default version of each product or section"
	}
	return "default " + def
}
