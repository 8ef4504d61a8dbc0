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
	"github.com/lectern-dev/lectern/platform/sites"
	"github.com/lectern-dev/lectern/schemas/event"
	"github.com/nats-io/nats.go"
	"github.com/oklog/ulid/v2"
)

const keysAbout = `The commands reach the running server's NATS with --nats-url (default the embedded server of
'lectern all' on this machine). The embedded server requires the credentials it keeps in
--data-dir (default ./data, as the server's); for an external NATS give --nats-user and
--nats-password, --nats-token or --nats-creds. Keys are stored only as SHA-256 hashes, in the
JetStream key-value bucket lectern_keys; a change takes effect on every server within a second.`

// keysCommand is `lectern keys create|list|revoke`.
func keysCommand() *command {
	return &command{
		name:    "keys",
		summary: "create, list and revoke API keys",
		group:   toolsGroup,
		about:   keysAbout,
		subs: []*command{
			{
				name:    "create",
				summary: "create a key and print it (shown once)",
				usage: `lectern keys create --kind admin --project PROJECT [flags]
lectern keys create --kind ingest --project PROJECT [flags]
lectern keys create --kind assistant --domain DOMAIN [flags]`,
				about: `Creates an API key and prints it alone on one line; it is shown once. An admin key reads the
analytics of one project; an ingest key writes that project's events and reads nothing; an
assistant key (public: it ships in web pages) calls the discovery routes of one docs domain.
A project or domain that is not in the sites file gets a warning: the key works once a site
with it is added.`,
				setup: keysSetup(keysCreate),
			},
			{
				name:    "list",
				summary: "list the keys: id, kind, scope, creation, expiry, last use (never the secret)",
				setup:   keysSetup(keysList),
			},
			{
				name:    "revoke",
				summary: "revoke a key by its id",
				usage:   "lectern keys revoke ID [flags]",
				about: `Revokes a key: every server refuses it within a second. ID is the key's id, the first column
of 'lectern keys list' (26 characters, such as 01JD8W6K2Q3R4S5T6V7W8X9Y0Z); the key itself
(lk_admin_..., lk_pub_..., lk_ing_...) is taken too.`,
				setup: keysSetup(keysRevoke),
			},
		},
	}
}

// keysConn holds the flags every keys command shares: where NATS is and how to log in.
type keysConn struct {
	natsURL, natsAddr, dataDir, sites string
	auth                              bus.Auth
	replicas                          int
}

func (k *keysConn) registerFlags(fs *flag.FlagSet) {
	envflag.String(fs, &k.natsURL, "nats-url", "LECTERN_NATS_URL", "", "NATS server URLs (comma-separated for a cluster); empty: the embedded server of 'lectern all' at --nats-addr")
	envflag.String(fs, &k.natsAddr, "nats-addr", "LECTERN_NATS_ADDR", "127.0.0.1:4222", "client listener of the embedded nats-server of 'lectern all' (its --nats-addr)")
	envflag.String(fs, &k.dataDir, "data-dir", "LECTERN_DATA_DIR", "./data", "the server's data directory, holding the embedded NATS credentials")
	registerNATSAuthFlags(fs, &k.auth)
	envflag.Int(fs, &k.replicas, "nats-replicas", "LECTERN_NATS_REPLICAS", 1, "replicas of the key bucket when this command creates it (an existing bucket is used as the servers set it)")
	registerSitesFlag(fs, &k.sites)
	registerVerify(fs)
}

func (k *keysConn) check() error {
	if k.replicas < 1 || k.replicas > 5 {
		return fmt.Errorf("--nats-replicas %d: want 1 to 5", k.replicas)
	}
	return nil
}

// open connects to NATS and attaches to the key bucket.
func (k *keysConn) open(ctx context.Context) (*keys.Registry, func(), error) {
	auth, err := natsClientAuth(k.auth, k.dataDir)
	if err != nil {
		return nil, nil, err
	}
	logger := slog.New(slog.DiscardHandler)
	url := k.natsURL
	if url == "" {
		url = "nats://" + k.natsAddr // the embedded server of a running `lectern all`
	}
	nc, js, err := bus.Connect(url, "lectern-keys", logger, auth.Options()...)
	if err != nil {
		return nil, nil, natsConnectError(url, k.dataDir, auth, err)
	}
	reg, err := keys.Attach(ctx, js, k.replicas, logger)
	if err != nil {
		nc.Close()
		return nil, nil, err
	}
	return reg, nc.Close, nil
}

// natsConnectError says what a tool's failure to reach NATS most likely means.
func natsConnectError(url, dataDir string, auth bus.Auth, err error) error {
	switch {
	case errors.Is(err, nats.ErrAuthorization) || strings.Contains(strings.ToLower(err.Error()), "authorization violation"):
		if auth == (bus.Auth{}) {
			return fmt.Errorf("NATS at %s wants credentials: the embedded server's are read from --data-dir %s (no %s there); for an external NATS give --nats-user/--nats-password, --nats-token or --nats-creds: %w", url, dataDir, bus.EmbeddedAuthFile, err)
		}
		return fmt.Errorf("NATS at %s refused the credentials (from --data-dir %s or the --nats-* flags): is the data dir that of the server listening there? %w", url, dataDir, err)
	case errors.Is(err, nats.ErrNoServers):
		return fmt.Errorf("cannot reach NATS at %s: is 'lectern all' running (its NATS listens on --nats-addr, 127.0.0.1:4222 by default)? Give the same --nats-addr here, or --nats-url for an external NATS: %w", url, err)
	}
	return err
}

// keysSetup builds the setup of one keys command from its own part.
func keysSetup(sub func(fs *flag.FlagSet, conn *keysConn) action) func(fs *flag.FlagSet) action {
	return func(fs *flag.FlagSet) action {
		conn := &keysConn{}
		conn.registerFlags(fs)
		return sub(fs, conn)
	}
}

func keysCreate(fs *flag.FlagSet, conn *keysConn) action {
	var c keyCreate
	c.registerFlags(fs)
	return action{
		check: func(cl *call) error {
			if err := errors.Join(conn.check(), c.checkFlags()); err != nil {
				return err
			}
			c.warnUnknownScope(cl, conn.sites)
			return nil
		},
		run: func(ctx context.Context, cl *call) error {
			reg, closeFn, err := conn.open(ctx)
			if err != nil {
				return err
			}
			defer closeFn()
			return c.run(ctx, reg, cl.stdout)
		},
	}
}

func keysList(_ *flag.FlagSet, conn *keysConn) action {
	return action{
		check: func(*call) error { return conn.check() },
		run: func(ctx context.Context, cl *call) error {
			reg, closeFn, err := conn.open(ctx)
			if err != nil {
				return err
			}
			defer closeFn()
			list, err := reg.List(ctx)
			if err != nil {
				return err
			}
			if err := writeKeys(cl.stdout, list); err != nil {
				return err
			}
			warnUnknownScopes(cl, conn.sites, list)
			return nil
		},
	}
}

func keysRevoke(_ *flag.FlagSet, conn *keysConn) action {
	var id string
	return action{
		args: argSpec{min: 1, max: 1, name: "key ID"},
		check: func(cl *call) (err error) {
			if id, err = keyID(cl.args[0]); err != nil {
				return err
			}
			return conn.check()
		},
		run: func(ctx context.Context, cl *call) error {
			reg, closeFn, err := conn.open(ctx)
			if err != nil {
				return err
			}
			defer closeFn()
			err = reg.Revoke(ctx, id)
			if errors.Is(err, keys.ErrUnknown) {
				return fmt.Errorf("no key has the id %s (revoked already, or never made: 'lectern keys list' shows the keys)", id)
			}
			if err != nil {
				return err
			}
			fmt.Fprintf(cl.stdout, "revoked %s\n", id)
			return nil
		},
	}
}

// keyID reads the key id a revoke names: the id itself, or a whole key.
func keyID(arg string) (string, error) {
	if strings.HasPrefix(arg, "lk_") {
		_, id, _, err := keys.ParseToken(arg)
		if err != nil {
			return "", usagef("%q is not a whole key: give the key's id, the first column of 'lectern keys list'", arg)
		}
		return id, nil
	}
	id := strings.ToUpper(arg)
	if _, err := ulid.ParseStrict(id); err != nil || len(id) != ulid.EncodedSize {
		return "", usagef("%q is not a key id: an id is the 26 letters and digits of the first column of 'lectern keys list', such as 01JD8W6K2Q3R4S5T6V7W8X9Y0Z", arg)
	}
	return id, nil
}

// keyCreate holds the flags of `keys create`.
type keyCreate struct {
	kind, project, domain, expires, allowIP string
}

func (c *keyCreate) registerFlags(fs *flag.FlagSet) {
	fs.StringVar(&c.kind, "kind", "", "admin, assistant or ingest (required)")
	fs.StringVar(&c.project, "project", "", "the project of an admin or ingest key: a project of the sites file")
	fs.StringVar(&c.domain, "domain", "", "the docs domain of an assistant key: a domain of the sites file")
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

func (c *keyCreate) checkFlags() error {
	_, _, _, err := c.check(time.Now())
	return err
}

// check validates the flags of create and returns the key's kind, scope and options. Each
// error names the flag at fault.
func (c *keyCreate) check(now time.Time) (keys.Kind, string, keys.CreateOptions, error) {
	var none keys.CreateOptions
	kind := keys.Kind(c.kind)
	flagName, scope := "--project", c.project
	switch kind {
	case keys.KindAdmin, keys.KindIngest:
		if c.domain != "" {
			return "", "", none, usagef("an %s key takes --project, not --domain", kind)
		}
	case keys.KindAssistant:
		if c.project != "" {
			return "", "", none, usagef("an assistant key takes --domain, not --project")
		}
		flagName, scope = "--domain", c.domain
	case "":
		return "", "", none, usagef("--kind is required: admin, assistant or ingest")
	default:
		return "", "", none, usagef("--kind %q: want admin, assistant or ingest", c.kind)
	}
	if scope == "" {
		return "", "", none, usagef("%s is required for an %s key", flagName, kind)
	}
	if !event.ValidToken(scope) {
		return "", "", none, usagef("%s %q: want 1-64 letters, digits, '-' or '_'", flagName, scope)
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
			return opts, usagef("--expires %q: want a duration such as 720h or an RFC 3339 time", c.expires)
		}
	}
	for a := range strings.SplitSeq(c.allowIP, ",") {
		if a = strings.TrimSpace(a); a != "" {
			opts.AllowedIPs = append(opts.AllowedIPs, a)
		}
	}
	return opts, nil
}

// warnUnknownScope warns when the key's project or domain is not in the sites file.
func (c *keyCreate) warnUnknownScope(cl *call, path string) {
	reg, err := sites.Load(path)
	if err != nil {
		cl.warnf("the sites file could not be read, so the key's scope is not checked against it (--sites): %v", err)
		return
	}
	if msg := scopeProblem(reg, keys.Kind(c.kind), c.project, c.domain); msg != "" {
		cl.warnf("%s in %s; the key is made, and works once a site with it is added", msg, path)
	}
}

// warnUnknownScopes warns about listed keys whose scope is in no site.
func warnUnknownScopes(cl *call, path string, list []keys.Key) {
	reg, err := sites.Load(path)
	if err != nil {
		return // list is often run away from the sites file
	}
	for _, k := range list {
		project, domain := k.Scope, ""
		if k.Kind == keys.KindAssistant {
			project, domain = "", k.Scope
		}
		if msg := scopeProblem(reg, k.Kind, project, domain); msg != "" {
			cl.warnf("key %s: %s in %s", k.ID, msg, path)
		}
	}
}

// scopeProblem says what is wrong with a key's scope against the registry, or "".
func scopeProblem(reg *sites.Registry, kind keys.Kind, project, domain string) string {
	var have []string
	if kind == keys.KindAssistant {
		if _, err := reg.Domain(domain); err == nil {
			return ""
		}
		for _, s := range reg.All() {
			have = append(have, s.Domain)
		}
		return fmt.Sprintf("domain %q is not a site (domains: %s)", domain, strings.Join(have, ", "))
	}
	if reg.HasProject(project) {
		return ""
	}
	for _, s := range reg.All() {
		have = append(have, s.Project)
	}
	return fmt.Sprintf("project %q has no site (projects: %s)", project, strings.Join(have, ", "))
}

func writeKeys(w io.Writer, list []keys.Key) error {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
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
