package stream_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/internal/uitest"
	"github.com/lectern-dev/lectern/assistant/stream"
	"github.com/lectern-dev/lectern/schemas/event"
)

// TestUIReply writes the reply of design.md §4 as a v5 UI message stream and compares the bytes.
func TestUIReply(t *testing.T) {
	want := `data: {"type":"start","messageId":"msg-abc123"}

data: {"type":"start-step"}

data: {"type":"tool-input-start","toolCallId":"call_1","toolName":"search"}

data: {"type":"tool-input-available","toolCallId":"call_1","toolName":"search","input":{"query":"get started"}}

data: {"type":"tool-output-available","toolCallId":"call_1","output":[{"path":"/quickstart","metadata":{"title":"Quickstart"}}]}

data: {"type":"finish-step"}

data: {"type":"start-step"}

data: {"type":"text-start","id":"text-1"}

data: {"type":"text-delta","id":"text-1","delta":"Hello"}

data: {"type":"text-delta","id":"text-1","delta":", <world> & \"you\"!\n"}

data: {"type":"text-end","id":"text-1"}

data: {"type":"finish-step"}

data: {"type":"finish","messageMetadata":{"threadId":"thr_123","resolution":"answered","sources":[{"title":"Quickstart","url":"/quickstart"}]}}

data: [DONE]

`
	var out flushCounter
	w := stream.NewUI(&out)
	type meta struct {
		Title string `json:"title"`
	}
	type result struct {
		Path     string `json:"path"`
		Metadata meta   `json:"metadata"`
	}
	u := stream.Usage{PromptTokens: 10, CompletionTokens: 5}
	steps := []func() error{
		func() error { return w.StartStep("msg-abc123") },
		func() error { return w.ToolCall("call_1", "search", map[string]string{"query": "get started"}) },
		func() error {
			return w.ToolResult("call_1", []result{{Path: "/quickstart", Metadata: meta{Title: "Quickstart"}}})
		},
		func() error { return w.FinishStep(stream.ReasonToolCalls, u, false) },
		func() error { return w.StartStep("msg-abc123") },
		func() error { return w.Text("Hello") },
		func() error { return w.Text(", <world> & \"you\"!\n") },
		func() error {
			return w.EndReply(stream.End{ThreadID: "thr_123", Resolution: event.Answered, Sources: []event.Citation{{Title: "Quickstart", URL: "/quickstart"}}}, u)
		},
	}
	for i, step := range steps {
		if err := step(); err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
	}
	if got := out.String(); got != want {
		t.Fatalf("bytes differ\ngot:\n%s\nwant:\n%s", got, want)
	}
	for i, f := range out.flushed {
		if !strings.HasSuffix(f, "\n\n") || strings.Count(f, "\n\n") != i+1 {
			t.Fatalf("flush %d did not end a whole event: %q", i, f)
		}
	}
	checkUI(t, out.String())
}

// TestUITextPartsPerStep checks that each step's text is its own part with its own id.
func TestUITextPartsPerStep(t *testing.T) {
	var out flushCounter
	w := stream.NewUI(&out)
	_ = w.StartStep("m")
	_ = w.Text("a")
	_ = w.FinishStep(stream.ReasonStop, stream.Usage{}, false)
	_ = w.StartStep("m")
	_ = w.Text("b")
	_ = w.Text("")
	_ = w.EndReply(stream.End{ThreadID: "thr_1"}, stream.Usage{})
	chunks := checkUI(t, out.String())
	want := "start start-step text-start text-delta text-end finish-step start-step text-start text-delta text-delta text-end finish-step finish"
	if got := uitest.Types(chunks); got != want {
		t.Fatalf("chunks %q, want %q", got, want)
	}
	if chunks[2].Str("id") != "text-1" || chunks[7].Str("id") != "text-2" || chunks[10].Str("id") != "text-2" {
		t.Errorf("text ids %s %s %s", chunks[2].Raw, chunks[7].Raw, chunks[10].Raw)
	}
}

func TestUIError(t *testing.T) {
	var out flushCounter
	w := stream.NewUI(&out)
	_ = w.StartStep("m")
	_ = w.Text("partial")
	_ = w.Error(`model "x" failed`)
	chunks := checkUI(t, out.String())
	if got := uitest.Types(chunks); got != "start start-step text-start text-delta error" {
		t.Fatalf("chunks %q", got)
	}
	if msg := chunks[4].Str("errorText"); msg != `model "x" failed` {
		t.Errorf("errorText %q", msg)
	}
}

func TestUIStickyError(t *testing.T) {
	out := &flushCounter{failAt: 3}
	w := stream.NewUI(out)
	if err := w.StartStep("m"); err != nil { // start, start-step
		t.Fatal(err)
	}
	err := w.Text("b")
	if !errors.Is(err, stream.ErrClosed) {
		t.Fatalf("third write: %v, want ErrClosed", err)
	}
	if err2 := w.EndReply(stream.End{ThreadID: "thr_1"}, stream.Usage{}); err2 != err || w.Err() != err {
		t.Fatalf("error not sticky: %v / %v", err2, w.Err())
	}
}

// checkUI reads a complete stream, checking each chunk's shape and the final [DONE].
func checkUI(t *testing.T, s string) []uitest.Chunk {
	t.Helper()
	chunks, done, err := uitest.Read(strings.NewReader(s))
	if err != nil {
		t.Fatal(err)
	}
	if !done {
		t.Fatal("the stream does not end with data: [DONE]")
	}
	return chunks
}

// TestUIShapes checks the chunk checker itself: what ai@5.0.0's strict schema would refuse.
func TestUIShapes(t *testing.T) {
	for _, bad := range []string{
		`{"type":"finish","finishReason":"stop"}`,
		`{"type":"finish-step","usage":{}}`,
		`{"type":"text-delta","id":"t","textDelta":"x"}`,
		`{"type":"text-delta","delta":"x"}`,
		`{"type":"tool-input-available","toolCallId":"c","toolName":"search"}`,
		`{"type":"tool-call","toolCallId":"c"}`,
		`{"type":"start","messageId":1}`,
		`["start"]`,
	} {
		if _, err := uitest.Parse(bad); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
}
