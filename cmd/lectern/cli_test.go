package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"net"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// runCmd runs `lectern args...` in-process with environ and returns the exit status and
// output, as main would exit.
func runCmd(t *testing.T, environ []string, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	err := runEnv(context.Background(), args, environ, &stdout, &stderr)
	var ex exitError
	switch {
	case errors.As(err, &ex):
		return int(ex), stdout.String(), stderr.String()
	case err != nil:
		return 1, stdout.String(), stderr.String() + "lectern: " + err.Error() + "\n"
	}
	return 0, stdout.String(), stderr.String()
}

// TestBareLecternListsCommands: `lectern` alone lists the commands (and starts nothing: no
// ./data appears), `lectern --help` and `lectern help` list them on stdout with exit 0.
func TestBareLecternListsCommands(t *testing.T) {
	t.Chdir(t.TempDir())
	code, out, errOut := runCmd(t, nil)
	if code != 2 || out != "" {
		t.Errorf("lectern alone: exit %d, stdout %q; want 2 and the list on stderr", code, out)
	}
	if _, err := os.Stat("data"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("lectern alone made ./data (%v): it must not start a server", err)
	}
	want := []string{"Usage: lectern <command> [flags]", "Services", "Tools", "Run 'lectern <command> --help'"}
	for _, c := range commands().subs {
		want = append(want, "  "+c.name+strings.Repeat(" ", max(1, 12-len(c.name)))+c.summary)
	}
	for _, text := range []string{errOut, mustRun(t, "--help"), mustRun(t, "-h"), mustRun(t, "help")} {
		for _, w := range want {
			if !strings.Contains(text, w) {
				t.Errorf("the list of commands lacks %q:\n%s", w, text)
			}
		}
		if helpFlagRE.MatchString(text) {
			t.Errorf("the list of commands shows flags:\n%s", text)
		}
	}
}

func mustRun(t *testing.T, args ...string) string {
	t.Helper()
	code, out, errOut := runCmd(t, nil, args...)
	if code != 0 {
		t.Fatalf("lectern %s: exit %d\n%s", strings.Join(args, " "), code, errOut)
	}
	return out
}

// helpFlagRE reads the flag names of a help text.
var helpFlagRE = regexp.MustCompile(`(?m)^  --([a-z0-9-]+)`)

// TestEveryCommandAnswersHelp walks the command tree: every command and subcommand answers
// --help (and -h, and `lectern help ...`) on stdout with exit 0, and a command's help lists
// exactly the flags it parses, no more.
func TestEveryCommandAnswersHelp(t *testing.T) {
	var walk func(c *command, path []string)
	walk = func(c *command, path []string) {
		name := strings.Join(path, " ")
		t.Run(name, func(t *testing.T) {
			help := mustRun(t, append(path[1:], "--help")...)
			if !strings.HasPrefix(help, "Usage: "+name) {
				t.Errorf("help of %s begins %q", name, firstLine(help))
			}
			if h := mustRun(t, append(path[1:], "-h")...); h != help {
				t.Errorf("-h and --help differ for %s", name)
			}
			if h := mustRun(t, append([]string{"help"}, path[1:]...)...); h != help {
				t.Errorf("'lectern help %s' differs from --help", strings.Join(path[1:], " "))
			}
			var listed []string
			for _, m := range helpFlagRE.FindAllStringSubmatch(help, -1) {
				listed = append(listed, m[1])
			}
			var parsed []string
			if c.setup != nil {
				fs := flag.NewFlagSet(name, flag.ContinueOnError)
				c.setup(fs)
				fs.VisitAll(func(f *flag.Flag) {
					parsed = append(parsed, f.Name)
					// The flag package takes a `quoted` word of a usage as the value's name:
					// "--fetch-openapi lectern all" was once printed that way.
					if value, _ := flag.UnquoteUsage(f); strings.ContainsAny(value, " ./") {
						t.Errorf("help of %s shows --%s %s: its usage quotes a phrase in backquotes", name, f.Name, value)
					}
				})
			}
			if !slices.Equal(listed, parsed) {
				t.Errorf("help of %s lists flags %v; the command parses %v", name, listed, parsed)
			}
		})
		for _, s := range c.subs {
			walk(s, append(slices.Clone(path), s.name))
		}
	}
	walk(commands(), []string{"lectern"})
}

func firstLine(s string) string { line, _, _ := strings.Cut(s, "\n"); return line }

// TestServicesListOnlyTheirFlags: each service takes the flags of the modules it runs, so the
// model flags are the assistant's, the consumer's are ingest's, and `all` has every flag.
func TestServicesListOnlyTheirFlags(t *testing.T) {
	tests := []struct {
		target    string
		has, lack []string
	}{
		{"query", []string{"store", "clickhouse-dsn", "http-addr", "sites", "nats-url"}, []string{"llm-model", "embed-model", "assistant-thread-ttl", "consumer-workers", "retention-feedback", "nats-group-events"}},
		{"assistant", []string{"llm-model", "embed-model", "assistant-thread-ttl", "nats-group-events", "http-addr"}, []string{"store", "clickhouse-dsn", "consumer-workers", "retention-feedback"}},
		{"ingest", []string{"store", "consumer-workers", "retention-feedback", "nats-group-events"}, []string{"llm-model", "embed-model", "assistant-thread-ttl"}},
		{"all", []string{"store", "consumer-workers", "retention-feedback", "nats-group-events", "llm-model", "embed-model", "verify-config"}, nil},
	}
	for _, tt := range tests {
		help := mustRun(t, tt.target, "--help")
		listed := map[string]bool{}
		for _, m := range helpFlagRE.FindAllStringSubmatch(help, -1) {
			listed[m[1]] = true
		}
		for _, f := range tt.has {
			if !listed[f] {
				t.Errorf("lectern %s --help lacks --%s", tt.target, f)
			}
		}
		for _, f := range tt.lack {
			if listed[f] {
				t.Errorf("lectern %s --help lists --%s, a flag of a module it does not run", tt.target, f)
			}
		}
	}
	var all Config
	fs := flag.NewFlagSet("all", flag.ContinueOnError)
	all.RegisterFlags(fs)
	n := 0
	fs.VisitAll(func(*flag.Flag) { n++ })
	if got := len(helpFlagRE.FindAllString(mustRun(t, "all", "--help"), -1)); got != n+1 { // and --verify-config
		t.Errorf("lectern all --help lists %d flags; Config has %d and --verify-config", got, n)
	}
	if helpFlagRE.MatchString(mustRun(t, "config", "--help")) {
		t.Error("lectern config --help lists the flags of all; they are lectern config all's")
	}
}

// TestUsageErrors: a mistake is one line naming the flag or argument at fault, then the hint to
// run the command's --help; exit 2, nothing on stdout, and nothing reached: every address the
// tools use leads to a listener of the test's, which must have no connection afterwards.
func TestUsageErrors(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	env := []string{"LECTERN_NATS_URL=nats://" + ln.Addr().String(), "LECTERN_URL=http://" + ln.Addr().String(), "LECTERN_DATA_DIR=" + t.TempDir(), "LECTERN_SITES=" + repoSites}
	tests := []struct {
		args []string
		want string // the first line of stderr
	}{
		{[]string{"keys", "create", "--kind", "admin"}, "lectern keys create: --project is required for an admin key"},
		{[]string{"keys", "create", "--kind", "ingest"}, "lectern keys create: --project is required for an ingest key"},
		{[]string{"keys", "create", "--kind", "assistant"}, "lectern keys create: --domain is required for an assistant key"},
		{[]string{"keys", "create", "--project", "lectern-docs"}, "lectern keys create: --kind is required: admin, assistant or ingest"},
		{[]string{"keys", "create", "--kind", "owner", "--project", "p"}, `lectern keys create: --kind "owner": want admin, assistant or ingest`},
		{[]string{"keys", "create", "--kind", "admin", "--domain", "lectern"}, "lectern keys create: an admin key takes --project, not --domain"},
		{[]string{"keys", "create", "--kind", "admin", "--project", "a b"}, `lectern keys create: --project "a b": want 1-64 letters, digits, '-' or '_'`},
		{[]string{"keys", "create", "--kind", "admin", "--project", "p", "--expires", "soon"}, `lectern keys create: --expires "soon": want a duration such as 720h or an RFC 3339 time`},
		{[]string{"keys", "create", "--kindd", "admin"}, "lectern keys create: unknown flag --kindd (did you mean --kind?)"},
		{[]string{"keys", "create", "--kind"}, "lectern keys create: --kind needs a value"},
		{[]string{"query", "--llm-model", "gpt-x"}, "lectern query: unknown flag --llm-model (it is a flag of 'lectern all', 'lectern assistant')"},
		{[]string{"keys", "revoke", "01J..."}, `lectern keys revoke: "01J..." is not a key id: an id is the 26 letters and digits of the first column of 'lectern keys list', such as 01JD8W6K2Q3R4S5T6V7W8X9Y0Z`},
		{[]string{"keys", "revoke", "lk_admin_nope"}, `lectern keys revoke: "lk_admin_nope" is not a whole key: give the key's id, the first column of 'lectern keys list'`},
		{[]string{"keys", "revoke"}, "lectern keys revoke: missing one key ID"},
		{[]string{"keys", "revoke", "01JD8W6K2Q3R4S5T6V7W8X9Y0Z", "01JD8W6K2Q3R4S5T6V7W8X9Y0Y"}, `lectern keys revoke: unexpected argument "01JD8W6K2Q3R4S5T6V7W8X9Y0Y" (takes one key ID)`},
		{[]string{"keys", "list", "extra"}, `lectern keys list: unexpected argument "extra"`},
		{[]string{"data", "delete", "--project", "lectern-docs", "--thread", "thr_…"}, `lectern data delete: --thread "thr_…" is not a thread id: a thread id is thr_ and 26 letters and digits, as the X-Thread-Id header and the conversation export show it`},
		{[]string{"data", "delete", "--thread", "thr_01JD8W6K2Q3R4S5T6V7W8X9Y0Z"}, "lectern data delete: --project is required"},
		{[]string{"data", "delete", "--project", "lectern-docs"}, "lectern data delete: give exactly one of --contact, --anon-id and --thread"},
		{[]string{"data", "delete", "--project", "lectern-docs", "--contact", "a@b", "--anon-id", "x"}, "lectern data delete: give exactly one of --contact, --anon-id and --thread"},
		{[]string{"events", "import", "access.log"}, "lectern events import: --key is required: an ingest key of the project"},
		{[]string{"events", "import", "--key", "k", "--project", "p"}, "lectern events import: missing one log FILE (or - for standard input)"},
		{[]string{"events", "import", "--key", "k", "--project", "p", "--format", "csv", "x.log"}, `lectern events import: --format "csv": want combined or json`},
		{[]string{"all", "--nats-replicas", "x"}, `lectern all: invalid value "x" for --nats-replicas: parse error`},
		{[]string{"all", "extra"}, `lectern all: unexpected argument "extra"`},
		{[]string{"--http-addr", ":80"}, "lectern: --http-addr needs a command before it: flags follow their command, as in 'lectern all --http-addr ...'"},
		{[]string{"kyes", "list"}, `lectern: unknown command "kyes" (did you mean "keys"?)`},
		{[]string{"keys", "lst"}, `lectern keys: unknown command "lst" (did you mean "list"?)`},
		{[]string{"help", "nope"}, `lectern: unknown command "nope"`},
		{[]string{"probe"}, "lectern probe: missing one URL"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			code, out, errOut := runCmd(t, env, tt.args...)
			lines := strings.Split(strings.TrimSuffix(errOut, "\n"), "\n")
			if code != 2 || out != "" {
				t.Errorf("exit %d, stdout %q; want 2 and nothing", code, out)
			}
			if len(lines) != 2 || lines[0] != tt.want || !regexp.MustCompile(`^Run 'lectern( [a-z]+)* --help' for usage\.$`).MatchString(lines[1]) {
				t.Errorf("stderr:\n%s\nwant:\n%s\nRun '... --help' for usage.", errOut, tt.want)
			}
		})
	}
	if err := ln.(*net.TCPListener).SetDeadline(time.Now()); err != nil {
		t.Fatal(err)
	}
	if c, err := ln.Accept(); err == nil {
		c.Close()
		t.Fatal("a command with a usage mistake connected somewhere before refusing it")
	}
}
