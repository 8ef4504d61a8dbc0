package assistant_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/sitedocs"
	"github.com/lectern-dev/lectern/platform/sites"
)

// TestFeedbackPageWarned: a site whose lectern.yaml entry sets agentFeedback and that has a
// page at /feedback, listed or not (Mintlify serves both), warns in its problems that the page
// shares its path with the agent feedback route; a page elsewhere, or a site without the
// add-on, does not. The docs.json validator knows nothing of lectern.yaml: the served site's
// problems are where the warning can be.
func TestFeedbackPageWarned(t *testing.T) {
	const warning = "warning: feedback.mdx: page /feedback shares its path with the agent feedback route (agentFeedback in lectern.yaml), which takes POST /feedback: " +
		"a proxy must send Lectern only the POSTs to /feedback, or readers lose the page (docs/guides/agents.mdx)"
	for _, tc := range []struct {
		name     string
		domain   string
		feedback bool
		nav      string // docs.json's pages
		file     string // the feedback page's file
		warned   bool
	}{
		{"a listed page", "listed", true, `"start", "feedback"`, "feedback.mdx", true},
		{"an unlisted page", "unlisted", true, `"start"`, "feedback.mdx", true},
		{"a page below /feedback", "nested", true, `"start", "support/feedback"`, "support/feedback.mdx", false},
		{"no agent feedback", "off", false, `"start", "feedback"`, "feedback.mdx", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			for name, content := range map[string]string{
				"docs.json": `{"name": "Acme", "navigation": {"pages": [` + tc.nav + `]}}`,
				"start.mdx": "---\ntitle: Start\n---\nThe tortoise starts here.\n",
				tc.file:     "---\ntitle: Feedback\n---\nTell us what you think of the tortoise.\n",
			} {
				if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			h := start(t, []sites.Site{{Domain: tc.domain, Project: tc.domain + "-docs", Docs: dir, AgentFeedback: tc.feedback}})
			st := h.svc.SiteStates(context.Background()).(map[string]sitedocs.State)[tc.domain]
			if got := slices.Contains(st.Problems, warning); got != tc.warned || !st.Serving {
				t.Errorf("serving %v, problems %q; want the warning: %v", st.Serving, st.Problems, tc.warned)
			}
			if n := len(st.Problems); tc.warned && n != 1 || !tc.warned && slices.ContainsFunc(st.Problems, func(p string) bool { return strings.Contains(p, "feedback route") }) {
				t.Errorf("problems %q", st.Problems)
			}
		})
	}
}
