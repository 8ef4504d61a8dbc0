// Package stream writes the two reply protocols of the AI SDK clients, each line flushed as
// soon as it is written:
//
//   - Writer: the v4 data stream that useChat({streamProtocol: "data"}) of ai@4 reads, one
//     part per line, "<code>:<JSON>\n". Only the codes every ai@4.1.15+ client knows are
//     written: f, 0, 9, a, 8, 2, 3, e and d.
//   - UIWriter: the v5 UI message stream that DefaultChatTransport of ai@5 reads, one server-sent
//     event per chunk, "data: <JSON>\n\n", ending with "data: [DONE]\n\n".
package stream

import (
	"errors"
	"io"

	"github.com/lectern-dev/lectern/schemas/event"
)

// Flusher is where the lines go: a buffered writer whose Flush hands them to the client.
type Flusher interface {
	io.Writer
	Flush() error
}

// ErrClosed reports a write after the stream failed; the first error is wrapped in it.
var ErrClosed = errors.New("stream closed")

// Usage is the token count reported with a finished step or message.
type Usage struct {
	PromptTokens     int `json:"promptTokens"`
	CompletionTokens int `json:"completionTokens"`
}

// Finish reasons.
const (
	ReasonStop      = "stop"
	ReasonToolCalls = "tool-calls"
)

// Writer writes parts to a Flusher. It is not safe for concurrent use. After the first failed
// write or flush every call returns the same error.
type Writer struct{ l *lines }

// New returns a Writer writing to out.
func New(out Flusher) *Writer { return &Writer{l: newLines(out)} }

// Err returns the error that closed the stream, or nil.
func (w *Writer) Err() error { return w.l.err }

// StartStep writes "f:{messageId}".
func (w *Writer) StartStep(messageID string) error {
	return w.part('f', struct {
		MessageID string `json:"messageId"`
	}{messageID})
}

// Text writes "0:<string>", a piece of the answer's text.
func (w *Writer) Text(s string) error { return w.part('0', s) }

// ToolCall writes "9:{toolCallId, toolName, args}".
func (w *Writer) ToolCall(id, name string, args any) error {
	return w.part('9', struct {
		ToolCallID string `json:"toolCallId"`
		ToolName   string `json:"toolName"`
		Args       any    `json:"args"`
	}{id, name, args})
}

// ToolResult writes "a:{toolCallId, result}".
func (w *Writer) ToolResult(id string, result any) error {
	return w.part('a', struct {
		ToolCallID string `json:"toolCallId"`
		Result     any    `json:"result"`
	}{id, result})
}

// Annotations writes "8:[...]": message annotations (useChat's message.annotations).
func (w *Writer) Annotations(v ...any) error { return w.part('8', nonNil(v)) }

// Data writes "2:[...]": stream data (useChat's data).
func (w *Writer) Data(v ...any) error { return w.part('2', nonNil(v)) }

// Error writes "3:<string>"; the client stops reading and reports msg as the error.
func (w *Writer) Error(msg string) error { return w.part('3', msg) }

// FinishStep writes "e:{finishReason, usage, isContinued}".
func (w *Writer) FinishStep(reason string, u Usage, continued bool) error {
	return w.part('e', struct {
		FinishReason string `json:"finishReason"`
		Usage        Usage  `json:"usage"`
		IsContinued  bool   `json:"isContinued"`
	}{reason, u, continued})
}

// FinishMessage writes "d:{finishReason, usage}", the last part of a reply.
func (w *Writer) FinishMessage(reason string, u Usage) error {
	return w.part('d', struct {
		FinishReason string `json:"finishReason"`
		Usage        Usage  `json:"usage"`
	}{reason, u})
}

// EndReply ends a complete reply: 8 and 2 naming the thread, whether the reply answered and
// the pages it cites, then e and d, both "stop".
func (w *Writer) EndReply(end End, u Usage) error {
	fin := FinishEvent(end)
	_ = w.Annotations(fin)
	_ = w.Data(fin)
	_ = w.FinishStep(ReasonStop, u, false)
	return w.FinishMessage(ReasonStop, u)
}

func nonNil(v []any) []any {
	if v == nil {
		return []any{}
	}
	return v
}

// part writes "<code>:<JSON>\n" whole and flushes it.
func (w *Writer) part(code byte, v any) error { return w.l.json(string(code)+":", v, "") }

// End is what a complete reply reports at its end: its thread, whether it answered the
// question (event.Answered or event.Unanswered, as the conversation export records it) and
// the pages it cites, each once, best first (none when unanswered). A page that shows the
// reply reads these rather than guessing them from the text: the widget lists the cited pages
// and offers no rating for an unanswered reply.
type End struct {
	ThreadID   string           `json:"threadId"`
	Resolution event.Resolution `json:"resolution"`
	Sources    []event.Citation `json:"sources"`
	// Support is where a declined reply pointed its reader (the site's support, Mintlify's
	// deflection): the widget shows it as a card. Absent when the reply did not.
	Support *Support `json:"support,omitempty"`
}

// Support modes: a support page (the thread id appended as threadId) or an address.
const (
	SupportLink  = "link"
	SupportEmail = "email"
)

// Support is the support a declined reply points at: its mode and its URL, the support page
// with threadId or a mailto: link.
type Support struct {
	Mode string `json:"mode"`
	URL  string `json:"url"`
}

// Finish is the annotation and data item that closes a reply; useChat exposes it as
// message.annotations and data ("event.type equals finish carries threadId").
type Finish struct {
	Type string `json:"type"`
	End
}

// FinishEvent returns the finish item of a reply.
func FinishEvent(end End) Finish {
	if end.Sources == nil {
		end.Sources = []event.Citation{}
	}
	return Finish{Type: "finish", End: end}
}
