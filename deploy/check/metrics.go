package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

var (
	rePromString = regexp.MustCompile("\"(?:[^\"\\\\]|\\\\.)*\"|'(?:[^'\\\\]|\\\\.)*'|`[^`]*`")
	rePromIdent  = regexp.MustCompile(`[A-Za-z_:][A-Za-z0-9_:]*`)
	rePromLabels = regexp.MustCompile(`\{[^{}]*\}`)
)

// promMetricNames returns the metric names an expression selects: identifiers outside strings
// and label matchers that look like series (lectern_*, go_*, process_*, up, or recording-rule
// names, which contain ':').
func promMetricNames(expr string) []string {
	e := rePromString.ReplaceAllString(expr, `""`)
	e = rePromLabels.ReplaceAllString(e, "{}")
	var out []string
	for _, idx := range rePromIdent.FindAllStringIndex(e, -1) {
		tok := e[idx[0]:idx[1]]
		if idx[0] > 0 && (e[idx[0]-1] == '$' || isDigit(e[idx[0]-1])) {
			continue // $__rate_interval, $namespace; the unit of a duration such as 5m
		}
		if strings.HasPrefix(tok, "lectern_") || strings.HasPrefix(tok, "go_") ||
			strings.HasPrefix(tok, "process_") || tok == "up" || strings.Contains(tok, ":") {
			out = append(out, tok)
		}
	}
	return out
}

func isDigit(b byte) bool { return b >= '0' && b <= '9' }

// expression is one PromQL expression and where it came from.
type expression struct {
	where, expr string
}

// rulesExprs returns the expressions of a rules file and the recording rules it defines.
func rulesExprs(path string) ([]expression, map[string]bool, error) {
	docs, err := readYAMLDocs(path)
	if err != nil {
		return nil, nil, err
	}
	var out []expression
	recorded := map[string]bool{}
	for _, doc := range docs {
		for _, g := range asList(doc["groups"]) {
			for _, r := range asList(asMap(g)["rules"]) {
				name := asString(asMap(r)["record"])
				if name != "" {
					recorded[name] = true
				} else {
					name = asString(asMap(r)["alert"])
				}
				out = append(out, expression{fmt.Sprintf("%s: %s", filepath.Base(path), name), asString(asMap(r)["expr"])})
			}
		}
	}
	return out, recorded, nil
}

// dashboardExprs returns every "expr" and template-variable query in a Grafana dashboard.
func dashboardExprs(path string) ([]expression, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var d any
	if err := json.Unmarshal(b, &d); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	var out []expression
	var walk func(v any, where string)
	walk = func(v any, where string) {
		switch x := v.(type) {
		case map[string]any:
			if t := asString(x["title"]); t != "" {
				where = fmt.Sprintf("%s: panel %q", filepath.Base(path), t)
			}
			if e, ok := x["expr"].(string); ok {
				out = append(out, expression{where, e})
			}
			for k, child := range x {
				walk(child, where)
				_ = k
			}
		case []any:
			for _, child := range x {
				walk(child, where)
			}
		}
	}
	walk(asMap(d)["panels"], filepath.Base(path))
	for _, v := range asList(get(d, "templating", "list")) {
		if q, ok := get(v, "query", "query").(string); ok {
			out = append(out, expression{fmt.Sprintf("%s: variable %s", filepath.Base(path), asString(asMap(v)["name"])), labelValuesExpr(q)})
		}
	}
	return out, nil
}

// labelValuesExpr turns label_values(selector, label) into its selector.
func labelValuesExpr(q string) string {
	if inner, ok := strings.CutPrefix(q, "label_values("); ok {
		if i := strings.LastIndex(inner, ","); i >= 0 {
			return inner[:i]
		}
	}
	return q
}

// cmdMetrics checks that every series the rules and dashboards use is one a running lectern
// exports: the names come from a live /metrics scrape (liveSeries), not from the source.
func cmdMetrics(args []string) error {
	fs := flag.NewFlagSet("metrics", flag.ContinueOnError)
	lectern := fs.String("lectern", "", "the lectern binary to run and scrape")
	repo := fs.String("repo", ".", "the repository (its lectern.yaml and docs/ are the site)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() == 0 || *lectern == "" {
		return fmt.Errorf("usage: metrics -lectern BIN [-repo DIR] RULES.yml|DASHBOARD.json [FILE]*")
	}
	live, err := liveSeries(*lectern, *repo)
	if err != nil {
		return fmt.Errorf("scraping a live lectern: %w", err)
	}
	fmt.Printf("  live scrape of lectern all (after one feedback and one assistant question): %d series names\n", len(live))
	return checkMetricNames(live, fs.Args())
}

// targetLabels are the labels Prometheus adds to every series of a target (deploy's scrape
// configurations: job and instance, and the namespace and pod of Kubernetes' relabelling).
var targetLabels = map[string]bool{"job": true, "instance": true, "namespace": true, "pod": true}

// checkMetricNames checks every expression of files against the series of a scrape: each
// metric it selects exists, and each label its matchers name is one the metric's samples carry
// (or a target's label).
func checkMetricNames(live series, files []string) error {
	exprs, recorded, err := expressions(files)
	if err != nil {
		return err
	}
	var p problems
	used := map[string]bool{}
	for _, e := range exprs {
		if strings.TrimSpace(e.expr) == "" {
			p.addf("%s: empty expression", e.where)
			continue
		}
		names := promMetricNames(e.expr)
		if len(names) == 0 {
			p.addf("%s: selects no metric: %s", e.where, e.expr)
		}
		for _, n := range names {
			used[n] = true
			switch {
			case strings.Contains(n, ":"):
				if !recorded[n] {
					p.addf("%s: recording rule %s is not defined", e.where, n)
				}
			case n == "up":
			case live[n] == nil:
				p.addf("%s: %s is not in a live scrape of lectern", e.where, n)
			}
		}
		for _, sel := range promSelectorLabels(e.expr) {
			if labels := live[sel.metric]; labels != nil && !labels[sel.label] && !targetLabels[sel.label] {
				p.addf("%s: %s has no label %s in a live scrape of lectern (it has %s)", e.where, sel.metric, sel.label, strings.Join(sortedKeys(labels), ", "))
			}
		}
	}
	names := make([]string, 0, len(used))
	for n := range used {
		names = append(names, n)
	}
	sort.Strings(names)
	fmt.Printf("  %d expressions use %d series names: %s\n", len(exprs), len(names), strings.Join(names, " "))
	return p.err()
}

// expressions reads the expressions of rules files and dashboards, and the recording rules.
func expressions(files []string) ([]expression, map[string]bool, error) {
	var exprs []expression
	recorded := map[string]bool{}
	for _, f := range files {
		if strings.HasSuffix(f, ".json") {
			es, err := dashboardExprs(f)
			if err != nil {
				return nil, nil, err
			}
			exprs = append(exprs, es...)
			continue
		}
		es, rec, err := rulesExprs(f)
		if err != nil {
			return nil, nil, err
		}
		exprs = append(exprs, es...)
		for k := range rec {
			recorded[k] = true
		}
	}
	return exprs, recorded, nil
}

// selectorLabel is a label a matcher of an expression names on a metric.
type selectorLabel struct{ metric, label string }

var (
	rePromSelector = regexp.MustCompile(`(?:^|[^A-Za-z0-9_:])((?:lectern|go|process)_[A-Za-z0-9_]*)\{([^{}]*)\}`)
	rePromMatcher  = regexp.MustCompile(`([A-Za-z_][A-Za-z0-9_]*)\s*(?:=~|!~|!=|=)\s*(?:"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|` + "`[^`]*`" + `)`)
)

// promSelectorLabels returns the label names of the matchers of each selector name{...} of a
// metric (not of a recording rule) in an expression.
func promSelectorLabels(expr string) []selectorLabel {
	var out []selectorLabel
	for _, m := range rePromSelector.FindAllStringSubmatch(rePromString.ReplaceAllString(expr, `""`), -1) {
		for _, mm := range rePromMatcher.FindAllStringSubmatch(m[2], -1) {
			out = append(out, selectorLabel{m[1], mm[1]})
		}
	}
	return out
}

// sortedKeys returns a set's members in order.
func sortedKeys(set map[string]bool) []string {
	out := make([]string, 0, len(set))
	for k := range set {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
