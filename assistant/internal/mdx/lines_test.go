package mdx_test

import (
	"testing"

	"github.com/lectern-dev/lectern/assistant/internal/mdx"
)

func TestIsESM(t *testing.T) {
	tests := []struct {
		line string
		want bool
	}{
		{`import { Note } from "./note"`, true},
		{`import Snippet from '/snippets/a.mdx'`, true},
		{`import "./styles.css"`, true},
		{`import * as X from "x"`, true},
		{"export const meta = {", true},
		{"export default function Page() {", true},
		{"export { a, b }", true},
		{"export {a}", true},
		{"export * from 'x'", true},
		{"import the data first", false},
		{"export your keys", false},
		{"important: x", false},
		{" import x from 'y'", false},
	}
	for _, tt := range tests {
		if got := mdx.IsESM(tt.line); got != tt.want {
			t.Errorf("IsESM(%q) = %v, want %v", tt.line, got, tt.want)
		}
	}
}

func TestBracketDepth(t *testing.T) {
	tests := []struct {
		line string
		want int
	}{
		{"export const a = {", 1},
		{"  b: [1, (2)],", 0},
		{"}", -1},
		{`x = "{[(" + '}'`, 0},
		{"a = `}` + {", 1},
		{`s = "a\"{"`, 0},
	}
	for _, tt := range tests {
		if got := mdx.BracketDepth(tt.line); got != tt.want {
			t.Errorf("BracketDepth(%q) = %d, want %d", tt.line, got, tt.want)
		}
	}
}

func TestFences(t *testing.T) {
	tests := []struct {
		line, fence string
	}{
		{"```", "```"},
		{"```js title=\"a.js\"", "```"},
		{"  ~~~~ text", "~~~~"},
		{"\t````", "````"},
		{"``", ""},
		{"``` a ` b", ""}, // a backtick fence's info has no backtick: an inline code span
		{"~~~ a ` b", "~~~"},
		{"text ```", ""},
	}
	for _, tt := range tests {
		if got := mdx.FenceOf(tt.line); got != tt.fence {
			t.Errorf("FenceOf(%q) = %q, want %q", tt.line, got, tt.fence)
		}
	}
	closes := []struct {
		line, fence string
		want        bool
	}{
		{"```", "```", true},
		{"  ````  ", "```", true},
		{"``", "```", false},
		{"~~~", "```", false},
		{"```js", "```", false},
		{"~~~~", "~~~", true},
	}
	for _, tt := range closes {
		if got := mdx.ClosesFence(tt.line, tt.fence); got != tt.want {
			t.Errorf("ClosesFence(%q, %q) = %v, want %v", tt.line, tt.fence, got, tt.want)
		}
	}
}

func TestDedent(t *testing.T) {
	tests := []struct {
		line string
		n    int
		want string
	}{
		{"    code", 2, "  code"},
		{"\t code", 4, "code"},
		{" code", 4, "code"},
		{"code", 2, "code"},
		{"", 2, ""},
	}
	for _, tt := range tests {
		if got := mdx.Dedent(tt.line, tt.n); got != tt.want {
			t.Errorf("Dedent(%q, %d) = %q, want %q", tt.line, tt.n, got, tt.want)
		}
	}
}
