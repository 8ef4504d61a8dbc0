// Package envflag registers command-line flags whose defaults come from environment variables.
// A malformed environment value is not dropped silently: Check reports it after parsing unless
// the flag was given on the command line.
package envflag

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"strconv"
	"sync"
	"time"
)

// usage appends the environment variable's name to a flag's help text.
func usage(env, text string) string { return fmt.Sprintf("%s (env %s)", text, env) }

// bad records the malformed environment values seen while registering each flag set's flags.
var (
	mu  sync.Mutex
	bad = map[*flag.FlagSet][]badEnv{}
)

type badEnv struct {
	flag, env, value string
	err              error
}

// lookup returns $env and whether it is set; parse turns it into the flag's type.
func lookup[T any](fs *flag.FlagSet, name, env string, def T, parse func(string) (T, error)) T {
	v, ok := os.LookupEnv(env)
	if !ok {
		return def
	}
	parsed, err := parse(v)
	if err != nil {
		mu.Lock()
		bad[fs] = append(bad[fs], badEnv{flag: name, env: env, value: v, err: err})
		mu.Unlock()
		return def
	}
	return parsed
}

// Check returns an error naming every environment variable of fs whose value could not be
// parsed, except those whose flag was set on the command line. Call it after fs.Parse.
func Check(fs *flag.FlagSet) error {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	mu.Lock()
	defer mu.Unlock()
	var errs []error
	for _, b := range bad[fs] {
		if !set[b.flag] {
			errs = append(errs, fmt.Errorf("%s=%q (for --%s): %w", b.env, b.value, b.flag, b.err))
		}
	}
	delete(bad, fs)
	return errors.Join(errs...)
}

// String registers a string flag whose default is $env when set, else def.
func String(fs *flag.FlagSet, p *string, name, env, def, text string) {
	if v, ok := os.LookupEnv(env); ok {
		def = v
	}
	fs.StringVar(p, name, def, usage(env, text))
}

// Int registers an int flag whose default is $env when set, else def.
func Int(fs *flag.FlagSet, p *int, name, env string, def int, text string) {
	fs.IntVar(p, name, lookup(fs, name, env, def, strconv.Atoi), usage(env, text))
}

// Float registers a float64 flag whose default is $env when set, else def.
func Float(fs *flag.FlagSet, p *float64, name, env string, def float64, text string) {
	parse := func(s string) (float64, error) { return strconv.ParseFloat(s, 64) }
	fs.Float64Var(p, name, lookup(fs, name, env, def, parse), usage(env, text))
}

// Duration registers a duration flag whose default is $env when set, else def.
func Duration(fs *flag.FlagSet, p *time.Duration, name, env string, def time.Duration, text string) {
	fs.DurationVar(p, name, lookup(fs, name, env, def, time.ParseDuration), usage(env, text))
}

// Bool registers a bool flag whose default is $env when set, else def.
func Bool(fs *flag.FlagSet, p *bool, name, env string, def bool, text string) {
	fs.BoolVar(p, name, lookup(fs, name, env, def, strconv.ParseBool), usage(env, text))
}

// Int64 registers an int64 flag whose default is $env when set, else def.
func Int64(fs *flag.FlagSet, p *int64, name, env string, def int64, text string) {
	parse := func(s string) (int64, error) { return strconv.ParseInt(s, 10, 64) }
	fs.Int64Var(p, name, lookup(fs, name, env, def, parse), usage(env, text))
}
