package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/lectern-dev/lectern/platform/bus"
	"github.com/lectern-dev/lectern/platform/envflag"
	"github.com/lectern-dev/lectern/platform/keys"
	"github.com/lectern-dev/lectern/schemas/event"
)

const keysUsage = `Usage:
  lectern keys create --kind admin --project PROJECT [--expires DURATION|TIME] [--allow-ip LIST]
  lectern keys create --kind assistant --domain DOMAIN [--expires DURATION|TIME] [--allow-ip LIST]
  lectern keys create --kind ingest --project PROJECT [--expires DURATION|TIME] [--allow-ip LIST]
  lectern keys list
  lectern keys revoke ID

The commands reach the running server's NATS with --nats-url (env LECTERN_NATS_URL,
default nats://127.0.0.1:4222). The embedded server requires credentials: they are read from
--data-dir (env LECTERN_DATA_DIR, default ./data, as the server's); for an external NATS give
--nats-user/--nats-password, --nats-token or --nats-creds. The key bucket is used as the
servers configured it; when it does not exist yet, it is created with --nats-replicas (env
LECTERN_NATS_REPLICAS, default 1: give the servers' value in a NATS cluster). create prints the
new key alone on one line; it is shown once.
`

// keysMain runs `lectern keys ...`.
func keysMain(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, keysUsage)
		return exitError(2)
	}
	sub, args := args[0], args[1:]
	switch sub {
	case "create", "list", "revoke":
	default: // before connecting anywhere
		fmt.Fprintf(stderr, "lectern keys: unknown command %q\n\n%s", sub, keysUsage)
		return exitError(2)
	}
	fs := flag.NewFlagSet("lectern keys "+sub, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, keysUsage) }
	var natsURL, dataDir string
	var flagAuth bus.Auth
	envflag.String(fs, &natsURL, "nats-url", "LECTERN_NATS_URL", "nats://127.0.0.1:4222", "NATS server URL")
	envflag.String(fs, &dataDir, "data-dir", "LECTERN_DATA_DIR", "./data", "the server's data directory, holding the embedded NATS credentials")
	registerNATSAuthFlags(fs, &flagAuth)
	var replicas int
	envflag.Int(fs, &replicas, "nats-replicas", "LECTERN_NATS_REPLICAS", 1, "replicas of the key bucket when this command creates it (an existing bucket is used as the servers set it)")
	var c keyCreate
	if sub == "create" {
		c.registerFlags(fs)
	}
	verify := registerVerify(fs)
	positional, err := parseInterspersed(fs, args)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return exitError(2)
	}
	if err := envflag.Apply(fs); err != nil {
		return fmt.Errorf("configuration: %w", err)
	}
	if replicas < 1 || replicas > 5 {
		return fmt.Errorf("configuration: nats-replicas %d: want 1 to 5", replicas)
	}
	if *verify {
		if sub == "create" {
			if _, _, _, err := c.check(time.Now()); err != nil {
				return err
			}
		}
		return configOK(stdout)
	}
	auth, err := natsClientAuth(flagAuth, dataDir)
	if err != nil {
		return err
	}
	reg, closeFn, err := openKeys(ctx, natsURL, auth, replicas)
	if err != nil {
		return err
	}
	defer closeFn()
	switch sub {
	case "create":
		return c.run(ctx, reg, stdout)
	case "list":
		return listKeys(ctx, reg, stdout)
	case "revoke":
		if len(positional) != 1 {
			return fmt.Errorf("keys revoke: want one key id")
		}
		if err := reg.Revoke(ctx, positional[0]); err != nil {
			return fmt.Errorf("keys revoke %s: %w", positional[0], err)
		}
		fmt.Fprintf(stdout, "revoked %s\n", positional[0])
		return nil
	}
	return nil
}

func openKeys(ctx context.Context, natsURL string, auth bus.Auth, replicas int) (*keys.Registry, func(), error) {
	logger := slog.New(slog.DiscardHandler)
	nc, js, err := bus.Connect(natsURL, "lectern-keys", logger, auth.Options()...)
	if err != nil {
		return nil, nil, err
	}
	reg, err := keys.Attach(ctx, js, replicas, logger)
	if err != nil {
		nc.Close()
		return nil, nil, err
	}
	return reg, nc.Close, nil
}

// keyCreate holds the flags of `keys create`.
type keyCreate struct {
	kind, project, domain, expires, allowIP string
}

func (c *keyCreate) registerFlags(fs *flag.FlagSet) {
	fs.StringVar(&c.kind, "kind", "", "admin, assistant or ingest")
	fs.StringVar(&c.project, "project", "", "project of an admin or ingest key")
	fs.StringVar(&c.domain, "domain", "", "docs domain of an assistant key")
	fs.StringVar(&c.expires, "expires", "", "expiry: a duration from now (720h) or an RFC 3339 time; empty: never")
	fs.StringVar(&c.allowIP, "allow-ip", "", "comma-separated client addresses or CIDR prefixes allowed to use the key; empty: any")
}

func (c *keyCreate) run(ctx context.Context, reg *keys.Registry, stdout io.Writer) error {
	kind, scope, opts, err := c.check(time.Now())
	if err != nil {
		return err
	}
	_, token, err := reg.Create(ctx, kind, scope, opts)
	if err != nil {
		return err
	}
	fmt.Fprintln(stdout, token)
	return nil
}

// check validates the flags of create and returns the key's kind, scope and options.
func (c *keyCreate) check(now time.Time) (keys.Kind, string, keys.CreateOptions, error) {
	kind, scope := keys.Kind(c.kind), c.project
	switch kind {
	case keys.KindAdmin, keys.KindIngest:
		if c.domain != "" {
			return "", "", keys.CreateOptions{}, fmt.Errorf("keys create: an %s key takes --project, not --domain", kind)
		}
	case keys.KindAssistant:
		if c.project != "" {
			return "", "", keys.CreateOptions{}, errors.New("keys create: an assistant key takes --domain, not --project")
		}
		scope = c.domain
	default:
		return "", "", keys.CreateOptions{}, fmt.Errorf("keys create: --kind %q: want admin, assistant or ingest", c.kind)
	}
	if !event.ValidToken(scope) {
		return "", "", keys.CreateOptions{}, fmt.Errorf("keys create: scope %q: want 1-64 letters, digits, '-' or '_'", scope)
	}
	opts, err := c.options(now)
	return kind, scope, opts, err
}

func (c *keyCreate) options(now time.Time) (keys.CreateOptions, error) {
	var opts keys.CreateOptions
	if c.expires != "" {
		if d, err := time.ParseDuration(c.expires); err == nil && d > 0 {
			opts.ExpiresAt = now.Add(d).UTC()
		} else if t, err := time.Parse(time.RFC3339, c.expires); err == nil {
			opts.ExpiresAt = t.UTC()
		} else {
			return opts, fmt.Errorf("keys create: --expires %q: want a duration such as 720h or an RFC 3339 time", c.expires)
		}
	}
	for a := range strings.SplitSeq(c.allowIP, ",") {
		if a = strings.TrimSpace(a); a != "" {
			opts.AllowedIPs = append(opts.AllowedIPs, a)
		}
	}
	return opts, nil
}

func listKeys(ctx context.Context, reg *keys.Registry, stdout io.Writer) error {
	list, err := reg.List(ctx)
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tKIND\tSCOPE\tCREATED\tEXPIRES\tLAST USED")
	for _, k := range list {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", k.ID, k.Kind, k.Scope, stamp(k.CreatedAt), stamp(k.ExpiresAt), stamp(k.LastUsedAt))
	}
	return tw.Flush()
}

func stamp(t time.Time) string {
	if t.IsZero() {
		return "-"
	}
	return t.UTC().Format(time.RFC3339)
}

// parseInterspersed parses flags that may stand before, between or after positional
// arguments, and returns the positional ones.
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		if fs.NArg() == 0 {
			return positional, nil
		}
		positional = append(positional, fs.Arg(0))
		args = fs.Args()[1:]
	}
}
