package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"
)

// object is one Kubernetes object and the file it came from.
type object struct {
	file string
	doc  map[string]any
}

func (o object) kind() string { return asString(o.doc["kind"]) }
func (o object) name() string { return asString(get(o.doc, "metadata", "name")) }
func (o object) id() string   { return o.kind() + "/" + o.name() }

// The services: what each runs and needs.
var services = map[string]struct {
	target    string
	store     bool // opens the event store
	autoscale bool // has an HPA
}{
	"lectern-ingest":    {"ingest", true, false},
	"lectern-query":     {"query", true, true},
	"lectern-assistant": {"assistant", false, true},
}

// cmdK8s checks the manifests of DIR; each Deployment's args and env go through
// `LECTERN config`, the binary's own parser.
func cmdK8s(args []string) error {
	fs := flag.NewFlagSet("k8s", flag.ContinueOnError)
	lectern := fs.String("lectern", "", "the lectern binary whose flags and variables the Deployments must use")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 1 || *lectern == "" {
		return fmt.Errorf("usage: k8s -lectern BIN DIR")
	}
	return checkK8s(*lectern, fs.Arg(0))
}

func checkK8s(lectern, dir string) error {
	var p problems
	kdocs, err := readYAMLDocs(filepath.Join(dir, "kustomization.yaml"))
	if err != nil {
		return err
	}
	if len(kdocs) != 1 || asString(kdocs[0]["kind"]) != "Kustomization" {
		return fmt.Errorf("kustomization.yaml: want one Kustomization")
	}
	var objs []object
	byID := map[string]object{}
	listed := map[string]bool{}
	for _, r := range asList(kdocs[0]["resources"]) {
		f := filepath.Join(dir, asString(r))
		listed[filepath.Base(f)] = true
		docs, err := readYAMLDocs(f)
		if err != nil {
			p.addf("resource %s: %v", asString(r), err)
			continue
		}
		for _, d := range docs {
			o := object{filepath.Base(f), d}
			if asString(d["apiVersion"]) == "" || o.kind() == "" || o.name() == "" {
				p.addf("%s: an object lacks apiVersion, kind or metadata.name", o.file)
				continue
			}
			if _, dup := byID[o.id()]; dup {
				p.addf("%s: %s defined twice", o.file, o.id())
			}
			byID[o.id()] = o
			objs = append(objs, o)
		}
	}
	// Every manifest in the directory is either listed or deliberately out (the Secret example).
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		n := e.Name()
		if (strings.HasSuffix(n, ".yaml") || strings.HasSuffix(n, ".yml")) && n != "kustomization.yaml" &&
			!listed[n] && n != "secret.example.yaml" {
			p.addf("%s is not listed in kustomization.yaml resources", n)
		}
	}
	secrets := map[string]string{} // "secret/key" -> the example's value
	if docs, err := readYAMLDocs(filepath.Join(dir, "secret.example.yaml")); err == nil {
		for _, d := range docs {
			for k, v := range asMap(d["stringData"]) {
				secrets[asString(get(d, "metadata", "name"))+"/"+k] = asString(v)
			}
		}
	} else {
		p.addf("secret.example.yaml: %v", err)
	}

	// ConfigMaps: the site registry parses (their LECTERN_* variables are checked with the
	// Deployments that read them).
	for _, o := range objs {
		if o.kind() != "ConfigMap" {
			continue
		}
		for k, v := range asMap(o.doc["data"]) {
			if strings.HasSuffix(k, ".yaml") {
				checkSites(&p, o.name()+"/"+k, asString(v))
			}
		}
	}

	deployments := map[string]object{}
	for _, o := range objs {
		if o.kind() == "Deployment" {
			deployments[o.name()] = o
		}
	}
	for name, svc := range services {
		o, ok := deployments[name]
		if !ok {
			p.addf("Deployment %s is missing", name)
			continue
		}
		checkDeployment(&p, byID, secrets, o, svc.target, svc.store, svc.autoscale)
		checkConfig(&p, lectern, byID, secrets, o)
		// A Service, a PodDisruptionBudget and, for query and assistant, an HPA on CPU.
		podLabels := asMap(get(o.doc, "spec", "template", "metadata", "labels"))
		if svcObj, ok := byID["Service/"+name]; !ok {
			p.addf("Service %s is missing", name)
		} else {
			if !subset(asMap(get(svcObj.doc, "spec", "selector")), podLabels) {
				p.addf("Service %s: selector does not select the Deployment's pods", name)
			}
			for _, port := range asList(get(svcObj.doc, "spec", "ports")) {
				if !containerPortNamed(o, asString(asMap(port)["targetPort"])) {
					p.addf("Service %s: targetPort %v is not a container port of the Deployment", name, asMap(port)["targetPort"])
				}
			}
		}
		if pdb, ok := byID["PodDisruptionBudget/"+name]; !ok {
			p.addf("PodDisruptionBudget %s is missing", name)
		} else if !subset(asMap(get(pdb.doc, "spec", "selector", "matchLabels")), podLabels) {
			p.addf("PodDisruptionBudget %s: selector does not select the Deployment's pods", name)
		}
		hpa, hasHPA := byID["HorizontalPodAutoscaler/"+name]
		switch {
		case svc.autoscale && !hasHPA:
			p.addf("HorizontalPodAutoscaler %s is missing", name)
		case !svc.autoscale && hasHPA:
			p.addf("HorizontalPodAutoscaler %s: %s is not scaled on CPU (see its comment)", name, name)
		case hasHPA:
			ref := asMap(get(hpa.doc, "spec", "scaleTargetRef"))
			if asString(ref["kind"]) != "Deployment" || asString(ref["name"]) != name {
				p.addf("HorizontalPodAutoscaler %s: scaleTargetRef is not Deployment %s", name, name)
			}
			cpu := false
			for _, mt := range asList(get(hpa.doc, "spec", "metrics")) {
				if asString(get(mt, "resource", "name")) == "cpu" {
					cpu = true
				}
			}
			if !cpu {
				p.addf("HorizontalPodAutoscaler %s: no CPU metric", name)
			}
			if _, set := asMap(o.doc["spec"])["replicas"]; set {
				p.addf("Deployment %s: spec.replicas is set although an HPA owns the count", name)
			}
		}
	}
	// Ingress backends are Services with that port name.
	for _, o := range objs {
		if o.kind() != "Ingress" {
			continue
		}
		for _, rule := range asList(get(o.doc, "spec", "rules")) {
			for _, path := range asList(get(rule, "http", "paths")) {
				svcName := asString(get(path, "backend", "service", "name"))
				portName := asString(get(path, "backend", "service", "port", "name"))
				svcObj, ok := byID["Service/"+svcName]
				if !ok {
					p.addf("Ingress %s: path %s goes to unknown Service %s", o.name(), asString(asMap(path)["path"]), svcName)
					continue
				}
				found := false
				for _, port := range asList(get(svcObj.doc, "spec", "ports")) {
					found = found || asString(asMap(port)["name"]) == portName
				}
				if !found {
					p.addf("Ingress %s: Service %s has no port %q", o.name(), svcName, portName)
				}
			}
		}
	}
	ids := make([]string, 0, len(byID))
	for id := range byID {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	fmt.Printf("  %d objects: %s\n", len(ids), strings.Join(ids, " "))
	fmt.Printf("  checked: each Deployment's args and env through `lectern config` (the binary's own flag parser and checks), " +
		"probes (/readyz, /healthz), resources, ConfigMap/Secret references, Service/PDB selectors, HPAs (query, assistant), " +
		"Ingress backends, the site registry\n")
	return p.err()
}

func checkDeployment(p *problems, byID map[string]object, secrets map[string]string, o object, target string, store, autoscale bool) {
	name := o.name()
	spec := asMap(get(o.doc, "spec", "template", "spec"))
	if !subset(asMap(get(o.doc, "spec", "selector", "matchLabels")), asMap(get(o.doc, "spec", "template", "metadata", "labels"))) {
		p.addf("Deployment %s: selector does not match the pod template's labels", name)
	}
	ann := asMap(get(o.doc, "spec", "template", "metadata", "annotations"))
	if asString(ann["prometheus.io/scrape"]) != "true" || asString(ann["prometheus.io/path"]) != "/metrics" || asString(ann["prometheus.io/port"]) == "" {
		p.addf("Deployment %s: pod template lacks the prometheus.io scrape annotations", name)
	}
	if asString(get(spec, "securityContext", "runAsNonRoot")) != "true" {
		p.addf("Deployment %s: pods must run as non-root (the image's user is 65532)", name)
	}
	cs := asList(spec["containers"])
	if len(cs) != 1 {
		p.addf("Deployment %s: want one container", name)
		return
	}
	c := asMap(cs[0])
	args := asList(c["args"])
	if len(args) == 0 || asString(args[0]) != target {
		p.addf("Deployment %s: args must start with the target %q", name, target)
	}
	flags := map[string]string{}
	for _, a := range args[min(1, len(args)):] {
		f, ok := strings.CutPrefix(asString(a), "--")
		if !ok {
			p.addf("Deployment %s: argument %q: write flags as --name=value", name, asString(a))
			continue
		}
		k, v, _ := strings.Cut(f, "=")
		flags[k] = v
	}
	if flags["nats-url"] == "" || flags["nats-replicas"] != "3" {
		p.addf("Deployment %s: want --nats-url and --nats-replicas=3", name)
	}
	if store != (flags["store"] == "clickhouse") {
		p.addf("Deployment %s: --store=clickhouse is for the targets that open the store (ingest, query)", name)
	}
	envNames := map[string]bool{}
	for _, e := range asList(c["env"]) {
		n := asString(asMap(e)["name"])
		envNames[n] = true
		if ref := asMap(get(e, "valueFrom", "secretKeyRef")); ref != nil {
			if _, ok := secrets[asString(ref["name"])+"/"+asString(ref["key"])]; !ok {
				p.addf("Deployment %s: env %s uses secret key %s/%s, which secret.example.yaml does not document", name, n, asString(ref["name"]), asString(ref["key"]))
			}
		}
	}
	if store && !envNames["LECTERN_CLICKHOUSE_DSN"] && flags["clickhouse-dsn"] == "" {
		p.addf("Deployment %s: no ClickHouse DSN (LECTERN_CLICKHOUSE_DSN from the Secret)", name)
	}
	for _, ef := range asList(c["envFrom"]) {
		if cm := asString(get(ef, "configMapRef", "name")); cm != "" {
			if _, ok := byID["ConfigMap/"+cm]; !ok {
				p.addf("Deployment %s: envFrom ConfigMap %s does not exist", name, cm)
			}
		}
	}
	for _, v := range asList(spec["volumes"]) {
		if cm := asString(get(v, "configMap", "name")); cm != "" {
			if _, ok := byID["ConfigMap/"+cm]; !ok {
				p.addf("Deployment %s: volume ConfigMap %s does not exist", name, cm)
			}
		}
	}
	for probe, path := range map[string]string{"readinessProbe": "/readyz", "livenessProbe": "/healthz"} {
		if got := asString(get(c, probe, "httpGet", "path")); got != path {
			p.addf("Deployment %s: %s path %q, want %s", name, probe, got, path)
		}
		if !containerPortNamed(o, asString(get(c, probe, "httpGet", "port"))) {
			p.addf("Deployment %s: %s port is not a container port", name, probe)
		}
	}
	res := asMap(c["resources"])
	if asString(get(res, "requests", "cpu")) == "" || asString(get(res, "requests", "memory")) == "" || asString(get(res, "limits", "memory")) == "" {
		p.addf("Deployment %s: want CPU and memory requests and a memory limit", name)
	}
	if autoscale && asString(get(res, "requests", "cpu")) == "" {
		p.addf("Deployment %s: an HPA on CPU needs a CPU request", name)
	}
}

// checkSites parses a site registry like platform/sites does and checks its entries.
func checkSites(p *problems, where, text string) {
	var f struct {
		Sites []struct {
			Domain  string `yaml:"domain"`
			Project string `yaml:"project"`
			Docs    string `yaml:"docs"`
		} `yaml:"sites"`
	}
	if err := yaml.Unmarshal([]byte(text), &f); err != nil {
		p.addf("%s: %v", where, err)
		return
	}
	if len(f.Sites) == 0 {
		p.addf("%s: no sites", where)
	}
	for i, site := range f.Sites {
		if site.Domain == "" || site.Project == "" || site.Docs == "" {
			p.addf("%s: sites[%d] needs domain, project and docs", where, i)
		}
	}
}

func containerPortNamed(o object, port string) bool {
	for _, c := range asList(get(o.doc, "spec", "template", "spec", "containers")) {
		for _, cp := range asList(asMap(c)["ports"]) {
			if asString(asMap(cp)["name"]) == port || asString(asMap(cp)["containerPort"]) == port {
				return true
			}
		}
	}
	return false
}

// subset reports whether every label of sel is in labels (and sel is not empty).
func subset(sel, labels map[string]any) bool {
	if len(sel) == 0 {
		return false
	}
	for k, v := range sel {
		if asString(labels[k]) != asString(v) {
			return false
		}
	}
	return true
}
