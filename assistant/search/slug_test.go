package search_test

import (
	"os"
	"testing"

	"github.com/lectern-dev/lectern/assistant/search"
)

// TestSlug: each want is the id Mintlify's page gives the heading, as @mintlify/common
// 1.0.1211 makes it (slugify on @sindresorhus/slugify 2.2.0, then cleanHeadingId when the
// Heading component renders), run in node on these headings; a '%' the id keeps is %25.
// The second group are headings of Mintlify's own docs with the anchors its pages link to.
func TestSlug(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Getting Started", "getting-started"},
		{"What's new in v2.0?", "whats-new-in-v2-0"},
		{"Don't", "dont"},
		{"Let's go", "lets-go"},
		{"What’s new", "what’s-new"},
		{"API & SDKs", "api-&-sdks"},
		{"snake_case and kebab-case", "snake_case-and-kebab-case"},
		{"Step 1. Install", "step-1-install"},
		{"a -- b", "a-b"},
		{"Über Größe", "über-größe"},
		{"  padded  ", "padded"},
		{"🚀 Launch", "-launch"},
		{"日本語の見出し", "日本語の見出し"},
		{"100% uptime", "100%25-uptime"},

		{"Search, SEO, and AI indexing", "search-seo-and-ai-indexing"},
		{"Model Context Protocol (MCP)", "model-context-protocol-mcp"},
		{"Split configuration with $ref", "split-configuration-with-$ref"},
	}
	for _, tt := range tests {
		if got := search.Slug(tt.in); got != tt.want {
			t.Errorf("Slug(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestSectionAnchorsOnTranslatedPages: the anchors of real translated pages (testdata/swipelux,
// see its SOURCE) are the ids of their headings on Mintlify's pages: a Hindi heading keeps its
// vowel signs, its "%" and loses its "?", a French apostrophe inside a word is a '-', German's
// "Entitäts- und" one '-'.
func TestSectionAnchorsOnTranslatedPages(t *testing.T) {
	tests := []struct{ file, heading, anchor string }{
		{"hi/knowledge-base/business-onboarding/faq.mdx", "यदि एक director 25% से कम रखता है तो क्या होगा?",
			"यदि-एक-director-25%25-से-कम-रखता-है-तो-क्या-होगा"},
		{"hi/knowledge-base/business-onboarding/faq.mdx", "मैं एक business customer में owners और control persons कैसे जोड़ूँ?",
			"मैं-एक-business-customer-में-owners-और-control-persons-कैसे-जोड़ूँ"},
		{"fr/integration/webhooks.mdx", "Vérifier avant l'analyse", "vérifier-avant-l-analyse"},
		{"fr/integration/webhooks.mdx", "N'enregistrez que les événements dont vous avez besoin",
			"n-enregistrez-que-les-événements-dont-vous-avez-besoin"},
		{"de/knowledge-base/business-onboarding/entity-and-business-types.mdx", "Konzepte zur Entitäts- und Unternehmensklassifizierung",
			"konzepte-zur-entitäts-und-unternehmensklassifizierung"},
		{"de/knowledge-base/business-onboarding/entity-and-business-types.mdx", "Unternehmensarten (Branche)",
			"unternehmensarten-branche"},
	}
	for _, tt := range tests {
		t.Run(tt.anchor, func(t *testing.T) {
			body, err := os.ReadFile("testdata/swipelux/" + tt.file)
			if err != nil {
				t.Fatal(err)
			}
			_, _, secs := search.Sections(string(body))
			var anchors []string
			for _, s := range secs {
				if s.Heading == tt.heading {
					if s.Anchor != tt.anchor {
						t.Errorf("anchor of %q = %q, want %q", tt.heading, s.Anchor, tt.anchor)
					}
					return
				}
				anchors = append(anchors, s.Anchor)
			}
			t.Errorf("no section %q in %s; anchors %q", tt.heading, tt.file, anchors)
		})
	}
}
