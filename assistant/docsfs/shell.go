package docsfs

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Limits bound one call.
type Limits struct {
	Output   int           // bytes of output; past them it is cut with a marker
	Pipe     int           // bytes one command may hand to the next through "|"
	Commands int           // commands in one call
	Timeout  time.Duration // time for the whole call
}

// DefaultLimits are the limits of the MCP tool: 64 KiB of output, 8 MiB through a pipe, 32
// commands, 5 seconds.
var DefaultLimits = Limits{Output: 64 << 10, Pipe: 8 << 20, Commands: 32, Timeout: 5 * time.Second}

// Result is what a call printed.
type Result struct {
	Output    string
	Commands  int  // commands run
	Failed    int  // commands that failed (unknown file, bad option, ...)
	Misses    int  // of Failed, the greps that found nothing: an answer ("no match"), not an error of the call
	Truncated bool // the output was cut at Limits.Output
}

// ErrSyntax reports a command line that cannot be run at all.
var ErrSyntax = errors.New("syntax error")

// Run runs a command line against the filesystem. Each command's output follows a "$ cmd"
// line when the call runs more than one; a failing command prints its error and the call
// goes on, except after "&&".
func (fs *FS) Run(ctx context.Context, script string, lim Limits) (Result, error) {
	pipelines, err := parseScript(script)
	if err != nil {
		return Result{}, err
	}
	n := 0
	for _, p := range pipelines {
		n += len(p.cmds)
	}
	if n == 0 {
		return Result{}, fmt.Errorf("%w: no command; try ls / or help", ErrSyntax)
	}
	if n > lim.Commands {
		return Result{}, fmt.Errorf("%w: %d commands in one call; at most %d", ErrSyntax, n, lim.Commands)
	}
	ctx, cancel := context.WithTimeout(ctx, lim.Timeout)
	defer cancel()
	out := &bounded{limit: lim.Output}
	sh := &shell{fs: fs, cwd: "/", ctx: ctx, lim: lim}
	res := Result{}
	failed := false
	for _, p := range pipelines {
		if p.afterAnd && failed {
			continue
		}
		if len(pipelines) > 1 {
			out.WriteString("$ " + p.text + "\n")
		}
		ok, miss := sh.pipeline(p, out)
		res.Commands += len(p.cmds)
		failed = !ok
		if !ok {
			res.Failed++
		}
		if miss {
			res.Misses++
		}
		if out.full() {
			break
		}
		if ctx.Err() != nil {
			out.WriteString(fmt.Sprintf("[stopped: the call ran out of its %s]\n", lim.Timeout))
			break
		}
	}
	res.Output, res.Truncated = out.finish(), out.cut
	return res, nil
}

// pipeline is commands joined by "|"; afterAnd marks one that follows "&&".
type pipeline struct {
	cmds     [][]string
	text     string
	afterAnd bool
}

// parseScript splits a command line into pipelines of argument lists, with shell quoting:
// '...' literal, "..." with \" and \\, a backslash escaping one character outside quotes.
func parseScript(s string) ([]pipeline, error) {
	p := scriptParser{s: s}
	for i := 0; i < len(s); i++ {
		c := s[i]
		var err error
		switch {
		case c == '\'':
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return nil, fmt.Errorf("%w: a ' is not closed", ErrSyntax)
			}
			p.word.WriteString(s[i+1 : i+1+j])
			p.inWord, i = true, i+1+j
		case c == '"':
			i, err = doubleQuoted(s, i+1, &p.word)
			p.inWord = true
		case c == '\\' && i+1 < len(s):
			if s[i+1] != '\n' {
				p.word.WriteByte(s[i+1])
				p.inWord = true
			}
			i++
		case c == ' ' || c == '\t' || c == '\r':
			p.endWord()
		case c == '\n' || c == ';':
			err = p.endPipeline(i, false)
			p.start = i + 1
		case c == '&' && i+1 < len(s) && s[i+1] == '&', c == '|' && i+1 < len(s) && s[i+1] == '|':
			err = p.endPipeline(i, c == '&')
			i++
			p.start = i + 1
		case c == '|':
			err = p.endCmd()
		case c == '>' || c == '<' || c == '`' || c == '&' || c == '$' && i+1 < len(s) && (s[i+1] == '(' || s[i+1] == '{'):
			err = fmt.Errorf("%w: %q is not supported here (no redirections, substitutions or background jobs); use grep, head or tail after a |", ErrSyntax, string(c))
		default:
			p.word.WriteByte(c)
			p.inWord = true
		}
		if err != nil {
			return nil, err
		}
	}
	if err := p.endPipeline(len(s), false); err != nil {
		return nil, err
	}
	return p.out, nil
}

// scriptParser is parseScript's state: the pipelines read, the one being read (its commands,
// the arguments of its current command, the word being read) and where its text starts in s.
type scriptParser struct {
	s      string
	out    []pipeline
	cur    pipeline
	args   []string
	word   strings.Builder
	inWord bool
	start  int
}

func (p *scriptParser) endWord() {
	if p.inWord {
		p.args = append(p.args, p.word.String())
		p.word.Reset()
		p.inWord = false
	}
}

func (p *scriptParser) endCmd() error {
	p.endWord()
	if len(p.args) == 0 {
		return fmt.Errorf("%w: an empty command", ErrSyntax)
	}
	p.cur.cmds = append(p.cur.cmds, p.args)
	p.args = nil
	return nil
}

// endPipeline ends the pipeline at s[i]; the next runs if this one succeeds when and is set
// (&&), whatever its status otherwise. An empty pipeline (a blank line) is no pipeline.
func (p *scriptParser) endPipeline(i int, and bool) error {
	p.endWord()
	if len(p.args) == 0 && len(p.cur.cmds) == 0 {
		p.cur = pipeline{afterAnd: and}
		p.start = i
		return nil
	}
	if err := p.endCmd(); err != nil {
		return err
	}
	p.cur.text = strings.TrimSpace(p.s[p.start:i])
	p.out = append(p.out, p.cur)
	p.cur = pipeline{afterAnd: and}
	return nil
}

// doubleQuoted reads a "..." string from s[i] and returns the offset of its closing quote.
func doubleQuoted(s string, i int, w *strings.Builder) (int, error) {
	for ; i < len(s); i++ {
		switch s[i] {
		case '\\':
			if i+1 < len(s) && strings.IndexByte(`"\$`+"`", s[i+1]) >= 0 {
				i++
			}
			w.WriteByte(s[i])
		case '"':
			return i, nil
		default:
			w.WriteByte(s[i])
		}
	}
	return 0, fmt.Errorf("%w: a \" is not closed", ErrSyntax)
}

// shell runs the commands of one call.
type shell struct {
	fs  *FS
	cwd string
	ctx context.Context
	lim Limits
}

// pipeline runs commands, each one's output the next one's input; it reports whether the
// last succeeded, and whether the one that failed was a grep that found nothing (a grep
// that finds nothing before a "|" passes the next command no input and is no failure).
func (sh *shell) pipeline(p pipeline, out *bounded) (ok, miss bool) {
	var in *string
	for i, args := range p.cmds {
		last := i == len(p.cmds)-1
		w := out
		if !last {
			w = &bounded{limit: sh.lim.Pipe}
		}
		err := sh.run(args, in, w)
		if !last && errors.Is(err, errNoMatch) {
			// A grep that finds nothing writes nothing to the pipe and the next command reads
			// nothing (wc -l prints 0), as in a shell, where a pipeline's status is its last
			// command's: the miss fails only a pipeline it ends.
			err = nil
		}
		if err != nil {
			out.WriteString(args[0] + ": " + err.Error() + "\n")
			return false, errors.Is(err, errNoMatch)
		}
		if !last {
			s := w.finish()
			in = &s
		}
	}
	return true, false
}

// Quote returns word as one word of a command line: as it is when it holds nothing the
// command line reads specially, else in single quotes (a single quote inside is closed,
// escaped and reopened), so that a page whose file name has a space ("standard alert.md")
// is one argument of cat.
func Quote(word string) string {
	if word != "" && !strings.ContainsFunc(word, special) {
		return word
	}
	return "'" + strings.ReplaceAll(word, "'", `'\''`) + "'"
}

// special reports whether r ends a word or is read specially by the command line.
func special(r rune) bool {
	return r <= ' ' || strings.ContainsRune("'\"\\;|&<>`$*?", r)
}
