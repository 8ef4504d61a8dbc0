package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"net/url"
	"strings"
)

const configUsage = `Usage: lectern config [all|ingest|query|assistant] [flags]

Reads the flags and LECTERN_* variables as 'lectern <target>' would, checks them, and prints
the configuration, one --flag=value a line (secrets masked), without starting or connecting to
anything. Exit status 1 names every problem: a flag the binary does not have, a value a flag
refuses (from the command line or the environment), a LECTERN_* variable no flag reads, or a
setting the target's checks reject. deploy/check runs it on every Deployment's args and env.
`

// configMain runs `lectern config ...`.
func configMain(args []string, environ []string, stdout, stderr io.Writer) error {
	target := string(TargetAll)
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		target, args = args[0], args[1:]
	}
	if target == "help" {
		fmt.Fprint(stdout, configUsage)
		return nil
	}
	if !isTarget(target) { // before reading anything else
		fmt.Fprintf(stderr, "lectern config: unknown target %q\n\n%s", target, configUsage)
		return exitError(2)
	}
	_, fs, err := parseServer(Target(target), args, lookup(environ), stderr)
	if fs == nil {
		return err
	}
	if unknown := unknownEnv(fs, environ); len(unknown) > 0 {
		err = errors.Join(err, fmt.Errorf("configuration: %s: no flag of lectern %s reads it", strings.Join(unknown, ", "), target))
	}
	if err != nil {
		return err
	}
	printConfig(stdout, fs)
	return nil
}

// printConfig prints every flag as --name=value, in name order, with secrets masked.
func printConfig(w io.Writer, fs *flag.FlagSet) {
	fs.VisitAll(func(f *flag.Flag) {
		fmt.Fprintf(w, "--%s=%s\n", f.Name, masked(f.Name, f.Value.String()))
	})
}

// masked hides a secret value: passwords, tokens, API keys, and a DSN's password.
func masked(name, v string) string {
	if v == "" {
		return v
	}
	for _, secret := range []string{"password", "token", "api-key"} {
		if strings.Contains(name, secret) {
			return "(set)"
		}
	}
	if u, err := url.Parse(v); err == nil && u.User != nil {
		if _, has := u.User.Password(); has {
			u.User = url.UserPassword(u.User.Username(), "xxxxx")
			return u.String()
		}
	}
	return v
}

// lookup reads variables from environ ("NAME=value" entries), as os.LookupEnv reads the process's.
func lookup(environ []string) func(string) (string, bool) {
	vars := map[string]string{}
	for _, kv := range environ {
		if name, v, ok := strings.Cut(kv, "="); ok {
			vars[name] = v
		}
	}
	return func(name string) (string, bool) { v, ok := vars[name]; return v, ok }
}
