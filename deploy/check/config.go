package main

import (
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"regexp"
	"sort"
	"strings"
	"time"
)

// envName is what Kubernetes accepts as an environment variable from envFrom.
var envName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// podEnv returns the environment a Deployment's container starts with: its ConfigMaps (envFrom),
// then its env entries (literal values, ConfigMap and Secret keys; Secrets from the example).
func podEnv(p *problems, byID map[string]object, secrets map[string]string, o object) []string {
	name := o.name()
	env := map[string]string{}
	c := asMap(asList(get(o.doc, "spec", "template", "spec", "containers"))[0])
	for _, ef := range asList(c["envFrom"]) {
		if cm := asString(get(ef, "configMapRef", "name")); cm != "" {
			for k, v := range asMap(byID["ConfigMap/"+cm].doc["data"]) {
				if envName.MatchString(k) {
					env[k] = asString(v)
				}
			}
		}
	}
	for _, e := range asList(c["env"]) {
		n := asString(asMap(e)["name"])
		switch {
		case asMap(e)["value"] != nil:
			env[n] = asString(asMap(e)["value"])
		case get(e, "valueFrom", "secretKeyRef") != nil:
			ref := asMap(get(e, "valueFrom", "secretKeyRef"))
			env[n] = secrets[asString(ref["name"])+"/"+asString(ref["key"])]
		case get(e, "valueFrom", "configMapKeyRef") != nil:
			ref := asMap(get(e, "valueFrom", "configMapKeyRef"))
			v, ok := asMap(byID["ConfigMap/"+asString(ref["name"])].doc["data"])[asString(ref["key"])]
			if !ok {
				p.addf("Deployment %s: env %s uses ConfigMap key %s/%s, which does not exist", name, n, asString(ref["name"]), asString(ref["key"]))
			}
			env[n] = asString(v)
		default:
			env[n] = ""
		}
	}
	out := make([]string, 0, len(env))
	for k, v := range env {
		out = append(out, k+"="+v)
	}
	sort.Strings(out)
	return out
}

// checkConfig runs `lectern config` with the Deployment's args and environment: every flag must
// exist, every value must be one the flag takes, every LECTERN_* variable must be read by a
// flag, and the target's own checks must pass, exactly as when the pod starts.
func checkConfig(p *problems, lectern string, byID map[string]object, secrets map[string]string, o object) {
	c := asMap(asList(get(o.doc, "spec", "template", "spec", "containers"))[0])
	var args []string
	for _, a := range asList(c["args"]) {
		args = append(args, asString(a))
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, lectern, append([]string{"config"}, args...)...) // #nosec G204 -- the binary under test
	cmd.Env = podEnv(p, byID, secrets, o)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		p.addf("Deployment %s: lectern config %s: %v\n%s", o.name(), strings.Join(args, " "), err, firstLines(out.String(), 12))
	}
}

// firstLines returns at most n lines of s, indented.
func firstLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > n {
		lines = append(lines[:n], fmt.Sprintf("(%d more lines)", len(lines)-n))
	}
	return "      " + strings.Join(lines, "\n      ")
}
