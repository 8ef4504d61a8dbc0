package mdx

import "strings"

// MathSpan returns the length of the inline math at s[i] ("$t_{\text{ref}}$", remark-math's
// math text, which Mintlify renders with LaTeX), kept as written since its braces are TeX, not
// expressions; or of the run of dollar signs there when none starts. Math opens with a run of
// dollar signs and closes, on its line, with a run as long; one dollar sign opens before a
// character that is no space and closes after one, not before a digit (Pandoc's rule: "$5 or
// $10" is no math).
func MathSpan(s string, i int) int {
	n := dollars(s, i)
	open := i + n
	if open >= len(s) || n == 1 && (s[open] == ' ' || s[open] == '\t') || s[open] == '\n' {
		return n
	}
	line := Window(s[open:], maxMathSpan)
	if nl := strings.IndexByte(line, '\n'); nl >= 0 {
		line = line[:nl]
	}
	for j := 0; j < len(line); j++ {
		switch {
		case line[j] == '\\':
			j++
		case line[j] == '$':
			m := dollars(line, j)
			if m == n && (n > 1 || closesMath(line, j)) {
				return n + j + m
			}
			j += m - 1
		}
	}
	return n
}

// closesMath reports whether the dollar sign at line[j] closes inline math: after a character
// that is no space and before no digit.
func closesMath(line string, j int) bool {
	return line[j-1] != ' ' && line[j-1] != '\t' && (j+1 == len(line) || !IsDigit(line[j+1]))
}

// maxMathSpan bounds how far inline math is looked for.
const maxMathSpan = 4 << 10

// dollars counts the dollar signs from s[i].
func dollars(s string, i int) int {
	n := 0
	for i+n < len(s) && s[i+n] == '$' {
		n++
	}
	return n
}
