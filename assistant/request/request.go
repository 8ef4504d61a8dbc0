// Package request reads the body of POST /discovery/v{1,2}/assistant/{domain}/message as
// ai@4's useChat or ai@5's DefaultChatTransport sends it and checks every field, naming each
// problem's field (messages[2].role) and rule. Both shapes of message are read: v4 (content,
// parts) and v5 (parts only); unknown fields (trigger, messageId, metadata) are ignored.
package request

// Limits of a request. Larger values are rejected with a 400 naming the field.
const (
	MaxMessages     = 200   // messages in one request
	MaxParts        = 100   // parts of one message
	MaxMessageChars = 32000 // text of one message
	MaxContextItems = 10    // context items
	MaxContextChars = 20000 // value of one context item
	MaxFPChars      = 256
	MaxIDChars      = 256 // threadId, threadKey, elementId
	MaxPathChars    = 2048
	MaxCurrentPath  = 200 // currentPath, as Mintlify bounds it
	MaxScopeChars   = 128 // filter.version, filter.language, each of filter.groups
	MaxGroups       = 20
	DefaultPageSize = 5 // retrievalPageSize when absent
	MinPageSize     = 1
	MaxPageSize     = 20
)

// Roles a message may have.
const (
	RoleSystem    = "system"
	RoleUser      = "user"
	RoleAssistant = "assistant"
	RoleData      = "data"
)

// Message is one message of the conversation with its text.
type Message struct {
	Role string
	Text string // the text parts joined, or content when the message has none
}

// ContextItem is a code snippet or selected text the reader attached.
type ContextItem struct {
	Type      string // "code" or "textSelection"
	Value     string
	ElementID string
	Path      string // the page it was taken from, if given
}

// Filter restricts the search to a version, a language and a tag of the site; Groups are the
// reader's user groups (a page restricted to user groups is found only by its groups).
type Filter struct {
	Version, Language, Tag string
	Product                string // one of the site's products (Mintlify's search filter)
	Groups                 []string
}

// Request is a checked message request.
type Request struct {
	FP        string
	Messages  []Message // at least one; the last is the user's question
	ThreadID  string    // "" starts a thread
	ThreadKey string
	PageSize  int // retrievalPageSize
	Filter    Filter
	Context   []ContextItem
	// CurrentPath is the page the reader is on (Mintlify's currentPath): the search answers
	// in its version and language unless the filter names them.
	CurrentPath string
}

// Question returns the text of the last message, the question to answer.
func (r *Request) Question() string { return r.Messages[len(r.Messages)-1].Text }

// PageURL returns the page the reader asked from: currentPath, else the path of the first
// context item that names one.
func (r *Request) PageURL() string {
	if r.CurrentPath != "" {
		return r.CurrentPath
	}
	for _, c := range r.Context {
		if c.Path != "" {
			return c.Path
		}
	}
	return ""
}

// ScopePaths returns the pages whose version and language the search takes when the filter
// names none: currentPath, then each context item's path.
func (r *Request) ScopePaths() []string {
	var out []string
	if r.CurrentPath != "" {
		out = append(out, r.CurrentPath)
	}
	for _, c := range r.Context {
		if c.Path != "" {
			out = append(out, c.Path)
		}
	}
	return out
}
