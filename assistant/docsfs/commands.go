package docsfs

import (
	"cmp"
	"errors"
	"fmt"
	"path"
	"regexp"
	"strconv"
	"strings"
)

// command runs with its arguments (args[0] is its name), the previous command's output as
// input (nil when it is first), and writes to out.
type command func(sh *shell, args []string, in *string, out *bounded) error

var commands map[string]command

func init() {
	commands = map[string]command{
		"ls": ls, "tree": treeCmd, "cat": cat, "head": head, "tail": tail, "sed": sed,
		"grep": grep, "rg": grep, "wc": wc, "find": find, "cd": cd, "pwd": pwd, "echo": echo, "help": help,
	}
}

func (sh *shell) run(args []string, in *string, out *bounded) error {
	cmd, ok := commands[args[0]]
	if !ok {
		return fmt.Errorf("unknown command; use %s", strings.Join(commandNames, ", "))
	}
	if wantsUsage(args) {
		out.WriteString(usage(args[0]))
		return nil
	}
	err := cmd(sh, args, in, out)
	if errors.Is(err, errMissing) {
		if fixed := sh.spacedName(args); fixed != "" {
			err = fmt.Errorf("%w; a name with a space is one argument when quoted: %s", err, fixed)
		}
		if moved := sh.movedNames(args); len(moved) > 0 {
			err = fmt.Errorf("%w; the site's redirects moved %s", err, strings.Join(moved, ", "))
		}
		if left := sh.leftOutNames(args); len(left) > 0 {
			err = fmt.Errorf("%w; %s", err, strings.Join(left, "; "))
		}
	}
	return err
}

// movedNames says, for each argument that names no file but a page the site's redirects have
// moved to a file here, where it went: "/guides/old.md to /guides/new.md".
func (sh *shell) movedNames(args []string) []string {
	if sh.fs.moved == nil {
		return nil
	}
	var out []string
	for _, a := range args[1:] {
		r, err := rangeOf(a)
		if err != nil || strings.HasPrefix(a, "-") {
			continue
		}
		p := resolve(sh.cwd, r.path)
		if _, ok := sh.fs.File(p); ok || sh.fs.isDir(p) {
			continue
		}
		url, _ := pageURL(p)
		dest, ok := sh.fs.moved(url)
		if !ok {
			continue
		}
		file := strings.TrimSuffix(dest, "/") + ".md"
		if file == ".md" {
			file = "/index.md"
		}
		if _, ok := sh.fs.File(file); ok {
			out = append(out, p+" to "+sh.fs.canonical(path.Clean(file)))
		}
	}
	return out
}

// leftOutNames says, for each argument that names no file but a page the site serves and
// does not index (LeftOut), why it is not here: "/x.md is a page the site leaves out of
// search, llms.txt and this filesystem (hidden: true in its frontmatter); its Markdown is
// served at its URL with .md".
func (sh *shell) leftOutNames(args []string) []string {
	if sh.fs.left == nil {
		return nil
	}
	var out []string
	for _, a := range args[1:] {
		r, err := rangeOf(a)
		if err != nil || strings.HasPrefix(a, "-") {
			continue
		}
		p := resolve(sh.cwd, r.path)
		if _, ok := sh.fs.File(p); ok || sh.fs.isDir(p) {
			continue
		}
		url, isPage := pageURL(p)
		if !isPage {
			continue
		}
		if why, ok := sh.fs.left(url); ok {
			out = append(out, p+" is a page the site leaves out of search, llms.txt and this filesystem ("+why+
				"), as Mintlify's MCP server leaves out hidden pages; its Markdown is served at its URL with .md")
		}
	}
	return out
}

// pageURL is the URL of the page a file name names, at its .md name or at its source's .mdx
// name, which the filesystem also answers to (canonical): /guides/setup.md and
// /guides/setup.mdx are /guides/setup, /dir/index.md is /dir. isPage is false for a name with
// neither extension, read as a URL itself.
func pageURL(p string) (url string, isPage bool) {
	stem, isPage := strings.CutSuffix(p, ".md")
	if !isPage {
		stem, isPage = strings.CutSuffix(p, ".mdx")
	}
	return cmp.Or(strings.TrimSuffix(stem, "/index"), "/"), isPage
}

// spacedName returns the command line args with the two to four adjacent arguments that
// name a page or directory when joined by spaces ("standard", "alert.md": a file name with a
// space, unquoted) made one quoted argument, or "" when no such arguments name one.
func (sh *shell) spacedName(args []string) string {
	for i := 1; i < len(args); i++ {
		for j := i + 2; j <= min(i+4, len(args)); j++ {
			name := strings.Join(args[i:j], " ")
			r, err := rangeOf(name)
			if err != nil {
				continue
			}
			if p := resolve(sh.cwd, r.path); sh.fs.files[p] == nil && !sh.fs.isDir(p) {
				continue
			}
			line := make([]string, 0, len(args))
			for _, a := range args[:i] {
				line = append(line, Quote(a))
			}
			line = append(line, Quote(name))
			for _, a := range args[j:] {
				line = append(line, Quote(a))
			}
			return strings.Join(line, " ")
		}
	}
	return ""
}

var commandNames = []string{"ls", "tree", "cat", "head", "tail", "sed -n", "grep", "wc", "find", "cd", "pwd", "echo", "help"}

const helpText = `A read-only filesystem of the site's pages: each page is a Markdown file at its URL with .md (/index.md is the home page; the page of a directory /dir is /dir.md, also read as /dir/index.md).
Commands (join with ; or && or new lines; pipe into grep, head, tail, wc with |):
  ls [-l] [PATH...]                 list a directory (-l: lines and title of each page)
  tree [-L DEPTH] [PATH]            the directory tree
  cat [-n] FILE[:START[-END]]...    print pages, or a range of lines (cat /guides/setup.md:20-60)
  head [-n N] FILE... / tail [-n N] FILE...
  sed -n 'START,ENDp' FILE          print a range of lines
  grep [-n] [-i] [-F] [-w] [-v] [-l] [-c] [-m N] [-A N] [-B N] [-C N] [-e] PATTERN [PATH...]
                                    search pages (PATTERN is RE2, or a fixed string with -F); directories are searched recursively, / by default
  wc [-l] FILE...                   count lines, words and bytes
  find [PATH] [-name GLOB] [-type f|d]
  cd DIR / pwd                      change or show the directory for the rest of the call
  CMD --help                        the use of one command
`

func help(_ *shell, _ []string, _ *string, out *bounded) error {
	out.WriteString(helpText)
	return nil
}

func pwd(sh *shell, _ []string, _ *string, out *bounded) error {
	out.WriteString(sh.cwd + "\n")
	return nil
}

func echo(_ *shell, args []string, _ *string, out *bounded) error {
	out.WriteString(strings.Join(args[1:], " ") + "\n")
	return nil
}

func cd(sh *shell, args []string, _ *string, _ *bounded) error {
	target := "/"
	if len(args) > 1 {
		target = resolve(sh.cwd, args[1])
	}
	if !sh.fs.isDir(target) {
		return fmt.Errorf("%s: no such directory", target)
	}
	sh.cwd = target
	return nil
}

// flags is a parsed command line: the flags seen, their values, and the other arguments.
type flags struct {
	set    map[string]bool
	values map[string]string
	rest   []string
}

// parseFlags reads single-letter flags (combinable: -ni) and, for the letters in withValue,
// their values (-n 5, -n5); "-N" alone is -n N when numeric is true. "--" ends the flags.
func parseFlags(args []string, boolFlags, withValue string, numeric bool) (flags, error) {
	f := flags{set: map[string]bool{}, values: map[string]string{}}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			f.rest = append(f.rest, args[i+1:]...)
			break
		}
		if len(a) < 2 || a[0] != '-' {
			f.rest = append(f.rest, a)
			continue
		}
		if numeric && isNumber(a[1:]) {
			f.values["n"] = a[1:]
			continue
		}
		for j := 1; j < len(a); j++ {
			c := string(a[j])
			switch {
			case strings.Contains(withValue, c):
				v := a[j+1:]
				if v == "" {
					if i+1 >= len(args) {
						return f, fmt.Errorf("-%s needs a value", c)
					}
					i++
					v = args[i]
				}
				f.values[c] = v
				j = len(a)
			case strings.Contains(boolFlags, c):
				f.set[c] = true
			default:
				return f, fmt.Errorf("unknown option -%s", c)
			}
		}
	}
	return f, nil
}

func isNumber(s string) bool {
	_, err := strconv.Atoi(s)
	return err == nil && s != ""
}

// number reads a flag's value as a count from 0 to 1,000,000.
func (f flags) number(name string, def int) (int, error) {
	v, ok := f.values[name]
	if !ok {
		return def, nil
	}
	n, err := strconv.Atoi(strings.TrimPrefix(v, "+"))
	if err != nil || n < 0 || n > 1_000_000 {
		return 0, fmt.Errorf("-%s %q: want a whole number from 0 to 1000000", name, v)
	}
	return n, nil
}

func ls(sh *shell, args []string, _ *string, out *bounded) error {
	f, err := parseFlags(args[1:], "la1", "", false)
	if err != nil {
		return err
	}
	targets := f.rest
	if len(targets) == 0 {
		targets = []string{"."}
	}
	var missing []string
	for ti, t := range targets {
		for _, p := range sh.fs.glob(sh.cwd, t) {
			if file, ok := sh.fs.files[p]; ok {
				out.WriteString(listing(f.set["l"], p, file))
				continue
			}
			if !sh.fs.isDir(p) {
				missing = append(missing, p)
				continue
			}
			if len(targets) > 1 {
				if ti > 0 {
					out.WriteString("\n")
				}
				out.WriteString(p + ":\n")
			}
			for _, name := range sh.fs.dirs[p] {
				out.WriteString(listing(f.set["l"], name, sh.fs.files[path.Join(p, name)]))
			}
		}
	}
	return missingErr(missing)
}

// listing is one line of ls: the name, and with -l the page's lines and title.
func listing(long bool, name string, f *File) string {
	if !long || f == nil {
		return name + "\n"
	}
	return fmt.Sprintf("%6d  %s  # %s\n", strings.Count(f.Content, "\n"), name, f.Title)
}

// errMissing is the error of a command that named a path that is neither a page nor a
// directory.
var errMissing = errors.New("no such file or directory (ls / lists the site)")

func missingErr(missing []string) error {
	if len(missing) == 0 {
		return nil
	}
	return fmt.Errorf("%s: %w", strings.Join(missing, ", "), errMissing)
}

func treeCmd(sh *shell, args []string, _ *string, out *bounded) error {
	f, err := parseFlags(args[1:], "d", "L", false)
	if err != nil {
		return err
	}
	depth, err := f.number("L", 100)
	if err != nil {
		return err
	}
	root := sh.cwd
	if len(f.rest) > 0 {
		root = resolve(sh.cwd, f.rest[0])
	}
	if !sh.fs.isDir(root) {
		return fmt.Errorf("%s: no such directory", root)
	}
	out.WriteString(root + "\n")
	var rec func(d, prefix string, level int)
	rec = func(d, prefix string, level int) {
		names := sh.fs.dirs[d]
		if f.set["d"] {
			names = dirsOnly(names)
		}
		for i, name := range names {
			if out.full() || sh.ctx.Err() != nil {
				return
			}
			branch, next := "├── ", "│   "
			if i == len(names)-1 {
				branch, next = "└── ", "    "
			}
			out.WriteString(prefix + branch + name + "\n")
			if strings.HasSuffix(name, "/") && level < depth {
				rec(path.Join(d, strings.TrimSuffix(name, "/")), prefix+next, level+1)
			}
		}
	}
	rec(root, "", 1)
	return nil
}

func dirsOnly(names []string) []string {
	var out []string
	for _, n := range names {
		if strings.HasSuffix(n, "/") {
			out = append(out, n)
		}
	}
	return out
}

// lineRange is a file argument with an optional ":START-END" (1-based, inclusive).
type lineRange struct {
	path       string
	start, end int // 0: from the first, to the last
}

// rangeOf splits "FILE:START-END", "FILE:START-" and "FILE:LINE".
func rangeOf(arg string) (lineRange, error) {
	i := strings.LastIndexByte(arg, ':')
	if i < 0 {
		return lineRange{path: arg}, nil
	}
	r := lineRange{path: arg[:i]}
	spec := arg[i+1:]
	a, b, isRange := strings.Cut(spec, "-")
	var err1, err2 error
	r.start, err1 = strconv.Atoi(a)
	switch {
	case !isRange:
		r.end = r.start
	case b != "":
		r.end, err2 = strconv.Atoi(b)
	}
	if err1 != nil || err2 != nil || r.start < 1 || (r.end != 0 && r.end < r.start) {
		return r, fmt.Errorf("%q: a line range is FILE:START-END with 1 <= START <= END", arg)
	}
	return r, nil
}

func cat(sh *shell, args []string, in *string, out *bounded) error {
	f, err := parseFlags(args[1:], "n", "", false)
	if err != nil {
		return err
	}
	if len(f.rest) == 0 {
		if in == nil {
			return errors.New("name a file: cat /index.md, or cat FILE:START-END for lines")
		}
		writeLines(out, *in, 0, 0, f.set["n"])
		return nil
	}
	var missing []string
	for _, a := range f.rest {
		r, err := rangeOf(a)
		if err != nil {
			return err
		}
		for _, p := range sh.fs.glob(sh.cwd, r.path) {
			file, ok := sh.fs.files[p]
			if !ok {
				if sh.fs.isDir(p) {
					return fmt.Errorf("%s: is a directory (ls %s lists it)", p, p)
				}
				missing = append(missing, p)
				continue
			}
			if len(f.rest) > 1 || strings.ContainsAny(r.path, "*?[") {
				out.WriteString("==> " + p + " <==\n")
			}
			writeLines(out, file.Content, r.start, r.end, f.set["n"])
			if out.full() || sh.ctx.Err() != nil {
				return nil
			}
		}
	}
	return missingErr(missing)
}

// writeLines writes lines start..end (1-based, 0 for open ends), numbered with -n.
func writeLines(out *bounded, content string, start, end int, numbered bool) {
	n := 0
	for line := range strings.Lines(content) {
		n++
		if start > 0 && n < start {
			continue
		}
		if end > 0 && n > end || out.full() {
			return
		}
		if numbered {
			out.WriteString(fmt.Sprintf("%6d\t", n))
		}
		out.WriteString(line)
		if !strings.HasSuffix(line, "\n") {
			out.WriteString("\n")
		}
	}
}

func head(sh *shell, args []string, in *string, out *bounded) error {
	return ends(sh, args, in, out, false)
}

func tail(sh *shell, args []string, in *string, out *bounded) error {
	return ends(sh, args, in, out, true)
}

// ends prints the first (or last) lines of files or the input.
func ends(sh *shell, args []string, in *string, out *bounded, last bool) error {
	f, err := parseFlags(args[1:], "", "n", true)
	if err != nil {
		return err
	}
	n, err := f.number("n", 10)
	if err != nil {
		return err
	}
	from := strings.HasPrefix(f.values["n"], "+") && last // tail -n +K: from line K
	pick := func(content string) {
		total := strings.Count(content, "\n")
		if !strings.HasSuffix(content, "\n") && content != "" {
			total++
		}
		switch {
		case from:
			writeLines(out, content, max(n, 1), 0, false)
		case last:
			writeLines(out, content, max(total-n+1, 1), 0, false)
		case n > 0:
			writeLines(out, content, 1, n, false)
		}
	}
	if len(f.rest) == 0 {
		if in == nil {
			return fmt.Errorf("name a file: %s -n 20 /index.md", args[0])
		}
		pick(*in)
		return nil
	}
	var missing []string
	for _, a := range f.rest {
		for _, p := range sh.fs.glob(sh.cwd, a) {
			file, ok := sh.fs.files[p]
			if !ok {
				missing = append(missing, p)
				continue
			}
			if len(f.rest) > 1 || strings.ContainsAny(a, "*?[") {
				out.WriteString("==> " + p + " <==\n")
			}
			pick(file.Content)
		}
	}
	return missingErr(missing)
}

// sedRange matches the one sed script supported: "START,ENDp", "STARTp", "START,$p".
var sedRange = regexp.MustCompile(`^(\d+)(?:,(\d+|\$))?p$`)

func sed(sh *shell, args []string, in *string, out *bounded) error {
	if len(args) < 3 || args[1] != "-n" {
		return errors.New("only sed -n 'START,ENDp' FILE is supported (or cat FILE:START-END)")
	}
	m := sedRange.FindStringSubmatch(args[2])
	if m == nil {
		return fmt.Errorf("%q: only 'START,ENDp' or 'LINEp' is supported", args[2])
	}
	start, _ := strconv.Atoi(m[1])
	end := start
	switch m[2] {
	case "$":
		end = 0
	case "":
	default:
		end, _ = strconv.Atoi(m[2])
	}
	if start < 1 || end != 0 && end < start {
		return fmt.Errorf("%q: want 1 <= START <= END", args[2])
	}
	if len(args) == 3 {
		if in == nil {
			return errors.New("name a file")
		}
		writeLines(out, *in, start, end, false)
		return nil
	}
	var missing []string
	for _, a := range args[3:] {
		for _, p := range sh.fs.glob(sh.cwd, a) {
			file, ok := sh.fs.files[p]
			if !ok {
				missing = append(missing, p)
				continue
			}
			writeLines(out, file.Content, start, end, false)
		}
	}
	return missingErr(missing)
}

func wc(sh *shell, args []string, in *string, out *bounded) error {
	f, err := parseFlags(args[1:], "lwc", "", false)
	if err != nil {
		return err
	}
	count := func(name, s string) {
		lines, words, bytes := strings.Count(s, "\n"), len(strings.Fields(s)), len(s)
		switch {
		case f.set["l"]:
			out.WriteString(fmt.Sprintf("%d %s\n", lines, name))
		case f.set["w"]:
			out.WriteString(fmt.Sprintf("%d %s\n", words, name))
		case f.set["c"]:
			out.WriteString(fmt.Sprintf("%d %s\n", bytes, name))
		default:
			out.WriteString(fmt.Sprintf("%d %d %d %s\n", lines, words, bytes, name))
		}
	}
	if len(f.rest) == 0 {
		if in == nil {
			return errors.New("name a file")
		}
		count("", *in)
		return nil
	}
	var missing []string
	for _, a := range f.rest {
		for _, p := range sh.fs.glob(sh.cwd, a) {
			if sh.fs.isDir(p) {
				sh.fs.walk(p, func(file *File) bool { count(file.Path, file.Content); return !out.full() })
				continue
			}
			file, ok := sh.fs.files[p]
			if !ok {
				missing = append(missing, p)
				continue
			}
			count(p, file.Content)
		}
	}
	return missingErr(missing)
}

func find(sh *shell, args []string, _ *string, out *bounded) error {
	root := sh.cwd
	rest := args[1:]
	if len(rest) > 0 && !strings.HasPrefix(rest[0], "-") {
		root, rest = sh.fs.canonical(resolve(sh.cwd, rest[0])), rest[1:]
	}
	var name, kind string
	fold := false
	for i := 0; i < len(rest); i += 2 {
		if i+1 >= len(rest) {
			return fmt.Errorf("%s needs a value", rest[i])
		}
		switch rest[i] {
		case "-name":
			name = rest[i+1]
		case "-iname":
			name, fold = strings.ToLower(rest[i+1]), true
		case "-type":
			kind = rest[i+1]
		default:
			return fmt.Errorf("unknown option %s; use -name, -iname or -type", rest[i])
		}
	}
	if _, err := path.Match(name, ""); err != nil {
		return fmt.Errorf("-name %q: %w", name, err)
	}
	if !sh.fs.isDir(root) && sh.fs.files[root] == nil {
		return fmt.Errorf("%s: no such file or directory", root)
	}
	match := func(p string) bool {
		base := path.Base(p)
		if fold {
			base = strings.ToLower(base)
		}
		ok, _ := path.Match(name, base)
		if !ok && sh.fs.files[p] != nil { // a page's .mdx name, as Mintlify's filesystem names it (canonical)
			ok, _ = path.Match(name, strings.TrimSuffix(base, ".md")+".mdx")
		}
		return name == "" || ok
	}
	var rec func(d string)
	rec = func(d string) {
		if kind != "f" && match(d) {
			out.WriteString(d + "\n")
		}
		for _, n := range sh.fs.dirs[d] {
			p := path.Join(d, strings.TrimSuffix(n, "/"))
			if strings.HasSuffix(n, "/") {
				rec(p)
			} else if kind != "d" && match(p) {
				out.WriteString(p + "\n")
			}
			if out.full() {
				return
			}
		}
	}
	if sh.fs.files[root] != nil {
		if kind != "d" && match(root) {
			out.WriteString(root + "\n")
		}
		return nil
	}
	rec(root)
	return nil
}
