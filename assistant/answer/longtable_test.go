package answer_test

import (
	"strings"
	"testing"

	"github.com/lectern-dev/lectern/assistant/answer"
)

// Sections shaped as the search's cleaned text of real pages (mem0ai/mem0 docs at 8d5b786):
// a tab's title on a line of its own over a table too long to quote whole
// (components/vectordbs/dbs/vertex_ai.mdx), and a section that is one long table
// (migration/oss-v2-to-v3.mdx, "Python Client SDK").
const (
	tabbedTables = "Python\n\n| Parameter | Description | Required |\n" +
		"| `endpoint_id` | Vector Search endpoint ID | Yes |\n| `index_id` | Vector Search index ID | Yes |\n" +
		"| `deployment_index_id` | Deployment-specific index ID | Yes |\n| `project_id` | Google Cloud project ID | Yes |\n" +
		"| `project_number` | Google Cloud project number | Yes |\n| `vector_search_api_endpoint` | Vector search API endpoint | Yes (for get operations) |\n" +
		"| `region` | Google Cloud region | Yes |\n| `credentials_path` | Path to service account credentials | No (defaults to GOOGLE_APPLICATION_CREDENTIALS) |\n" +
		"| `service_account_json` | Service account credentials as a dictionary (alternative to `credentials_path`) | `None` |\n\n" +
		"TypeScript\n\n| Parameter | Description | Required |\n" +
		"| `endpointId` | Vector Search endpoint ID | Yes |\n| `indexId` | Vector Search index ID | Yes |\n" +
		"| `deploymentIndexId` | Deployment-specific index ID | Yes |\n| `projectId` | Google Cloud project ID | Yes |\n" +
		"| `projectNumber` | Google Cloud project number | Yes |\n| `vectorSearchApiEndpoint` | Vector search API endpoint | Yes (for get operations) |\n" +
		"| `region` | Google Cloud region | Yes |\n| `credentialsPath` | Path to service account credentials | No (defaults to GOOGLE_APPLICATION_CREDENTIALS) |\n" +
		"| `serviceAccountJson` | Service account credentials as an object (alternative to `credentialsPath`) | No |"
	migrationTable = "| Change | Old | New | Migration |\n" +
		"| Constructor | `MemoryClient(api_key, org_id, project_id)` | `MemoryClient(api_key)` | Remove `org_id`, `project_id` from constructor |\n" +
		"| Method options | `client.add(messages, **kwargs)` | `client.add(messages, options=AddMemoryOptions(...))` | Use typed option classes (or `**kwargs` still works) |\n" +
		"| Removed params | `api_version`, `output_format`, `async_mode`, `filter_memories`, `keyword_search`, `force_add_only`, `batch_size`, `immutable`, `includes`, `excludes`, `enable_graph`, `org_name`, `project_name` | N/A | Remove from all calls |"
	labelledCode = "Python\n\n```python\n" + "config = {\"vector_store\": {\"provider\": \"vertex_ai_vector_search\", \"config\": {\"endpoint_id\": \"...\"}}}\n" +
		"# configuration line of the long example, repeated to pass the size of a quotable block\n" +
		"# configuration line of the long example, repeated to pass the size of a quotable block\n" +
		"# configuration line of the long example, repeated to pass the size of a quotable block\n" +
		"# configuration line of the long example, repeated to pass the size of a quotable block\n" +
		"# configuration line of the long example, repeated to pass the size of a quotable block\n" +
		"# configuration line of the long example, repeated to pass the size of a quotable block\n```"
)

// TestAnswerQuotesRowsOfLongTables: a table too long to quote whole is quoted by its header and
// the rows that match the question (the first rows when none does), with a last row saying rows
// were left out; a tab's title over a table or code block goes with it, and is never quoted
// alone.
func TestAnswerQuotesRowsOfLongTables(t *testing.T) {
	tests := []struct {
		name, question, text string
		header               []string
		rows                 []string // first cells of the quoted rows, in order
		caption              string   // the label quoted over the table
		notQuoted            []string
	}{
		{name: "the rows that match, under their tab's title", question: "how do I pass service account credentials as json",
			text: tabbedTables, header: []string{"Parameter", "Description", "Required"}, caption: "**Python**",
			rows: []string{"credentials_path", "service_account_json", "…"}, notQuoted: []string{"TypeScript"}},
		{name: "one long table", question: "TypeError: MemoryClient is not a constructor",
			text: migrationTable, header: []string{"Change", "Old", "New", "Migration"}, rows: []string{"Constructor", "Removed params", "…"}}, // "MemoryClient" and "memories" are forms of one word
		{name: "no row matches: the first rows", question: "what is required here",
			text: tabbedTables, header: []string{"Parameter", "Description", "Required"}, caption: "**Python**",
			rows: []string{"endpoint_id", "index_id", "deployment_index_id", "project_id", "project_number", "vector_search_api_endpoint", "region", "credentials_path", "…"}},
		{name: "a title whose code block is too long is not quoted", question: "vertex ai vector search python configuration",
			text: labelledCode, notQuoted: []string{"Python"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := answer.Source{Title: "Vertex AI Vector Search", Section: "Required Parameters", Path: "/vertex", URL: "/vertex#required-parameters", Text: tc.text}
			md, _, _ := generate(t, answer.Prompt{Question: tc.question, Sources: []answer.Source{s}})
			_, quote, _ := strings.Cut(md, "\n\n")
			for _, w := range tc.notQuoted {
				if strings.Contains(quote, w) {
					t.Errorf("quoted %q:\n%s", w, md)
				}
			}
			tables := quotedTables(md)
			if tc.header == nil {
				if len(tables) != 0 {
					t.Errorf("quoted a table:\n%s", md)
				}
				return
			}
			if len(tables) != 1 {
				t.Fatalf("%d quoted tables in\n%s", len(tables), md)
			}
			var first []string
			for _, r := range tables[0][1:] {
				first = append(first, strings.Trim(r[0], "`"))
			}
			if strings.Join(tables[0][0], "|") != strings.Join(tc.header, "|") || strings.Join(first, " ") != strings.Join(tc.rows, " ") {
				t.Errorf("table %q, rows %q; want %q, %q\n%s", tables[0][0], first, tc.header, tc.rows, md)
			}
			if tc.caption != "" && !strings.HasPrefix(quote, "> "+tc.caption+"\n>\n> |") {
				t.Errorf("the table is not under its title %q:\n%s", tc.caption, md)
			}
		})
	}
}
