package sitedocs_test

import (
	"context"
	"testing"

	"github.com/lectern-dev/lectern/assistant/sitedocs"
)

// TestDivisions: each page's division, the family of parallel divisions it is one of and its
// counterpart, on real navigation shapes: Reown's framework dropdowns (each in its own folder,
// repeating one set of pages), Dify's products (repeating theirs under en/cloud/ and
// en/self-host/), and Trails' tabs (Documentation, SDK, API reference: parts of one set of
// docs, whose /get-started and /sdk/get-started are one coincidence, not a repetition).
func TestDivisions(t *testing.T) {
	for _, tc := range []struct {
		site, url                     string
		division, family, counterpart string
	}{
		{"../testdata/sites/reown-frameworks", "/appkit/react/core/siwe", "React", "React", "/appkit/core/siwe"},
		{"../testdata/sites/reown-frameworks", "/appkit/flutter/core/siwe", "Flutter", "React", "/appkit/core/siwe"},
		{"../testdata/sites/reown-frameworks", "/appkit/flutter/core/email", "Flutter", "React", "/appkit/core/email"},
		{"../testdata/sites/reown-frameworks", "/appkit/authentication/socials", "AppKit - Overview", "", ""},
		{"../llmstxt/testdata/sites/agents-dify", "/en/self-host/use-dify/nodes/code", "Self-Host › Use", "Cloud › Use", "/en/use-dify/nodes/code"},
		{"../llmstxt/testdata/sites/agents-dify", "/en/cloud/use-dify/nodes/code", "Cloud › Use", "Cloud › Use", "/en/use-dify/nodes/code"},
		{"../search/testdata/eval/trails", "/get-started", "Documentation", "", ""},
		{"../search/testdata/eval/trails", "/sdk/get-started", "SDK", "", ""},
		{"../search/testdata/eval/trails", "/api-reference/introduction", "API reference", "", ""},
	} {
		t.Run(tc.url, func(t *testing.T) {
			d, err := sitedocs.Load(context.Background(), tc.site)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range d.Entries {
				if e.URL != tc.url {
					continue
				}
				if e.Division != tc.division || e.Family != tc.family || e.Counterpart != tc.counterpart {
					t.Errorf("division %q, family %q, counterpart %q; want %q, %q, %q", e.Division, e.Family, e.Counterpart, tc.division, tc.family, tc.counterpart)
				}
				if got := d.Scopes.DivisionOf(tc.url); got != tc.division {
					t.Errorf("Scopes.DivisionOf: %q, want %q", got, tc.division)
				}
				return
			}
			t.Fatalf("no entry %s", tc.url)
		})
	}
}

// readerSite is Reown's navigation shape with dropdowns whose labels hold one another
// ("React", "React Native"), an unlisted page in React's folder and a page two dropdowns list.
const readerSite = `{"name": "Reown", "navigation": {"dropdowns": [
  {"dropdown": "React", "pages": [{"group": "Features", "pages": ["appkit/react/core/theming", "appkit/react/core/siwe", "shared/faq"]}]},
  {"dropdown": "React Native", "pages": [{"group": "Features", "pages": ["appkit/react-native/core/theming", "appkit/react-native/core/siwe"]}]},
  {"dropdown": "Flutter", "pages": [{"group": "Features", "pages": ["appkit/flutter/core/theming", "appkit/flutter/core/siwe", "shared/faq"]}]}
]}}`

// TestReaderDivisionOfQuestion: the division a question is asked from, and when the question
// or the caller's filter says otherwise.
func TestReaderDivisionOfQuestion(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{"docs.json": readerSite, "shared/faq.mdx": "# FAQ\n", "appkit/react/core/hooks.mdx": "# Hooks\n"}
	for _, f := range []string{"react", "react-native", "flutter"} {
		files["appkit/"+f+"/core/theming.mdx"] = "# Theming\n"
		files["appkit/"+f+"/core/siwe.mdx"] = "# SIWE\n"
	}
	writeFiles(t, dir, files)
	d, err := sitedocs.Load(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, q, product string
		paths            []string
		want             string
	}{
		{"the page's dropdown", "how do I set the theme", "", []string{"/appkit/react/core/theming"}, "React"},
		{"a full URL with a section", "how do I set the theme", "", []string{"https://docs.reown.com/appkit/flutter/core/siwe#setup"}, "Flutter"},
		{"an unlisted page of the dropdown's folder", "how do I set the theme", "", []string{"/appkit/react/core/hooks"}, "React"},
		{"a page two dropdowns list: none", "how do I set the theme", "", []string{"/shared/faq"}, ""},
		{"the next path that tells one", "how do I set the theme", "", []string{"/shared/faq", "/appkit/flutter/core/theming"}, "Flutter"},
		{"no page", "how do I set the theme", "", nil, ""},
		{"the question names another dropdown", "how do I set the theme in flutter", "", []string{"/appkit/react/core/theming"}, ""},
		{"the question names a longer label holding the reader's", "theming in React Native", "", []string{"/appkit/react/core/theming"}, ""},
		{"the question names the reader's own", "theming in React Native", "", []string{"/appkit/react-native/core/theming"}, "React Native"},
		{"the question names the reader's own, shorter label", "theming in react", "", []string{"/appkit/react/core/theming"}, "React"},
		{"a longer word holding a label names nothing", "is FlutterFlow supported", "", []string{"/appkit/react/core/theming"}, "React"},
		{"a product filter the division is not in", "how do I set the theme", "Cloud", []string{"/appkit/react/core/theming"}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := d.Scopes.ReaderDivision(tc.q, tc.product, tc.paths...); got != tc.want {
				t.Errorf("ReaderDivision(%q, %q, %v) = %q, want %q", tc.q, tc.product, tc.paths, got, tc.want)
			}
		})
	}
}
