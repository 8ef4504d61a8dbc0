package main

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"time"
)

// row is one line of the final table.
type row struct {
	figure   string
	value    string
	baseline string
	ratio    string
	target   string
	mark     string // PASS, MISS, ERROR, or "" for figures without a target
}

// table prints progress as figures are measured, and the whole table at the end.
type table struct {
	out   io.Writer
	facts []string
	rows  []row
}

func (t *table) header(facts []string) {
	t.facts = facts
	fmt.Fprintln(t.out, "== Lectern benchmarks (design.md §8); marks are informational")
	for _, f := range facts {
		fmt.Fprintln(t.out, "   "+f)
	}
}

func (t *table) section(name string) { fmt.Fprintf(t.out, "\n== %s\n", name) }

func (t *table) note(format string, args ...any) {
	fmt.Fprintf(t.out, "   "+format+"\n", args...)
}

func (t *table) add(r row) {
	t.rows = append(t.rows, r)
	fmt.Fprintf(t.out, "-> %s: %s | baseline %s | ratio %s | target %s %s\n",
		r.figure, r.value, dash(r.baseline), dash(r.ratio), dash(r.target), r.mark)
}

func (t *table) fail(name string, err error) {
	t.add(row{figure: name, value: "error: " + err.Error(), mark: "ERROR"})
}

// final prints the table with the machine facts, as Markdown.
func (t *table) final(total time.Duration) {
	fmt.Fprintf(t.out, "\n== Results (total %s)\n", total.Round(time.Second))
	for _, f := range t.facts {
		fmt.Fprintln(t.out, "   "+f)
	}
	head := row{"figure", "value", "baseline (same run)", "ratio", "target", "mark"}
	cells := func(r row) []string {
		return []string{r.figure, r.value, dash(r.baseline), dash(r.ratio), dash(r.target), dash(r.mark)}
	}
	widths := make([]int, 6)
	for _, r := range append([]row{head}, t.rows...) {
		for i, c := range cells(r) {
			widths[i] = max(widths[i], len([]rune(c)))
		}
	}
	line := func(cs []string) {
		var b strings.Builder
		b.WriteString("|")
		for i, c := range cs {
			b.WriteString(" " + c + strings.Repeat(" ", widths[i]-len([]rune(c))) + " |")
		}
		fmt.Fprintln(t.out, b.String())
	}
	line(cells(head))
	sep := make([]string, 6)
	for i, w := range widths {
		sep[i] = strings.Repeat("-", w)
	}
	line(sep)
	for _, r := range t.rows {
		line(cells(r))
	}
	count := func(m string) int {
		return len(slices.DeleteFunc(slices.Clone(t.rows), func(r row) bool { return r.mark != m }))
	}
	fmt.Fprintf(t.out, "\n%d PASS, %d MISS, %d ERROR (PASS/MISS is informational; only ERROR fails make bench)\n",
		count("PASS"), count("MISS"), count("ERROR"))
}

func dash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}

// mark is PASS when ok, else MISS.
func mark(ok bool) string {
	if ok {
		return "PASS"
	}
	return "MISS"
}

// pct returns the p-quantile (0..1) of sorted latencies, nearest rank.
func pct(sorted []time.Duration, p float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	i := int(p*float64(len(sorted))+0.999999) - 1
	return sorted[min(max(i, 0), len(sorted)-1)]
}

func msf(d time.Duration) string {
	v := float64(d) / float64(time.Millisecond)
	switch {
	case v < 1:
		return fmt.Sprintf("%.3f ms", v)
	case v < 10:
		return fmt.Sprintf("%.2f ms", v)
	}
	return fmt.Sprintf("%.1f ms", v)
}

func rate(n int, d time.Duration) float64 { return float64(n) / d.Seconds() }

func kps(v float64) string {
	if v >= 1000 {
		return fmt.Sprintf("%.1fk/s", v/1000)
	}
	return fmt.Sprintf("%.0f/s", v)
}

func ratio(a, b float64) string {
	if b == 0 {
		return "—"
	}
	return fmt.Sprintf("%.2f×", a/b)
}

func durRatio(a, b time.Duration) string { return ratio(float64(a), float64(b)) }

// trimmedMean is the mean of the fastest share of sorted latencies.
func trimmedMean(sorted []time.Duration, share float64) time.Duration {
	n := max(1, int(float64(len(sorted))*share))
	if len(sorted) == 0 {
		return 0
	}
	var sum time.Duration
	for _, d := range sorted[:min(n, len(sorted))] {
		sum += d
	}
	return sum / time.Duration(min(n, len(sorted)))
}

// summary is "p50 x, p99 y" of sorted latencies.
func summary(sorted []time.Duration) string {
	return fmt.Sprintf("p50 %s, p99 %s", msf(pct(sorted, 0.50)), msf(pct(sorted, 0.99)))
}
