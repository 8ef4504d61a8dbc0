// The real AI SDK v5+ clients (AbstractChat + DefaultChatTransport, no React) against the v2
// route of a running lectern: ai@5, and ai@6, which Mintlify's v2 reference installs
// (`npm i ai@^6`): the raw UI message stream, an answer with the search tool part and the finish
// metadata, a continued thread, errors as the chat surfaces them, and stop(). Each suite runs
// once per client. (ai@7 needs node 22; the harness runs on node 20.)
import { describe, test, before } from 'node:test';
import assert from 'node:assert/strict';
import {
  QUESTION,
  FOLLOW_UP,
  config,
  messageURLV2,
  installedVersion,
  recordingFetch,
  gatedFetch,
  waitFor,
  lastAssistant,
  textFromParts,
  parseErrorBody,
  findConversation,
} from './lib.mjs';

// The clients, each an npm alias pinned in package.json.
const CLIENTS = [
  { pkg: 'ai-5', version: '5.0.277', ai: await import('ai-5') },
  { pkg: 'ai-6', version: '6.0.325', ai: await import('ai-6') },
];

// suite runs every test with one client.
function suite({ pkg, version, ai }) {
  // The chat state the framework bindings (@ai-sdk/react, vue, svelte) keep; a plain one here.
  class NodeChatState {
    status = 'ready';
    error = undefined;
    messages = [];
    pushMessage = (m) => {
      this.messages = this.messages.concat(m);
    };
    popMessage = () => {
      this.messages = this.messages.slice(0, -1);
    };
    replaceMessage = (i, m) => {
      this.messages = [...this.messages.slice(0, i), this.snapshot(m), ...this.messages.slice(i + 1)];
    };
    snapshot = (v) => structuredClone(v);
  }

  class NodeChat extends ai.AbstractChat {
    constructor(init) {
      super({ ...init, state: new NodeChatState() });
    }
  }

  // A chat on the v2 route with the transport options the embedding apps use, recording what
  // the client sends, what the server answers and the callbacks.
  function newChat({ body = { fp: 'anonymous', retrievalPageSize: 5 }, headers, fetch = globalThis.fetch } = {}) {
    const seen = { requests: [], responses: [], finishes: [], errors: [] };
    const answering = async (url, init) => {
      const res = await fetch(url, init);
      seen.responses.push({
        status: res.status,
        contentType: res.headers.get('content-type'),
        uiStream: res.headers.get('x-vercel-ai-ui-message-stream'),
        threadId: res.headers.get('x-thread-id'),
        threadKey: res.headers.get('x-thread-key'),
      });
      return res;
    };
    const transport = new ai.DefaultChatTransport({
      api: messageURLV2(),
      headers: headers ?? { Authorization: `Bearer ${config.assistantKey}` },
      body,
      fetch: recordingFetch(seen.requests, answering),
    });
    const chat = new NodeChat({
      transport,
      onFinish: (info) => seen.finishes.push(info),
      onError: (err) => seen.errors.push(err),
    });
    return { chat, seen };
  }

  // The search tool parts of a message (a static tool named search: part type tool-search).
  const searchParts = (m) => m.parts.filter((p) => p.type === 'tool-search');

  // Checks one finished assistant turn as the chat exposes it; returns its thread and search.
  function assertAnsweredTurn(chat, seen, { turns, requests = turns }) {
    assert.equal(chat.error, undefined, `chat error: ${chat.error?.message}`);
    assert.deepEqual(seen.errors, [], 'onError was called');
    assert.equal(chat.status, 'ready');
    assert.equal(chat.messages.length, turns * 2, 'one user and one assistant message per turn');
    const msg = chat.messages[chat.messages.length - 1];
    assert.equal(msg.role, 'assistant');
    assert.deepEqual(
      msg.parts.map((p) => p.type),
      ['step-start', 'tool-search', 'step-start', 'text'],
    );
    const text = textFromParts(msg);
    assert.ok(text.trim().length > 0, 'assistant text is empty');
    assert.equal(msg.parts[3].state, 'done', 'the text part is done');

    const [search] = searchParts(msg);
    assert.equal(search.state, 'output-available');
    assert.equal(typeof search.toolCallId, 'string');
    assert.equal(typeof search.input?.query, 'string');
    assert.ok(search.input.query.length > 0, 'search input.query is empty');
    assert.ok(Array.isArray(search.output), `search output is not an array: ${JSON.stringify(search.output)}`);
    assert.ok(search.output.length > 0 && search.output.length <= 5, `search results: ${search.output.length}`);
    for (const item of search.output) {
      assert.ok(item.url && item.path, `result item without url and path: ${JSON.stringify(item)}`);
      assert.equal(typeof item.metadata?.title, 'string', `result item without metadata.title: ${JSON.stringify(item)}`);
    }

    const threadId = msg.metadata?.threadId;
    assert.equal(typeof threadId, 'string', `finish messageMetadata: ${JSON.stringify(msg.metadata)}`);
    const res = seen.responses[seen.responses.length - 1];
    assert.equal(res.status, 200);
    assert.equal(res.contentType, 'text/event-stream');
    assert.equal(res.uiStream, 'v1', 'x-vercel-ai-ui-message-stream');
    assert.equal(res.threadId, threadId, 'X-Thread-Id equals the finish metadata');

    assert.equal(seen.finishes.length, requests, 'onFinish once per request');
    const fin = seen.finishes[seen.finishes.length - 1];
    assert.equal(fin.isAbort, false);
    assert.equal(fin.isError, false);
    assert.equal(fin.message.id, msg.id);
    return { threadId, msg, text, search };
  }

  function post(body, key = config.assistantKey) {
    return fetch(messageURLV2(), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` },
      body: JSON.stringify(body),
    });
  }

  describe(`ai@${version} on the v2 route`, () => {
    test('the installed package is the pinned version', () => {
      assert.equal(installedVersion(pkg), version);
    });

    test('raw bytes: SSE events that the real transport parses, in order, ending with [DONE]', async () => {
      const body = {
        id: 'chat-raw',
        messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: QUESTION }] }],
        trigger: 'submit-message',
        fp: 'anonymous',
      };
      const res = await post(body);
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('content-type'), 'text/event-stream');
      assert.equal(res.headers.get('x-vercel-ai-ui-message-stream'), 'v1');
      assert.equal(res.headers.get('x-vercel-ai-data-stream'), null);
      const raw = await res.text();
      const events = raw.split('\n\n');
      assert.equal(events.pop(), '', 'the stream ends with an empty line');
      assert.equal(events.pop(), 'data: [DONE]');
      for (const e of events) assert.match(e, /^data: \{.*\}$/, `event ${JSON.stringify(e)}`);

      // The transport's own parser validates every chunk against uiMessageChunkSchema.
      const chunks = [];
      const stream = new ai.DefaultChatTransport().processResponseStream(new Response(raw).body);
      for await (const c of stream) chunks.push(c);
      const types = chunks.map((c) => c.type).join(' ');
      assert.match(
        types,
        /^start start-step tool-input-start tool-input-available tool-output-available finish-step start-step text-start( text-delta)+ text-end finish-step finish$/,
      );
      const finish = chunks[chunks.length - 1];
      const { threadId, resolution, sources } = finish.messageMetadata;
      assert.equal(threadId, res.headers.get('x-thread-id'));
      assert.ok(['answered', 'unanswered'].includes(resolution), `resolution ${resolution}`);
      assert.ok(Array.isArray(sources) && sources.every((s) => s.title && s.url?.startsWith('/')), `sources ${JSON.stringify(sources)}`);
      assert.equal(sources.length > 0, resolution === 'answered', 'an answered reply cites its pages, an unanswered one none');
    });

    describe('a question the docs answer, then the same thread', () => {
      let chat, seen, first;
      before(() => ({ chat, seen } = newChat()));

      test('streams an answer with the search tool part and the finish threadId', async () => {
        await chat.sendMessage({ text: QUESTION });
        first = assertAnsweredTurn(chat, seen, { turns: 1 });
        first.threadKey = seen.responses[0].threadKey;
        assert.ok(first.threadKey, 'X-Thread-Key on the reply that starts a thread');
        const hits = first.search.output.map((r) => r.path);
        assert.ok(hits.some((h) => /quickstart/.test(h)), `the quickstart page is not among the results: ${hits}`);

        // What DefaultChatTransport sent: {...body, id, messages, trigger, messageId}.
        const req = seen.requests[0].body;
        assert.equal(seen.requests[0].headers.authorization, `Bearer ${config.assistantKey}`, 'the transport sends the key (header names lowercased)');
        assert.equal(req.fp, 'anonymous');
        assert.equal(req.retrievalPageSize, 5);
        assert.equal(req.id, chat.id, 'chat id in the body');
        assert.equal(req.trigger, 'submit-message');
        const [sent] = req.messages;
        assert.equal(sent.role, 'user');
        assert.deepEqual(sent.parts, [{ type: 'text', text: QUESTION }]);
        assert.equal(sent.content, undefined, 'a v5 message has no content');
      });

      test('the conversation shows in the assistant export', async () => {
        assert.ok(first, 'needs the first answer');
        const { conversation: c } = await findConversation((c) => c.threadId === first.threadId && c.query === QUESTION);
        assert.equal(c.response, first.text);
        assert.equal(c.resolutionStatus, 'answered');
        assert.ok(c.sources.length > 0, 'no sources');
      });

      test('continues the thread with threadId and threadKey in the request body', async () => {
        assert.ok(first, 'needs the first answer');
        await chat.sendMessage({ text: FOLLOW_UP }, { body: { threadId: first.threadId, threadKey: first.threadKey } });
        const second = assertAnsweredTurn(chat, seen, { turns: 2 });
        assert.equal(second.threadId, first.threadId, 'same threadId in the finish metadata');
        assert.equal(seen.responses[1].threadKey, null, 'no new X-Thread-Key on a continued thread');
        const req = seen.requests[1].body;
        assert.equal(req.threadId, first.threadId);
        assert.equal(req.threadKey, first.threadKey);
        assert.equal(req.fp, 'anonymous', 'the transport body is kept beside the request body');
        assert.equal(req.messages.length, 3, 'the whole conversation is sent');
        const prev = req.messages[1];
        assert.equal(prev.role, 'assistant');
        assert.equal(prev.metadata.threadId, first.threadId);
        assert.equal(prev.metadata.resolution, 'answered', 'the finish metadata says the reply answered');
        assert.ok(prev.metadata.sources.length > 0, 'and lists the pages it cites');
        assert.equal(searchParts(prev).length, 1, 'the earlier reply is sent with its search part');
      });

      test('regenerates the last answer in the thread', async () => {
        assert.ok(first, 'needs the first answer');
        await chat.regenerate({ body: { threadId: first.threadId, threadKey: first.threadKey } });
        const third = assertAnsweredTurn(chat, seen, { turns: 2, requests: 3 });
        assert.equal(third.threadId, first.threadId);
        const req = seen.requests[2].body;
        assert.equal(req.trigger, 'regenerate-message');
        assert.deepEqual(
          req.messages.map((m) => m.role),
          ['user', 'assistant', 'user'],
        );
      });

      test('a threadId with a wrong key is a 404 the chat surfaces as error', async () => {
        assert.ok(first, 'needs the first answer');
        const o = newChat();
        await o.chat.sendMessage({ text: 'Continue please' }, { body: { threadId: first.threadId, threadKey: 'not-the-key' } });
        assert.equal(o.seen.responses[0].status, 404);
        assert.match(o.chat.error?.message ?? '', /not found/i);
      });

      test('a threadId without its key, as Mintlify clients send, is answered in a new thread', async () => {
        assert.ok(first, 'needs the first answer');
        const o = newChat();
        await o.chat.sendMessage({ text: QUESTION }, { body: { threadId: first.threadId } });
        const answered = assertAnsweredTurn(o.chat, o.seen, { turns: 1 });
        assert.notEqual(answered.threadId, first.threadId, 'the thread named without its key is not continued');
        assert.match(o.seen.responses[0].threadKey ?? '', /^tk_/, 'the new thread\'s key');
      });
    });

    describe('bad requests surface as chat errors with the JSON envelope', () => {
      const cases = [
        { name: 'missing fp', body: { retrievalPageSize: 5 }, status: 400, field: /\bfp\b/ },
        { name: 'retrievalPageSize 0', body: { fp: 'anonymous', retrievalPageSize: 0 }, status: 400, field: /retrievalPageSize/ },
        { name: 'unknown filter version', body: { fp: 'anonymous', filter: { version: 'v9' } }, status: 400, field: /filter\.version/ },
        { name: 'no Authorization header', headers: {}, status: 401 },
        { name: 'the admin key', headers: () => ({ Authorization: `Bearer ${config.adminKey}` }), status: 403 },
      ];
      for (const tc of cases) {
        test(tc.name, async () => {
          const headers = typeof tc.headers === 'function' ? tc.headers() : tc.headers;
          const { chat, seen } = newChat({ body: tc.body, headers });
          await chat.sendMessage({ text: QUESTION });
          assert.equal(seen.responses[0].status, tc.status);
          assert.equal(chat.status, 'error');
          assert.ok(chat.error instanceof Error, 'the chat has no error');
          const parsed = parseErrorBody(chat.error);
          assert.equal(typeof parsed?.error, 'string', `error.message is not the JSON envelope: ${chat.error.message}`);
          if (tc.field) assert.match(parsed.error, tc.field, 'the error names the field');
          assert.equal(seen.errors.length, 1, 'onError once');
          assert.deepEqual(
            chat.messages.map((m) => m.role),
            ['user'],
            'no assistant message was added',
          );
        });
      }
    });

    test('stop() while streaming ends the turn without an error, and the chat asks again', async () => {
      // Hold the stream after the whole event (its blank line) of the first text delta.
      const afterFirstText = {
        seen: false,
        test(line) {
          if (line.startsWith('data: {"type":"text-delta"')) this.seen = true;
          return this.seen && line === '\n';
        },
      };
      const gate = gatedFetch(afterFirstText);
      const { chat, seen } = newChat({ fetch: gate.fetch });
      const pending = chat.sendMessage({ text: QUESTION });
      await waitFor(
        () => gate.held && chat.status === 'streaming' && textFromParts(lastAssistant(chat.messages) ?? { parts: [] }).length > 0,
        { what: 'the first text delta in the chat' },
      );
      const stopping = chat.stop();
      gate.release();
      await stopping;
      await pending;
      assert.equal(chat.error, undefined, `error after stop(): ${chat.error?.message}`);
      assert.deepEqual(seen.errors, [], 'onError after stop()');
      assert.equal(chat.status, 'ready');
      assert.equal(gate.linesAfter, 0, 'no line reached the chat after stop()');
      const m = lastAssistant(chat.messages);
      assert.ok(textFromParts(m).length > 0, 'the partial answer stays');
      assert.equal(m.metadata, undefined, 'the stopped turn has no finish metadata');
      assert.equal(seen.finishes.length, 1);
      assert.equal(seen.finishes[0].isAbort, true, 'onFinish reports the abort');

      // The same chat asks again (a new thread) and gets a whole answer.
      chat.transport.fetch = recordingFetch(seen.requests);
      await chat.sendMessage({ text: QUESTION });
      assert.equal(chat.error, undefined, chat.error?.message);
      const again = lastAssistant(chat.messages);
      assert.ok(textFromParts(again).trim().length > 0);
      assert.equal(typeof again.metadata?.threadId, 'string', 'the new answer has its finish metadata');
    });
  });

  describe(`ai@${version}: a question the docs do not answer, on a site with support (lectern.yaml)`, () => {
    test('the finish metadata carries the support link with the thread as threadId, and the text names it', async () => {
      const { chat, seen } = newChat();
      await chat.sendMessage({ text: 'What will the weather be like in Paris tomorrow?' });
      assert.equal(chat.error, undefined, `chat error: ${chat.error?.message}`);
      const m = lastAssistant(chat.messages);
      const { threadId, resolution, sources, support } = m.metadata ?? {};
      assert.equal(threadId, seen.responses[0].threadId);
      assert.deepEqual([resolution, sources], ['unanswered', []]);
      assert.equal(support?.mode, 'link', `metadata ${JSON.stringify(m.metadata)}`);
      const url = new URL(support.url);
      assert.ok(/^https?:$/.test(url.protocol), `support url ${support.url}`);
      assert.equal(url.searchParams.get('threadId'), threadId);
      assert.match(textFromParts(m), /contact support: \[[^\]]+\]\(https?:\/\/[^)]+threadId=/);
    });
  });
}

for (const client of CLIENTS) suite(client);
