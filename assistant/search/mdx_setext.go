package search

import "strings"

// setextLevel is 1 for a "===" underline, 2 for "---", 0 for any other line.
func setextLevel(line string) int {
	t := strings.TrimSpace(line)
	if t == "" || len(line)-len(strings.TrimLeft(line, " ")) > 3 {
		return 0
	}
	if strings.Trim(t, t[:1]) != "" {
		return 0
	}
	switch t[0] {
	case '=':
		return 1
	case '-':
		return 2
	}
	return 0
}

// takeParagraph removes the paragraph at the end of the pending prose (the lines after the
// last blank one) and returns its text joined by spaces; "" when the prose ends with a blank
// line or the paragraph is a list, quote, table or JSX tag, which an underline cannot head.
func (s *splitter) takeParagraph() string {
	prose := strings.TrimSuffix(s.prose.String(), "\n")
	lines := strings.Split(prose, "\n")
	start := len(lines)
	for start > 0 && strings.TrimSpace(lines[start-1]) != "" {
		start--
	}
	if start == len(lines) {
		return ""
	}
	first := strings.TrimSpace(lines[start])
	if strings.ContainsAny(first[:1], "-*+>|<{") || (first[0] >= '0' && first[0] <= '9' && strings.ContainsAny(first, ".)")) {
		return ""
	}
	s.prose.Reset()
	for _, l := range lines[:start] {
		s.prose.WriteString(l)
		s.prose.WriteByte('\n')
	}
	return strings.Join(trimAll(lines[start:]), " ")
}

func trimAll(lines []string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = strings.TrimSpace(l)
	}
	return out
}
