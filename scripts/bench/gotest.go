package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// benchResult is one line of `go test -bench` output: its metrics by unit.
type benchResult struct {
	n       int
	metrics map[string]float64
}

var procSuffix = regexp.MustCompile(`-\d+$`)

// goBench runs the Go benchmarks matching pattern in pkg of module dir and returns them by
// name (without the GOMAXPROCS suffix).
func goBench(ctx context.Context, cfg *config, dir, pkg, pattern, benchtime string) (map[string]benchResult, error) {
	args := []string{"test", "-run", "^$", "-bench", pattern, "-count", "1"}
	if benchtime != "" {
		args = append(args, "-benchtime", benchtime)
	}
	args = append(args, pkg)
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = filepath.Join(cfg.repo, dir)
	cmd.Env = os.Environ()
	out, err := cmd.CombinedOutput()
	if err != nil {
		return nil, fmt.Errorf("go %s (in %s): %w\n%s", strings.Join(args, " "), dir, err, tail(string(out)))
	}
	res := map[string]benchResult{}
	for _, line := range strings.Split(string(out), "\n") {
		f := strings.Fields(line)
		if len(f) < 4 || !strings.HasPrefix(f[0], "Benchmark") {
			continue
		}
		n, err := strconv.Atoi(f[1])
		if err != nil {
			continue
		}
		r := benchResult{n: n, metrics: map[string]float64{}}
		for i := 2; i+1 < len(f); i += 2 {
			if v, err := strconv.ParseFloat(f[i], 64); err == nil {
				r.metrics[f[i+1]] = v
			}
		}
		res[procSuffix.ReplaceAllString(f[0], "")] = r
	}
	if len(res) == 0 {
		return nil, fmt.Errorf("go %s: no benchmark results\n%s", strings.Join(args, " "), tail(string(out)))
	}
	return res, nil
}

func (r benchResult) ms(unit string) time.Duration {
	return time.Duration(r.metrics[unit] * float64(time.Millisecond))
}

// benchAssistant is figure 4: time to the first text byte of an answer on a generated
// 2,000-page site with the extractive answerer, beside the bare search call (the assistant
// module's BenchmarkFirstText, which runs both).
func benchAssistant(ctx context.Context, cfg *config, t *table) error {
	res, err := goBench(ctx, cfg, "assistant", "./", "^BenchmarkFirstText$", fmt.Sprintf("%dx", cfg.firstText))
	if err != nil {
		return err
	}
	svc, ok1 := res["BenchmarkFirstText/service"]
	base, ok2 := res["BenchmarkFirstText/search-baseline"]
	if !ok1 || !ok2 {
		return fmt.Errorf("BenchmarkFirstText: missing results in %v", res)
	}
	t.note("service: %d questions, p50 %s p90 %s p99 %s, %.0f%% answered; search alone: p50 %s p90 %s p99 %s",
		svc.n, msf(svc.ms("p50-ms")), msf(svc.ms("p90-ms")), msf(svc.ms("p99-ms")), svc.metrics["answered-%"],
		msf(base.ms("p50-ms")), msf(base.ms("p90-ms")), msf(base.ms("p99-ms")))
	p50 := svc.ms("p50-ms")
	t.add(row{
		figure:   "4 assistant first text byte p50 (2,000 pages, extractive)",
		value:    "p50 " + msf(p50) + ", p99 " + msf(svc.ms("p99-ms")),
		baseline: "p50 " + msf(base.ms("p50-ms")) + ", p99 " + msf(base.ms("p99-ms")) + " Index.Search",
		v:        float64(p50), b: float64(base.ms("p50-ms")), r: float64(p50) / float64(base.ms("p50-ms")),
		unit: unitMS, bLabel: "Index.Search p50",
		target: "p50 ≤ 20 ms",
		pass:   func(v, _, _ float64) bool { return v <= float64(20*time.Millisecond) },
	})
	return nil
}

// benchBuild is figure 5: the search index build of 2,000 pages and docs.json validation of
// 10,000 pages, reported as measured.
func benchBuild(ctx context.Context, cfg *config, t *table) error {
	build, err := goBench(ctx, cfg, "assistant", "./search", "^BenchmarkBuild2000Pages$", "5x")
	if err != nil {
		return err
	}
	b, ok := build["BenchmarkBuild2000Pages"]
	if !ok {
		return fmt.Errorf("BenchmarkBuild2000Pages: missing result")
	}
	t.note("search index build, 2,000 pages: %s/op (%.1f MB/s, %.0f sections, %.0f MB allocated)", msf(time.Duration(b.metrics["ns/op"])),
		b.metrics["MB/s"], b.metrics["sections"], b.metrics["B/op"]/1e6)
	t.add(row{
		figure: "5 search index build, 2,000 pages, per build",
		v:      b.metrics["ns/op"], unit: unitMS,
		target: "report",
	})
	val, err := goBench(ctx, cfg, "schemas", "./docsjson", "^BenchmarkValidate10kPages$", "")
	if err != nil {
		return err
	}
	files, ok1 := val["BenchmarkValidate10kPages/files"]
	conf, ok2 := val["BenchmarkValidate10kPages/config"]
	if !ok1 || !ok2 {
		return fmt.Errorf("BenchmarkValidate10kPages: missing results in %v", val)
	}
	t.add(row{
		figure: "5 docs.json load+validate, 10,000 pages (with page files), per run",
		v:      files.metrics["ns/op"], b: conf.metrics["ns/op"], r: files.metrics["ns/op"] / conf.metrics["ns/op"],
		unit: unitMS, bLabel: "config only",
		target: "report",
	})
	return nil
}
