package markdown_test

import (
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/markdown"
)

// prefectSnippets are the shapes of Prefect's resource-management snippets
// (PrefectHQ/prefect@ce79dd3d, docs/snippets/resource-management/): components exported as
// arrow functions whose props are filled from an object a variables file exports, cut to what
// the tests need and with made-up addresses; swatch.jsx is the shape of Fish Audio's
// snippets/color-swatch.jsx (fishaudio/docs@5783e097), whose colors its brand page lost.
var prefectSnippets = map[string]string{
	"/snippets/resource-management/vars.mdx": "export const home = {\n    tf: \"https://registry.example/prefect/docs\",\n    helm: \"https://charts.example/prefect\",\n}\n\n" +
		"export const workers = {\n    helm: \"https://charts.example/prefect/worker\",\n    cli: 'https://docs.example/cli/worker', // the CLI reference\n}\n",
	"/snippets/resource-management/terraform.mdx": "export const TF = ({ name, href }) => (\n<p>You can manage {name} with the <a href={href}>Terraform provider for Prefect</a>.</p>\n);",
	"/snippets/resource-management/combined.mdx":  "export const COMBINED = ({ name, hrefTF, hrefCLI }) => (\n<p>You can manage {name} with the <a href={hrefCLI}>Prefect CLI</a> or <a href={hrefTF}>Terraform provider</a>.</p>\n);",
	"/snippets/keyword.mdx":                       "The keyword of the day is {word}.\n\n```js\nconst word = `{word}`\n```\n",
	"/snippets/swatch.jsx":                        "export const ColorSwatch = ({ hex, name }) => {\n  return (\n    <div>\n      <div style={{ backgroundColor: hex }}>\n        <code className=\"text-xs\">\n          {hex}\n        </code>\n      </div>\n      <p className=\"text-sm\">{name}</p>\n    </div>\n  );\n};\n",
	"/snippets/player.jsx":                        "export const Player = ({ page }) => {\n  const [on, setOn] = useState(false);\n  return (<button onClick={() => setOn(!on)}>Play {page}</button>);\n};\n",
}

func readPrefect(p string) (string, bool) { s, ok := prefectSnippets[p]; return s, ok }

// TestSnippetComponentsAndVariables: a snippet's exported component is rendered with the props
// its tag gives (text, a string, or a value another snippet exports), a default-imported
// snippet with its variables, and a page's {name.key} with the value it imports; fenced code
// keeps its braces, and a component with state draws nothing. Prefect's pages lost the
// sentence "You can manage workers with the Prefect Helm charts." and its link, on 16 pages.
func TestSnippetComponentsAndVariables(t *testing.T) {
	const imports = "import { TF } from \"/snippets/resource-management/terraform.mdx\"\n" +
		"import { COMBINED } from '/snippets/resource-management/combined.mdx'\n" +
		"import { home, workers as w } from \"/snippets/resource-management/vars.mdx\"\n" +
		"import Keyword from '/snippets/keyword.mdx'\n" +
		"import { Player } from '/snippets/player.jsx'\n" +
		"import { ColorSwatch } from '/snippets/swatch.jsx'\n\n"
	tests := []struct {
		name, body, want string
	}{
		{"a component, its href from an imported object", `<TF name="resources" href={home.tf} />`,
			"You can manage resources with the [Terraform provider for Prefect](https://registry.example/prefect/docs)."},
		{"a renamed import, a literal prop", `<COMBINED name={"workers"} hrefCLI={w.cli} hrefTF="https://tf.example" />`,
			"You can manage workers with the [Prefect CLI](https://docs.example/cli/worker) or [Terraform provider](https://tf.example)."},
		{"a prop not given is nothing", `<TF href={home.tf} />`,
			"You can manage  with the [Terraform provider for Prefect](https://registry.example/prefect/docs)."},
		{"a default-imported snippet's variable, its code kept", `<Keyword word="bananas" />`,
			"The keyword of the day is bananas.\n\n```js\nconst word = `{word}`\n```"},
		{"an imported value in the page's text", "Charts: {home.helm}, in `{home.helm}`.",
			"Charts: https://charts.example/prefect, in `{home.helm}`."},
		{"an unknown member stays out", "Charts: {home.nope}.", "Charts: ."},
		{"a component whose body only returns its JSX (Fish Audio's brand colors)", `<ColorSwatch hex="#9b90e8" name="Purple (Accent)" />`,
			"#9b90e8\n\nPurple (Accent)"},
		{"a component with state: its tag as written, as Mintlify's Markdown export keeps it", "Listen.\n\n<Player page=\"intro\" />\n\nRead.",
			"Listen.\n\n```jsx\n<Player page=\"intro\" />\n```\n\nRead."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := markdown.Body(imports+tt.body+"\n", "", readPrefect); got != tt.want {
				t.Errorf("Body\n got %q\nwant %q", got, tt.want)
			}
		})
	}
}

// TestInlineSnippetComponents: the search reads what the renderer writes: a component's text
// with its props, and a page's imported values.
func TestInlineSnippetComponents(t *testing.T) {
	src := "---\ntitle: Workers\n---\nimport { TF } from \"/snippets/resource-management/terraform.mdx\"\n" +
		"import { home } from \"/snippets/resource-management/vars.mdx\"\nimport Keyword from '/snippets/keyword.mdx'\n\n" +
		"## Terraform\n\n<TF name=\"workers\" href={home.tf} />\n\nSee {home.helm}.\n\n<Keyword word=\"pools\" />\n"
	got := markdown.InlineSnippets(src, readPrefect, 1<<20)
	for _, want := range []string{
		`You can manage workers with the <a href="https://registry.example/prefect/docs">Terraform provider for Prefect</a>.`,
		"See https://charts.example/prefect.",
		"The keyword of the day is pools.",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("%q not in\n%s", want, got)
		}
	}
	if strings.Contains(got, "<TF") || strings.Contains(got, "export const") {
		t.Errorf("the tag or the export left in\n%s", got)
	}
}
