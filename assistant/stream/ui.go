package stream

import "strconv"

// UIWriter writes the AI SDK v5 UI message stream (header x-vercel-ai-ui-message-stream: v1):
// one server-sent event per chunk, "data: <JSON>\n\n", and "data: [DONE]\n\n" after the last.
// Chunks carry only the fields that ai@5.0.0, whose schema rejects unknown fields, knows too.
// It is not safe for concurrent use. After the first failed write every call returns that error.
type UIWriter struct {
	l       *lines
	started bool   // the start chunk was written
	text    string // id of the open text part; "" when none is open
	texts   int    // text parts opened so far
}

// NewUI returns a UIWriter writing to out.
func NewUI(out Flusher) *UIWriter { return &UIWriter{l: newLines(out)} }

// Err returns the error that closed the stream, or nil.
func (w *UIWriter) Err() error { return w.l.err }

// StartStep writes "start-step", preceded by "start" {messageId} the first time.
func (w *UIWriter) StartStep(messageID string) error {
	if !w.started {
		w.started = true
		if err := w.chunk(uiStart{Type: "start", MessageID: messageID}); err != nil {
			return err
		}
	}
	return w.chunk(uiType{"start-step"})
}

// ToolCall writes "tool-input-start" and "tool-input-available" {toolCallId, toolName, input}.
func (w *UIWriter) ToolCall(id, name string, args any) error {
	if err := w.chunk(uiToolStart{Type: "tool-input-start", ToolCallID: id, ToolName: name}); err != nil {
		return err
	}
	return w.chunk(uiToolInput{Type: "tool-input-available", ToolCallID: id, ToolName: name, Input: args})
}

// ToolResult writes "tool-output-available" {toolCallId, output}.
func (w *UIWriter) ToolResult(id string, result any) error {
	return w.chunk(uiToolOutput{Type: "tool-output-available", ToolCallID: id, Output: result})
}

// Text writes "text-delta" {id, delta}, preceded by "text-start" {id} when no text part is open.
func (w *UIWriter) Text(s string) error {
	if w.text == "" {
		w.texts++
		w.text = "text-" + strconv.Itoa(w.texts)
		if err := w.chunk(uiText{Type: "text-start", ID: w.text}); err != nil {
			return err
		}
	}
	return w.chunk(uiTextDelta{Type: "text-delta", ID: w.text, Delta: s})
}

// FinishStep closes the open text part ("text-end") and writes "finish-step"; the v5 chunk
// carries neither the reason nor the usage.
func (w *UIWriter) FinishStep(_ string, _ Usage, _ bool) error {
	if w.text != "" {
		id := w.text
		w.text = ""
		if err := w.chunk(uiText{Type: "text-end", ID: id}); err != nil {
			return err
		}
	}
	return w.chunk(uiType{"finish-step"})
}

// EndReply ends a complete reply: the step's end, "finish" {messageMetadata: {threadId,
// resolution, sources}} and [DONE].
func (w *UIWriter) EndReply(end End, u Usage) error {
	_ = w.FinishStep(ReasonStop, u, false)
	_ = w.chunk(uiFinish{Type: "finish", MessageMetadata: FinishEvent(end).End})
	return w.done()
}

// Error writes "error" {errorText} and [DONE]; the client stops and reports msg as the error.
func (w *UIWriter) Error(msg string) error {
	_ = w.chunk(uiError{Type: "error", ErrorText: msg})
	return w.done()
}

// chunk writes one event, "data: <JSON>\n\n", and flushes it.
func (w *UIWriter) chunk(v any) error { return w.l.json("data: ", v, "\n") }

// done writes the end of the stream, "data: [DONE]\n\n".
func (w *UIWriter) done() error { return w.l.text("data: [DONE]\n\n") }

type uiType struct {
	Type string `json:"type"`
}

type uiStart struct {
	Type      string `json:"type"`
	MessageID string `json:"messageId"`
}

type uiText struct {
	Type string `json:"type"`
	ID   string `json:"id"`
}

type uiTextDelta struct {
	Type  string `json:"type"`
	ID    string `json:"id"`
	Delta string `json:"delta"`
}

type uiToolStart struct {
	Type       string `json:"type"`
	ToolCallID string `json:"toolCallId"`
	ToolName   string `json:"toolName"`
}

type uiToolInput struct {
	Type       string `json:"type"`
	ToolCallID string `json:"toolCallId"`
	ToolName   string `json:"toolName"`
	Input      any    `json:"input"`
}

type uiToolOutput struct {
	Type       string `json:"type"`
	ToolCallID string `json:"toolCallId"`
	Output     any    `json:"output"`
}

type uiFinish struct {
	Type            string `json:"type"`
	MessageMetadata End    `json:"messageMetadata"` // message.metadata in the v5 client
}

type uiError struct {
	Type      string `json:"type"`
	ErrorText string `json:"errorText"`
}
