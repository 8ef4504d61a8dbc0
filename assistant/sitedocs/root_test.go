package sitedocs_test

import (
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/lectern-dev/lectern/assistant/search"
	"github.com/lectern-dev/lectern/assistant/sitedocs"
)

// TestRootFollowsAMonorepoSharedFolder: a monorepo whose docs link a shared snippets folder
// (docs/snippets -> ../shared/snippets). Without a root the link is not followed: the snippet's
// text is in no search result and no Markdown, and the link is a warning. With the repository
// as the site's root it is: the text is searched and in the page's Markdown, an edit of the
// shared snippet re-indexes the site, and a link in the shared folder that leads outside the
// root is still not followed (its target's text nowhere, the link a warning).
func TestRootFollowsAMonorepoSharedFolder(t *testing.T) {
	const (
		snippet = "Rotate the signing key every ninety days with acme keys rotate."
		edited  = "Rotate the signing key every thirty days with acme keys rotate."
		secret  = "LECTERN_LLM_API_KEY=sk-not-for-readers"
	)
	tests := []struct {
		name     string
		root     string // under the temporary directory; "" none
		read     bool   // the shared snippet is part of the site
		warnings []string
	}{
		{"no root", "", false, []string{"warning: snippets: a symbolic link that leads outside the docs directory;"}},
		{"the docs directory", "repo/docs", false, []string{"warning: snippets: a symbolic link that leads outside the site's root (root: in the sites file);"}},
		{"the repository", "repo", true, []string{"warning: snippets/leak.mdx: a symbolic link that leads outside the site's root (root: in the sites file);"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				tmp := t.TempDir()
				writeFiles(t, tmp, map[string]string{
					"repo/docs/docs.json": `{"name": "Acme", "navigation": {"pages": ["index"]}}`,
					"repo/docs/index.mdx": "---\ntitle: Keys\n---\n\nimport Rotate from '/snippets/rotate.mdx';\nimport Leak from '/snippets/leak.mdx';\n\n" +
						"# Signing keys\n\n<Rotate />\n\n<Leak />\n",
					"repo/shared/snippets/rotate.mdx": snippet + "\n",
					"server.env":                      secret + "\n",
				})
				symlink(t, "../shared/snippets", filepath.Join(tmp, "repo/docs/snippets"))
				symlink(t, "../../../server.env", filepath.Join(tmp, "repo/shared/snippets/leak.mdx"))
				var opts []sitedocs.Option
				if tc.root != "" {
					opts = append(opts, sitedocs.Root(filepath.Join(tmp, tc.root)))
				}
				site := sitedocs.NewSite(filepath.Join(tmp, "repo/docs"), every, slog.New(slog.DiscardHandler), opts...)
				ctx, cancel := context.WithCancel(t.Context())
				done := make(chan error, 1)
				go func() { done <- site.Run(ctx) }()
				defer func() {
					cancel()
					if err := <-done; err != nil {
						t.Errorf("Run: %v", err)
					}
				}()
				synctest.Wait()

				checkServed(t, site, "ninety", snippet, tc.read, secret)
				var got []string
				for _, p := range site.State().Problems {
					if strings.Contains(p, "symbolic link") {
						got = append(got, p)
					}
				}
				if len(got) != len(tc.warnings) || !slices.ContainsFunc(got, func(p string) bool { return strings.HasPrefix(p, tc.warnings[0]) }) {
					t.Errorf("link warnings %q, want %q", got, tc.warnings)
				}
				if !tc.read {
					return
				}
				if err := os.WriteFile(filepath.Join(tmp, "repo/shared/snippets/rotate.mdx"), []byte(edited+"\n"), 0o644); err != nil {
					t.Fatal(err)
				}
				time.Sleep(2 * every)
				synctest.Wait()
				checkServed(t, site, "thirty", edited, true, secret)
			})
		})
	}
}

// checkServed checks whether the site's search finds word in its page and the page's
// Markdown holds text, and that secret is in neither.
func checkServed(t *testing.T, site *sitedocs.Site, word, text string, want bool, secret string) {
	t.Helper()
	snap, err := site.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	found := slices.ContainsFunc(snap.Index.Search(search.Query{Text: word + " days"}), func(r search.Result) bool {
		return r.Path == "/" && strings.Contains(r.Text, text)
	})
	if found != want {
		t.Errorf("search for %q finds the snippet's text: %v, want %v", word, found, want)
	}
	page, ok := snap.Catalog.Page("/", "", "")
	if !ok {
		t.Fatal("no page at /")
	}
	md := snap.Catalog.Markdown(page)
	if strings.Contains(md, text) != want {
		t.Errorf("the Markdown holds the snippet's text: %v, want %v\n%s", !want, want, md)
	}
	for _, r := range snap.Index.Search(search.Query{Text: "LECTERN_LLM_API_KEY"}) {
		if strings.Contains(r.Text, secret) {
			t.Errorf("a search result holds the file outside the root: %s", r.URL)
		}
	}
	if strings.Contains(md, secret) {
		t.Error("the Markdown holds the file outside the root")
	}
}
