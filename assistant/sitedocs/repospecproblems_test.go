package sitedocs_test

import (
	"context"
	"slices"
	"testing"

	"github.com/lectern-dev/lectern/assistant/sitedocs"
	"github.com/lectern-dev/lectern/schemas/docsjson"
)

// TestRepoSpecProblemsInTheSite: the served site warns of the repository's OpenAPI files no
// parser accepts as nav validate does, in its words (Z.AI's openapi/index.json, named by
// nothing, MetaGLM/devbook@93bca6f: schemas/docsjson's testdata/sites/zai-refused-spec; its
// openapi/openapi.json, whose $ref to a schema it lacks Mintlify leaves unresolved, is read).
// It said nothing of them.
func TestRepoSpecProblemsInTheSite(t *testing.T) {
	const dir = "../../schemas/docsjson/testdata/sites/zai-refused-spec"
	site, err := docsjson.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	var files []docsjson.Problem
	for _, p := range site.Validate(docsjson.ValidateOptions{}).Warnings {
		if p.Path == "" && p.File != "" {
			files = append(files, p)
		}
	}
	if len(files) != 1 || files[0].File != "openapi/index.json" {
		t.Fatalf("nav validate warns of %d files, want openapi/index.json: %v", len(files), files)
	}
	docs, err := sitedocs.Load(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range files {
		if !slices.Contains(docs.Problems, "warning: "+p.String()) {
			t.Errorf("the site's problems %q lack nav validate's warning %q", docs.Problems, p)
		}
	}
}
