package markdown_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/lectern-dev/lectern/assistant/markdown"
)

// TestComponentChildren: a snippet component whose body declares names before it returns its
// JSX is a component, and its {children} are the tag's content. Turnkey's API reference
// (tkhq/docs@c8289df, testdata/turnkey-nestedparam) lists the items of an array field as
// <NestedParam parentKey="apiKeys" childKey="publicKey" type="string" required={true}>
// description</NestedParam>: the Markdown kept each description and lost the field it
// describes, its type and whether it is required.
func TestComponentChildren(t *testing.T) {
	read := readSite("turnkey-nestedparam")
	page, err := os.ReadFile(filepath.Join("testdata", "turnkey-nestedparam", "api-reference", "auth-proxy", "signup.mdx"))
	if err != nil {
		t.Fatal(err)
	}
	const box = "export const Box = ({ title, children }) => (\n  <div>\n    <p>{title}</p>\n    {children && (<div>{children}</div>)}\n  </div>\n);\n"
	files := func(snippet string) func(string) (string, bool) {
		return func(p string) (string, bool) { return snippet, p == "/snippets/box.mdx" }
	}
	const imp = "import { Box } from \"/snippets/box.mdx\";\n\n"
	tests := []struct {
		name, src string
		read      func(string) (string, bool)
		want      []string // in order
		not       []string
	}{
		{name: "turnkey: each nested field names itself", src: string(page), read: read,
			want: []string{"### Body", "- `apiKeys` (", "*item details*:",
				"apiKeys.apiKeyName string required\n\n  Human-readable name for an API Key.",
				"apiKeys.expirationSeconds string\n\n  Optional window (in seconds)",
				"- `authenticators.attestation` (", "authenticators.attestation.credentialId string required\n\n    The cbor encoded"},
			not: []string{"anchorId", "fullKey", "<NestedParam", "className"}},
		{name: "children in place", src: imp + "<Box title=\"Limits\">\nAt most **10** keys.\n\n- one\n</Box>\n", read: files(box),
			want: []string{"Limits\n\nAt most **10** keys.\n\n- one"}},
		{name: "no children: the conditional renders nothing", src: imp + "<Box title=\"Limits\" />\n", read: files(box),
			want: []string{"Limits"}, not: []string{"Mark"}},
		{name: "children inside a line", src: imp + "<Box title=\"T\">\nx\n</Box>\n",
			read: files("export const Box = ({ title, children }) => (<p>{title}: {children}</p>);\n"),
			want: []string{"T: x"}},
		{name: "a body that declares before it returns", src: imp + "<Box id=\"a.b\" />\n",
			read: files("export const Box = ({ id }) => {\n  const anchor = `x-${id.replace(/\\./g, '-')}`;\n  const n = 1;\n\n  return (<p>Field {id}</p>); };\n"),
			want: []string{"Field a.b"}},
		{name: "JSX joins an inline element and an expression on the next line", src: imp + "<Box a=\"x\" b=\"y\" />\n",
			read: files("export const Box = ({ a, b }) => (\n  <p>\n    <span>{a}.</span>\n    {b}\n    <code>z</code>\n  </p>\n);\n"),
			want: []string{"x.y`z`"}},
		{name: "lines of a template literal stay", src: imp + "<Box />\n",
			read: files("export const Box = () => (\n  <CodeBlock>\n    {`a}\n{b`}\n  </CodeBlock>\n);\n"),
			want: []string{"a}\n{b"}},
		{name: "a hook: interactive, its children as MDX renders an unknown element's", src: imp + "<Box title=\"T\">\nInside\n</Box>\n",
			read: files("export const Box = ({ title, children }) => {\n  const [open, setOpen] = useState(false);\n  return (<p>{title} {children}</p>);\n};\n"),
			want: []string{"Inside"}, not: []string{"T Inside"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			inOrder(t, markdown.Body(tt.src, "", tt.read), tt.want, tt.not)
		})
	}
}
