package clickhouse

import (
	"context"
	"crypto/tls"
	"net"
	"time"

	ch "github.com/ClickHouse/clickhouse-go/v2"
)

// writeStall bounds how long one write to the server may make no progress. An insert hands its
// rows to the connection a chunk at a time (sendRows), and clickhouse-go watches the context
// only while it sends the last one: a server that stops reading fails the insert after this
// long instead of holding the writer (and the batch's messages) until the kernel gives up.
const writeStall = time.Minute

// dialWithWriteDeadlines makes the client's connections, as clickhouse-go would (TCP, or TLS
// when the DSN asks for it), with a write deadline of writeStall set before each write.
func dialWithWriteDeadlines(opts *ch.Options) {
	timeout, config := opts.DialTimeout, opts.TLS
	opts.DialContext = func(ctx context.Context, addr string) (net.Conn, error) {
		d := &net.Dialer{Timeout: timeout}
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
		return &stallConn{Conn: conn}, nil
	}
}

// stallConn sets a write deadline before each write.
type stallConn struct{ net.Conn }

func (c *stallConn) Write(p []byte) (int, error) {
	if err := c.SetWriteDeadline(time.Now().Add(writeStall)); err != nil {
		return 0, err
	}
	return c.Conn.Write(p)
}
