package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"runtime/pprof"
	"strconv"
	"strings"
	"time"
)

// startProfile writes a CPU profile of this process to path until the returned function is
// called.
func startProfile(path string) (func(), error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, err
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, err
	}
	done := false
	return func() {
		if !done {
			done = true
			pprof.StopCPUProfile()
			f.Close()
		}
	}, nil
}

// profileTop is the top of a CPU profile by flat time (go tool pprof -top), n lines, or why
// it could not be read.
func profileTop(ctx context.Context, path string, n int) []string {
	out, err := exec.CommandContext(ctx, "go", "tool", "pprof", "-top", "-nodecount", strconv.Itoa(n), path).Output()
	if err != nil {
		return []string{"go tool pprof: " + err.Error()}
	}
	var lines []string
	for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if strings.HasPrefix(l, "File:") || strings.HasPrefix(l, "Type:") || strings.HasPrefix(l, "Time:") || strings.HasPrefix(l, "Build ID:") {
			continue
		}
		lines = append(lines, l)
	}
	return lines
}

// clickhousePID is the ClickHouse server's process id when bench.sh knows it, else 0.
var clickhousePID, _ = strconv.Atoi(os.Getenv("BENCH_CLICKHOUSE_PID"))

// cpuUse is the CPU time this process and the ClickHouse server used over a stretch of time.
type cpuUse struct {
	self, server time.Duration
	serverSys    time.Duration // of server: in the kernel (file creation, page faults)
	serverKnown  bool
	wall         time.Duration
	start        time.Time
	mallocs      uint64  // heap allocations of this process
	allocBytes   uint64  // and their bytes
	gcs          uint32  // garbage collections of this process
	gcCPU        float64 // CPU seconds of this process's garbage collector (estimated by the runtime)
	scanHeap     uint64  // bytes of heap the collector scans (at the last collection; not a delta)
}

// gcSamples are the runtime metrics of the collector's cost that cpuUse reads.
func gcSamples() (cpu float64, scan uint64) {
	s := []metrics.Sample{{Name: "/cpu/classes/gc/total:cpu-seconds"}, {Name: "/gc/scan/heap:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() == metrics.KindFloat64 {
		cpu = s[0].Value.Float64()
	}
	if s[1].Value.Kind() == metrics.KindUint64 {
		scan = s[1].Value.Uint64()
	}
	return cpu, scan
}

func startCPU() cpuUse {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	c := cpuUse{self: selfCPU(), start: time.Now(), mallocs: ms.Mallocs, allocBytes: ms.TotalAlloc, gcs: ms.NumGC}
	c.gcCPU, c.scanHeap = gcSamples()
	if clickhousePID > 0 {
		if u, sys, err := procCPUSplit(clickhousePID); err == nil {
			c.server, c.serverSys, c.serverKnown = u+sys, sys, true
		}
	}
	return c
}

func (c cpuUse) stop() cpuUse {
	end := startCPU()
	end.self -= c.self
	end.server -= c.server
	end.serverSys -= c.serverSys
	end.serverKnown = end.serverKnown && c.serverKnown
	end.mallocs -= c.mallocs
	end.allocBytes -= c.allocBytes
	end.gcs -= c.gcs
	end.gcCPU -= c.gcCPU
	end.wall = time.Since(c.start)
	return end
}

// per describes the CPU used per unit of work: this process (nats-server, consumers, clients)
// and ClickHouse.
func (c cpuUse) per(n int, unit string) string {
	s := fmt.Sprintf("CPU per %s: bench process %.1f µs", unit, float64(c.self.Nanoseconds())/1e3/float64(n))
	if !c.serverKnown {
		return s
	}
	return s + fmt.Sprintf(", clickhouse-server %.1f µs, %.0f%% of it in the kernel (the two busy %.0f%% of %d cores)",
		float64(c.server.Nanoseconds())/1e3/float64(n), 100*float64(c.serverSys)/float64(max(c.server, 1)),
		100*float64(c.self+c.server)/float64(c.wall)/float64(runtime.NumCPU()), runtime.NumCPU())
}

// allocs describes the heap allocations of this process per unit of work, its collections and
// their CPU (the runtime's estimate), and the heap a collection scans.
func (c cpuUse) allocs(n int, unit string) string {
	return fmt.Sprintf("bench process heap: %.1f allocations and %.0f bytes per %s, %d collections, GC CPU %.2f µs per %s, %.0f MB of heap scanned by a collection",
		float64(c.mallocs)/float64(n), float64(c.allocBytes)/float64(n), unit, c.gcs,
		c.gcCPU*1e6/float64(n), unit, float64(c.scanHeap)/1e6)
}
