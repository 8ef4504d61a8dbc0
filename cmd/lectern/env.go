package main

import (
	"flag"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/lectern-dev/lectern/platform/envflag"
)

// notFlags are LECTERN_* variables that are no flag's and no typo: the keys the first start
// prints as NAME=value lines (people export them), the client harnesses' site names, and the
// variables of Lectern's own tests and scripts (by prefix).
var (
	notFlags       = []string{"LECTERN_ADMIN_KEY", "LECTERN_ASSISTANT_KEY", "LECTERN_DOMAIN", "LECTERN_PROJECT", "LECTERN_BIN"}
	notFlagsPrefix = []string{"LECTERN_TEST_", "LECTERN_BENCH_", "LECTERN_CLUSTER_TEST", "LECTERN_IMAGE_TEST"}
)

// serviceLinkRE matches what follows a Service's prefix in the variables Kubernetes gives every
// pod for each Service of its namespace (enableServiceLinks): a Service lectern-ingest makes
// LECTERN_INGEST_SERVICE_HOST, LECTERN_INGEST_PORT_8080_TCP_ADDR and so on.
var serviceLinkRE = regexp.MustCompile(`^(?:SERVICE_HOST|SERVICE_PORT(?:_[A-Z0-9_]+)?|PORT(?:_[0-9]+_(?:TCP|UDP|SCTP)(?:_PROTO|_PORT|_ADDR)?)?)$`)

// serviceLink reports whether name is a Kubernetes service link of a Service whose
// SERVICE_HOST variable is in set.
func serviceLink(name string, set map[string]bool) bool {
	for host := range set {
		prefix, ok := strings.CutSuffix(host, "_SERVICE_HOST")
		if ok && strings.HasPrefix(name, prefix+"_") && serviceLinkRE.MatchString(name[len(prefix)+1:]) {
			return true
		}
	}
	return false
}

// unknownEnv returns the LECTERN_* names in environ that no command of lectern reads and that
// are not otherwise Lectern's, sorted. A Kubernetes service link counts as Lectern's when its
// SERVICE_HOST is also set.
func unknownEnv(environ []string) []string {
	known := knownEnv()
	set := map[string]bool{}
	for _, kv := range environ {
		name, _, _ := strings.Cut(kv, "=")
		set[name] = true
	}
	var out []string
	for name := range set {
		if !strings.HasPrefix(name, "LECTERN_") || known[name] || slices.Contains(notFlags, name) {
			continue
		}
		if slices.ContainsFunc(notFlagsPrefix, func(p string) bool { return strings.HasPrefix(name, p) }) {
			continue
		}
		if serviceLink(name, set) {
			continue
		}
		out = append(out, name)
	}
	slices.Sort(out)
	return out
}

// knownEnv is every variable a flag of some command reads: a variable another command reads
// is no typo (a shared env file or ConfigMap serves several commands).
var knownEnv = sync.OnceValue(func() map[string]bool {
	known := map[string]bool{}
	var walk func(c *command)
	walk = func(c *command) {
		if c.setup != nil {
			fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
			c.setup(fs)
			for name := range envflag.Vars(fs) {
				known[name] = true
			}
		}
		for _, s := range c.subs {
			walk(s)
		}
	}
	walk(commands())
	return known
})

// knownEnvNames returns the variables of knownEnv, for suggestions.
func knownEnvNames() []string {
	var names []string
	for name := range knownEnv() {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

// lookup reads variables from environ ("NAME=value" entries), as os.LookupEnv reads the process's.
func lookup(environ []string) func(string) (string, bool) {
	vars := map[string]string{}
	for _, kv := range environ {
		if name, v, ok := strings.Cut(kv, "="); ok {
			vars[name] = v
		}
	}
	return func(name string) (string, bool) { v, ok := vars[name]; return v, ok }
}
