package assistant_test

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
)

// TestUnclosedMDXIsASiteWarning: a listed page whose MDX ends inside a tag (as LemonData's cut-off
// translations do) is a warning of the served site, naming the file, the line and the
// construct, in /readyz?verbose and lectern_assistant_site_problems; the site is served.
func TestUnclosedMDXIsASiteWarning(t *testing.T) {
	page, err := os.ReadFile("testdata/sites/acme/v2/webhooks.mdx")
	if err != nil {
		t.Fatal(err)
	}
	cut := string(page) + "\n<ParamField body=\"parallel_tool_calls\""
	list := skillSite(t, map[string]string{"v2/webhooks.mdx": cut})
	h := start(t, list)
	line := strings.Count(cut, "\n") + 1
	want := fmt.Sprintf(`page "v2/webhooks": its file v2/webhooks.mdx ends inside the tag <ParamField on line %d, which has no closing '>'; MDX cannot compile it`, line)
	st := siteState(t, h, "acme")
	if !st.Serving || !slices.ContainsFunc(st.Problems, func(p string) bool { return strings.HasPrefix(p, "warning: ") && strings.Contains(p, want) }) {
		t.Fatalf("acme state %+v: want it served with the warning %q", st, want)
	}
	checkReadiness(t, h.svc, "ok", "ok", fmt.Sprintf("site acme: %d warning%s (lectern nav validate lists them)", len(st.Problems), map[bool]string{true: "", false: "s"}[len(st.Problems) == 1]))
	if got := gather(t, h)[`lectern_assistant_site_problems{domain="acme"}`]; got != float64(len(st.Problems)) {
		t.Errorf("lectern_assistant_site_problems = %v, want %d", got, len(st.Problems))
	}
}
