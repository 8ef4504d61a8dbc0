package markdown

import (
	"strconv"
	"strings"
)

// A <div> laid out as a row (Tailwind's `flex` or `inline-flex` without `flex-col`) shows its
// items side by side. Turnkey's EndpointPath (tkhq/docs@c8289df, 171 pages) writes an
// endpoint's method and each segment of its path in a div of such rows; read as blocks, the
// Markdown had one paragraph per div ("POST", "/", "public", "/", "v1"…).

// div renders a <div>: its children as blocks, or on one line when it is a row whose items
// each render as one line of text.
func div(r *renderer, el *node) []string {
	blocks := nonEmpty(r.children(el))
	classes := strings.Fields(el.tag.attr("class") + " " + el.tag.attr("className"))
	if len(blocks) < 2 || !isRow(classes) {
		return blocks
	}
	for _, b := range blocks {
		if strings.Contains(b, "\n") || !startsParagraph(b) {
			return blocks
		}
	}
	sep := " "
	if touching(classes) {
		sep = ""
	}
	return []string{strings.Join(blocks, sep)}
}

// isRow reports whether Tailwind classes lay an element's children out in a row. Prefixed
// variants (md:flex-col) are left aside: the first layout is the narrow screen's.
func isRow(classes []string) bool {
	row := false
	for _, c := range classes {
		switch c {
		case "flex", "inline-flex":
			row = true
		case "flex-col", "flex-col-reverse", "hidden", "grid", "block":
			return false
		}
	}
	return row
}

// touching reports whether a row sets the gap between its items below Tailwind's first step
// (gap-0, gap-0.5, gap-px, space-x-0.5): its items read as one word ("/public/v1"). A row
// with no gap given is spaced: its items are set apart by their own padding or margins.
func touching(classes []string) bool {
	for _, c := range classes {
		for _, p := range []string{"gap-x-", "gap-", "space-x-"} {
			v, ok := strings.CutPrefix(c, p)
			if !ok {
				continue
			}
			if v == "px" {
				return true
			}
			if n, err := strconv.ParseFloat(v, 64); err == nil {
				return n < 1
			}
		}
	}
	return false
}
