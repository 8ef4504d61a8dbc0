package main

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"strconv"
	"time"
)

// startProfile writes a CPU profile of this process to $BENCH_PROFILE_DIR/<name>.pprof until
// the returned function is called; without BENCH_PROFILE_DIR it does nothing.
func startProfile(name string) (func(), error) {
	dir := os.Getenv("BENCH_PROFILE_DIR")
	if dir == "" {
		return func() {}, nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	f, err := os.Create(filepath.Join(dir, name+".pprof"))
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

// clickhousePID is the ClickHouse server's process id when bench.sh knows it, else 0.
var clickhousePID, _ = strconv.Atoi(os.Getenv("BENCH_CLICKHOUSE_PID"))

// cpuUse is the CPU time this process and the ClickHouse server used over a stretch of time.
type cpuUse struct {
	self, server time.Duration
	serverKnown  bool
	wall         time.Duration
	start        time.Time
}

func startCPU() cpuUse {
	c := cpuUse{self: selfCPU(), start: time.Now()}
	if clickhousePID > 0 {
		if d, err := procCPU(clickhousePID); err == nil {
			c.server, c.serverKnown = d, true
		}
	}
	return c
}

func (c cpuUse) stop() cpuUse {
	end := startCPU()
	end.self -= c.self
	end.server -= c.server
	end.serverKnown = end.serverKnown && c.serverKnown
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
	return s + fmt.Sprintf(", clickhouse-server %.1f µs (the two busy %.0f%% of %d cores)",
		float64(c.server.Nanoseconds())/1e3/float64(n),
		100*float64(c.self+c.server)/float64(c.wall)/float64(runtime.NumCPU()), runtime.NumCPU())
}
