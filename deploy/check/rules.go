package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// cmdRules checks what promtool does not: every alert has a severity, a summary, a
// description and a runbook_url whose anchor is a section of runbooks.md next to the rules.
func cmdRules(args []string) error {
	if len(args) != 1 {
		return fmt.Errorf("usage: rules RULES.yml")
	}
	docs, err := readYAMLDocs(args[0])
	if err != nil {
		return err
	}
	runbookPath := filepath.Join(filepath.Dir(args[0]), "runbooks.md")
	rb, err := os.ReadFile(runbookPath)
	if err != nil {
		return err
	}
	anchors := map[string]bool{}
	for _, line := range strings.Split(string(rb), "\n") {
		if h, ok := strings.CutPrefix(line, "## "); ok {
			anchors[githubAnchor(h)] = true
		}
	}
	var p problems
	alerts, records := 0, 0
	seen := map[string]bool{}
	for _, doc := range docs {
		for _, g := range asList(doc["groups"]) {
			for _, r := range asList(asMap(g)["rules"]) {
				rule := asMap(r)
				if rec := asString(rule["record"]); rec != "" {
					records++
					if !strings.Contains(rec, ":") {
						p.addf("recording rule %s: name it level:metric:operations", rec)
					}
					continue
				}
				name := asString(rule["alert"])
				alerts++
				if seen[name] {
					p.addf("alert %s: defined twice", name)
				}
				seen[name] = true
				switch asString(get(rule, "labels", "severity")) {
				case "critical", "warning", "info":
				default:
					p.addf("alert %s: labels.severity must be critical, warning or info", name)
				}
				for _, a := range []string{"summary", "description", "runbook_url"} {
					if asString(get(rule, "annotations", a)) == "" {
						p.addf("alert %s: no %s annotation", name, a)
					}
				}
				url := asString(get(rule, "annotations", "runbook_url"))
				_, anchor, _ := strings.Cut(url, "#")
				if !strings.Contains(url, "deploy/prometheus/runbooks.md#") || !anchors[anchor] {
					p.addf("alert %s: runbook_url %q does not point at a section of %s", name, url, runbookPath)
				}
			}
		}
	}
	fmt.Printf("  %d recording rules, %d alerts: each has a severity, summary, description and a runbook section in %s\n",
		records, alerts, runbookPath)
	return p.err()
}

var reAnchorDrop = regexp.MustCompile(`[^a-z0-9 _-]`)

// githubAnchor is the anchor GitHub gives a Markdown heading.
func githubAnchor(h string) string {
	return strings.ReplaceAll(reAnchorDrop.ReplaceAllString(strings.ToLower(strings.TrimSpace(h)), ""), " ", "-")
}

// cmdGrafana checks the dashboard's shape: schema version, the datasource variable, every
// panel and query on ${datasource}, unique ids, panels inside the 24-column grid without
// overlapping.
func cmdGrafana(args []string) error {
	if len(args) != 1 {
		return fmt.Errorf("usage: grafana DASHBOARD.json")
	}
	b, err := os.ReadFile(args[0])
	if err != nil {
		return err
	}
	var d map[string]any
	if err := json.Unmarshal(b, &d); err != nil {
		return fmt.Errorf("%s: %w", args[0], err)
	}
	var p problems
	if v, _ := d["schemaVersion"].(float64); v < 36 {
		p.addf("schemaVersion %v: want 36 or later", d["schemaVersion"])
	}
	if asString(d["uid"]) == "" || asString(d["title"]) == "" {
		p.addf("the dashboard needs a uid and a title")
	}
	hasDS := false
	for _, v := range asList(get(d, "templating", "list")) {
		if asString(asMap(v)["name"]) == "datasource" && asString(asMap(v)["type"]) == "datasource" && asString(asMap(v)["query"]) == "prometheus" {
			hasDS = true
		}
	}
	if !hasDS {
		p.addf("no template variable `datasource` of type datasource (query prometheus)")
	}
	ids := map[float64]bool{}
	type rect struct {
		title      string
		x, y, w, h int
	}
	var rects []rect
	panels, targets := 0, 0
	rows := []string{}
	for _, pv := range asList(d["panels"]) {
		panel := asMap(pv)
		title := asString(panel["title"])
		id, _ := panel["id"].(float64)
		if ids[id] {
			p.addf("panel %q: id %v used twice", title, id)
		}
		ids[id] = true
		gp := asMap(panel["gridPos"])
		r := rect{title, int(num(gp["x"])), int(num(gp["y"])), int(num(gp["w"])), int(num(gp["h"]))}
		if r.w < 1 || r.h < 1 || r.x < 0 || r.x+r.w > 24 {
			p.addf("panel %q: gridPos %v outside the 24-column grid", title, gp)
		}
		for _, o := range rects {
			if r.x < o.x+o.w && o.x < r.x+r.w && r.y < o.y+o.h && o.y < r.y+r.h {
				p.addf("panels %q and %q overlap", title, o.title)
			}
		}
		rects = append(rects, r)
		if asString(panel["type"]) == "row" {
			rows = append(rows, title)
			continue
		}
		panels++
		if title == "" {
			p.addf("panel %v has no title", id)
		}
		if asString(get(panel, "datasource", "uid")) != "${datasource}" {
			p.addf("panel %q: datasource is not ${datasource}", title)
		}
		ts := asList(panel["targets"])
		if len(ts) == 0 {
			p.addf("panel %q: no queries", title)
		}
		for _, t := range ts {
			targets++
			if asString(get(t, "datasource", "uid")) != "${datasource}" {
				p.addf("panel %q: a query's datasource is not ${datasource}", title)
			}
			if strings.TrimSpace(asString(asMap(t)["expr"])) == "" {
				p.addf("panel %q: a query has no expr", title)
			}
		}
	}
	fmt.Printf("  schemaVersion %v, rows %s; %d panels, %d queries, all on ${datasource}; grid ok\n",
		d["schemaVersion"], strings.Join(rows, ", "), panels, targets)
	return p.err()
}

func num(v any) float64 {
	f, _ := v.(float64)
	return f
}
