package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/lectern-dev/lectern/platform/envflag"
	"github.com/lectern-dev/lectern/platform/eventually"
)

// TestReadmeConfigurationTable keeps the README's configuration reference and the binary's
// flags in step: every flag is documented with its environment variable, and every documented
// flag exists.
func TestReadmeConfigurationTable(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	rows := regexp.MustCompile("(?m)^\\| `--([a-z0-9-]+)` \\| `([A-Z0-9_]+)` \\|").FindAllStringSubmatch(string(readme), -1)
	documented := map[string]string{}
	for _, r := range rows {
		documented[r[1]] = r[2]
	}
	var cfg Config
	fs := flag.NewFlagSet("lectern all", flag.ContinueOnError)
	cfg.RegisterFlags(fs)
	fs.VisitAll(func(f *flag.Flag) {
		env, ok := documented[f.Name]
		switch {
		case !ok:
			t.Errorf("--%s is not in the README's configuration table", f.Name)
		case envflag.Env(f) != env:
			t.Errorf("README gives --%s the variable %s; the flag reads %q", f.Name, env, envflag.Env(f))
		}
		delete(documented, f.Name)
	})
	for name := range documented {
		t.Errorf("README documents --%s, which the binary does not have", name)
	}
}

// docCommand is one command of a shell block of the README or a docs page, with what the page
// says it prints.
type docCommand struct {
	where  string   // file:line
	text   string   // as written, continuation lines included
	expect string   // after "# →" (continuation comment lines joined); "" when none
	stream []string // the part types of a documented stream reply that follows the block
}

// shellCommands reads the commands of every sh/bash/shell block of a Markdown page. A block
// without a language right after a shell block is the documented output of its last command.
func shellCommands(t *testing.T, path, name string) [][]docCommand {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	var blocks [][]docCommand
	for i := 0; i < len(lines); i++ {
		lang, ok := strings.CutPrefix(lines[i], "```")
		if !ok {
			continue
		}
		end := i + 1
		for end < len(lines) && !strings.HasPrefix(lines[end], "```") {
			end++
		}
		if lang == "sh" || lang == "bash" || lang == "shell" {
			block := parseBlock(lines[i+1:end], name, i+2)
			if end+1 < len(lines) && lines[end+1] == "```" && len(block) > 0 { // its output
				stop := end + 2
				for stop < len(lines) && !strings.HasPrefix(lines[stop], "```") {
					stop++
				}
				block[len(block)-1].stream = streamParts(lines[end+2 : stop])
				end = stop
			}
			blocks = append(blocks, block)
		}
		i = end
	}
	return blocks
}

// parseBlock splits a block into commands: a command goes on while a line ends with \ or a
// quote is open; "# → ..." after it is what it prints.
func parseBlock(lines []string, name string, first int) []docCommand {
	var out []docCommand
	var cur []string
	start, inExpect := 0, false
	for i, line := range lines {
		switch {
		case len(cur) > 0:
			cur = append(cur, line)
		case strings.HasPrefix(line, "# →"):
			out[len(out)-1].expect = strings.TrimSpace(strings.TrimPrefix(line, "# →"))
			inExpect = true
			continue
		case inExpect && strings.HasPrefix(line, "#   "):
			out[len(out)-1].expect += strings.TrimSpace(strings.TrimPrefix(line, "#"))
			continue
		case strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#"):
			inExpect = false
			continue
		default:
			cur, start, inExpect = []string{line}, i, false
		}
		text := strings.Join(cur, "\n")
		if strings.HasSuffix(line, "\\") || openQuote(text) {
			continue
		}
		out = append(out, docCommand{where: fmt.Sprintf("%s:%d", name, first+start), text: text})
		cur = nil
	}
	if len(cur) > 0 { // a quote never closed: keep it, so running it fails and names it
		out = append(out, docCommand{where: fmt.Sprintf("%s:%d", name, first+start), text: strings.Join(cur, "\n")})
	}
	return out
}

// openQuote reports whether text ends inside a quoted string, as the shell reads it: quotes in
// a comment (from a # that begins a word to the end of the line) do not count.
func openQuote(text string) bool {
	var quote rune
	prev := ' '
	comment := false
	for _, r := range text {
		switch {
		case comment:
			comment = r != '\n'
		case quote != 0:
			if r == quote && !(quote == '"' && prev == '\\') {
				quote = 0
			}
		case r == '\'' || r == '"':
			quote = r
		case r == '#' && (prev == ' ' || prev == '\t' || prev == '\n'):
			comment = true
		}
		prev = r
	}
	return quote != 0
}

// streamParts returns the part types of a documented data stream ("f", "9", "0", ...), each run
// of one type counted once.
func streamParts(lines []string) []string {
	var parts []string
	for _, line := range lines {
		typ, _, ok := strings.Cut(line, ":")
		if ok && len(typ) == 1 && (len(parts) == 0 || parts[len(parts)-1] != typ) {
			parts = append(parts, typ)
		}
	}
	return parts
}

// expectRE turns a documented output into a pattern: "01J..." is any ULID, "thr_01J..." any
// thread id, "..." and "…" anything.
func expectRE(expect string) *regexp.Regexp {
	q := regexp.QuoteMeta(expect)
	for _, r := range []struct{ old, new string }{
		{`thr_01J\.\.\.`, `thr_[0-9A-Z]{26}`},
		{`01J\.\.\.`, `[0-9A-Z]{26}`},
		{`\.\.\.`, `.*?`},
		{`…`, `.*?`},
	} {
		q = strings.ReplaceAll(q, r.old, r.new)
	}
	return regexp.MustCompile(`(?s)^` + q + `$`)
}

// shell is one bash session the documented commands run in, one after another, so variables
// (INGEST=...) carry over as they do for a reader.
type shell struct {
	t      *testing.T
	dir    string
	stdin  io.WriteCloser
	stdout *bufio.Reader
	n      int
}

func startShell(t *testing.T, dir string, env []string) *shell {
	t.Helper()
	cmd := exec.Command("bash", "--noprofile", "--norc")
	cmd.Dir, cmd.Env = dir, env
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = stdin.Close(); _ = cmd.Wait() })
	sh := &shell{t: t, dir: dir, stdin: stdin, stdout: bufio.NewReader(out)}
	// curl prints the status after the body, so a documented status can be compared.
	sh.run(`curl() { command curl -w '\n%{http_code}' "$@"; }`)
	return sh
}

// run runs one command and returns its output (stdout and stderr) and exit status.
func (sh *shell) run(command string) (string, int) {
	sh.n++
	out := filepath.Join(sh.dir, fmt.Sprintf(".out.%d", sh.n))
	if _, err := fmt.Fprintf(sh.stdin, "{\n%s\n} >%q 2>&1 </dev/null; printf '__done__ %%d\\n' $?\n", command, out); err != nil {
		sh.t.Fatal(err)
	}
	for {
		line, err := sh.stdout.ReadString('\n')
		if err != nil {
			sh.t.Fatalf("the shell ended: %v", err)
		}
		if code, ok := strings.CutPrefix(strings.TrimSpace(line), "__done__ "); ok {
			data, _ := os.ReadFile(out)
			n, _ := strconv.Atoi(code)
			return string(data), n
		}
	}
}

// ulidRE finds ULIDs in output, for the "01J..." a later command names.
var ulidRE = regexp.MustCompile(`\b[0-9A-HJKMNP-TV-Z]{26}\b`)

// TestReadmeWalkthrough runs every command of the README's shell blocks, and every shell block
// of docs/ that runs lectern, as written, against a real `lectern all` started as `make run`
// starts it (./bin/lectern, ./data, ./lectern.yaml, in a copy of the repository's layout), in
// one bash session, and compares each status and output the pages document. The only changes
// to a command are its placeholders: "01J..." is the last id an earlier command printed,
// "thr_01J..." the thread the assistant reply opened, the access log a generated one; and the
// server's real address and keys stand in for the ones `export` sets.
func TestReadmeWalkthrough(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	for _, tool := range []string{"bash", "curl"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("%s is required: %v", tool, err)
		}
	}
	repo, _ := filepath.Abs("../..")
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "bin"), 0o750); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("go", "build", "-o", filepath.Join(dir, "bin", "lectern"), ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	if err := os.Symlink(filepath.Join(repo, "docs"), filepath.Join(dir, "docs")); err != nil {
		t.Fatal(err)
	}
	sites, err := os.ReadFile(filepath.Join(repo, "lectern.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "lectern.yaml"), sites, 0o600); err != nil {
		t.Fatal(err)
	}
	accessLog := writeAccessLog(t, 1843, 9211)

	// make run: ./bin/lectern all --data-dir ./data --sites ./lectern.yaml (on free ports here).
	httpAddr, natsAddr := freeAddr(t), freeAddr(t)
	server := exec.Command("./bin/lectern", "all", "--data-dir", "./data", "--sites", "./lectern.yaml", "--http-addr", httpAddr, "--nats-addr", natsAddr)
	server.Dir = dir
	p := &proc{cmd: server, logs: &syncBuffer{}}
	stdout, err := server.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	p.stdout, server.Stderr = bufio.NewScanner(stdout), p.logs
	if err := server.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = server.Process.Kill(); _ = server.Wait() })
	keys := map[string]string{}
	for len(keys) < 2 && p.stdout.Scan() {
		if k, v, ok := strings.Cut(p.stdout.Text(), "="); ok && strings.HasPrefix(k, "LECTERN_") {
			keys[k] = v
		}
	}
	base := "http://" + httpAddr
	waitHTTP(t, base+"/readyz")

	env := append(os.Environ(), "LECTERN_NATS_URL=nats://"+natsAddr)
	sh := startShell(t, dir, env)
	real := fmt.Sprintf("export LECTERN=%s ADMIN=%s ASSISTANT=%s LECTERN_ASSISTANT_KEY=%s", base, keys["LECTERN_ADMIN_KEY"], keys["LECTERN_ASSISTANT_KEY"], keys["LECTERN_ASSISTANT_KEY"])
	if _, code := sh.run(real); code != 0 {
		t.Fatal("export failed")
	}

	pages := []string{"README.md"}
	docs, _ := filepath.Glob(filepath.Join(repo, "docs", "*.md*"))
	more, _ := filepath.Glob(filepath.Join(repo, "docs", "*", "*.md*"))
	for _, d := range append(docs, more...) {
		rel, _ := filepath.Rel(repo, d)
		pages = append(pages, rel)
	}
	lastID, ran := "", 0
	for _, page := range pages {
		for _, block := range shellCommands(t, filepath.Join(repo, page), page) {
			if len(block) == 0 {
				continue
			}
			first := block[0].text
			if strings.HasPrefix(first, "lectern ") {
				t.Errorf("%s: %q: a shell block runs lectern, which is not on the PATH after make run; write ./bin/lectern", block[0].where, first)
				continue
			}
			runs := strings.HasPrefix(first, "./bin/lectern ") ||
				(page == "README.md" && (strings.HasPrefix(first, "curl ") || strings.HasPrefix(first, "export ") || regexp.MustCompile(`^[A-Z]+=\$\(`).MatchString(first)))
			if !runs {
				continue
			}
			for _, c := range block {
				command := strings.ReplaceAll(c.text, "/var/log/nginx/access.log", accessLog)
				if strings.Contains(command, "thr_01J...") {
					command = strings.ReplaceAll(command, "thr_01J...", threadID(t, dir))
				}
				if strings.Contains(command, "01J...") {
					if lastID == "" {
						t.Fatalf("%s: %q names an id, and no command before it printed one", c.where, c.text)
					}
					command = strings.ReplaceAll(command, "01J...", lastID)
				}
				if strings.HasPrefix(command, "export ") {
					command += "\n" + real // the server's own address and keys
				}
				var out string
				check := func() error {
					var code int
					out, code = sh.run(command)
					return documentedMismatch(c, command, out, code)
				}
				err := check()
				if err != nil && c.expect != "" && isRead(command) {
					// A read after a write: the store is written a moment after the 202, so wait
					// for what the page shows, as a reader typing the next command would.
					err = eventually.Poll(context.Background(), 15*time.Second, check)
				}
				if err != nil {
					t.Errorf("%s: %v", c.where, err)
				}
				ran++
				t.Logf("%s: %s\n%s", c.where, firstLine(command), firstLine(out))
				if ids := ulidRE.FindAllString(out, -1); len(ids) > 0 {
					lastID = ids[len(ids)-1]
				}
			}
		}
	}
	if ran < 25 {
		t.Errorf("ran %d documented commands; the README alone has more", ran)
	}
	if t.Failed() {
		t.Logf("lectern's log:\n%s", p.logs.String())
	}
}

// isRead reports whether a documented command only reads: curl without a method or a body.
func isRead(command string) bool {
	return strings.HasPrefix(command, "curl ") && !strings.Contains(command, " -X ") && !strings.Contains(command, " -d ")
}

// documentedMismatch compares what a command printed with what its page says, and says how
// they differ.
func documentedMismatch(c docCommand, command, out string, code int) error {
	body, status := strings.TrimRight(out, "\n"), 0
	isCurl := strings.HasPrefix(command, "curl ")
	if isCurl {
		if i := strings.LastIndex(body, "\n"); i >= 0 {
			status, _ = strconv.Atoi(body[i+1:])
			body = strings.TrimRight(body[:i], "\n")
		}
	}
	if code != 0 {
		return fmt.Errorf("exit %d:\n%s\n%s", code, command, out)
	}
	expect := c.expect
	if m := regexp.MustCompile(`^(\d{3}) (.*)$`).FindStringSubmatch(expect); m != nil && isCurl {
		if want, _ := strconv.Atoi(m[1]); status != want {
			return fmt.Errorf("status %d, the page says %d:\n%s\n%s", status, want, command, body)
		}
		expect = m[2]
	} else if isCurl && (status < 200 || status > 299) {
		return fmt.Errorf("status %d:\n%s\n%s", status, command, body)
	}
	if expect != "" && !expectRE(expect).MatchString(strings.TrimSpace(body)) {
		return fmt.Errorf("printed\n%s\nthe page says\n%s", body, expect)
	}
	if c.stream != nil {
		if got := streamParts(strings.Split(body, "\n")); !slices.Equal(got, c.stream) {
			return fmt.Errorf("the stream's parts are %v, the page shows %v:\n%s", got, c.stream, body)
		}
	}
	return nil
}

// threadID reads the thread the documented assistant request opened (curl -D headers.txt).
func threadID(t *testing.T, dir string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, "headers.txt"))
	if err != nil {
		t.Fatalf("no headers.txt from the assistant request: %v", err)
	}
	m := regexp.MustCompile(`(?im)^x-thread-id: (\S+)`).FindStringSubmatch(string(data))
	if m == nil {
		t.Fatalf("headers.txt has no X-Thread-Id:\n%s", data)
	}
	return m[1]
}

// writeAccessLog writes a combined-format access log with views page views and skipped lines
// the importer skips (assets, redirects, errors, other methods).
func writeAccessLog(t *testing.T, views, skipped int) string {
	t.Helper()
	var b strings.Builder
	const ua = `"Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0"`
	stamp := time.Now().UTC().Add(-time.Hour).Format("02/Jan/2006:15:04:05 -0700")
	skips := []string{`"GET /style.css HTTP/1.1" 200 512`, `"GET /old HTTP/1.1" 301 0`, `"GET /missing HTTP/1.1" 404 0`, `"POST /quickstart HTTP/1.1" 200 0`}
	for i := range views + skipped {
		req := `"GET /quickstart HTTP/1.1" 200 5120`
		if i >= views {
			req = skips[i%len(skips)]
		}
		fmt.Fprintf(&b, "203.0.113.%d - - [%s] %s \"-\" %s\n", i%250+1, stamp, req, ua)
	}
	path := filepath.Join(t.TempDir(), "access.log")
	if err := os.WriteFile(path, []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}
