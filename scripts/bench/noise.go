package main

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"
)

// The bench's own processes: this one, the ClickHouse server (clickhousePID) and the children it
// starts (lectern, the Benthos peer, nats-servers), whose CPU is not "other load".
var children struct {
	mu   sync.Mutex
	pids map[int]bool
}

// trackChild counts pid's CPU as the bench's own until the returned func is called.
func trackChild(pid int) (untrack func()) {
	children.mu.Lock()
	defer children.mu.Unlock()
	if children.pids == nil {
		children.pids = map[int]bool{}
	}
	children.pids[pid] = true
	return func() {
		children.mu.Lock()
		defer children.mu.Unlock()
		delete(children.pids, pid)
	}
}

// ownCPU is the CPU time used so far by the bench's processes.
func ownCPU() time.Duration {
	d := selfCPU()
	if clickhousePID > 0 {
		if c, err := procCPU(clickhousePID); err == nil {
			d += c
		}
	}
	children.mu.Lock()
	defer children.mu.Unlock()
	for pid := range children.pids {
		if c, err := procCPU(pid); err == nil {
			d += c
		}
	}
	return d
}

// machineCPU is the machine's busy and stolen CPU time so far, from /proc/stat.
func machineCPU() (busy, steal time.Duration, ok bool) {
	data, err := os.ReadFile("/proc/stat")
	if err != nil {
		return 0, 0, false
	}
	line, _, _ := strings.Cut(string(data), "\n")
	f := strings.Fields(line)
	if len(f) < 9 || f[0] != "cpu" {
		return 0, 0, false
	}
	tick := func(i int) time.Duration {
		n, _ := strconv.ParseInt(f[i], 10, 64)
		return time.Duration(n) * 10 * time.Millisecond // USER_HZ is 100
	}
	// user nice system idle iowait irq softirq steal
	busy = tick(1) + tick(2) + tick(3) + tick(6) + tick(7)
	return busy, tick(8), true
}

// env is what else the machine did while one side ran: the cores busy with processes that are
// not the bench's, and the share of time the hypervisor stole.
type env struct {
	others float64 // cores
	steal  float64 // share of all cores' time
	kernel float64 // share of the ClickHouse server's CPU spent in the kernel
	known  bool
}

func (e env) String() string {
	if !e.known {
		return "other load unknown"
	}
	s := fmt.Sprintf("other processes %.2f cores", e.others)
	if e.steal >= 0.01 {
		s += fmt.Sprintf(", steal %.0f%%", 100*e.steal)
	}
	if e.kernel > 0 {
		s += fmt.Sprintf(", clickhouse-server %.0f%% in the kernel", 100*e.kernel)
	}
	return s
}

// envMeter measures env over a stretch of time.
type envMeter struct {
	start      time.Time
	own        time.Duration
	busy, stol time.Duration
	chU, chS   time.Duration
	ok         bool
}

func startEnv() envMeter {
	busy, steal, ok := machineCPU()
	m := envMeter{start: time.Now(), own: ownCPU(), busy: busy, stol: steal, ok: ok}
	if clickhousePID > 0 {
		m.chU, m.chS, _ = procCPUSplit(clickhousePID)
	}
	return m
}

func (m envMeter) stop() env {
	busy, steal, ok := machineCPU()
	wall := time.Since(m.start)
	if !ok || !m.ok || wall <= 0 {
		return env{}
	}
	own := ownCPU() - m.own
	others := float64(busy-m.busy-own) / float64(wall)
	e := env{others: max(0, others), steal: float64(steal-m.stol) / float64(wall) / float64(cores()), known: true}
	if clickhousePID > 0 {
		if u, sys, err := procCPUSplit(clickhousePID); err == nil && u+sys > m.chU+m.chS {
			e.kernel = float64(sys-m.chS) / float64(u+sys-m.chU-m.chS)
		}
	}
	return e
}
