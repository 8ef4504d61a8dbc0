package clickhouse

import (
	"context"
	"crypto/tls"
	"net"
	"syscall"
	"time"

	ch "github.com/ClickHouse/clickhouse-go/v2"
)

// defaultDialTimeout is clickhouse-go's for a DSN without dial_timeout (Options.setDefaults
// applies it to its own copy of the options, after Open has made the dialer).
const defaultDialTimeout = 30 * time.Second

// defaultWriteTimeout bounds a write for a DSN without read_timeout: a minute, what the
// consumer's store timeout was (it is 10 s now, and bounds the call once the last chunk is
// sent, where clickhouse-go watches the context).
const defaultWriteTimeout = time.Minute

// dialWithWriteDeadlines makes the client's connections as clickhouse-go would (TCP, or TLS
// when the DSN asks for it), with a write deadline set before each write: the DSN's
// read_timeout when it sets one (a write may then wait for the server as long as a read may),
// else defaultWriteTimeout.
//
// An insert hands its rows to the connection a chunk at a time (sendRows) and clickhouse-go
// watches the context only while it sends the last one: without a deadline, a server that
// stops reading (a host gone from the network, not one that refuses connections) would hold
// the writer, and its batch's messages, until the kernel gives up after a quarter of an hour.
// A write that times out fails the insert as unavailable, and the consumer hands the batch
// back for redelivery; it is never acknowledged. The timeout is long because a slow server is
// not a failed one: one chunk is a few megabytes, which a live server reads in well under a
// second even when it is busy (it squashes an insert's blocks in memory and writes the part
// after the last one, while the client waits on a read, not a write).
func dialWithWriteDeadlines(opts *ch.Options) {
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
		return &stallConn{Conn: conn, timeout: writeTimeout}, nil
	}
}

// stallConn sets a write deadline before each write.
type stallConn struct {
	net.Conn
	timeout time.Duration
}

func (c *stallConn) Write(p []byte) (int, error) {
	if err := c.SetWriteDeadline(time.Now().Add(c.timeout)); err != nil {
		return 0, err
	}
	return c.Conn.Write(p)
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
