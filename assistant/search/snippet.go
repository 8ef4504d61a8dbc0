package search

import (
	"strings"
	"unicode/utf8"
)

// snippetLen is the target length of a snippet, in bytes.
const snippetLen = 600

// snippet trims text to about n bytes: at the last sentence or paragraph end before n when
// there is one past n/2, else at a word boundary with "…". A code block is never cut open: the
// cut moves before it, or (when it starts the text) the block is cut at a line, marked cut
// with a line "…" and closed.
func snippet(text string, n int) string {
	if len(text) <= n {
		return text
	}
	cut := sentenceEnd(text, n)
	if fence := openFence(text[:cut]); fence >= 0 {
		if fence > n/3 {
			return strings.TrimSpace(text[:fence])
		}
		return closeCode(text, n)
	}
	return strings.TrimSpace(text[:cut]) + ellipsisIf(cut, text)
}

// sentenceEnd finds where to cut text at most n bytes in.
func sentenceEnd(text string, n int) int {
	head := text[:n]
	for len(head) > 0 && !utf8.ValidString(head[len(head)-1:]) && !utf8.RuneStart(text[len(head)]) {
		head = head[:len(head)-1]
	}
	best := -1
	for _, sep := range []string{". ", ".\n", "? ", "?\n", "! ", "!\n", "\n\n"} {
		i := strings.LastIndex(head, sep)
		for i >= 0 && sep[0] == '.' && listNumber(head[:i]) {
			i = strings.LastIndex(head[:i], sep)
		}
		if i >= 0 && i+1 > best {
			best = i + 1
		}
	}
	if best > n/2 {
		return best
	}
	if i := strings.LastIndexAny(head, " \n"); i > n/2 {
		return i
	}
	return len(head)
}

// listNumber reports whether head ends with an ordered list item's number at the start of a
// line ("\n2"), whose "." ends no sentence.
func listNumber(head string) bool {
	line := head[strings.LastIndexByte(head, '\n')+1:]
	line = strings.TrimLeft(line, " \t")
	return line != "" && strings.Trim(line, "0123456789") == ""
}

// ellipsisIf is the mark of text left out after a cut: none at a sentence or paragraph end
// (cut after a line break is one), on a line of its own after a code block's closing fence
// (on the fence's line it would no longer close the block).
func ellipsisIf(cut int, text string) string {
	if c := text[cut-1]; c == '.' || c == '?' || c == '!' || c == '\n' || strings.HasPrefix(text[cut:], "\n\n") {
		return ""
	}
	head := strings.TrimSpace(text[:cut])
	if strings.HasPrefix(head[strings.LastIndexByte(head, '\n')+1:], "```") {
		return "\n\n…"
	}
	return " …"
}

// openFence returns the offset of a code fence left open in s, or -1.
func openFence(s string) int {
	open := -1
	for off := 0; off < len(s); {
		line, _, _ := strings.Cut(s[off:], "\n")
		if strings.HasPrefix(line, "```") {
			if open < 0 {
				open = off
			} else {
				open = -1
			}
		}
		off += len(line) + 1
	}
	return open
}

// codeCut is the line that stands for the lines of a code block a snippet leaves out.
const codeCut = "…"

// closeCode cuts text, which starts inside a code block, at a line end near n and closes the
// block, with a line "…" before the fence that says the code goes on: a quote of the snippet
// must not pass for the whole code (a call cut after "console.log(" reads as a mistake in the
// docs).
func closeCode(text string, n int) string {
	head := text[:max(n-len(codeCut)-1, 0)]
	if i := strings.LastIndexByte(head, '\n'); i > 0 {
		head = head[:i]
	}
	return head + "\n" + codeCut + "\n```"
}
