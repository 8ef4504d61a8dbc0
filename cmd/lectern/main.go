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
	"strings"
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

// usage is the help of `lectern`; the services come from the module table.
func usage() string {
	var b strings.Builder
	b.WriteString("Usage: lectern [command] [flags]\n\nServices (one process, one HTTP listener):\n")
	for _, name := range targetNames() {
		fmt.Fprintf(&b, "  %-11s %s\n", name, modules[name].target)
	}
	return b.String() + toolsUsage
}

const toolsUsage = `
Tools:
  keys        create, list and revoke API keys
  nav         validate and resolve a docs.json navigation
  config      check a service's flags and LECTERN_* variables and print its configuration
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
	if isTarget(cmd) {
		return serve(ctx, Target(cmd), args, stdout, stderr)
	}
	switch cmd {
	case "keys":
		return keysMain(ctx, args, stdout, stderr)
	case "nav":
		if code := navMain(args, stdout, stderr); code != 0 {
			return exitError(code)
		}
		return nil
	case "config":
		return configMain(args, os.Environ(), stdout, stderr)
	case "migrate":
		return migrateMain(ctx, args, stdout, stderr)
	case "data":
		return dataMain(ctx, args, stdout, stderr)
	case "events":
		return eventsMain(ctx, args, stdout, stderr)
	case "probe":
		return probeMain(ctx, args, stdout, stderr)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage())
		return nil
	default:
		fmt.Fprintf(stderr, "lectern: unknown command %q\n\n%s", cmd, usage())
		return exitError(2)
	}
}
