package main

import (
	"fmt"
	"sort"
	"strings"

	"sigs.k8s.io/kustomize/api/krusty"
	"sigs.k8s.io/kustomize/kyaml/filesys"
)

// cmdKustomize builds DIR with kustomize's own Go module (what `kubectl kustomize` runs) and
// checks that every object lands in one namespace.
func cmdKustomize(args []string) error {
	if len(args) != 1 {
		return fmt.Errorf("usage: kustomize DIR")
	}
	k := krusty.MakeKustomizer(krusty.MakeDefaultOptions())
	res, err := k.Run(filesys.MakeFsOnDisk(), args[0])
	if err != nil {
		return fmt.Errorf("kustomize build %s: %w", args[0], err)
	}
	var p problems
	kinds := map[string]int{}
	namespaces := map[string]bool{}
	for _, r := range res.Resources() {
		kinds[r.GetKind()]++
		if r.GetKind() != "Namespace" {
			namespaces[r.GetNamespace()] = true
		}
	}
	if len(namespaces) != 1 || namespaces[""] {
		p.addf("objects in namespaces %v, want all in one", keys(namespaces))
	}
	var parts []string
	for _, kind := range keys(kinds) {
		parts = append(parts, fmt.Sprintf("%d %s", kinds[kind], kind))
	}
	fmt.Printf("  kustomize (sigs.k8s.io/kustomize/api): %d objects (%s), namespace %s\n", len(res.Resources()), strings.Join(parts, ", "), strings.Join(keys(namespaces), ","))
	return p.err()
}

func keys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
