// The official MCP TypeScript SDK client against a running lectern's search MCP server, over
// Streamable HTTP: it lists the tools, searches, reads pages through the filesystem tool, reads
// a skill, and submits feedback that the feedback export then holds.
//
// scripts/mcp/run.sh starts a lectern and sets:
//   LECTERN_URL         base URL, e.g. http://127.0.0.1:18080 (required)
//   LECTERN_ADMIN_KEY   admin key of LECTERN_PROJECT (required)
//   LECTERN_DOMAIN      docs domain (default lectern), served from docs/ (Lectern's own docs)
//   LECTERN_PROJECT     project id (default lectern-docs)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { readFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const url = process.env.LECTERN_URL?.replace(/\/+$/, '');
const adminKey = process.env.LECTERN_ADMIN_KEY;
const domain = process.env.LECTERN_DOMAIN || 'lectern';
const project = process.env.LECTERN_PROJECT || 'lectern-docs';
if (!url || !adminKey) {
  throw new Error('LECTERN_URL and LECTERN_ADMIN_KEY are not set: run scripts/mcp/run.sh');
}
// The installed SDK's version (its package.json is not among the package's exports).
const sdkVersion = JSON.parse(readFileSync(new URL('./node_modules/@modelcontextprotocol/sdk/package.json', import.meta.url))).version;
assert.equal(sdkVersion, '1.32.2', 'npm ci installs the pinned SDK');

async function connect() {
  const client = new Client({ name: 'lectern-ts-harness', version: sdkVersion });
  const transport = new StreamableHTTPClientTransport(new URL(`${url}/sites/${domain}/mcp`));
  await client.connect(transport);
  return { client, transport };
}

const text = (result) => result.content.filter((c) => c.type === 'text').map((c) => c.text).join('');

test(`@modelcontextprotocol/sdk ${sdkVersion}: tools, search, filesystem, skills`, async () => {
  const { client } = await connect();
  try {
    assert.match(client.getServerVersion()?.name ?? '', new RegExp(`^${domain}-docs$`));
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((t) => t.name).sort(), ['query_docs_filesystem', 'search', 'submit_feedback']);
    const search = tools.find((t) => t.name === 'search');
    assert.equal(search.inputSchema.properties.query.maxLength, 1000);
    assert.equal(search.annotations.readOnlyHint, true);

    const found = await client.callTool({ name: 'search', arguments: { query: 'how do I run the test suite', limit: 3 } });
    assert.equal(found.isError, undefined);
    assert.match(text(found), /Read: cat \/quickstart\.md/);
    assert.ok(found.structuredContent.results.length >= 1 && found.structuredContent.results.length <= 3);

    // The .md route leads with Mintlify's note of where llms.txt is; the filesystem's file is
    // the page itself, its title on line 1.
    const served = await (await fetch(`${url}/sites/${domain}/quickstart.md`)).text();
    const note = `> ## Documentation Index\n> Fetch the complete documentation index at: ${url}/sites/${domain}/llms.txt\n`;
    assert.ok(served.startsWith(note), `/quickstart.md begins with the index note: ${served.slice(0, 200)}`);
    const page = served.slice(served.indexOf('\n\n') + 2);
    const cat = await client.callTool({ name: 'query_docs_filesystem', arguments: { command: 'cat /quickstart.md' } });
    assert.equal(text(cat), page, 'cat /quickstart.md is the page /quickstart.md serves, without the index note');

    const several = await client.callTool({
      name: 'query_docs_filesystem',
      arguments: { command: 'ls /guides\nhead -n 1 /quickstart.md && grep -c -i "make run" /quickstart.md' },
    });
    assert.match(text(several), /^\$ ls \/guides\n(.+\n)*authentication\.md\n/);
    assert.match(text(several), /\$ head -n 1 \/quickstart\.md\n# Quickstart\n\$ grep -c -i "make run" \/quickstart\.md\n[1-9]\d*\n$/);

    const outside = await client.callTool({ name: 'query_docs_filesystem', arguments: { command: 'cat ../../etc/passwd' } });
    assert.equal(outside.isError, true);
    assert.match(text(outside), /\/etc\/passwd: no such file/);

    const tooLong = await client.callTool({ name: 'search', arguments: { query: 'x'.repeat(1001) } });
    assert.equal(tooLong.isError, true);
    assert.match(text(tooLong), /query: at most 1000 characters/);

    const { resources } = await client.listResources();
    assert.deepEqual(resources.map((r) => r.uri), ['skill://lectern/SKILL.md']);
    const skill = await client.readResource({ uri: 'skill://lectern/SKILL.md' });
    assert.match(skill.contents[0].text, /^---\nname: lectern\n/);
  } finally {
    await client.close();
  }
});

test('submit_feedback: the report is in the feedback export', async () => {
  const { client } = await connect();
  const marker = `ts-harness ${Date.now()}`;
  try {
    const done = await client.callTool({
      name: 'submit_feedback',
      arguments: { path: '/guides/authentication.md', description: `The key table misses the ingest key's prefix. (${marker})` },
    });
    assert.equal(done.isError, undefined, text(done));
    const nowhere = await client.callTool({ name: 'submit_feedback', arguments: { path: '/no/such/page', description: 'x' } });
    assert.equal(nowhere.isError, true);
  } finally {
    await client.close();
  }
  const deadline = Date.now() + 20000;
  for (;;) {
    const res = await fetch(`${url}/api/external/v1/analytics/${project}/feedback?source=agent&limit=100`, {
      headers: { Authorization: `Bearer ${adminKey}` },
    });
    assert.equal(res.status, 200);
    const { feedback } = await res.json();
    const mine = feedback.find((f) => f.comment.includes(marker));
    if (mine) {
      assert.equal(mine.path, '/guides/authentication');
      assert.equal(mine.source, 'agent');
      assert.equal(mine.helpful, false);
      assert.equal(mine.status, 'pending');
      return;
    }
    assert.ok(Date.now() < deadline, 'the agent feedback never reached the export');
    await sleep(200);
  }
});

test('llms.txt and Markdown pages, with the discovery headers', async () => {
  const res = await fetch(`${url}/sites/${domain}/llms.txt`);
  assert.equal(res.status, 200);
  assert.match(res.headers.get('link'), /<\/sites\/lectern\/llms-full\.txt>; rel="llms-full-txt"/);
  const body = await res.text();
  assert.match(body, /^# Lectern\n/);
  assert.ok(body.includes(`- [Quickstart](${url}/sites/${domain}/quickstart.md): `));
  const md = await fetch(`${url}/sites/${domain}/quickstart`, { headers: { Accept: 'text/markdown' } });
  assert.equal(md.status, 200);
  assert.match(md.headers.get('content-type'), /^text\/markdown/);
  const card = await (await fetch(`${url}/sites/${domain}/.well-known/mcp/server-card.json`)).json();
  assert.equal(card.url, `${url}/sites/${domain}/mcp`);
  assert.deepEqual(card.tools.map((t) => t.name).sort(), ['query_docs_filesystem', 'search', 'submit_feedback']);
});
