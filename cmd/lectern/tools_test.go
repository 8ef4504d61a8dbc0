package main

import (
	"bytes"
	"context"
	"errors"
	"net"
	"strings"
	"testing"
	"time"
)

// TestUnknownSubcommandConnectsNowhere: a mistyped tool command is refused with its name
// before the tool reaches NATS or a server. The test points every address the tools use at a
// listener of its own and checks, once the command has returned, that nothing connected.
func TestUnknownSubcommandConnectsNowhere(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	t.Setenv("LECTERN_NATS_URL", "nats://"+ln.Addr().String())
	t.Setenv("LECTERN_URL", "http://"+ln.Addr().String())
	t.Setenv("LECTERN_DATA_DIR", t.TempDir())
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"keys", "foo"}, `lectern keys: unknown command "foo"`},
		{[]string{"keys", "creat", "--kind", "admin"}, `lectern keys: unknown command "creat"`},
		{[]string{"data", "erase", "--project", "p"}, `lectern data: unknown command "erase"`},
		{[]string{"events", "imprt", "access.log"}, `lectern events: unknown command "imprt"`},
		{[]string{"nav", "check"}, `lectern nav: unknown command "check"`},
		{[]string{"serve"}, `lectern: unknown command "serve"`},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			err := run(context.Background(), tt.args, &stdout, &stderr)
			var code exitError
			if !errors.As(err, &code) || code != 2 {
				t.Errorf("run = %v, want exit status 2", err)
			}
			if !strings.Contains(stderr.String(), tt.want) {
				t.Errorf("stderr %q, want %q", stderr.String(), tt.want)
			}
			if !strings.Contains(stderr.String(), "--help' for usage.") {
				t.Errorf("stderr has no hint to run --help: %q", stderr.String())
			}
		})
	}
	// Connections made while the commands ran wait in the listen backlog: one would be
	// accepted at once.
	if err := ln.(*net.TCPListener).SetDeadline(time.Now()); err != nil {
		t.Fatal(err)
	}
	if c, err := ln.Accept(); err == nil {
		c.Close()
		t.Fatal("a command with an unknown subcommand connected before refusing it")
	}
}
