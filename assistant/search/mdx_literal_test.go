package search_test

import (
	"os"
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/search"
)

// TestSectionsCodeBlockLiteral: the code Mintlify's <CodeBlock> takes as a string over several
// lines ({`...`}) is a code block of its section, and its lines are never headings. Sidero's
// boot-assets page (siderolabs/docs@5debdd9, testdata/sidero) has 22 such blocks; their shell and
// YAML comments ("# Talos machine configuration patch") were read as headings, so search results
// linked #talos-machine-configuration-patch, an anchor the page does not have.
//
// A <CodeBlock> whose string is on one line is code too, whether the string follows its tag on
// the tag's line (Sidero's building-images page: <CodeBlock lang="sh">{`git checkout
// ${release_v1_13}`}</CodeBlock>) or on a line of its own (its quickstart's kubectl output);
// they read as prose, so their commands ranked as a paragraph's words.
func TestSectionsCodeBlockLiteral(t *testing.T) {
	page, err := os.ReadFile("testdata/sidero/boot-assets.mdx")
	if err != nil {
		t.Fatal(err)
	}
	building, err := os.ReadFile("testdata/sidero/building-images.mdx")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, body string
		heads      []string // every heading, in order
		code       string   // in some section's text
	}{
		{name: "sidero boot assets", body: string(page),
			heads: []string{"Image Factory", "Example: Bare-metal with Image Factory", "Example: Raspberry Pi generic with Image Factory",
				"Example: AWS with Image Factory", "Imager", "Extension image reference", "Overlay image reference",
				"Pulling from private registries", "Example: Bare-metal with Imager", "Example: Raspberry Pi overlay with Imager",
				"Example: AWS with Imager", "Example: Assets with system extensions from image tarballs with Imager",
				"Example: Adding embedded machine configuration with Imager"},
			code: "```sh\n# Talos machine configuration patch\n"},
		{name: "a CodeBlock's language", body: "## Run\n\n<CodeBlock language=\"yaml\">\n{`\n# not a heading\nkey: 1\n`}\n</CodeBlock>\n\n## Next\n",
			heads: []string{"Run", "Next"}, code: "```yaml\n# not a heading\nkey: 1\n```"},
		{name: "a string elsewhere is text", body: "## Run\n\n<Note>\n{`# still no heading\nline`}\n</Note>\n",
			heads: []string{"Run"}, code: "# still no heading\nline"},
		{name: "unbound substitutions stay as written", body: "## Run\n\n<CodeBlock>\n{`\n# v${release}\n`}\n</CodeBlock>\n",
			heads: []string{"Run"}, code: "```\n# v${release}\n```"},
		{name: "sidero building images: a CodeBlock on one line", body: string(building),
			heads: []string{"Checkout Talos source", "Set up the build environment", "Architectures", "Custom PKGS", "Customizations",
				"Building kernel and initramfs", "Building container images", "Building ISO", "Building disk images"},
			code: "```sh\ngit checkout ${release_v1_13}\n```"},
		{name: "a one-line string after its CodeBlock tag", body: "## Nodes\n\n<CodeBlock lang=\"sh\">\n{` NAME   STATUS\\ntalos-cfx   Ready `}\n</CodeBlock>\n",
			heads: []string{"Nodes"}, code: "```sh\n NAME   STATUS\ntalos-cfx   Ready\n```"},
		{name: "a string over lines from its CodeBlock tag's line", body: "## Run\n\n<CodeBlock>{`\ndocker run --rm -it\n# not a heading\n`}</CodeBlock>\n\n## Next\n",
			heads: []string{"Run", "Next"}, code: "```\ndocker run --rm -it\n# not a heading\n```"},
		{name: "a CodeBlock with text after its string is prose", body: "## Run\n\n<CodeBlock lang=\"sh\">{`ls`}</CodeBlock> and more\n",
			heads: []string{"Run"}, code: "ls and more"},
		{name: "an unclosed literal is read as before", body: "## Run\n\n{`\n# A heading\n",
			heads: []string{"Run", "A heading"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, secs := search.Sections(tt.body)
			var heads []string
			found := tt.code == ""
			for _, s := range secs[1:] {
				heads = append(heads, s.Heading)
			}
			for _, s := range secs {
				found = found || strings.Contains(s.Text, tt.code)
			}
			if strings.Join(heads, " | ") != strings.Join(tt.heads, " | ") {
				t.Errorf("headings:\n got %q\nwant %q", heads, tt.heads)
			}
			if !found {
				t.Errorf("%q in no section", tt.code)
			}
		})
	}
}
