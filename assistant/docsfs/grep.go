package docsfs

import (
	"errors"
	"fmt"
	"regexp"
	"regexp/syntax"
	"strings"
)

// Bounds of a grep.
const (
	maxPattern  = 1000      // bytes of a pattern
	maxGrepLine = 1000      // bytes of a matching line shown; longer ones are cut around the match
	grepWindow  = 64 << 10  // a longer line is searched in pieces of this size, the time checked between them
	grepCheck   = 256 << 10 // bytes searched between two checks of the time
)

// matcher tells whether a line matches.
type matcher func(line string) (start, end int, ok bool)

// windowed searches a line in pieces of grepWindow bytes (overlapping by maxPattern, so that a
// match of a fixed string is never split), stopping when stop says so: a regular expression's
// time is linear in the text it reads, and no single call reads more than a piece.
func windowed(m matcher, stop func() bool) matcher {
	return func(line string) (int, int, bool) {
		if len(line) <= grepWindow {
			return m(line)
		}
		for from := 0; from < len(line); from += grepWindow - maxPattern {
			if from > 0 && stop() {
				return 0, 0, false
			}
			to := min(len(line), from+grepWindow)
			if s, e, ok := m(line[from:to]); ok {
				return from + s, from + e, true
			}
			if to == len(line) {
				break
			}
		}
		return 0, 0, false
	}
}

func grep(sh *shell, args []string, in *string, out *bounded) error {
	f, err := parseFlags(args[1:], "niFEwvlcrRHhoIs", "mABCe", false)
	if err != nil {
		return err
	}
	rest := f.rest
	pattern, given := f.values["e"]
	if !given {
		if len(rest) == 0 {
			return errors.New("name a pattern: grep -n PATTERN [PATH...]")
		}
		pattern, rest = rest[0], rest[1:]
	}
	match, err := compile(pattern, f.set["F"], f.set["i"], f.set["w"])
	if err != nil {
		return err
	}
	g := grepRun{f: f, match: windowed(match, func() bool { return sh.ctx.Err() != nil }), out: out, sh: sh}
	if g.maxCount, err = f.number("m", 0); err != nil {
		return err
	}
	c, err := f.number("C", 0)
	if err != nil {
		return err
	}
	if g.after, err = f.number("A", c); err != nil {
		return err
	}
	if g.before, err = f.number("B", c); err != nil {
		return err
	}
	if len(rest) == 0 && in != nil { // a pipe's input: nothing found is a miss there too, as in a shell
		g.file("", *in)
		return g.miss()
	}
	if len(rest) == 0 {
		rest = []string{sh.cwd}
	}
	var targets []string
	var missing []string
	for _, a := range rest {
		for _, p := range sh.fs.glob(sh.cwd, a) {
			if sh.fs.files[p] == nil && !sh.fs.isDir(p) {
				missing = append(missing, p)
				continue
			}
			targets = append(targets, p)
		}
	}
	g.names = len(targets) > 1 || len(targets) == 1 && sh.fs.isDir(targets[0])
	if f.set["h"] {
		g.names = false
	}
	for _, t := range targets {
		sh.fs.walk(t, func(file *File) bool {
			g.file(file.Path, file.Content)
			return !out.full() && sh.ctx.Err() == nil
		})
	}
	if err := missingErr(missing); err != nil {
		return err
	}
	return g.miss()
}

// miss is errNoMatch when the grep found nothing.
func (g *grepRun) miss() error {
	if g.matched == 0 {
		return errNoMatch
	}
	return nil
}

// errNoMatch is grep's "nothing found", which is an answer, not a failure of the call.
var errNoMatch = errors.New("no match (grep -i ignores case; -F takes the pattern literally)")

// compile makes a matcher: a fixed string with -F, else an RE2 expression (linear time: no
// backtracking, no back-references).
func compile(pattern string, fixed, fold, word bool) (matcher, error) {
	if len(pattern) > maxPattern {
		return nil, fmt.Errorf("the pattern has %d bytes; at most %d", len(pattern), maxPattern)
	}
	expr := pattern
	if fixed {
		expr = regexp.QuoteMeta(pattern)
	}
	if word {
		expr = `\b(?:` + expr + `)\b`
	}
	if fold {
		expr = "(?i)" + expr
	}
	if fixed && !fold && !word {
		return func(line string) (int, int, bool) {
			i := strings.Index(line, pattern)
			return i, i + len(pattern), i >= 0
		}, nil
	}
	re, err := syntax.Parse(expr, syntax.Perl)
	if err != nil {
		return nil, fmt.Errorf("pattern %q is not a valid RE2 expression (%v); use -F for a fixed string", pattern, err)
	}
	if re.MaxCap() > 100 {
		return nil, fmt.Errorf("pattern %q has too many groups", pattern)
	}
	compiled, err := regexp.Compile(expr)
	if err != nil {
		return nil, fmt.Errorf("pattern %q: %v", pattern, err)
	}
	return func(line string) (int, int, bool) {
		loc := compiled.FindStringIndex(line)
		if loc == nil {
			return 0, 0, false
		}
		return loc[0], loc[1], true
	}, nil
}

// grepRun is one grep over files.
type grepRun struct {
	f             flags
	match         matcher
	out           *bounded
	sh            *shell
	names         bool
	maxCount      int
	after, before int
	matched       int
}

// file greps one file's content.
func (g *grepRun) file(name, content string) {
	invert := g.f.set["v"]
	lines := strings.Split(strings.TrimSuffix(content, "\n"), "\n")
	count := 0
	lastShown := -1
	read := 0
	for i, line := range lines {
		if read += len(line) + 1; read >= grepCheck || i%1024 == 0 {
			if read >= grepCheck {
				read = 0
			}
			if g.sh.ctx.Err() != nil {
				return
			}
		}
		s, e, ok := g.match(line)
		if ok == invert {
			continue
		}
		count++
		g.matched++
		if g.f.set["l"] || g.f.set["c"] {
			if g.f.set["l"] {
				g.out.WriteString(name + "\n")
				return
			}
		} else {
			from := max(i-g.before, lastShown+1)
			if lastShown >= 0 && from > lastShown+1 && (g.before > 0 || g.after > 0) {
				g.out.WriteString("--\n")
			}
			for j := from; j < i; j++ {
				g.line(name, j, lines[j], "-", 0, false)
			}
			if g.f.set["o"] && !invert {
				line, s = line[s:e], 0
			}
			g.line(name, i, line, ":", s, !invert)
			lastShown = i
			for j := i + 1; j <= min(i+g.after, len(lines)-1); j++ {
				if _, _, m := g.match(lines[j]); m != invert {
					break
				}
				g.line(name, j, lines[j], "-", 0, false)
				lastShown = j
			}
		}
		if g.out.full() || g.maxCount > 0 && count >= g.maxCount {
			break
		}
	}
	if g.f.set["c"] {
		if g.names {
			g.out.WriteString(fmt.Sprintf("%s:%d\n", name, count))
		} else {
			g.out.WriteString(fmt.Sprintf("%d\n", count))
		}
	}
}

// line writes one output line: "file:12:text" (the separator "-" for context lines), long
// lines cut around the match.
func (g *grepRun) line(name string, i int, text, sep string, s int, hit bool) {
	if len(text) > maxGrepLine {
		from := 0
		if hit {
			from = max(0, s-maxGrepLine/2)
		}
		to := min(len(text), from+maxGrepLine)
		for from > 0 && from < len(text) && text[from]&0xC0 == 0x80 {
			from--
		}
		for to < len(text) && text[to]&0xC0 == 0x80 {
			to++
		}
		text = "[...]" + text[from:to] + "[...]"
	}
	var b strings.Builder
	if g.names {
		b.WriteString(name + sep)
	}
	if g.f.set["n"] {
		b.WriteString(fmt.Sprintf("%d%s", i+1, sep))
	}
	b.WriteString(text + "\n")
	g.out.WriteString(b.String())
}
