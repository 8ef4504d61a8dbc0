package clickhouse

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	ch "github.com/ClickHouse/clickhouse-go/v2"
)

// demoteFor is how long a host whose dial failed is tried after the DSN's other hosts.
const demoteFor = time.Minute

// failover dials the hosts of a DSN (clickhouse://h1:9000,h2:9000/db) so that one that hangs
// does not take a whole call. clickhouse-go tries the hosts one after the other under the
// call's context (bounded by dial_timeout), and the handshake's deadlines are kept within it
// (stallConn): a host that takes connections but never answers (a frozen VM, a stopped
// server) used the whole context, the next host was never tried, and the next call tried the
// hung one first again. A consumer's write then failed every time while the cluster's other
// hosts could take it.
//
// Each host is given its share of the call's remaining time, the last one all of it: with two
// hosts and a 10 s write, a hung first host takes 5 s and the second the rest. A host whose
// dial failed while the call still had time is tried after the others for demoteFor, so
// later calls do not spend their share on it again; it stays in the list, last, and is tried
// first again (in the DSN's connection_open_strategy) once it answers or the time is up.
// One failover serves every client of a store, so the event inserts' own clients (inserters)
// learn from the main client's failures and the other way round.
type failover struct {
	mu     sync.Mutex
	failed map[string]time.Time // host → when a dial to it last failed
	now    func() time.Time
}

func newFailover() *failover {
	return &failover{failed: map[string]time.Time{}, now: time.Now}
}

// socketKey carries, in a host's dial context, where the dialer records the socket it made
// (dialWithWriteDeadlines): clickhouse-go leaves the socket of a failed handshake open.
type socketKey struct{}

// dial is a clickhouse-go DialStrategy.
func (f *failover) dial(ctx context.Context, connID int, opt *ch.Options, dial ch.Dial) (ch.DialResult, error) {
	addrs := f.order(connID, opt)
	var earlier []string
	var err error
	for i, addr := range addrs {
		if ctx.Err() != nil {
			return ch.DialResult{}, failedHosts(context.Cause(ctx), earlier)
		}
		var r ch.DialResult
		if r, err = f.dialHost(ctx, addr, len(addrs)-i, opt, dial); err == nil {
			f.mark(addr, false)
			return r, nil
		}
		if ctx.Err() == nil { // the host failed within its share, not the call for want of time
			f.mark(addr, true)
		}
		earlier = append(earlier, fmt.Sprintf("%s: %v", addr, err))
	}
	if err == nil {
		return ch.DialResult{}, ch.ErrAcquireConnNoAddress
	}
	return ch.DialResult{}, failedHosts(err, earlier[:len(earlier)-1])
}

// dialHost dials addr with its share of ctx's remaining time: 1/left of it.
func (f *failover) dialHost(ctx context.Context, addr string, left int, opt *ch.Options, dial ch.Dial) (ch.DialResult, error) {
	var cancel context.CancelFunc
	if dl, ok := ctx.Deadline(); ok && left > 1 {
		now := f.now()
		ctx, cancel = context.WithDeadline(ctx, now.Add(dl.Sub(now)/time.Duration(left)))
	} else {
		ctx, cancel = context.WithCancel(ctx)
	}
	defer cancel()
	sock := new(atomic.Pointer[stallConn])
	r, err := dial(context.WithValue(ctx, socketKey{}, sock), addr, opt)
	if c := sock.Load(); err != nil && c != nil {
		c.Conn.Close() // #nosec G104 -- the socket of a failed handshake, of no further use
	}
	return r, err
}

// failedHosts is err, the last host's, naming the errors of the hosts tried before.
func failedHosts(err error, earlier []string) error {
	if len(earlier) == 0 {
		return err
	}
	return fmt.Errorf("%w (hosts tried before: %s)", err, strings.Join(earlier, "; "))
}

// order is the hosts in the DSN's connection_open_strategy (as clickhouse-go's own), the ones
// that failed in the last demoteFor after the others.
func (f *failover) order(connID int, opt *ch.Options) []string {
	n := len(opt.Addr)
	start := 0
	switch opt.ConnOpenStrategy {
	case ch.ConnOpenRoundRobin:
		start = connID % max(n, 1)
	case ch.ConnOpenRandom:
		start = rand.IntN(max(n, 1)) // #nosec G404 -- spreading connections, not a secret
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	now := f.now()
	var ok, demoted []string
	for i := range n {
		addr := opt.Addr[(start+i)%n]
		if at, failed := f.failed[addr]; failed && now.Sub(at) < demoteFor {
			demoted = append(demoted, addr)
			continue
		}
		ok = append(ok, addr)
	}
	return append(ok, demoted...)
}

// mark records whether a dial to addr failed.
func (f *failover) mark(addr string, failed bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if failed {
		f.failed[addr] = f.now()
	} else {
		delete(f.failed, addr)
	}
}
