package main

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// mcpRun is one side of 11f.
type mcpRun struct {
	mcpCalls
	wall           time.Duration
	cores, perCore float64
	self           float64 // cores this process (the clients) used
}

func (r mcpRun) String() string {
	s := fmt.Sprintf("%d calls in %s: %s, %s; lectern busy %.2f cores: %.0f calls/s per core; the clients %.2f cores",
		r.calls, r.wall.Round(time.Millisecond), kps(float64(r.calls)/r.wall.Seconds()), summary(r.lat), r.cores, r.perCore, r.self)
	if r.errs > 0 {
		s += fmt.Sprintf("; %d calls answered with an error (the first: %v)", r.errs, r.firstErr)
	}
	return s
}

// mcpLoad runs the sessions for cfg.duration and measures lectern's CPU over the wall time,
// which ends when the last call in flight has its answer.
func (a *agentSites) mcpLoad(ctx context.Context, cfg *config, sessions []*mcp.ClientSession, qs []siteQuestion) (mcpRun, error) {
	stop := make(chan struct{})
	cpu0, _ := a.l.cpuTime()
	self0 := selfCPU()
	start := time.Now()
	timer := time.AfterFunc(cfg.duration, func() { close(stop) })
	defer timer.Stop()
	c, err := callUntil(ctx, sessions, qs, stop)
	wall := time.Since(start)
	cpu1, _ := a.l.cpuTime()
	if err != nil {
		return mcpRun{}, err
	}
	r := mcpRun{mcpCalls: c, wall: wall, cores: (cpu1 - cpu0).Seconds() / wall.Seconds(), self: (selfCPU() - self0).Seconds() / wall.Seconds()}
	r.perCore = float64(r.calls) / wall.Seconds() / max(r.cores, 0.01)
	return r, nil
}

// mcpCalls is what the sessions of one side of 11f did.
type mcpCalls struct {
	calls    int             // calls answered with the tool's result
	errs     int             // calls refused by the server or answered with an error result
	firstErr error           // the first of those, for the notes
	lat      []time.Duration // latencies of the answered calls, sorted
}

// callUntil has each session call the search tool back to back until stop is closed; each
// then finishes the call it has in flight. That call is not cancelled: the SDK's client reads
// a response's body with the call's context, and a failed read fails the whole connection, so
// every later call of the session would end with "client is closing" (figure 11 failed so
// when its runs shared the sessions of a context that had timed out mid-call).
//
// A call the server refuses (HTTP 429 or 503, a JSON-RPC error) or the tool answers with an
// error result is counted in errs and its session calls on; a session lost (the connection
// closed) is an error, as is ctx ending.
func callUntil(ctx context.Context, sessions []*mcp.ClientSession, qs []siteQuestion, stop <-chan struct{}) (mcpCalls, error) {
	var mu sync.Mutex
	var out mcpCalls
	var errs []error
	var wg sync.WaitGroup
	for i, cs := range sessions {
		wg.Go(func() {
			var mine mcpCalls
			err := func() error {
				for k := 0; ; k++ {
					select {
					case <-stop:
						return nil
					default:
					}
					s := time.Now()
					err := callSearch(ctx, cs, qs[(i*31+k)%len(qs)].q)
					switch {
					case err == nil:
						mine.calls++
						mine.lat = append(mine.lat, time.Since(s))
					case ctx.Err() != nil:
						return ctx.Err()
					case errors.Is(err, mcp.ErrConnectionClosed):
						return fmt.Errorf("MCP session %d lost after %d calls: %w", i, mine.calls+mine.errs, err)
					default:
						mine.errs++
						if mine.firstErr == nil {
							mine.firstErr = err
						}
					}
				}
			}()
			mu.Lock()
			defer mu.Unlock()
			out.calls += mine.calls
			out.errs += mine.errs
			out.lat = append(out.lat, mine.lat...)
			if out.firstErr == nil {
				out.firstErr = mine.firstErr
			}
			if err != nil {
				errs = append(errs, err)
			}
		})
	}
	wg.Wait()
	if len(errs) > 0 {
		return mcpCalls{}, errs[0]
	}
	slices.Sort(out.lat)
	return out, nil
}
