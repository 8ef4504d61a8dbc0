// Package envflag registers command-line flags that an environment variable can stand in for.
//
// Registering a flag never reads the environment: the flag starts at the default the code
// gives, so a Config built from its flags (DefaultConfig) is the same on every machine. After
// the command line is parsed, Apply sets each flag that was not given there from its variable,
// through the flag's own Set, so a variable takes exactly what the flag takes. A malformed
// value is an error naming the variable and the flag, never a silent default. The command line
// wins over the environment; the environment wins over the default.
package envflag

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"time"
)

// value is a flag's value together with the environment variable that stands in for it.
type value struct {
	flag.Value
	env string
}

// IsBoolFlag lets a bool flag be given without a value (--ratelimit), as the flag package does.
func (v *value) IsBoolFlag() bool {
	b, ok := v.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// String is safe on the zero value, which the flag package makes to tell a default apart.
func (v *value) String() string {
	if v == nil || v.Value == nil {
		return ""
	}
	return v.Value.String()
}

// Var registers v under --name with $env standing in for it; v holds the default.
func Var(fs *flag.FlagSet, v flag.Value, name, env, usage string) {
	fs.Var(&value{Value: v, env: env}, name, fmt.Sprintf("%s (env %s)", usage, env))
}

// wrap attaches $env to the flag just registered under name, keeping the flag package's own
// value type (so help shows "duration", "int", quoted strings as usual).
func wrap(fs *flag.FlagSet, name, env string) {
	f := fs.Lookup(name)
	f.Value = &value{Value: f.Value, env: env}
	f.Usage = fmt.Sprintf("%s (env %s)", f.Usage, env)
}

// String registers a string flag with default def and $env standing in for it.
func String(fs *flag.FlagSet, p *string, name, env, def, usage string) {
	fs.StringVar(p, name, def, usage)
	wrap(fs, name, env)
}

// Int registers an int flag with default def and $env standing in for it.
func Int(fs *flag.FlagSet, p *int, name, env string, def int, usage string) {
	fs.IntVar(p, name, def, usage)
	wrap(fs, name, env)
}

// Int64 registers an int64 flag with default def and $env standing in for it.
func Int64(fs *flag.FlagSet, p *int64, name, env string, def int64, usage string) {
	fs.Int64Var(p, name, def, usage)
	wrap(fs, name, env)
}

// Float registers a float64 flag with default def and $env standing in for it.
func Float(fs *flag.FlagSet, p *float64, name, env string, def float64, usage string) {
	fs.Float64Var(p, name, def, usage)
	wrap(fs, name, env)
}

// Duration registers a duration flag with default def and $env standing in for it.
func Duration(fs *flag.FlagSet, p *time.Duration, name, env string, def time.Duration, usage string) {
	fs.DurationVar(p, name, def, usage)
	wrap(fs, name, env)
}

// Bool registers a bool flag with default def and $env standing in for it.
func Bool(fs *flag.FlagSet, p *bool, name, env string, def bool, usage string) {
	fs.BoolVar(p, name, def, usage)
	wrap(fs, name, env)
}

// Apply sets every flag of fs that was not given on the command line from its environment
// variable, when that is set. Call it after fs.Parse. The error names every variable whose
// value the flag refused.
func Apply(fs *flag.FlagSet) error { return ApplyFrom(fs, os.LookupEnv) }

// ApplyFrom is Apply with the environment read through lookup (a manifest's env, a test's map).
func ApplyFrom(fs *flag.FlagSet, lookup func(string) (string, bool)) error {
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	var errs []error
	fs.VisitAll(func(f *flag.Flag) {
		v, ok := f.Value.(*value)
		if !ok || given[f.Name] {
			return
		}
		s, set := lookup(v.env)
		if !set {
			return
		}
		before := v.String()
		if err := fs.Set(f.Name, s); err != nil {
			_ = v.Value.Set(before) // the flag package's own types zero themselves on a failed Set
			errs = append(errs, fmt.Errorf("%s=%q (for --%s): %w", v.env, s, f.Name, err))
		}
	})
	return errors.Join(errs...)
}

// Env returns the environment variable that stands in for f, or "" when it has none.
func Env(f *flag.Flag) string {
	if v, ok := f.Value.(*value); ok {
		return v.env
	}
	return ""
}

// Underlying returns f's own value: the flag package's type for the flags String, Int and the
// like registered (so flag.UnquoteUsage names it "string", "duration"), f.Value for others.
func Underlying(f *flag.Flag) flag.Value {
	if v, ok := f.Value.(*value); ok {
		return v.Value
	}
	return f.Value
}

// Vars returns every environment variable of fs, mapped to its flag's name.
func Vars(fs *flag.FlagSet) map[string]string {
	vars := map[string]string{}
	fs.VisitAll(func(f *flag.Flag) {
		if env := Env(f); env != "" {
			vars[env] = f.Name
		}
	})
	return vars
}

// PrintDefaults prints fs's flags as fs.PrintDefaults would without the environment's wrapper:
// each with its type ("duration", "int") and its default. Use it in fs.Usage.
func PrintDefaults(fs *flag.FlagSet) {
	plain := flag.NewFlagSet(fs.Name(), flag.ContinueOnError)
	plain.SetOutput(fs.Output())
	fs.VisitAll(func(f *flag.Flag) {
		v := f.Value
		if w, ok := v.(*value); ok {
			v = w.Value
		}
		plain.Var(v, f.Name, f.Usage)
		plain.Lookup(f.Name).DefValue = f.DefValue
	})
	plain.PrintDefaults()
}

// Usage returns a usage function for fs: a header line, then PrintDefaults.
func Usage(fs *flag.FlagSet) func() {
	return func() {
		fmt.Fprintf(fs.Output(), "Usage of %s:\n", fs.Name())
		PrintDefaults(fs)
	}
}
