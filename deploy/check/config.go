package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
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
	files, err := os.MkdirTemp("", "lectern-pod-files-")
	if err != nil {
		p.addf("Deployment %s: %v", o.name(), err)
		return
	}
	defer os.RemoveAll(files)
	mounts := podFiles(p, byID, o, files)
	for i, a := range args {
		args[i] = onHost(a, mounts)
	}
	cmd := exec.CommandContext(ctx, lectern, append([]string{"config"}, args...)...) // #nosec G204 -- the binary under test
	for _, kv := range podEnv(p, byID, secrets, o) {
		cmd.Env = append(cmd.Env, onHost(kv, mounts))
	}
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		p.addf("Deployment %s: lectern config %s: %v\n%s", o.name(), strings.Join(args, " "), err, firstLines(out.String(), 12))
	}
}

// podFiles writes the files the container mounts from ConfigMaps (the site registry) under dir,
// as the pod would see them, and returns each mount path with the directory standing in for it.
func podFiles(p *problems, byID map[string]object, o object, dir string) map[string]string {
	pod := get(o.doc, "spec", "template", "spec")
	configMaps := map[string]string{} // volume -> ConfigMap
	for _, v := range asList(get(pod, "volumes")) {
		if cm := asString(get(v, "configMap", "name")); cm != "" {
			configMaps[asString(asMap(v)["name"])] = cm
		}
	}
	mounts := map[string]string{}
	c := asMap(asList(get(pod, "containers"))[0])
	for i, m := range asList(c["volumeMounts"]) {
		cm, ok := configMaps[asString(asMap(m)["name"])]
		if !ok {
			continue
		}
		local := filepath.Join(dir, fmt.Sprint(i))
		if err := os.MkdirAll(local, 0o750); err != nil {
			p.addf("Deployment %s: %v", o.name(), err)
			continue
		}
		for k, v := range asMap(byID["ConfigMap/"+cm].doc["data"]) {
			if err := os.WriteFile(filepath.Join(local, filepath.Base(k)), []byte(asString(v)), 0o600); err != nil {
				p.addf("Deployment %s: %v", o.name(), err)
			}
		}
		mounts[strings.TrimSuffix(asString(asMap(m)["mountPath"]), "/")] = local
	}
	return mounts
}

// onHost rewrites a path under one of mounts (in an argument or a NAME=value entry) to the
// directory standing in for it on this machine.
func onHost(s string, mounts map[string]string) string {
	for mount, local := range mounts {
		for _, sep := range []string{"=", ""} {
			if prefix, rest, ok := strings.Cut(s, sep+mount+"/"); ok && (sep != "" || prefix == "") {
				return prefix + sep + local + "/" + rest
			}
		}
	}
	return s
}

// firstLines returns at most n lines of s, indented.
func firstLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > n {
		lines = append(lines[:n], fmt.Sprintf("(%d more lines)", len(lines)-n))
	}
	return "      " + strings.Join(lines, "\n      ")
}
