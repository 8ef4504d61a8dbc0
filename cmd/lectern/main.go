// Command lectern runs Lectern: every service in one process (`lectern all`, the default) or
// one of them (`lectern ingest|query|assistant`), and its tools (`keys`, `nav`, `migrate`).
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

// exitError ends the process with a status and no further message.
type exitError int

func (e exitError) Error() string { return fmt.Sprintf("exit status %d", int(e)) }

const usage = `Usage: lectern [command] [flags]

Services (one process, one HTTP listener):
  all         every service with nats-server embedded (the default)
  ingest      feedback intake, status changes and the store consumers
  query       the analytics exports
  assistant   the docs assistant

Tools:
  keys        create, list and revoke API keys
  nav         validate and resolve a docs.json navigation
  migrate     apply the store's schema migrations
  data        erase one person's records (a privacy request)
  events      import page views from an access log
  probe       GET a URL, exit 0 on 200 (a health check for the container image)

Run 'lectern <command> --help' for the flags of a command.
`

// run dispatches to a command; it is main without the process.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	cmd := "all"
	if len(args) > 0 && len(args[0]) > 0 && args[0][0] != '-' {
		cmd, args = args[0], args[1:]
	}
	switch cmd {
	case "all", "ingest", "query", "assistant":
		return serve(ctx, Target(cmd), args, stdout, stderr)
	case "keys":
		return keysMain(ctx, args, stdout, stderr)
	case "nav":
		if code := navMain(args, stdout, stderr); code != 0 {
			return exitError(code)
		}
		return nil
	case "migrate":
		return migrateMain(ctx, args, stdout, stderr)
	case "data":
		return dataMain(ctx, args, stdout, stderr)
	case "events":
		return eventsMain(ctx, args, stdout, stderr)
	case "probe":
		return probeMain(ctx, args, stdout, stderr)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return nil
	default:
		fmt.Fprintf(stderr, "lectern: unknown command %q\n\n%s", cmd, usage)
		return exitError(2)
	}
}
