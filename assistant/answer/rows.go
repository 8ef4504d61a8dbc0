package answer

import "strings"

// rows cuts a table (as table writes it: header, delimiter row, body) to fit in limit bytes:
// its header and the body rows that match the question's terms, the best first, else the first
// rows, in their order, then a row saying the rest was left out. A table that cannot fit even
// one row is returned whole (and then not quoted).
func rows(text string, q query, limit int) string {
	lines := strings.Split(text, "\n")
	if len(lines) < 3 {
		return text
	}
	head, body := lines[:2], lines[2:]
	more := "| … |" + strings.Repeat("  |", max(len(cells(lines[0]))-1, 0))
	budget := limit - len(head[0]) - len(head[1]) - len(more) - 3
	scores := make([]int, len(body))
	var order []int
	for i, r := range body {
		if scores[i] = q.matches(r); scores[i] > 0 {
			order = insertScored(order, i, func(a, b int) bool { return scores[a] > scores[b] })
		}
	}
	if len(order) == 0 {
		for i := range body {
			order = append(order, i)
		}
	}
	keep := make([]bool, len(body))
	kept := 0
	for _, i := range order {
		if n := len(body[i]) + 1; n <= budget {
			keep[i], budget, kept = true, budget-n, kept+1
		}
	}
	if kept == 0 {
		return text
	}
	out := append([]string(nil), head...)
	for i, r := range body {
		if keep[i] {
			out = append(out, r)
		}
	}
	return strings.Join(append(out, more), "\n")
}
