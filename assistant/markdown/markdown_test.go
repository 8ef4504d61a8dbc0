package markdown_test

import (
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/markdown"
)

// TestBody renders each MDX shape of Mintlify's components (as real pages write them:
// indented inside their parents, attributes on several lines) to its Markdown meaning.
func TestBody(t *testing.T) {
	tests := []struct{ name, mdx, want string }{
		{"callout one paragraph", "<Note>\n  Keys are shown once.\n</Note>", "> **Note:** Keys are shown once."},
		{"callout on one line", "<Warning>This deletes the index</Warning>", "> **Warning:** This deletes the index"},
		{"callout with code", "<Tip>\n  ```bash\n  make run\n  ```\n</Tip>", "> **Tip:**\n>\n> ```bash\n> make run\n> ```"},
		{"custom callout", "<Callout icon=\"key\" color=\"#FFC107\">A custom callout</Callout>", "> A custom callout"},
		{"tabs", "<Tabs>\n  <Tab title=\"npm\">\n    ```bash\n    npm i acme\n    ```\n  </Tab>\n  <Tab title=\"yarn\">\n    Run `yarn add acme`.\n  </Tab>\n</Tabs>",
			"**npm**\n\n```bash\nnpm i acme\n```\n\n**yarn**\n\nRun `yarn add acme`."},
		{"steps", "<Steps>\n  <Step title=\"Install\">\n    Run the installer.\n  </Step>\n  <Step title=\"Sign in\">\n    ```bash\n    acme login\n    ```\n  </Step>\n</Steps>",
			"1. **Install**\n\n   Run the installer.\n\n2. **Sign in**\n\n   ```bash\n   acme login\n   ```"},
		{"code group", "<CodeGroup>\n```js hello.js {2} wrap\nconsole.log(1)\n```\n```python hello.py\nprint(1)\n```\n</CodeGroup>",
			"```js hello.js\nconsole.log(1)\n```\n\n```python hello.py\nprint(1)\n```"},
		{"cards", "<CardGroup cols={2}>\n  <Card title=\"Quickstart\" icon=\"rocket\" href=\"/quickstart\">\n    Run it in five minutes.\n  </Card>\n  <Card title=\"No link\">Just text.</Card>\n</CardGroup>",
			"- [Quickstart](/quickstart): Run it in five minutes.\n\n- **No link**: Just text."},
		{"self-closing card", "<Card title=\"API\" href=\"/api\" />", "- [API](/api)"},
		{"accordion", "<AccordionGroup>\n  <Accordion title=\"Is it free?\">\n    Yes.\n  </Accordion>\n</AccordionGroup>", "**Is it free?**\n\nYes."},
		{"fields", "<ParamField query=\"limit\" type=\"number\" default=\"10\" required>\n  Most results.\n</ParamField>\n<ResponseField name=\"user\" type=\"object\">\n  The user.\n  <Expandable title=\"properties\">\n    <ResponseField name=\"id\" type=\"string\">Its id.</ResponseField>\n  </Expandable>\n</ResponseField>",
			"- `limit` (query, number, required, default: `10`): Most results.\n\n- `user` (object)\n\n  The user.\n\n  *properties*:\n\n  - `id` (string): Its id."},
		{"visibility", "<Visibility for=\"humans\">\n  Click **Start**.\n</Visibility>\n<Visibility for=\"agents\">\n  Call `POST /v1/start`.\n</Visibility>", "Call `POST /v1/start`."},
		{"frame", "<Frame caption=\"The dashboard\">\n  <img src=\"/d.png\" alt=\"Dashboard\" />\n</Frame>", "![Dashboard](/d.png)\n\nThe dashboard"},
		{"inline components", "Press <kbd>Cmd</kbd> <Icon icon=\"x\" /> and read the <Tooltip tip=\"Application Programming Interface\">API</Tooltip> <a href=\"/x\">guide</a>.",
			"Press Cmd  and read the API (Application Programming Interface) [guide](/x)."},
		{"expressions", "{/* a comment */}\nUse {\"{id}\"} in /users/{id} and {props.x} here.", "Use {id} in /users/{id} and  here."},
		{"esm", "import { Pay } from '0xtrails/widget'\nexport const x = {\n  a: 1,\n}\n\nText <Pay />.", "Text ."},
		{"code kept as written", "```mdx\n<Note>not a callout</Note>\n{x}\n```", "```mdx\n<Note>not a callout</Note>\n{x}\n```"},
		{"placeholder stays", "Set `<YOUR_KEY>` or <YOUR_KEY> as a < b.", "Set `<YOUR_KEY>` or <YOUR_KEY> as a < b."},
		{"html comment", "A <!-- hidden --> B\n<!--\nmore\n-->\nC", "A  B\n\nC"},
		{"escaped braces", "An object \\{ a: 1 \\}.", "An object { a: 1 }."},
		{"tree", "<Tree>\n  <Tree.Folder name=\"app\">\n    <Tree.File name=\"page.tsx\" />\n  </Tree.Folder>\n  <Tree.File name=\"package.json\" />\n</Tree>",
			"- app/\n  - page.tsx\n- package.json"},
		{"update", "<Update label=\"2024-10-11\" description=\"v0.1.0\">\n  - Faster.\n</Update>", "**2024-10-11 — v0.1.0**\n\n- Faster."},
		// PrefectHQ/prefect@ce79dd3d docs/integrations/prefect-aws/api-ref/*.mdx: each definition's
		// heading links to its source with an icon and no text.
		{"icon-only link", "### `AssumeRoleParameters` <sup><a href=\"https://github.com/o/r/blob/main/a.py#L10\" target=\"_blank\"><Icon icon=\"github\" style=\"width: 14px; height: 14px;\" /></a></sup>",
			"### `AssumeRoleParameters` [github](https://github.com/o/r/blob/main/a.py#L10)"},
		{"icon-only link named", "<a href=\"/x\" aria-label=\"Edit on GitHub\"><Icon icon=\"pen\" /></a> and <a href=\"/y\" title=\"Slack\"> </a>",
			"[Edit on GitHub](/x) and [Slack](/y)"},
		{"icon-only link of an image icon", "<a href=\"/z\"><Icon icon=\"/icons/arrow-up-right.svg\" /></a>", "[arrow up right](/z)"},
		{"icon-only block link", "<a href=\"https://github.com/o/r\">\n  <Icon icon=\"github\" />\n</a>", "[github](https://github.com/o/r)"},
		// agno-agi/docs@402a4aa5 index.mdx: its footer links icons drawn in <svg>.
		{"icon drawn in svg", "Follow <a href=\"https://x.com/a\"><svg viewBox=\"0 0 24 24\"><path d=\"M18 2h3z\"/></svg></a> now", "Follow [https://x.com/a](https://x.com/a) now"},
		{"empty link", "See <a href=\"https://example.com/a\"></a>.", "See [https://example.com/a](https://example.com/a)."},
		{"block link", "<a href=\"/pay\">\n  <h2>Pay</h2>\n  <p>Take payments.</p>\n</a>", "- [Pay](/pay): Take payments."},
		{"unknown component keeps content", "<Columns cols={2}>\n  <Column>\n  **Install**\n  </Column>\n</Columns>", "**Install**"},
		{"stray closing tag", "Text\n</Note>\nMore", "Text\n\nMore"},
		{"unclosed component", "<Note>\nStill text", "> **Note:** Still text"},
		// Lectern's docs/guides/operations.mdx, as first written, and continue's
		// customize/model-providers/more/ollama.mdx: a paragraph after a code block in a list
		// item stays in the item (it used to start at the margin, out of the list).
		{"paragraph after a fence in a list item", "1. Stop it.\n\n   ```bash\n   kill 1\n   ```\n\n   Then copy the directory.\n   All of it.\n2. Start it.",
			"1. Stop it.\n\n   ```bash\n   kill 1\n   ```\n\n   Then copy the directory.\n   All of it.\n2. Start it."},
		{"bullet after a fence in a nested list", "1. Edit:\n   - Add:\n\n     ```\n     A=1\n     ```\n\n   - Restart.",
			"1. Edit:\n   - Add:\n\n     ```\n     A=1\n     ```\n\n   - Restart."},
		{"indentation above 3 spaces after a fence is not kept", "<Note>\n```\nx\n```\n      deep\n</Note>", "> **Note:**\n>\n> ```\n> x\n> ```\n>\n>    deep"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := markdown.Body(tc.mdx, "", nil); got != tc.want {
				t.Errorf("Body(%q)\n got: %q\nwant: %q", tc.mdx, got, tc.want)
			}
		})
	}
}

func TestRender(t *testing.T) {
	src := "---\ntitle: Quickstart\ndescription: ignored here\n---\n# Quickstart\n\nRun <Tooltip tip=\"the CLI\">acme</Tooltip>.\n"
	got := markdown.Render(markdown.Page{Title: "Quickstart", Description: "Start in\nfive minutes.", Body: src,
		Instructions: []string{"Cite the version.", "Prefer TypeScript.\nNo guessing."},
		Operation:    "openapi: 3.1.0\n", OperationLabel: "openapi.yaml GET /x"})
	want := "# Quickstart\n\n> Start in\n> five minutes.\n\nRun acme (the CLI).\n\n## OpenAPI\n\n```yaml openapi.yaml GET /x\nopenapi: 3.1.0\n```\n\n" +
		"> ## Agent Instructions\n> Cite the version.\n> Prefer TypeScript.\n> No guessing.\n"
	if got != want {
		t.Errorf("Render\n got: %q\nwant: %q", got, want)
	}
}

// TestRenderLink: a page whose frontmatter sets url (LangChain's API reference pages) says
// where it links: an agent fetching its Markdown otherwise gets a bare title.
func TestRenderLink(t *testing.T) {
	got := markdown.Render(markdown.Page{Title: "Checkpointers", Link: "https://example.com/reference/checkpoints/",
		Body: "---\ntitle: Checkpointers\nurl: https://example.com/reference/checkpoints/\n---\n"})
	if want := "# Checkpointers\n\nThis page links to [https://example.com/reference/checkpoints/](https://example.com/reference/checkpoints/).\n"; got != want {
		t.Errorf("Render\n got: %q\nwant: %q", got, want)
	}
}

// TestLowercaseSnippet: an imported snippet named in lower case (LangChain's docs import
// '/snippets/chat-model-tabs.mdx' as chatTabs and write <chatTabs />) is the snippet, as for a
// capitalised name and as the search inlines it, not a literal tag left in the Markdown.
func TestLowercaseSnippet(t *testing.T) {
	read := func(p string) (string, bool) {
		if p != "/snippets/chat-model-tabs.mdx" {
			return "", false
		}
		return "**OpenAI**\n\n```python\nllm = init_chat_model(\"openai:gpt-4.1\")\n```", true
	}
	for _, tc := range []struct{ name, src, want string }{
		{"capitalised", "import ChatTabs from '/snippets/chat-model-tabs.mdx';\n\nPick a model:\n\n<ChatTabs />\n",
			"Pick a model:\n\n**OpenAI**\n\n```python\nllm = init_chat_model(\"openai:gpt-4.1\")\n```"},
		{"lower case", "import chatTabs from '/snippets/chat-model-tabs.mdx';\n\nPick a model:\n\n<chatTabs />\n",
			"Pick a model:\n\n**OpenAI**\n\n```python\nllm = init_chat_model(\"openai:gpt-4.1\")\n```"},
		{"lower case in a callout", "import chatTabs from '/snippets/chat-model-tabs.mdx';\n\n<Tip>\n  Review:\n\n  <chatTabs />\n</Tip>\n",
			"> **Tip:** Review:\n>\n> **OpenAI**\n>\n> ```python\n> llm = init_chat_model(\"openai:gpt-4.1\")\n> ```"},
		{"an HTML tag is no snippet", "import chatTabs from '/snippets/chat-model-tabs.mdx';\n\n<div>\nText.\n</div>\n", "Text."},
	} {
		if got := markdown.Body(tc.src, "", read); got != tc.want {
			t.Errorf("%s:\n got: %q\nwant: %q", tc.name, got, tc.want)
		}
	}
}

func TestSnippets(t *testing.T) {
	files := map[string]string{
		"/snippets/install.mdx": "---\ntitle: x\n---\nimport Deeper from '/snippets/deeper.mdx'\n\nInstall it. <Deeper />\n\n<Deeper />",
		"/snippets/deeper.mdx":  "Deeper text.",
	}
	read := func(p string) (string, bool) { s, ok := files[p]; return s, ok }
	got := markdown.Body("import Install from \"/snippets/install.mdx\"\nimport Gone from '/snippets/gone.mdx'\n\n<Install />\n<Gone />\n", "", read)
	// "Install it. <Deeper />": a snippet inside a line of text is its text in place, as
	// Mintlify renders it (TestInlineSnippetComponent); alone on its line, a block.
	if want := "Install it. Deeper text.\n\nDeeper text."; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	loop := func(string) (string, bool) { return "import Self from '/snippets/self.mdx'\n\nx\n<Self />", true }
	if got := markdown.Body("import Self from '/snippets/self.mdx'\n\n<Self />", "", loop); strings.Count(got, "x") != 4 {
		t.Errorf("a snippet that includes itself: %q, want its text 4 times (the depth bound)", got)
	}
}
