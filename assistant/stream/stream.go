// Package stream writes the AI SDK v4 data stream protocol that useChat({streamProtocol:
// "data"}) reads: one part per line, "<code>:<JSON>\n", each line flushed as soon as it is written.
//
// Only the codes every ai@4.1.15+ client knows are written: f, 0, 9, a, 8, 2, 3, e and d.
package stream

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
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
type Writer struct {
	out Flusher
	buf bytes.Buffer
	enc *json.Encoder
	err error
}

// New returns a Writer writing to out.
func New(out Flusher) *Writer {
	w := &Writer{out: out}
	w.enc = json.NewEncoder(&w.buf)
	w.enc.SetEscapeHTML(false)
	return w
}

// Err returns the error that closed the stream, or nil.
func (w *Writer) Err() error { return w.err }

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

func nonNil(v []any) []any {
	if v == nil {
		return []any{}
	}
	return v
}

// part encodes one line, writes it whole and flushes it.
func (w *Writer) part(code byte, v any) error {
	if w.err != nil {
		return w.err
	}
	w.buf.Reset()
	w.buf.WriteByte(code)
	w.buf.WriteByte(':')
	if err := w.enc.Encode(v); err != nil { // Encode ends the value with '\n'
		return fmt.Errorf("encode %c part: %w", code, err)
	}
	if _, err := w.out.Write(w.buf.Bytes()); err != nil {
		w.err = fmt.Errorf("%w: %w", ErrClosed, err)
		return w.err
	}
	if err := w.out.Flush(); err != nil {
		w.err = fmt.Errorf("%w: %w", ErrClosed, err)
		return w.err
	}
	return nil
}

// Finish is the annotation and data item that closes a reply and names its thread; useChat
// exposes it as message.annotations and data ("event.type equals finish carries threadId").
type Finish struct {
	Type     string `json:"type"`
	ThreadID string `json:"threadId"`
}

// FinishEvent returns the finish item of thread.
func FinishEvent(threadID string) Finish { return Finish{Type: "finish", ThreadID: threadID} }
