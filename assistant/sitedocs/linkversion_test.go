package sitedocs_test

import (
	"context"
	"slices"
	"testing"

	"github.com/lectern-dev/lectern/assistant/sitedocs"
)

// TestLinkVersionIsNoScope: Novu's versions (novuhq/docs@c1cb9e4,
// ../testdata/sites/novu-link-version) are "v2.x", which holds the pages, and "v0.x", a link to
// the old docs elsewhere ("href"). Only the version that holds pages is a scope a search, a
// question or the MCP search tool's version parameter can take (rehearse25).
func TestLinkVersionIsNoScope(t *testing.T) {
	d, err := sitedocs.Load(context.Background(), "../testdata/sites/novu-link-version")
	if err != nil {
		t.Fatal(err)
	}
	if got := d.Scopes.Versions; !slices.Equal(got, []string{"v2.x"}) {
		t.Errorf("versions %q, want only \"v2.x\"", got)
	}
	if v, _ := d.Scopes.Resolve("", ""); v != "v2.x" || d.Scopes.DefaultVersion != "v2.x" {
		t.Errorf("default version %q (resolved %q), want v2.x", d.Scopes.DefaultVersion, v)
	}
}
