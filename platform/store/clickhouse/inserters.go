package clickhouse

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"

	ch "github.com/ClickHouse/clickhouse-go/v2"
	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
)

// inserters lend the event inserts clients of one connection each, so that an insert ends
// when its context does, whatever chunk it is in.
//
// An insert hands its rows to clickhouse-go a chunk at a time (sendRows), and clickhouse-go
// watches the context only in Send, the last chunk, where it closes the socket when the
// context ends. A server that stops reading before then (a host gone from the network, a
// replica that hangs) held the insert until the socket's write deadline, the DSN's
// read_timeout (a minute by default): six times the consumer's store timeout, with its events
// kept from redelivery all along. The dialer of an inserter's client records its socket, so
// the insert closes it when its context ends, as Send does for the last chunk: the write in
// progress fails at once and clickhouse-go drops the connection. A slow insert is not failed
// sooner than its context says: nothing but the caller's deadline is added.
//
// An inserter's connections are reset when they are closed, not ended in order, so that the
// server discards an insert cut short, whatever closed its connection: this watch, the Send's,
// or clickhouse-go dropping the connection of a batch aborted between two chunks (see
// stallConn.resetOnClose). Each chunk of a cut insert would otherwise be stored, and stored
// again with the whole batch when it is retried.
//
// The store's other calls keep the shared client: a query or a one-block insert (send) is
// watched by clickhouse-go for its whole length.
type inserters struct {
	opts  ch.Options
	slots chan struct{} // one for each inserter lent: its capacity is how many may be
	mu    sync.Mutex
	idle  []*inserter // the last used last, so a store that is not busy reuses few connections
	all   []*inserter // every one made, closed with the store
}

// inserter is a client of one connection, and that connection's socket once dialed.
type inserter struct {
	conn driver.Conn
	sock atomic.Pointer[stallConn]
}

// newInserters lends up to most clients made with opts (with a dialer of their own).
func newInserters(opts ch.Options, most int) *inserters {
	return &inserters{opts: opts, slots: make(chan struct{}, most)}
}

// get lends an inserter, waiting while most are lent.
func (p *inserters) get(ctx context.Context) (*inserter, error) {
	select {
	case p.slots <- struct{}{}:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if n := len(p.idle); n > 0 {
		in := p.idle[n-1]
		p.idle = p.idle[:n-1]
		return in, nil
	}
	in, err := p.open()
	if err != nil {
		<-p.slots
		return nil, err
	}
	p.all = append(p.all, in)
	return in, nil
}

func (p *inserters) open() (*inserter, error) {
	in := new(inserter)
	opts := p.opts
	opts.MaxOpenConns, opts.MaxIdleConns = 1, 1
	dialWithWriteDeadlines(&opts, func(c *stallConn) {
		c.resetOnClose() // #nosec G104 -- a socket that is not TCP ends as it can
		in.sock.Store(c)
	})
	conn, err := ch.Open(&opts)
	if err != nil {
		return nil, err
	}
	in.conn = conn
	return in, nil
}

func (p *inserters) put(in *inserter) {
	p.mu.Lock()
	p.idle = append(p.idle, in)
	p.mu.Unlock()
	<-p.slots
}

func (p *inserters) close() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	var errs []error
	for _, in := range p.all {
		errs = append(errs, in.conn.Close())
	}
	p.all, p.idle = nil, nil
	return errors.Join(errs...)
}

// insert runs send with an inserter's client, closing its socket if ctx ends first. The
// error is then ctx's, with what the cut write reported.
func (p *inserters) insert(ctx context.Context, send func(*inserter) error) error {
	in, err := p.get(ctx)
	if err != nil {
		return err
	}
	aborted := make(chan struct{})
	stop := context.AfterFunc(ctx, func() {
		defer close(aborted)
		if c := in.sock.Load(); c != nil {
			c.Conn.Close() // #nosec G104 -- the write in progress fails, which is the point
		}
	})
	err = send(in)
	if !stop() {
		<-aborted // the socket is closed before the client is lent again
	}
	p.put(in)
	if cerr := ctx.Err(); err != nil && cerr != nil && !errors.Is(err, cerr) {
		return fmt.Errorf("%w: %w", cerr, err)
	}
	return err
}
