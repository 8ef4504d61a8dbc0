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

// TestBrackets: a statement ends on the line where its brackets balance, outside strings; a
// template literal runs over lines (Agno's home page: a <style> block's CSS in an exported
// component, agno-agi/docs@402a4aa5 index.mdx), a quote ends with its line.
func TestBrackets(t *testing.T) {
	tests := []struct {
		name  string
		lines []string
		want  []bool // whether the statement goes on after each line
	}{
		{"object", []string{"export const a = {", "  b: [1, (2)],", "}"}, []bool{true, true, false}},
		{"brackets in strings", []string{`x = "{[(" + '}'`}, []bool{false}},
		{"template then bracket", []string{"a = `}` + {", "}"}, []bool{true, false}},
		{"escaped quote", []string{`s = "a\"{"`}, []bool{false}},
		{"template over lines", []string{"export const C = () => (", "  <style>{`", "    .a {", "  `}</style>", ")"}, []bool{true, true, true, true, false}},
		{"braces of css close no bracket", []string{"export const C = () => <s x={{__html: `", "  }", "  }", "`}} />"}, []bool{true, true, true, false}},
		{"template open at depth zero", []string{"export const css = `", "b { }", "`"}, []bool{true, true, false}},
		{"apostrophe ends with its line", []string{"export const C = () => (", "  <p>Don't {x}</p>", ")"}, []bool{true, true, false}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b mdx.Brackets
			for i, l := range tt.lines {
				if got := b.Line(l); got != tt.want[i] {
					t.Errorf("after line %d %q: goes on = %v, want %v", i, l, got, tt.want[i])
				}
			}
		})
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
		{"$$", "$$"}, // display math: TeX, whose braces are no expressions
		{"  $$$ meta", "$$$"},
		{"$$ x = 1 $$", ""}, // math inside a paragraph
		{"$5", ""},
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
		{"  $$ ", "$$", true},
		{"$$", "$$$", false},
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
