package main

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"strings"
	"time"
)

// row is one line of the final table: one run's figure. The strings describe the run; the
// numbers (when unit is set) let the final table print the median and spread of several runs.
type row struct {
	figure   string
	value    string
	baseline string
	ratio    string
	target   string
	mark     string // PASS, MISS, ERROR, or "" for figures without a target

	v, b, r float64 // value, baseline and ratio as numbers
	unit    unit    // how v and b print; "" when the row has no numbers
	rUnit   unit    // how r prints: unitPct or unitTimes
	bLabel  string  // what the baseline is, printed after it
	// pass decides the mark from the medians; nil keeps the runs' marks (the majority).
	pass func(v, b, r float64) bool
	// sides describes exactly what the value and the baseline measure (batch sizes, columns,
	// connections), printed under the table; the first run's is kept.
	sides string
	bEnv  env    // what else the machine did while the baseline side ran
	noisy string // set by combine: why the baseline is NOISY and what to do
}

// unit says how a number of a row prints.
type unit string

const (
	unitRate  unit = "rate"  // per second
	unitMS    unit = "ms"    // a duration in nanoseconds, printed in ms
	unitPct   unit = "pct"   // a ratio printed as a percentage
	unitTimes unit = "times" // a ratio printed as n×
	unitPerS  unit = "per-s" // a plain count per second (answers/s)
	unitCount unit = "count" // a plain count (errors); a zero baseline prints
)

func (u unit) format(v float64) string {
	switch u {
	case unitRate:
		return kps(v)
	case unitMS:
		return msf(time.Duration(v))
	case unitPct:
		return fmt.Sprintf("%.0f%%", 100*v)
	case unitTimes:
		return fmt.Sprintf("%.2f×", v)
	case unitPerS:
		return fmt.Sprintf("%.0f/s", v)
	case unitCount:
		return fmt.Sprintf("%.0f", v)
	}
	return fmt.Sprintf("%g", v)
}

// table prints progress as figures are measured, and the whole table at the end.
type table struct {
	out   io.Writer
	facts []string
	rows  []row
	load  string // load average at the start
}

func (t *table) header(facts []string) {
	t.facts = facts
	fmt.Fprintln(t.out, "== Lectern benchmarks (design.md §8); marks are informational")
	for _, f := range facts {
		fmt.Fprintln(t.out, "   "+f)
	}
	fmt.Fprintln(t.out, "   "+machineLine(t.load, "(at the end)"))
}

func (t *table) section(name string) { fmt.Fprintf(t.out, "\n== %s\n", name) }

func (t *table) note(format string, args ...any) {
	fmt.Fprintf(t.out, "   "+format+"\n", args...)
}

func (t *table) add(r row) {
	if r.unit != "" {
		if r.rUnit == "" {
			r.rUnit = unitTimes
		}
		if r.value == "" {
			r.value = r.unit.format(r.v)
		}
		if r.baseline == "" && (r.b != 0 || r.unit == unitCount) {
			r.baseline = strings.TrimSpace(r.unit.format(r.b) + " " + r.bLabel)
		}
		if r.ratio == "" && r.b != 0 {
			r.ratio = r.rUnit.format(r.r)
		}
		if r.mark == "" && r.pass != nil {
			r.mark = mark(r.pass(r.v, r.b, r.r))
		}
	}
	t.rows = append(t.rows, r)
	fmt.Fprintf(t.out, "-> %s: %s | baseline %s | ratio %s | target %s %s\n",
		r.figure, r.value, dash(r.baseline), dash(r.ratio), dash(r.target), r.mark)
	if r.bEnv.known {
		fmt.Fprintf(t.out, "   (during the baseline: %s)\n", r.bEnv)
	}
}

func (t *table) fail(name string, err error) {
	t.add(row{figure: name, value: "error: " + err.Error(), mark: "ERROR"})
}

// final prints the table with the machine facts, as Markdown: one line per figure, with the
// median of its runs and, in brackets, the spread (min–max).
func (t *table) final(total time.Duration) {
	fmt.Fprintf(t.out, "\n== Results (total %s)\n", total.Round(time.Second))
	for _, f := range t.facts {
		fmt.Fprintln(t.out, "   "+f)
	}
	fmt.Fprintln(t.out, "   "+machineLine(t.load, loadAverage()))
	rows := t.aggregate()
	head := row{figure: "figure", value: "value: median [min–max] ±95% CI", baseline: "baseline, interleaved with the value's runs", ratio: "ratio (U test)", target: "target", mark: "mark"}
	cells := func(r row) []string {
		return []string{r.figure, r.value, dash(r.baseline), dash(r.ratio), dash(r.target), dash(r.mark)}
	}
	widths := make([]int, 6)
	for _, r := range append([]row{head}, rows...) {
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
	for _, r := range rows {
		line(cells(r))
	}
	count := func(m string) int {
		return len(slices.DeleteFunc(slices.Clone(rows), func(r row) bool { return !strings.HasPrefix(r.mark, m) }))
	}
	fmt.Fprintf(t.out, "\n%d PASS, %d MISS, %d ERROR, %d NOISY (PASS/MISS is informational; only ERROR fails make bench)\n",
		count("PASS"), count("MISS"), count("ERROR"), len(slices.DeleteFunc(slices.Clone(rows), func(r row) bool { return r.noisy == "" })))
	fmt.Fprintln(t.out, "\nStatistics as benchstat's (golang.org/x/perf/benchmath): median of the runs, [min–max], ± the"+
		" 95% confidence interval of the median (from 6 runs), ratio per run pair; p is the Mann-Whitney U test of value against baseline.")
	t.footnotes(rows)
}

// footnotes prints what each side of a figure measures, and why NOISY figures are noisy.
func (t *table) footnotes(rows []row) {
	var sides, noisy []string
	for _, r := range rows {
		if r.sides != "" {
			sides = append(sides, "- "+r.figure+": "+r.sides)
		}
		if r.noisy != "" {
			noisy = append(noisy, "- "+r.figure+": NOISY: "+r.noisy)
		}
	}
	if len(noisy) > 0 {
		fmt.Fprintln(t.out, "\nNOISY figures (a baseline spread over 25% of its median cannot judge a ratio):")
		for _, l := range noisy {
			fmt.Fprintln(t.out, l)
		}
	}
	if len(sides) > 0 {
		fmt.Fprintln(t.out, "\nWhat each side measures:")
		for _, l := range sides {
			fmt.Fprintln(t.out, l)
		}
	}
}

// aggregate folds the runs of each figure into one row, in the order figures first appeared.
func (t *table) aggregate() []row {
	var order []string
	byFigure := map[string][]row{}
	for _, r := range t.rows {
		if _, ok := byFigure[r.figure]; !ok {
			order = append(order, r.figure)
		}
		byFigure[r.figure] = append(byFigure[r.figure], r)
	}
	out := make([]row, 0, len(order))
	for _, fig := range order {
		out = append(out, combine(byFigure[fig]))
	}
	return out
}

// combine is one figure over its runs: medians, ranges and confidence intervals (stats.go)
// when the rows have numbers, else the middle run's text. A figure whose baseline's runs spread
// by more than noisySpread of their median is marked NOISY.
func combine(runs []row) row {
	numbered := slices.DeleteFunc(slices.Clone(runs), func(r row) bool { return r.unit == "" || r.mark == "ERROR" })
	marks := map[string]int{}
	for _, r := range runs {
		marks[r.mark]++
	}
	majority := runs[len(runs)/2].mark
	for m, n := range marks {
		if n*2 > len(runs) {
			majority = m
		}
	}
	if len(numbered) == 0 {
		r := runs[len(runs)/2]
		r.mark = majority
		if marks["ERROR"] > 0 {
			r.mark = fmt.Sprintf("ERROR (%d of %d runs)", marks["ERROR"], len(runs))
		}
		return r
	}
	first := numbered[0]
	col := func(get func(row) float64) []float64 {
		vs := make([]float64, len(numbered))
		for i, r := range numbered {
			vs[i] = get(r)
		}
		return vs
	}
	vs, bs, rs := col(func(r row) float64 { return r.v }), col(func(r row) float64 { return r.b }), col(func(r row) float64 { return r.r })
	v, b, rat := summarize(vs), summarize(bs), summarize(rs)
	out := row{figure: first.figure, target: first.target, unit: first.unit, sides: first.sides, v: v.median, b: b.median, r: rat.median}
	out.value = v.cell(first.unit)
	if len(numbered) == 1 && first.value != "" {
		out.value = first.value
	}
	if b.median != 0 {
		out.baseline = strings.TrimSpace(b.cell(first.unit) + " " + first.bLabel)
		out.ratio = rat.cell(first.rUnit)
		if p, ok := differs(vs, bs); ok || p != "" {
			out.ratio += " (" + p + ")"
		}
	} else if first.unit == unitCount {
		out.baseline = strings.TrimSpace(b.cell(first.unit) + " " + first.bLabel)
	} else {
		out.baseline = first.baseline
	}
	switch {
	case first.pass != nil:
		out.mark = mark(first.pass(v.median, b.median, rat.median))
	default:
		out.mark = majority
	}
	if out.mark != "" && len(runs) > 1 {
		out.mark += fmt.Sprintf(" (%d/%d runs pass)", marks["PASS"], len(runs))
	}
	if b.median != 0 && b.spread() > noisySpread {
		out.mark = strings.TrimSpace(out.mark + " NOISY")
		out.noisy = noisyAdvice(b, numbered)
	}
	if len(numbered) < len(runs) {
		out.value += fmt.Sprintf(" (%d of %d runs)", len(numbered), len(runs))
	}
	return out
}

// noisyAdvice says why a baseline moved and what to do about it, from what else the machine
// did while its runs ran.
func noisyAdvice(b stat, runs []row) string {
	worst, steal, kernel, known := 0.0, 0.0, 0.0, false
	for _, r := range runs {
		if r.bEnv.known {
			known = true
			worst, steal, kernel = max(worst, r.bEnv.others), max(steal, r.bEnv.steal), max(kernel, r.bEnv.kernel)
		}
	}
	s := fmt.Sprintf("baseline runs spread %.0f%% of their median (> %.0f%%)", 100*b.spread(), 100*noisySpread)
	switch {
	case known && worst >= 0.25:
		return s + fmt.Sprintf("; other processes kept up to %.2f of %d cores busy during them: rerun on a quiet machine (see the load average above)", worst, cores())
	case known && steal >= 0.05:
		return s + fmt.Sprintf("; the hypervisor stole up to %.0f%% of the CPU during them: rerun when the host is quiet", 100*steal)
	case known && kernel >= 0.3:
		return s + fmt.Sprintf("; clickhouse-server spent up to %.0f%% of its CPU in the kernel during them: creating part files where many were deleted in the last minutes is slow on some filesystems (ext4 without a journal): run on XFS or journaled ext4, and read \"Why a baseline moves\" in docs/guides/benchmarks.mdx", 100*kernel)
	case !known:
		return s + "; what else the machine did is unknown: rerun on a quiet machine, or run each side longer (BENCH_EVENTS) or more often (BENCH_PAIRS, BENCH_RUNS)"
	}
	return s + "; no other load was seen: run each side longer (BENCH_EVENTS) or more often (BENCH_RUNS), and read \"Why a baseline moves\" in docs/guides/benchmarks.mdx"
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

// loadAverage is the 1, 5 and 15 minute load averages of the machine.
func loadAverage() string {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	if f := strings.Fields(string(data)); len(f) >= 3 {
		return strings.Join(f[:3], " ")
	}
	return "unknown"
}

func cores() int { return runtime.NumCPU() }

// machineLine is the machine's size and how busy it was around the measurements.
func machineLine(before, after string) string {
	return fmt.Sprintf("machine:    %d cores; load average (1, 5, 15 min) before %s, after %s", runtime.NumCPU(), before, after)
}
