package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net/url"
	"strings"
)

// configCommand is `lectern config [target] [flags]`: one subcommand per target of the module
// table, `all` when none is named.
func configCommand() *command {
	c := &command{
		name:    "config",
		summary: "check a service's flags, LECTERN_* variables and sites file; print its configuration",
		group:   toolsGroup,
		usage:   "lectern config [all|ingest|query|assistant] [flags]",
		about: `Reads the flags and LECTERN_* variables as 'lectern <service>' would, runs the checks its
start runs (the settings, and the sites file parsed), and prints the configuration, one
--flag=value a line (secrets masked), without starting or connecting to anything. Exit status 1
names every problem: a value a flag refuses (from the command line or the environment), a
LECTERN_* variable no flag of lectern reads, a setting the service's checks reject, a sites file
that is missing or does not parse. 'lectern <service> --verify-config' runs the same checks and
prints "configuration ok". deploy/check runs it on every Deployment's args and env.`,
		def: string(TargetAll),
	}
	for _, name := range targetNames() {
		target := Target(name)
		c.subs = append(c.subs, &command{
			name:    name,
			group:   servicesGroup,
			summary: "the configuration of lectern " + name,
			usage:   "lectern config " + name + " [flags of lectern " + name + "]",
			about:   "Checks and prints the configuration of 'lectern " + name + "'; its flags are those of 'lectern " + name + "'.",
			setup: func(fs *flag.FlagSet) action {
				cfg := DefaultConfig(target)
				if err := cfg.registerTargetFlags(fs); err != nil {
					panic(err)
				}
				return action{
					check: func(*call) error { return cfg.check() },
					run: func(_ context.Context, c *call) error {
						printConfig(c.stdout, c.fs)
						return nil
					},
				}
			},
		})
	}
	return c
}

// printConfig prints every flag as --name=value, in name order, with secrets masked.
func printConfig(w io.Writer, fs *flag.FlagSet) {
	fs.VisitAll(func(f *flag.Flag) {
		fmt.Fprintf(w, "--%s=%s\n", f.Name, masked(f.Name, f.Value.String()))
	})
}

// secretFlag reports whether a flag's value is a secret: a password, a token, an API key.
// (--llm-max-prompt-tokens counts tokens; it holds none.)
func secretFlag(name string) bool {
	for _, w := range strings.Split(name, "-") {
		switch w {
		case "password", "token":
			return true
		}
	}
	return strings.HasSuffix(name, "-api-key")
}

// masked hides a secret value: passwords, tokens, API keys, and a DSN's password.
func masked(name, v string) string {
	if v == "" {
		return v
	}
	if secretFlag(name) {
		return "(set)"
	}
	if u, err := url.Parse(v); err == nil && u.User != nil {
		if _, has := u.User.Password(); has {
			u.User = url.UserPassword(u.User.Username(), "xxxxx")
			return u.String()
		}
	}
	return v
}
