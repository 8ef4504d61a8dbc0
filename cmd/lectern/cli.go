package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strings"

	"github.com/lectern-dev/lectern/platform/envflag"
)

// command is one node of the command tree: `lectern`, `lectern keys`, `lectern keys create`.
// A node has subcommands or a setup, not both.
type command struct {
	name    string
	summary string // its line in the parent's list of commands
	usage   string // the usage lines after "Usage: ", one command form a line; "" is "<path> [flags]"
	about   string // the paragraphs after the usage lines
	group   string // the heading it is listed under in its parent's help ("" lists it under Commands)
	subs    []*command
	def     string // a group's subcommand when the first argument is a flag or there is none ("" needs one)
	// setup registers the command's flags on fs and returns what it does with them.
	setup func(fs *flag.FlagSet) action
}

// action is what a leaf command does once its flags are parsed and its environment applied:
// check (every problem of the configuration, connecting nowhere) and then run. --verify-config
// and `lectern config` run the check alone.
type action struct {
	args  argSpec
	check func(c *call) error // nil: nothing to check beyond the flags
	run   func(ctx context.Context, c *call) error
}

// argSpec says how many positional arguments a command takes, and names them for its errors.
type argSpec struct {
	min, max int    // max < 0: any number
	name     string // "ID", "PATH", "FILE|-"
}

// call is one invocation of a leaf command.
type call struct {
	path    string   // "lectern keys create"
	args    []string // the positional arguments
	fs      *flag.FlagSet
	environ []string
	stdout  io.Writer
	stderr  io.Writer
}

// warnf prints a warning on stderr: it never changes the exit status or stdout.
func (c *call) warnf(format string, args ...any) {
	fmt.Fprintf(c.stderr, "warning: "+format+"\n", args...)
}

// usageError is a mistake in how a command was called: printed as one line naming it, then
// the hint to ask for the command's help; the exit status is 2.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

// usagef returns a usageError.
func usagef(format string, args ...any) error { return usageError{fmt.Sprintf(format, args...)} }

// exitError ends the process with a status and no further message.
type exitError int

func (e exitError) Error() string { return fmt.Sprintf("exit status %d", int(e)) }

// dispatch finds the command args name under root and runs it.
func dispatch(ctx context.Context, root *command, args, environ []string, stdout, stderr io.Writer) error {
	cmd, path := root, root.name
	for cmd.setup == nil {
		var next string
		switch {
		case len(args) > 0 && isHelp(args[0]):
			fmt.Fprint(stdout, cmd.help(path))
			return nil
		case len(args) > 0 && args[0] == "help": // `lectern help keys create`
			return helpTopic(cmd, path, args[1:], stdout, stderr)
		case len(args) > 0 && !strings.HasPrefix(args[0], "-"):
			next, args = args[0], args[1:]
		case cmd.def != "":
			next = cmd.def
		case len(args) == 0:
			fmt.Fprint(stderr, cmd.help(path))
			return exitError(2)
		default: // a flag before any command: `lectern --http-addr :80`
			return report(stderr, path, usagef("%s", cmd.flagFirst(path, args[0])))
		}
		sub := cmd.sub(next)
		if sub == nil {
			return report(stderr, path, usagef("unknown command %q%s", next, suggest(next, cmd.commandNames())))
		}
		cmd, path = sub, path+" "+sub.name
	}
	return cmd.execute(ctx, path, args, environ, stdout, stderr)
}

// execute parses a leaf command's flags and environment, checks them and runs it.
func (cmd *command) execute(ctx context.Context, path string, args, environ []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet(path, flag.ContinueOnError)
	fs.SetOutput(io.Discard) // errors are reported once, in our words, below
	act := cmd.setup(fs)
	verify := fs.Lookup("verify-config")
	positional, err := parseInterspersed(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprint(stdout, cmd.help(path))
		return nil
	}
	if err != nil {
		return report(stderr, path, usageError{flagError(err, fs)})
	}
	c := &call{path: path, args: positional, fs: fs, environ: environ, stdout: stdout, stderr: stderr}
	if err := act.args.check(positional); err != nil {
		return report(stderr, path, err)
	}
	problems := checkEnv(fs, environ)
	if act.check != nil {
		problems = errors.Join(problems, act.check(c))
	}
	if problems != nil {
		return report(stderr, path, problems)
	}
	if verify != nil && verify.Value.String() == "true" {
		fmt.Fprintln(stdout, "configuration ok")
		return nil
	}
	return act.run(ctx, c)
}

// checkEnv applies the environment to the flags and names every LECTERN_* variable that no
// command reads (a typo such as LECTERN_HTPP_ADDR), each with the flag it may have meant.
func checkEnv(fs *flag.FlagSet, environ []string) error {
	if len(envflag.Vars(fs)) == 0 {
		return nil // the command reads no environment
	}
	errs := []error{envflag.ApplyFrom(fs, lookup(environ))}
	for _, name := range unknownEnv(environ) {
		errs = append(errs, fmt.Errorf("%s: no flag of lectern reads this variable%s", name, suggest(name, knownEnvNames())))
	}
	return errors.Join(errs...)
}

// report prints err for the command at path and returns the exit status: a usage or
// configuration problem is one line a problem followed by the hint to ask for help.
func report(stderr io.Writer, path string, err error) error {
	var ex exitError
	if errors.As(err, &ex) {
		return err
	}
	for line := range strings.SplitSeq(err.Error(), "\n") {
		fmt.Fprintf(stderr, "%s: %s\n", path, line)
	}
	fmt.Fprintf(stderr, "Run '%s --help' for usage.\n", path)
	if errors.As(err, new(usageError)) {
		return exitError(2)
	}
	return exitError(1)
}

// helpTopic answers `lectern help [command...]`.
func helpTopic(cmd *command, path string, topic []string, stdout, stderr io.Writer) error {
	for _, name := range topic {
		sub := cmd.sub(name)
		if sub == nil {
			return report(stderr, path, usagef("unknown command %q%s", name, suggest(name, cmd.commandNames())))
		}
		cmd, path = sub, path+" "+name
	}
	fmt.Fprint(stdout, cmd.help(path))
	return nil
}

func isHelp(arg string) bool { return arg == "-h" || arg == "-help" || arg == "--help" }

// sub returns the subcommand called name, or nil.
func (cmd *command) sub(name string) *command {
	for _, s := range cmd.subs {
		if s.name == name {
			return s
		}
	}
	return nil
}

func (cmd *command) commandNames() []string {
	names := make([]string, len(cmd.subs))
	for i, s := range cmd.subs {
		names[i] = s.name
	}
	return names
}

// help is the command's help: usage, description, and its subcommands or its own flags.
func (cmd *command) help(path string) string {
	var b strings.Builder
	usage := cmd.usage
	if usage == "" {
		usage = path + " [flags]"
		if cmd.subs != nil {
			usage = path + " <command> [flags]"
		}
	}
	for i, line := range strings.Split(strings.TrimSpace(usage), "\n") {
		if i == 0 {
			fmt.Fprintf(&b, "Usage: %s\n", line)
		} else {
			fmt.Fprintf(&b, "       %s\n", strings.TrimSpace(line))
		}
	}
	if cmd.about != "" {
		fmt.Fprintf(&b, "\n%s\n", strings.TrimSpace(cmd.about))
	}
	if cmd.subs != nil {
		var groups []string
		for _, s := range cmd.subs {
			if !slices.Contains(groups, s.group) {
				groups = append(groups, s.group)
			}
		}
		for _, g := range groups {
			if g == "" {
				g = "Commands"
			}
			fmt.Fprintf(&b, "\n%s:\n", g)
			for _, s := range cmd.subs {
				if s.group == g || (g == "Commands" && s.group == "") {
					fmt.Fprintf(&b, "  %-11s %s\n", s.name, s.summary)
				}
			}
		}
		fmt.Fprintf(&b, "\nRun '%s <command> --help' for the flags of a command.\n", path)
		return b.String()
	}
	fs := flag.NewFlagSet(path, flag.ContinueOnError)
	cmd.setup(fs)
	if n := countFlags(fs); n > 0 {
		b.WriteString("\nFlags:\n")
		writeFlags(&b, fs)
		if len(envflag.Vars(fs)) > 0 {
			b.WriteString("\nA flag marked (env NAME) may be given by that variable instead; the command line wins.\n")
		}
	}
	return b.String()
}

func countFlags(fs *flag.FlagSet) int {
	n := 0
	fs.VisitAll(func(*flag.Flag) { n++ })
	return n
}

// writeFlags lists fs's flags in name order, as the flag package does but with two dashes:
// "--name type" then the usage, its variable and its default, indented.
func writeFlags(w io.Writer, fs *flag.FlagSet) {
	fs.VisitAll(func(f *flag.Flag) {
		plain := *f
		plain.Value = envflag.Underlying(f)
		typ, usage := flag.UnquoteUsage(&plain)
		line := "  --" + f.Name
		if typ != "" {
			line += " " + typ
		}
		if !isZeroDefault(f.DefValue) {
			if typ == "string" || typ == "value" {
				usage += fmt.Sprintf(" (default %q)", f.DefValue)
			} else {
				usage += fmt.Sprintf(" (default %s)", f.DefValue)
			}
		}
		fmt.Fprintf(w, "%s\n      %s\n", line, strings.ReplaceAll(usage, "\n", "\n      "))
	})
}

func isZeroDefault(v string) bool { return v == "" || v == "false" || v == "0" || v == "0s" }

// flagErrorRE matches the flag package's parse errors, which name a flag with one dash.
var flagErrorRE = []struct {
	re   *regexp.Regexp
	text string
}{
	{regexp.MustCompile(`^flag provided but not defined: -+(.+)$`), "unknown flag --%s"},
	{regexp.MustCompile(`^flag needs an argument: -+(.+)$`), "--%s needs a value"},
	{regexp.MustCompile(`^bad flag syntax: (.+)$`), "bad flag syntax %s"},
}

// flagError rewrites a parse error of the flag package in the command's terms: the flag with
// two dashes, and the flag it may have meant.
func flagError(err error, fs *flag.FlagSet) string {
	msg := err.Error()
	for _, r := range flagErrorRE {
		if m := r.re.FindStringSubmatch(msg); m != nil {
			out := fmt.Sprintf(r.text, m[1])
			if strings.HasPrefix(r.text, "unknown flag") {
				var names []string
				fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
				if hint := suggestFlag(m[1], names); hint != "" {
					out += hint
				} else if others := commandsWithFlag(m[1]); len(others) > 0 {
					out += fmt.Sprintf(" (it is a flag of %s)", strings.Join(others, ", "))
				}
			}
			return out
		}
	}
	// invalid value "x" for flag -name: reason
	return regexp.MustCompile(`for flag -+([a-z0-9-]+)`).ReplaceAllString(msg, "for --$1")
}

// flagFirst explains a flag given before the command it belongs to, naming the first command
// that has it.
func (cmd *command) flagFirst(path, arg string) string {
	name := strings.TrimPrefix(flagName(arg), "--")
	for _, s := range cmd.subs {
		if s.setup == nil {
			continue
		}
		fs := flag.NewFlagSet(s.name, flag.ContinueOnError)
		s.setup(fs)
		if fs.Lookup(name) != nil {
			return fmt.Sprintf("--%s needs a command before it: flags follow their command, as in '%s %s %s ...'", name, path, s.name, flagName(arg))
		}
	}
	return fmt.Sprintf("%s: a command comes first (%s); flags follow it", flagName(arg), strings.Join(cmd.commandNames(), ", "))
}

// commandsWithFlag returns the commands that have the flag name, for a flag given to a command
// without it (--llm-model to lectern query).
func commandsWithFlag(name string) []string {
	var out []string
	var walk func(c *command, path string)
	walk = func(c *command, path string) {
		if c.setup != nil {
			fs := flag.NewFlagSet(path, flag.ContinueOnError)
			c.setup(fs)
			if fs.Lookup(name) != nil {
				out = append(out, "'"+path+"'")
			}
		}
		for _, s := range c.subs {
			if !strings.HasPrefix(path, "lectern config") { // config repeats the services
				walk(s, path+" "+s.name)
			}
		}
	}
	walk(commands(), "lectern")
	return out
}

// flagName is arg as a flag name ("--http-addr" from "-http-addr=x").
func flagName(arg string) string {
	name, _, _ := strings.Cut(strings.TrimLeft(arg, "-"), "=")
	return "--" + name
}

// check returns a usageError when positional does not fit the spec.
func (a argSpec) check(positional []string) error {
	n := len(positional)
	switch {
	case a.max == 0 && n > 0:
		return usagef("unexpected argument %q", positional[0])
	case a.max > 0 && n > a.max:
		return usagef("unexpected argument %q (takes %s)", positional[a.max], a.describe())
	case n < a.min:
		return usagef("missing %s", a.describe())
	}
	return nil
}

func (a argSpec) describe() string {
	switch {
	case a.min == 1 && a.max == 1:
		return "one " + a.name
	case a.max < 0:
		return "one or more " + a.name
	}
	return a.name
}

// parseInterspersed parses flags that may stand before, between or after positional
// arguments, and returns the positional ones. "--" ends the flags.
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return positional, nil
		}
		if len(args) > len(rest) && args[len(args)-len(rest)-1] == "--" {
			return append(positional, rest...), nil
		}
		positional = append(positional, rest[0])
		args = rest[1:]
	}
}

// suggest returns ` (did you mean "x"?)` for the candidate nearest name, or "".
func suggest(name string, candidates []string) string {
	if best := nearest(name, candidates); best != "" {
		return fmt.Sprintf(" (did you mean %q?)", best)
	}
	return ""
}

func suggestFlag(name string, candidates []string) string {
	if best := nearest(name, candidates); best != "" {
		return fmt.Sprintf(" (did you mean --%s?)", best)
	}
	return ""
}

// nearest returns the candidate within a small edit distance of name, or one that name starts
// or ends, or "".
func nearest(name string, candidates []string) string {
	best, bestD := "", 3
	if len(name) > 12 {
		bestD = 4 // longer names: LECTERN_HTPP_ADDR
	}
	for _, c := range candidates {
		if d := editDistance(name, c); d < bestD {
			best, bestD = c, d
		}
	}
	return best
}

// editDistance is the Damerau-Levenshtein distance (with adjacent transpositions) of a and b.
func editDistance(a, b string) int {
	prev2, prev, cur := make([]int, len(b)+1), make([]int, len(b)+1), make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}
