package assistant

import (
	"github.com/gofiber/fiber/v2"
	"github.com/lectern-dev/lectern/assistant/stream"
)

// Routes of the message endpoint: v1 streams for ai@4 clients, v2 for ai@5 clients.
const (
	Route   = "/discovery/v1/assistant/:domain/message"
	RouteV2 = "/discovery/v2/assistant/:domain/message"
)

// Stream protocol headers, each valued "v1".
const (
	HeaderDataStream      = "X-Vercel-AI-Data-Stream"
	HeaderUIMessageStream = "X-Vercel-AI-UI-Message-Stream"
)

// encoder writes a reply's parts in the bytes of one protocol; after a failed write every
// call returns that error (Err).
type encoder interface {
	StartStep(messageID string) error
	ToolCall(id, name string, args any) error
	ToolResult(id string, result any) error
	Text(s string) error
	FinishStep(reason string, u stream.Usage, continued bool) error
	EndReply(end stream.End, u stream.Usage) error
	Error(msg string) error
	Err() error
}

var (
	_ encoder = (*stream.Writer)(nil)
	_ encoder = (*stream.UIWriter)(nil)
)

// protocol is how a route streams its replies: the content type, the protocol header, and
// the encoder.
type protocol struct {
	contentType string
	header      string
	encoder     func(stream.Flusher) encoder
}

var (
	// dataStream is the AI SDK v4 data stream of ai@4's useChat.
	dataStream = protocol{
		contentType: "text/plain; charset=utf-8",
		header:      HeaderDataStream,
		encoder:     func(f stream.Flusher) encoder { return stream.New(f) },
	}
	// uiMessageStream is the AI SDK v5 UI message stream of ai@5's DefaultChatTransport.
	uiMessageStream = protocol{
		contentType: "text/event-stream",
		header:      HeaderUIMessageStream,
		encoder:     func(f stream.Flusher) encoder { return stream.NewUI(f) },
	}
)

// setHeaders sets the headers of a streamed reply in protocol p.
func (p protocol) setHeaders(c *fiber.Ctx) {
	c.Set(fiber.HeaderContentType, p.contentType)
	c.Set(p.header, "v1")
}
