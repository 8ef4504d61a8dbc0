package clickhouse

import (
	"context"
	"crypto/tls"
	"net"
	"sync/atomic"
	"syscall"
	"time"

	ch "github.com/ClickHouse/clickhouse-go/v2"
)

// defaultDialTimeout is clickhouse-go's for a DSN without dial_timeout (Options.setDefaults
// applies it to its own copy of the options, after Open has made the dialer).
const defaultDialTimeout = 30 * time.Second

// defaultWriteTimeout bounds a socket write for a DSN without read_timeout: a backstop for
// calls whose context has no deadline. An insert ends with its context whatever chunk it is
// in (inserters).
const defaultWriteTimeout = time.Minute

// dialWithWriteDeadlines makes the client's connections as clickhouse-go would (TCP, or TLS
// when the DSN asks for it), with a write deadline set before each write: the DSN's
// read_timeout when it sets one (a write may then wait for the server as long as a read may),
// else defaultWriteTimeout. Until the dial's context ends, no deadline is set past the
// context's (see stallConn.handshaking). dialed, when not nil, is told of each connection made.
//
// clickhouse-go sets no deadline of its own while a batch hands it a block before the last
// (Flush): without one, a server that stops reading (a host gone from the network, not one
// that refuses connections) would hold the writer until the kernel gives up after a quarter of
// an hour. The event inserts are bounded by their context instead (inserters); this deadline
// is the backstop of every other write. A write that times out fails the call as unavailable.
// The timeout is long because a slow server is not a failed one: one chunk is a few megabytes,
// which a live server reads in well under a second even when it is busy (it squashes an
// insert's blocks in memory and writes the part after the last one, while the client waits on
// a read, not a write).
func dialWithWriteDeadlines(opts *ch.Options, dialed func(*stallConn)) {
	dialTimeout, writeTimeout, config := opts.DialTimeout, opts.ReadTimeout, opts.TLS
	if dialTimeout == 0 {
		dialTimeout = defaultDialTimeout
	}
	if writeTimeout == 0 {
		writeTimeout = defaultWriteTimeout
	}
	opts.DialContext = func(ctx context.Context, addr string) (net.Conn, error) {
		d := &net.Dialer{Timeout: dialTimeout}
		var (
			conn net.Conn
			err  error
		)
		if config != nil {
			conn, err = (&tls.Dialer{NetDialer: d, Config: config}).DialContext(ctx, "tcp", addr)
		} else {
			conn, err = d.DialContext(ctx, "tcp", addr)
		}
		if err != nil {
			return nil, err
		}
		c := &stallConn{Conn: conn, timeout: writeTimeout}
		c.dial.Store(&ctx)
		context.AfterFunc(ctx, func() { c.dial.Store(nil) }) // the context of a dial is not kept
		if sock, ok := ctx.Value(socketKey{}).(*atomic.Pointer[stallConn]); ok {
			sock.Store(c) // closed by failover if the handshake fails
		}
		if dialed != nil {
			dialed(c)
		}
		return c, nil
	}
}

// stallConn sets a write deadline before each write, and keeps the deadlines of the
// handshake within the dial's context.
type stallConn struct {
	net.Conn
	timeout time.Duration
	// dial is the context the connection was dialed under, until it ends. clickhouse-go
	// dials a connection when a call finds none idle, with that call's context bounded by the
	// dial timeout, and then exchanges hellos with the server under deadlines of its own: the
	// dial timeout (30 s by default) whatever the context. A server that takes connections but
	// never answers held a 10 s consumer write for 30 s so; the deadlines are cut to the
	// context's instead, and the connection is dropped when it ends, like one stuck in a query.
	// With several hosts in the DSN, the context is the host's share of the call's (failover).
	dial atomic.Pointer[context.Context]
}

// handshaking returns t, or the dial context's deadline when that comes first and the
// context has not ended: the dial is not over yet. A zero t (no deadline) stays zero, so that
// clearing a deadline never leaves one behind on a pooled connection.
func (c *stallConn) handshaking(t time.Time) time.Time {
	p := c.dial.Load()
	if p == nil || t.IsZero() {
		return t
	}
	ctx := *p
	if ctx.Err() != nil { // checked here, not left to AfterFunc, which runs a moment later
		return t
	}
	if dl, ok := ctx.Deadline(); ok && dl.Before(t) {
		return dl
	}
	return t
}

func (c *stallConn) SetDeadline(t time.Time) error { return c.Conn.SetDeadline(c.handshaking(t)) }

func (c *stallConn) SetReadDeadline(t time.Time) error {
	return c.Conn.SetReadDeadline(c.handshaking(t))
}

func (c *stallConn) SetWriteDeadline(t time.Time) error {
	return c.Conn.SetWriteDeadline(c.handshaking(t))
}

func (c *stallConn) Write(p []byte) (int, error) {
	if err := c.SetWriteDeadline(time.Now().Add(c.timeout)); err != nil {
		return 0, err
	}
	return c.Conn.Write(p)
}

// resetOnClose makes closing the connection reset it (SO_LINGER 0) rather than end it in
// order. ClickHouse 18.16 takes an orderly end right after a whole block for the end of an
// insert and stores the blocks it received: a batch abandoned between two of its chunks is
// stored in part. After a reset it discards the insert.
func (c *stallConn) resetOnClose() error {
	conn := c.Conn
	if t, ok := conn.(*tls.Conn); ok {
		conn = t.NetConn()
	}
	tcp, ok := conn.(*net.TCPConn)
	if !ok {
		return nil
	}
	return tcp.SetLinger(0)
}

// SyscallConn exposes the socket, TLS or not, as the connection clickhouse-go dials itself
// does: it checks an idle connection's socket before reusing it, and so drops the connections
// a restarted server closed instead of failing an insert on each of them.
func (c *stallConn) SyscallConn() (syscall.RawConn, error) {
	conn := c.Conn
	if t, ok := conn.(*tls.Conn); ok {
		conn = t.NetConn()
	}
	sc, ok := conn.(syscall.Conn)
	if !ok {
		return nil, syscall.EINVAL
	}
	return sc.SyscallConn()
}

var _ syscall.Conn = (*stallConn)(nil)
