package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"

	"github.com/lectern-dev/lectern/assistant/sitedocs"
	"github.com/lectern-dev/lectern/schemas/docsjson"
)

// navCommand is `lectern nav validate|tree|index`.
func navCommand() *command {
	return &command{
		name:    "nav",
		summary: "validate a docs.json and print the pages the assistant indexes",
		group:   toolsGroup,
		about:   "PATH is a site directory (holding docs.json, or mint.json, read upgraded) or a docs.json file.",
		subs: []*command{
			{
				name:    "validate",
				summary: "check a site's docs.json as Mintlify's validator does, every problem with its path",
				usage:   "lectern nav validate [flags] PATH",
				about: `Checks a site's docs.json: the fields Mintlify requires (theme, name, colors.primary), the
navigation (every problem at once, each with its JSON path), and unless --no-files the page
and OpenAPI files it names. PATH is a site directory (holding docs.json) or a docs.json file;
a site with only a mint.json is checked as the docs.json it is upgraded to (lectern nav
upgrade prints it), with a warning. Exit status 0 when there are no errors, 1 when there are.`,
				setup: navValidate,
			},
			{
				name:    "tree",
				summary: "print the resolved navigation: the pages the assistant indexes, with URLs and titles",
				usage:   "lectern nav tree [flags] PATH",
				about:   "Prints the resolved navigation tree. PATH is a site directory (holding docs.json) or a docs.json file.",
				setup:   navTree,
			},
			{
				name:    "index",
				summary: "list every page with whether search, the assistant and llms.txt include it, and why",
				usage:   "lectern nav index [flags] PATH",
				about:   navIndexAbout,
				setup:   navIndex,
			},
			navLinksCommand(),
			navUpgradeCommand(),
		},
	}
}

var sitePath = argSpec{min: 1, max: 1, name: "PATH (a site directory or its docs.json)"}

// navValidate is `lectern nav validate`.
func navValidate(fs *flag.FlagSet) action {
	asJSON := fs.Bool("json", false, "print the report as JSON on stdout")
	noFiles := fs.Bool("no-files", false, "check the configuration alone: read no page or OpenAPI files")
	fetch := fetchOpenAPIFlag(fs)
	root := rootFlag(fs)
	return action{args: sitePath, run: func(ctx context.Context, c *call) error {
		path := c.args[0]
		rep, specs, where := validateSite(ctx, path, *root, docsjson.ValidateOptions{NoFiles: *noFiles}, *fetch)
		var err error
		if *asJSON {
			err = writeJSON(c.stdout, rep)
		} else {
			err = writeReport(c.stdout, path, rep, *noFiles, specs.note(), where)
		}
		if err != nil {
			return err
		}
		if !rep.OK() {
			return exitError(1)
		}
		return nil
	}}
}

// validateSite loads and validates a site (its links followed inside root, its specs given by
// URL fetched with fetch); load failures become errors of the report. where names the navigation elements a problem's path
// lies in (docsjson.Site.Where; nil when the site did not load).
func validateSite(ctx context.Context, path, root string, opts docsjson.ValidateOptions, fetch bool) (docsjson.Report, *urlSpecs, func(string) string) {
	site, specs, err := loadNavSite(ctx, path, root, fetch)
	if err != nil {
		return docsjson.Report{Errors: loadProblems(err), Warnings: []docsjson.Problem{}}, nil, nil
	}
	rep := site.Validate(opts)
	if !opts.NoFiles {
		// The assistant's files (.mintlify/Assistant.md and skills) are warned about as the
		// assistant's load warns about them.
		_, problems := sitedocs.ReadAssistant(site.FS())
		rep.Warnings = append(rep.Warnings, problems...)
		// A listed page whose MDX ends inside an unclosed construct is an error, as a listed
		// page without a file is: Mintlify's build does not render it (the served site warns).
		// One that uses a component nothing defines is a warning in both: the page builds,
		// without it.
		if tree, _, err := site.ResolvePartial(); err == nil {
			all := site.AllPages(tree)
			rep.Errors = append(rep.Errors, sitedocs.MDXProblems(site.FS(), all)...)
			slices.SortStableFunc(rep.Errors, func(a, b docsjson.Problem) int { return docsjson.ComparePaths(a.Path, b.Path) })
			rep.Warnings = append(rep.Warnings, sitedocs.ComponentProblems(site.FS(), all)...)
		}
		slices.SortStableFunc(rep.Warnings, func(a, b docsjson.Problem) int { return docsjson.ComparePaths(a.Path, b.Path) })
	}
	return rep, specs, site.Where
}

func loadProblems(err error) []docsjson.Problem {
	var le *docsjson.LoadError
	if errors.As(err, &le) {
		return le.Problems
	}
	return []docsjson.Problem{{Message: err.Error()}}
}

// navTree is `lectern nav tree`.
func navTree(fs *flag.FlagSet) action {
	asJSON := fs.Bool("json", false, "print the tree as JSON")
	fetch := fetchOpenAPIFlag(fs)
	root := rootFlag(fs)
	return action{args: sitePath, run: func(ctx context.Context, c *call) error {
		path := c.args[0]
		tree, specs, err := resolveSite(ctx, path, *root, *fetch)
		if note := specs.note(); note != "" {
			c.warnf("%s: %s", path, note[2:])
		}
		if err != nil {
			var ve *docsjson.ValidationError
			if errors.As(err, &ve) {
				_ = writeReport(c.stderr, path, ve.Report, true, "", nil)
			} else {
				for _, p := range loadProblems(err) {
					fmt.Fprintf(c.stderr, "%s\n", describeProblem(p))
				}
			}
			return exitError(1)
		}
		if *asJSON {
			return writeJSON(c.stdout, tree)
		}
		return tree.WriteText(c.stdout)
	}}
}

func resolveSite(ctx context.Context, path, root string, fetch bool) (*docsjson.Tree, *urlSpecs, error) {
	site, specs, err := loadNavSite(ctx, path, root, fetch)
	if err != nil {
		return nil, nil, err
	}
	tree, err := site.Resolve()
	return tree, specs, err
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return fmt.Errorf("write JSON: %w", err)
	}
	return nil
}

// writeReport prints problems grouped by path, errors before warnings at each path; specs is
// what was done with the OpenAPI specs given by URL (urlSpecs.note); where, when not nil, names
// the navigation elements each path lies in (language "ar" › tab "Home"), under the path.
func writeReport(w io.Writer, site string, rep docsjson.Report, noFiles bool, specs string, where func(string) string) error {
	scope := specs
	if noFiles {
		scope += " (configuration only; files not read)"
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
			if where != nil {
				if in := where(l.Path); in != "" {
					fmt.Fprintf(w, "  in %s\n", in)
				}
			}
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
