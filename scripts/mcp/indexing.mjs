// The MCP TypeScript SDK client against a site whose pages are read but whose search index is
// still being built: run by assistant/agents' TestTypeScriptClientWhileIndexing (which holds the
// build; scripts/mcp/run.sh runs it with LECTERN_MCP_NODE_DIR set to this directory), not by
// node --test.
//
//   node indexing.mjs MCP_URL indexing|indexed
//
// indexing: connect, list the tools and read a page with query_docs_filesystem succeed, and
// search resolves to a tool error (isError) saying the site is still being indexed and when
// to retry, not a rejected call. indexed: the same search finds the page.
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const [url, phase] = process.argv.slice(2);
assert.ok(url && (phase === 'indexing' || phase === 'indexed'), 'usage: node indexing.mjs MCP_URL indexing|indexed');
const text = (result) => result.content.filter((c) => c.type === 'text').map((c) => c.text).join('');

const client = new Client({ name: 'lectern-ts-indexing', version: '1' });
await client.connect(new StreamableHTTPClientTransport(new URL(url)));
try {
  const { tools } = await client.listTools();
  assert.deepEqual(tools.map((t) => t.name).sort(), ['query_docs_filesystem', 'search', 'submit_feedback']);
  const head = await client.callTool({ name: 'query_docs_filesystem', arguments: { command: 'head -n 1 /getting-started/installing-cline.md' } });
  assert.equal(head.isError, undefined, text(head));
  assert.equal(text(head), '# Installing Cline\n');
  const found = await client.callTool({ name: 'search', arguments: { query: 'install the cline CLI with npm' } });
  if (phase === 'indexing') {
    assert.equal(found.isError, true, `search while indexing: ${text(found)}`);
    assert.match(text(found), /^the .+ docs are still being indexed: search works in about \d+ s \(retry then\);/);
  } else {
    assert.equal(found.isError, undefined, text(found));
    assert.match(text(found), /Read: cat \/getting-started\/installing-cline\.md/);
  }
  console.log(`${phase}: ${text(found).split('\n')[0]}`);
} finally {
  await client.close();
}
