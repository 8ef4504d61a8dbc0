package markdown_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/lectern-dev/lectern/assistant/markdown"
)

// TestCodeBlockComponent: Mintlify's <CodeBlock> component holds code, given as a string, and
// a template literal's substitutions (${name}) are the values of what the page imports.
// Sidero's docs (siderolabs/docs@5debdd9, testdata/sidero-codeblock) show talosctl's and
// kubectl's output in 434 pages as <CodeBlock lang="sh">{`...${release_v1_13}...`}</CodeBlock>:
// the Markdown made its lines prose ("> Starting ..." a quote, "# ..." a heading), wrote
// "(version $v1.13.7)" for the literal's "(version ${release_v1_13})", and dropped a one-line
// literal whole.
func TestCodeBlockComponent(t *testing.T) {
	read := readSite("sidero-codeblock")
	page := func(p string) string {
		b, err := os.ReadFile(filepath.Join("testdata", "sidero-codeblock", p))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	const vars = "import { rel, k8s } from '/snippets/vars.mdx';\n\n"
	varsRead := func(p string) (string, bool) {
		if p == "/snippets/vars.mdx" {
			return "export const rel = 'v1.13.7'\nexport const k8s = '1.36.1'\nexport const tick = 'a`b'\n", true
		}
		return "", false
	}
	tests := []struct {
		name, src string
		read      func(string) (string, bool)
		want      []string // in order
		not       []string
	}{
		{name: "sidero: multi-line output is code, substituted", src: page("talos/v1.13/security/ca-rotation.mdx"), read: read,
			want: []string{"Run the following command to rotate the Talos API CA:\n\n```sh\n$ talosctl -n <CONTROLPLANE> rotate-ca --dry-run=false --talos=true --kubernetes=false\n> Starting Talos API PKI rotation",
				"  - 172.20.0.2: OK (version v1.13.7)\n", "> Writing new talosconfig to \"talosconfig\"\n```"},
			not: []string{"$v1.13.7", "${release_v1_13}", "CodeBlock"}},
		{name: "sidero: one-line output is kept", src: page("talos/v1.13/getting-started/quickstart.mdx"), read: read,
			want: []string{"You should see output similar to the following:\n\n```sh\n NAME ", "\ntalos-cfx-nh0   Ready    <none>          2m53s   v1.36.1     10.5.13.47    <none>        Talos v1.13.7 ", "```\n\nFrom here"},
			not:  []string{"${", "$v1", "v$1"}},
		{name: "sidero: every block of a page of many", src: page("talos/v1.13/platform-specific-installations/boot-assets.mdx"), read: read,
			want: []string{"```sh\ndocker run --rm -t \\\n  -v \"$PWD/_out:/secureboot:ro\" \\\n  -v \"$PWD/_out:/out\" \\\n  ghcr.io/siderolabs/imager:v1.13.7 \\\n"},
			not:  []string{"imager:$v1.13.7", "extensions:$v1.13.7", "version: $v1.13.7", "{release_v1_13}"}},
		{name: "sidero: a link's template literal", src: page("talos/v1.13/platform-specific-installations/boot-assets.mdx"), read: read,
			want: []string{"(https://factory.talos.dev/image/b8e8fbbe1b520989e6c52c8dc8303070cb42095997e76e812fa8892393e1d176/v1.13.7/metal-amd64.iso)",
				// in prose, "${name}" is a dollar sign before an expression, as MDX renders it
				"(https://factory.talos.dev/image/0db665edfda21c70194e7ca660955425d16cec2aa58ff031e2abf72b7c328585/$v1.13.7/metal-arm64.raw.xz)"}},
		{name: "language and filename", src: "<CodeBlock language=\"yaml\" filename=\"a.yaml\">\n{`a: 1\n# b`}\n</CodeBlock>\n", read: varsRead,
			want: []string{"```yaml a.yaml\na: 1\n# b\n```"}},
		{name: "a string holding a fence gets a longer one", src: "<CodeBlock>\n{\"```\"}\n</CodeBlock>\n", read: varsRead,
			want: []string{"````\n```\n````"}},
		{name: "a substitution in prose keeps its dollar", src: vars + "It costs ${rel} and {k8s}.\n", read: varsRead,
			want: []string{"It costs $v1.13.7 and 1.36.1."}},
		{name: "an unknown or escaped substitution stays", src: vars + "<CodeBlock>\n{`${rel} \\${rel} ${nope}`}\n</CodeBlock>\n", read: varsRead,
			not: []string{"$v1.13.7", "v1.13.7 "}},
		{name: "a value holding a backtick stays a substitution", src: "import { tick } from '/snippets/vars.mdx';\n\n<CodeBlock>\n{`x ${tick}`}\n</CodeBlock>\n", read: varsRead,
			not: []string{"a`b"}},
		{name: "a literal outside a CodeBlock stays text", src: vars + "<Note>\n{`v${rel}`}\n</Note>\n", read: varsRead,
			want: []string{"> **Note:** vv1.13.7"}, not: []string{"```"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			inOrder(t, markdown.Body(tt.src, "", tt.read), tt.want, tt.not)
		})
	}
}
