// Package bus connects Lectern to NATS JetStream: the embedded server, the streams, and publishing.
package bus

import (
	"errors"
	"fmt"
	"log/slog"
	"net"
	"strconv"
	"time"

	"github.com/nats-io/nats-server/v2/server"
)

// ErrNotReady reports an embedded server that did not accept connections in time.
var ErrNotReady = errors.New("embedded nats-server not ready")

// EmbeddedConfig configures the in-process nats-server.
type EmbeddedConfig struct {
	Addr     string // client listener host:port; port -1 picks a free one
	StoreDir string // JetStream file store directory
	Sync     Sync   // durability policy of the file store; the zero value is DefaultSync
	Auth     Auth   // the user every client must present; the zero value admits anyone (tests)
}

// StartEmbedded starts a nats-server with JetStream in this process and waits until it
// accepts connections.
func StartEmbedded(cfg EmbeddedConfig, logger *slog.Logger) (*server.Server, error) {
	host, portText, err := net.SplitHostPort(cfg.Addr)
	if err != nil {
		return nil, fmt.Errorf("nats address %q: %w", cfg.Addr, err)
	}
	port, err := strconv.Atoi(portText)
	if err != nil {
		return nil, fmt.Errorf("nats port %q: %w", portText, err)
	}
	users, err := cfg.Auth.users()
	if err != nil {
		return nil, err
	}
	sync := cfg.Sync
	if !sync.Always && sync.Interval <= 0 {
		sync = DefaultSync
	}
	opts := &server.Options{
		ServerName: "lectern",
		Host:       host,
		Port:       port,
		JetStream:  true,
		StoreDir:   cfg.StoreDir,
		NoSigs:     true,
		MaxPayload: 8 << 20,
		// With SyncAlways, nats-server still needs a non-zero interval for its background flush.
		SyncInterval: max(sync.Interval, time.Second),
		SyncAlways:   sync.Always,
		Users:        users,
		// No monitoring port (HTTPPort stays 0): nothing but the client port listens.
	}
	ns, err := server.NewServer(opts)
	if err != nil {
		return nil, fmt.Errorf("nats-server: %w", err)
	}
	fatal := make(chan string, 1)
	ns.SetLoggerV2(&natsLogger{logger: logger, fatal: fatal}, false, false, false)
	go ns.Start()
	ready := make(chan bool, 1)
	go func() { ready <- ns.ReadyForConnections(15 * time.Second) }()
	select {
	case ok := <-ready:
		if ok {
			break
		}
		ns.Shutdown()
		return nil, ErrNotReady
	case msg := <-fatal: // the listener or JetStream failed: nats-server logs it and gives up
		ns.Shutdown() // (the readiness wait above returns by its deadline; its channel is buffered)
		return nil, fmt.Errorf("%w: %s", ErrNotReady, msg)
	}
	logger.Info("embedded nats-server ready", "url", ns.ClientURL(), "store", cfg.StoreDir, "sync", sync.String())
	return ns, nil
}

// natsLogger routes nats-server's log lines to slog, and hands the first fatal one to fatal.
type natsLogger struct {
	logger *slog.Logger
	fatal  chan<- string
}

func (l *natsLogger) Noticef(format string, v ...any) { l.logger.Debug(fmt.Sprintf(format, v...)) }
func (l *natsLogger) Warnf(format string, v ...any)   { l.logger.Warn(fmt.Sprintf(format, v...)) }
func (l *natsLogger) Fatalf(format string, v ...any) {
	msg := fmt.Sprintf(format, v...)
	l.logger.Error(msg)
	select {
	case l.fatal <- msg:
	default:
	}
}
func (l *natsLogger) Errorf(format string, v ...any) { l.logger.Error(fmt.Sprintf(format, v...)) }
func (l *natsLogger) Debugf(format string, v ...any) { l.logger.Debug(fmt.Sprintf(format, v...)) }
func (l *natsLogger) Tracef(format string, v ...any) { l.logger.Debug(fmt.Sprintf(format, v...)) }
