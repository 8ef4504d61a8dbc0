package docsjson

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Problem is one finding: where it is (a JSON path such as navigation.tabs[2].groups[0].pages[3])
// and a sentence saying what is wrong and what is allowed.
type Problem struct {
	Path    string `json:"path"`
	Message string `json:"message"`
	File    string `json:"file,omitempty"` // the file holding Path when it came in through "$ref"
}

// String formats the problem as "path: message".
func (p Problem) String() string {
	if p.Path == "" {
		return p.Message
	}
	return p.Path + ": " + p.Message
}

// Report holds every problem found, errors and warnings, each sorted by path.
type Report struct {
	Errors   []Problem `json:"errors"`
	Warnings []Problem `json:"warnings"`
}

// OK reports whether there are no errors (warnings allowed).
func (r Report) OK() bool { return len(r.Errors) == 0 }

// ValidateOptions tunes Validate.
type ValidateOptions struct {
	NoFiles bool // check the configuration alone: read no page or OpenAPI files
}

// LoadError lists the problems that kept docs.json from loading: invalid JSON or a broken "$ref".
type LoadError struct {
	Problems []Problem
}

// Error joins the problems into one message.
func (e *LoadError) Error() string {
	parts := make([]string, len(e.Problems))
	for i, p := range e.Problems {
		parts[i] = p.String()
	}
	return "docs.json: " + strings.Join(parts, "; ")
}

// ValidationError is what Resolve returns for a navigation that has errors.
type ValidationError struct {
	Report Report
}

// Error summarises the report.
func (e *ValidationError) Error() string {
	if len(e.Report.Errors) == 0 {
		return "navigation is not valid"
	}
	return fmt.Sprintf("navigation has %d error(s); first: %s", len(e.Report.Errors), e.Report.Errors[0])
}

// collector gathers problems during one pass.
type collector struct {
	errs  []Problem
	warns []Problem
}

func (c *collector) errorf(path, format string, args ...any) {
	c.errs = append(c.errs, Problem{Path: path, Message: fmt.Sprintf(format, args...)})
}

func (c *collector) warnf(path, format string, args ...any) {
	c.warns = append(c.warns, Problem{Path: path, Message: fmt.Sprintf(format, args...)})
}

func (c *collector) merge(o *collector) {
	c.errs = append(c.errs, o.errs...)
	c.warns = append(c.warns, o.warns...)
}

// report sorts the problems by path, names their files, and never returns nil slices.
func (c *collector) report(spans []refSpan) Report {
	r := Report{Errors: finish(c.errs, spans), Warnings: finish(c.warns, spans)}
	return r
}

func finish(ps []Problem, spans []refSpan) []Problem {
	out := make([]Problem, 0, len(ps))
	for _, p := range ps {
		if p.File == "" {
			p.File = fileOf(p.Path, spans)
		}
		out = append(out, p)
	}
	slices.SortStableFunc(out, func(a, b Problem) int { return ComparePaths(a.Path, b.Path) })
	return out
}

// refSpan records that the value at path was read from file through "$ref".
type refSpan struct {
	path string
	file string
}

// fileOf returns the file of the innermost "$ref" that holds path, or "".
func fileOf(path string, spans []refSpan) string {
	best, file := -1, ""
	for _, s := range spans {
		if within(path, s.path) && len(s.path) > best {
			best, file = len(s.path), s.file
		}
	}
	return file
}

// within reports whether path is prefix or lies below it.
func within(path, prefix string) bool {
	if !strings.HasPrefix(path, prefix) {
		return false
	}
	return len(path) == len(prefix) || path[len(prefix)] == '.' || path[len(prefix)] == '['
}

// ComparePaths orders JSON paths in document order: list indexes compare as numbers.
func ComparePaths(a, b string) int {
	for a != "" && b != "" {
		sa, ra := nextSegment(a)
		sb, rb := nextSegment(b)
		if c := compareSegment(sa, sb); c != 0 {
			return c
		}
		a, b = ra, rb
	}
	return len(a) - len(b)
}

// nextSegment splits off the first segment: "tabs", "[2]" or `["odd key"]`.
func nextSegment(p string) (string, string) {
	p = strings.TrimPrefix(p, ".")
	if strings.HasPrefix(p, "[") {
		end := strings.IndexByte(p, ']')
		if end < 0 {
			return p, ""
		}
		return p[:end+1], p[end+1:]
	}
	end := strings.IndexAny(p, ".[")
	if end < 0 {
		return p, ""
	}
	return p[:end], p[end:]
}

func compareSegment(a, b string) int {
	na, okA := index(a)
	nb, okB := index(b)
	if okA && okB {
		return na - nb
	}
	return strings.Compare(a, b)
}

func index(seg string) (int, bool) {
	if len(seg) < 3 || seg[0] != '[' || seg[1] == '"' {
		return 0, false
	}
	n, err := strconv.Atoi(seg[1 : len(seg)-1])
	return n, err == nil
}

// at appends an index to a JSON path.
func at(path string, i int) string { return path + "[" + strconv.Itoa(i) + "]" }

// field appends a key to a JSON path, quoting keys that are not plain words.
func field(path, key string) string {
	plain := key != ""
	for _, r := range key {
		if !(r == '_' || r == '-' || r == '$' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			plain = false
			break
		}
	}
	if !plain {
		return path + "[" + strconv.Quote(key) + "]"
	}
	if path == "" {
		return key
	}
	return path + "." + key
}
