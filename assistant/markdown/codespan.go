package markdown

import "strings"

// codeSpan writes a code span (its backticks included) as CommonMark reads it: one that runs
// over lines is one line, each line ending a space and the next line's indentation dropped (a
// paragraph's continuation lines lose theirs), so that no indentation the page's component gave
// its lines reads as spaces in the code (pipecat-ai/docs@1393c9d's context-summarization.mdx:
// "Must contain `" then "  {summary}` as a placeholder" inside a <ParamField>). CommonMark
// keeps the content then as " {summary}" and strips one space at each end only when both have
// one, which the joined span, read again, does too. A span whose lines a Markdown reader could
// take for another block (a blank line, a quote, a list item, a heading, a fence, a table row
// or a tag) is written as it is.
func codeSpan(b *strings.Builder, span string) {
	if !strings.Contains(span, "\n") || !joinable(span) {
		b.WriteString(span)
		return
	}
	for {
		i := strings.IndexByte(span, '\n')
		if i < 0 {
			break
		}
		b.WriteString(strings.TrimSuffix(span[:i], "\r"))
		b.WriteByte(' ')
		span = strings.TrimLeft(span[i+1:], " \t")
	}
	b.WriteString(span)
}

// joinable reports whether every line of a code span after its first continues a paragraph.
func joinable(span string) bool {
	lines := strings.Split(span, "\n")
	for _, l := range lines[1:] {
		if l = strings.TrimLeft(strings.TrimSuffix(l, "\r"), " \t"); !continues(l) {
			return false
		}
	}
	return true
}

// continues reports whether a line (its indentation removed) continues the paragraph above it:
// not blank, and starting with nothing that may open a block of its own.
func continues(l string) bool {
	if l == "" || strings.ContainsRune(">-*+#|<=_~", rune(l[0])) || strings.HasPrefix(l, "```") {
		return false
	}
	digits := len(l) - len(strings.TrimLeft(l, "0123456789"))
	return digits == 0 || digits == len(l) || (l[digits] != '.' && l[digits] != ')')
}
