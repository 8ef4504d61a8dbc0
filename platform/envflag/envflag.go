// Package envflag registers command-line flags whose defaults come from environment variables.
package envflag

import (
	"flag"
	"fmt"
	"os"
	"strconv"
	"time"
)

// usage appends the environment variable's name to a flag's help text.
func usage(env, text string) string { return fmt.Sprintf("%s (env %s)", text, env) }

// String registers a string flag whose default is $env when set, else def.
func String(fs *flag.FlagSet, p *string, name, env, def, text string) {
	if v, ok := os.LookupEnv(env); ok {
		def = v
	}
	fs.StringVar(p, name, def, usage(env, text))
}

// Int registers an int flag whose default is $env when set and valid, else def.
func Int(fs *flag.FlagSet, p *int, name, env string, def int, text string) {
	if v, ok := os.LookupEnv(env); ok {
		if n, err := strconv.Atoi(v); err == nil {
			def = n
		}
	}
	fs.IntVar(p, name, def, usage(env, text))
}

// Float registers a float64 flag whose default is $env when set and valid, else def.
func Float(fs *flag.FlagSet, p *float64, name, env string, def float64, text string) {
	if v, ok := os.LookupEnv(env); ok {
		if n, err := strconv.ParseFloat(v, 64); err == nil {
			def = n
		}
	}
	fs.Float64Var(p, name, def, usage(env, text))
}

// Duration registers a duration flag whose default is $env when set and valid, else def.
func Duration(fs *flag.FlagSet, p *time.Duration, name, env string, def time.Duration, text string) {
	if v, ok := os.LookupEnv(env); ok {
		if d, err := time.ParseDuration(v); err == nil {
			def = d
		}
	}
	fs.DurationVar(p, name, def, usage(env, text))
}

// Bool registers a bool flag whose default is $env when set and valid, else def.
func Bool(fs *flag.FlagSet, p *bool, name, env string, def bool, text string) {
	if v, ok := os.LookupEnv(env); ok {
		if b, err := strconv.ParseBool(v); err == nil {
			def = b
		}
	}
	fs.BoolVar(p, name, def, usage(env, text))
}
