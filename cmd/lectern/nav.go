package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"

	"github.com/lectern-dev/lectern/schemas/docsjson"
)

const navUsage = `usage:
  lectern nav validate [--json] [--no-files] PATH   check a site's docs.json navigation
  lectern nav tree [--json] PATH                    print the resolved navigation tree

PATH is a site directory (holding docs.json) or a docs.json file.
validate exits 0 when there are no errors and 1 when there are; --no-files checks the
configuration alone, reading no page or OpenAPI files.
`

// navMain runs "lectern nav"; args follow "nav". It returns the exit code: 0 success,
// 1 problems found, 2 usage error.
func navMain(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, navUsage)
		return 2
	}
	switch args[0] {
	case "validate":
		return navValidate(args[1:], stdout, stderr)
	case "tree":
		return navTree(args[1:], stdout, stderr)
	case "index":
		return navIndex(args[1:], stdout, stderr)
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, navUsage)
		return 0
	default:
		fmt.Fprintf(stderr, "lectern nav: unknown command %q\n%s", args[0], navUsage)
		return 2
	}
}

// navValidate runs "lectern nav validate".
func navValidate(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("lectern nav validate", flag.ContinueOnError)
	asJSON := fs.Bool("json", false, "print the report as JSON on stdout")
	noFiles := fs.Bool("no-files", false, "check the configuration alone: read no page or OpenAPI files")
	path, code := navArgs(fs, args, stdout, stderr)
	if code >= 0 {
		return code
	}
	rep := validateSite(path, docsjson.ValidateOptions{NoFiles: *noFiles})
	var err error
	if *asJSON {
		err = writeJSON(stdout, rep)
	} else {
		err = writeReport(stdout, path, rep, *noFiles)
	}
	if err != nil {
		fmt.Fprintf(stderr, "lectern nav validate: %v\n", err)
		return 1
	}
	if !rep.OK() {
		return 1
	}
	return 0
}

// validateSite loads and validates a site; load failures become errors of the report.
func validateSite(path string, opts docsjson.ValidateOptions) docsjson.Report {
	site, err := docsjson.Load(path)
	if err != nil {
		return docsjson.Report{Errors: loadProblems(err), Warnings: []docsjson.Problem{}}
	}
	return site.Validate(opts)
}

func loadProblems(err error) []docsjson.Problem {
	var le *docsjson.LoadError
	if errors.As(err, &le) {
		return le.Problems
	}
	return []docsjson.Problem{{Message: err.Error()}}
}

// navTree runs "lectern nav tree".
func navTree(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("lectern nav tree", flag.ContinueOnError)
	asJSON := fs.Bool("json", false, "print the tree as JSON")
	path, code := navArgs(fs, args, stdout, stderr)
	if code >= 0 {
		return code
	}
	tree, err := resolveSite(path)
	if err != nil {
		var ve *docsjson.ValidationError
		if errors.As(err, &ve) {
			_ = writeReport(stderr, path, ve.Report, true)
		} else {
			for _, p := range loadProblems(err) {
				fmt.Fprintf(stderr, "%s\n", describeProblem(p))
			}
		}
		return 1
	}
	if *asJSON {
		err = writeJSON(stdout, tree)
	} else {
		err = tree.WriteText(stdout)
	}
	if err != nil {
		fmt.Fprintf(stderr, "lectern nav tree: %v\n", err)
		return 1
	}
	return 0
}

func resolveSite(path string) (*docsjson.Tree, error) {
	site, err := docsjson.Load(path)
	if err != nil {
		return nil, err
	}
	return site.Resolve()
}

// navArgs parses flags placed before or after the one PATH argument. It returns the path and
// -1, or an exit code when the command should stop.
func navArgs(fs *flag.FlagSet, args []string, stdout, stderr io.Writer) (string, int) {
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, navUsage) }
	var paths []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				fs.SetOutput(stdout)
				return "", 0
			}
			return "", 2
		}
		if fs.NArg() == 0 {
			break
		}
		paths = append(paths, fs.Arg(0))
		args = fs.Args()[1:]
	}
	if len(paths) != 1 {
		fmt.Fprintf(stderr, "%s: need exactly one PATH, got %d\n%s", fs.Name(), len(paths), navUsage)
		return "", 2
	}
	return paths[0], -1
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return fmt.Errorf("write JSON: %w", err)
	}
	return nil
}

// writeReport prints problems grouped by path, errors before warnings at each path.
func writeReport(w io.Writer, site string, rep docsjson.Report, noFiles bool) error {
	scope := ""
	if noFiles {
		scope = " (configuration only; files not read)"
	}
	if _, err := fmt.Fprintf(w, "%s: %s, %s%s\n", site, count(len(rep.Errors), "error"), count(len(rep.Warnings), "warning"), scope); err != nil {
		return fmt.Errorf("write report: %w", err)
	}
	type line struct {
		level string
		docsjson.Problem
	}
	var lines []line
	for _, p := range rep.Errors {
		lines = append(lines, line{"error", p})
	}
	for _, p := range rep.Warnings {
		lines = append(lines, line{"warning", p})
	}
	slices.SortStableFunc(lines, func(a, b line) int { return docsjson.ComparePaths(a.Path, b.Path) })
	for i, l := range lines {
		if i == 0 || l.Path != lines[i-1].Path || l.File != lines[i-1].File {
			fmt.Fprintf(w, "\n%s\n", heading(l.Problem))
		}
		if _, err := fmt.Fprintf(w, "  %s: %s\n", l.level, l.Message); err != nil {
			return fmt.Errorf("write report: %w", err)
		}
	}
	return nil
}

// heading names where a problem sits: its JSON path and, when it came through $ref, the file.
func heading(p docsjson.Problem) string {
	switch {
	case p.Path == "" && p.File != "":
		return p.File
	case p.Path == "":
		return "docs.json"
	case p.File != "":
		return p.Path + "  (in " + p.File + ")"
	}
	return p.Path
}

func describeProblem(p docsjson.Problem) string { return heading(p) + ": " + p.Message }

func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
