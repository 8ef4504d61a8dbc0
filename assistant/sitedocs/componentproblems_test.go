package sitedocs_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/sitedocs"
	"github.com/lectern-dev/lectern/schemas/docsjson"
)

// TestUndefinedComponentsAreAWarning: ngrok's action pages (testdata/sites/ngrok-undefined-
// components, its SOURCE) are made of components nothing defines, which Mintlify's build
// renders as nothing; nav validate (ComponentProblems) and the served site (Load's problems)
// said nothing of it. Each now warns once, in one wording, of the page that uses them, and not
// of the page whose components are imported snippets and Mintlify's.
func TestUndefinedComponentsAreAWarning(t *testing.T) {
	const dir = "../testdata/sites/ngrok-undefined-components"
	site, err := docsjson.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	tree, _, err := site.ResolvePartial()
	if err != nil {
		t.Fatal(err)
	}
	got := sitedocs.ComponentProblems(site.FS(), site.AllPages(tree))
	want := `navigation.tabs[0].menu[0].pages[0].pages[0]: page "traffic-policy/actions/deny": its file traffic-policy/actions/deny.mdx uses <ActionOverview>, <ActionConfig>, <ActionBehavior>, <ActionExamples> and <ActionVariables>, which are neither one of Mintlify's components nor imported nor defined in the page or its snippets; Mintlify's build renders nothing in their place, not even the text written inside ("Component ActionOverview does not exist")`
	if len(got) != 1 || !strings.HasPrefix(got[0].String(), want) {
		t.Fatalf("nav validate's component problems %v, want one starting %q", got, want)
	}
	docs, err := sitedocs.Load(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(docs.Problems, "warning: "+got[0].String()) {
		t.Errorf("the site's problems %q lack nav validate's warning %q", docs.Problems, got[0])
	}
	if n := len(slices.DeleteFunc(slices.Clone(docs.Problems), func(p string) bool { return !strings.Contains(p, "Mintlify's components") })); n != 1 {
		t.Errorf("the site warns %d times of components, want once: %q", n, docs.Problems)
	}
}
