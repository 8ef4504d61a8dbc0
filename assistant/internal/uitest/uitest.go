// Package uitest reads AI SDK v5 UI message streams in tests: it splits the server-sent events
// and checks every chunk against the chunk shapes the ai@5 clients accept.
package uitest

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// Field kinds of a chunk.
const (
	kString = "string"
	kBool   = "boolean"
	kObject = "object"
	kAny    = "any"
)

// field is one field of a chunk shape.
type field struct {
	kind     string
	required bool
}

// Shapes are the chunk types a Lectern reply may carry, each with every field it may have, as
// uiMessageChunkSchema declares them in both ai@5.0.0 (strict objects: an unknown field fails
// the whole stream) and ai@5.0.277 (the version the Node harness pins). "type" is implied.
var Shapes = map[string]map[string]field{
	"start":                 {"messageId": {kString, false}, "messageMetadata": {kAny, false}},
	"start-step":            {},
	"text-start":            {"id": {kString, true}, "providerMetadata": {kObject, false}},
	"text-delta":            {"id": {kString, true}, "delta": {kString, true}, "providerMetadata": {kObject, false}},
	"text-end":              {"id": {kString, true}, "providerMetadata": {kObject, false}},
	"tool-input-start":      {"toolCallId": {kString, true}, "toolName": {kString, true}, "providerExecuted": {kBool, false}, "dynamic": {kBool, false}},
	"tool-input-available":  {"toolCallId": {kString, true}, "toolName": {kString, true}, "input": {kAny, true}, "providerExecuted": {kBool, false}, "providerMetadata": {kObject, false}, "dynamic": {kBool, false}},
	"tool-output-available": {"toolCallId": {kString, true}, "output": {kAny, true}, "providerExecuted": {kBool, false}, "dynamic": {kBool, false}},
	"finish-step":           {},
	"finish":                {"messageMetadata": {kAny, false}},
	"error":                 {"errorText": {kString, true}},
}

// Chunk is one event of the stream.
type Chunk struct {
	Type   string
	Raw    string         // the JSON as sent
	Fields map[string]any // decoded
}

// Str returns the string field name, "" when absent.
func (c Chunk) Str(name string) string {
	s, _ := c.Fields[name].(string)
	return s
}

// Read reads a whole stream: events "data: <JSON>\n\n", the last one "data: [DONE]\n\n".
// done reports whether [DONE] ended the stream.
func Read(r io.Reader) (chunks []Chunk, done bool, err error) {
	br := bufio.NewReader(r)
	for {
		line, err := br.ReadString('\n')
		switch {
		case errors.Is(err, io.EOF) && line == "":
			return chunks, done, nil
		case err != nil:
			return chunks, done, fmt.Errorf("event %d: %q: %w", len(chunks)+1, line, err)
		case done:
			return chunks, done, fmt.Errorf("%q after data: [DONE]", line)
		}
		if blank, err := br.ReadString('\n'); blank != "\n" {
			return chunks, done, fmt.Errorf("event %q is not followed by an empty line but %q (%v)", line, blank, err)
		}
		data, ok := strings.CutPrefix(strings.TrimSuffix(line, "\n"), "data: ")
		if !ok {
			return chunks, done, fmt.Errorf("line %q is not data: <JSON>", line)
		}
		if data == "[DONE]" {
			done = true
			continue
		}
		c, err := Parse(data)
		if err != nil {
			return chunks, done, err
		}
		chunks = append(chunks, c)
	}
}

// Parse decodes one chunk and checks it against Shapes.
func Parse(data string) (Chunk, error) {
	c := Chunk{Raw: data}
	if err := json.Unmarshal([]byte(data), &c.Fields); err != nil {
		return c, fmt.Errorf("chunk %s is not a JSON object: %w", data, err)
	}
	c.Type = c.Str("type")
	shape, ok := Shapes[c.Type]
	if !ok {
		return c, fmt.Errorf("chunk %s: type %q is not one the ai@5 clients know", data, c.Type)
	}
	for name, v := range c.Fields {
		f, ok := shape[name]
		if name != "type" && !ok {
			return c, fmt.Errorf("chunk %s: field %q is not in the %s shape (ai@5.0.0 rejects it)", data, name, c.Type)
		}
		if ok && !is(v, f.kind) {
			return c, fmt.Errorf("chunk %s: field %q must be a %s", data, name, f.kind)
		}
	}
	for name, f := range shape {
		if _, ok := c.Fields[name]; f.required && !ok {
			return c, fmt.Errorf("chunk %s: field %q is required", data, name)
		}
	}
	return c, nil
}

func is(v any, kind string) bool {
	switch kind {
	case kString:
		_, ok := v.(string)
		return ok
	case kBool:
		_, ok := v.(bool)
		return ok
	case kObject:
		_, ok := v.(map[string]any)
		return ok
	}
	return true
}

// Types lists the chunk types, space-separated.
func Types(chunks []Chunk) string {
	ts := make([]string, len(chunks))
	for i, c := range chunks {
		ts[i] = c.Type
	}
	return strings.Join(ts, " ")
}

// Text joins the deltas of the text parts.
func Text(chunks []Chunk) string {
	var b strings.Builder
	for _, c := range chunks {
		if c.Type == "text-delta" {
			b.WriteString(c.Str("delta"))
		}
	}
	return b.String()
}
