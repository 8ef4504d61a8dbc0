package stream_test

import (
	"bufio"
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/stream"
	"github.com/lectern-dev/lectern/schemas/event"
)

// flushCounter records every flush, so tests can check that each line is flushed whole.
type flushCounter struct {
	bytes.Buffer
	flushed []string
	failAt  int // fail the n-th write (1-based); 0: never
	writes  int
}

func (f *flushCounter) Write(p []byte) (int, error) {
	f.writes++
	if f.failAt > 0 && f.writes >= f.failAt {
		return 0, errors.New("broken pipe")
	}
	return f.Buffer.Write(p)
}

func (f *flushCounter) Flush() error {
	f.flushed = append(f.flushed, f.String())
	return nil
}

// TestDesignExample writes the working reply of design.md §4 and compares the bytes; the finish
// item also says whether the reply answered and which pages it cites.
func TestDesignExample(t *testing.T) {
	want := `f:{"messageId":"msg-abc123"}
9:{"toolCallId":"call_1","toolName":"search","args":{"query":"get started"}}
a:{"toolCallId":"call_1","result":[{"path":"/quickstart","metadata":{"title":"Quickstart"}}]}
e:{"finishReason":"tool-calls","usage":{"promptTokens":10,"completionTokens":2},"isContinued":false}
f:{"messageId":"msg-abc123"}
0:"Hello"
0:", world!\n"
8:[{"type":"finish","threadId":"thr_123","resolution":"answered","sources":[{"title":"Quickstart","url":"/quickstart"}]}]
2:[{"type":"finish","threadId":"thr_123","resolution":"answered","sources":[{"title":"Quickstart","url":"/quickstart"}]}]
e:{"finishReason":"stop","usage":{"promptTokens":10,"completionTokens":5},"isContinued":false}
d:{"finishReason":"stop","usage":{"promptTokens":10,"completionTokens":5}}
`
	var out flushCounter
	w := stream.New(&out)
	type meta struct {
		Title string `json:"title"`
	}
	type result struct {
		Path     string `json:"path"`
		Metadata meta   `json:"metadata"`
	}
	finish := stream.FinishEvent(stream.End{ThreadID: "thr_123", Resolution: event.Answered, Sources: []event.Citation{{Title: "Quickstart", URL: "/quickstart"}}})
	steps := []func() error{
		func() error { return w.StartStep("msg-abc123") },
		func() error { return w.ToolCall("call_1", "search", map[string]string{"query": "get started"}) },
		func() error {
			return w.ToolResult("call_1", []result{{Path: "/quickstart", Metadata: meta{Title: "Quickstart"}}})
		},
		func() error {
			return w.FinishStep(stream.ReasonToolCalls, stream.Usage{PromptTokens: 10, CompletionTokens: 2}, false)
		},
		func() error { return w.StartStep("msg-abc123") },
		func() error { return w.Text("Hello") },
		func() error { return w.Text(", world!\n") },
		func() error { return w.Annotations(finish) },
		func() error { return w.Data(finish) },
		func() error {
			return w.FinishStep(stream.ReasonStop, stream.Usage{PromptTokens: 10, CompletionTokens: 5}, false)
		},
		func() error {
			return w.FinishMessage(stream.ReasonStop, stream.Usage{PromptTokens: 10, CompletionTokens: 5})
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
		if !strings.HasSuffix(f, "\n") || strings.Count(f, "\n") != i+1 {
			t.Fatalf("flush %d did not end a whole line: %q", i, f)
		}
	}
}

func TestText(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{"plain", `0:"plain"` + "\n"},
		{"<b> & \"q\"", `0:"<b> & \"q\""` + "\n"},
		{"line\nbreak\ttab", `0:"line\nbreak\ttab"` + "\n"},
		{"bad \xff utf8", `0:"bad \ufffd utf8"` + "\n"},
		{"", `0:""` + "\n"},
	}
	for _, tc := range tests {
		var out flushCounter
		if err := stream.New(&out).Text(tc.in); err != nil {
			t.Fatal(err)
		}
		if out.String() != tc.want {
			t.Errorf("Text(%q) = %q, want %q", tc.in, out.String(), tc.want)
		}
	}
}

func TestErrorPartAndEmptyArrays(t *testing.T) {
	var out flushCounter
	w := stream.New(&out)
	_ = w.Annotations()
	_ = w.Data()
	_ = w.Error(`model "x" failed`)
	want := "8:[]\n2:[]\n3:\"model \\\"x\\\" failed\"\n"
	if out.String() != want {
		t.Fatalf("got %q, want %q", out.String(), want)
	}
}

func TestStickyError(t *testing.T) {
	out := &flushCounter{failAt: 2}
	w := stream.New(out)
	if err := w.Text("a"); err != nil {
		t.Fatal(err)
	}
	err := w.Text("b")
	if !errors.Is(err, stream.ErrClosed) {
		t.Fatalf("second write: %v, want ErrClosed", err)
	}
	if err2 := w.Text("c"); err2 != err || w.Err() != err {
		t.Fatalf("error not sticky: %v / %v", err2, w.Err())
	}
}

func TestBufioFlushFailure(t *testing.T) {
	bw := bufio.NewWriterSize(failWriter{}, 16)
	w := stream.New(bw)
	if err := w.Text("x"); !errors.Is(err, stream.ErrClosed) {
		t.Fatalf("got %v, want ErrClosed", err)
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("connection reset") }
