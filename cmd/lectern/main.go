// Command lectern runs Lectern: every service in one process (`lectern all`) or one of them
// (`lectern ingest|query|assistant`), and its tools (`keys`, `nav`, `config`, `migrate`,
// `data`, `events`, `probe`). `lectern --help` lists them; `lectern <command> --help` gives a
// command's own flags.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	var ex exitError
	switch {
	case errors.As(err, &ex):
		os.Exit(int(ex))
	case err != nil:
		fmt.Fprintln(os.Stderr, "lectern:", err)
		os.Exit(1)
	}
}

// run runs the command args names with the process's environment; it is main without the
// process.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	return runEnv(ctx, args, os.Environ(), stdout, stderr)
}

// runEnv is run with the environment given ("NAME=value" entries).
func runEnv(ctx context.Context, args, environ []string, stdout, stderr io.Writer) error {
	return dispatch(ctx, commands(), args, environ, stdout, stderr)
}

// commands returns the command tree: the services from the module table, then the tools.
func commands() *command {
	root := &command{
		name:  "lectern",
		usage: "lectern <command> [flags]",
		about: `Lectern is an open backend for documentation sites: an AI assistant that answers readers
from the docs, and an analytics pipeline for feedback, traffic and conversations.

Start everything on this machine with 'lectern all' (nats-server embedded, SQLite in --data-dir);
at scale, run 'lectern ingest', 'lectern query' and 'lectern assistant' against a NATS cluster and
ClickHouse.`,
	}
	for _, name := range targetNames() {
		root.subs = append(root.subs, serverCommand(Target(name)))
	}
	root.subs = append(root.subs,
		keysCommand(),
		navCommand(),
		configCommand(),
		migrateCommand(),
		dataCommand(),
		eventsCommand(),
		probeCommand(),
	)
	return root
}
