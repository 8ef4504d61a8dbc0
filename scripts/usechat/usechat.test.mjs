// The real AI SDK useChat hook (ai@4.3.19 and ai@4.1.15), run headless with react-test-renderer
// against a running lectern: answer with a search tool call and a finish event, continue a
// thread, errors as the hook surfaces them, stop() mid-stream, and the conversation in the export.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  CLIENTS,
  QUESTION,
  FOLLOW_UP,
  config,
  chatOptions,
  mountChat,
  gatedFetch,
  recordingFetch,
  waitFor,
  lastAssistant,
  finishEntries,
  toolInvocationsFromParts,
  textFromParts,
  parseErrorBody,
  findConversation,
} from './lib.mjs';

// Checks one finished assistant turn as the hook exposes it; returns its threadId.
function assertAnsweredTurn(client, chat, seen, { turns }) {
  const hook = chat.current;
  assert.equal(hook.error, undefined, `hook error: ${hook.error?.message}`);
  assert.deepEqual(seen.errors, [], 'onError was called');
  assert.equal(hook.isLoading, false, 'isLoading after the reply');
  if (client.modern) assert.equal(hook.status, 'ready', 'status after the reply');

  assert.equal(hook.messages.length, turns * 2, 'one user and one assistant message per turn');
  const msg = hook.messages[hook.messages.length - 1];
  assert.equal(msg.role, 'assistant');
  assert.equal(typeof msg.content, 'string');
  assert.ok(msg.content.trim().length > 0, 'assistant text is empty');
  if (client.modern) assert.equal(textFromParts(msg), msg.content, 'text parts equal content');

  // The documentation search, reported as a tool call named search, with its results.
  const invocations = client.modern ? toolInvocationsFromParts(msg) : msg.toolInvocations || [];
  const searches = invocations.filter((t) => t.toolName === 'search');
  assert.equal(searches.length, 1, `one search tool invocation, got ${JSON.stringify(invocations)}`);
  const search = searches[0];
  assert.equal(search.state, 'result', 'search invocation state');
  assert.equal(typeof search.args?.query, 'string', 'search args.query');
  assert.ok(search.args.query.length > 0, 'search args.query is empty');
  assert.ok(Array.isArray(search.result), `search result is not an array: ${JSON.stringify(search.result)}`);
  assert.ok(search.result.length > 0, 'search found nothing');
  assert.ok(search.result.length <= 5, `more results than retrievalPageSize 5: ${search.result.length}`);
  for (const item of search.result) {
    assert.ok(
      (typeof item.url === 'string' && item.url) || (typeof item.path === 'string' && item.path),
      `result item without url or path: ${JSON.stringify(item)}`,
    );
    assert.equal(typeof item.metadata?.title, 'string', `result item without metadata.title: ${JSON.stringify(item)}`);
    assert.ok(item.metadata.title.length > 0, 'empty metadata.title');
  }
  if (client.modern) {
    // 4.1 has no parts; 4.3 keeps the two forms in step.
    assert.deepEqual(msg.toolInvocations, invocations, 'toolInvocations equal the tool-invocation parts');
  }

  // The finish event: message annotation and stream data, both carrying the threadId.
  const annotated = finishEntries(msg.annotations);
  assert.equal(annotated.length, 1, `one finish annotation, got ${JSON.stringify(msg.annotations)}`);
  const threadId = annotated[0].threadId;
  assert.equal(typeof threadId, 'string');
  assert.ok(threadId.length > 0, 'empty threadId');
  const data = finishEntries(hook.data);
  assert.equal(data.length, turns, `one finish data entry per turn, got ${JSON.stringify(hook.data)}`);
  assert.equal(data[data.length - 1].threadId, threadId, 'data finish threadId equals the annotation');

  // onResponse saw the stream headers; onFinish got the same message.
  const res = seen.responses[seen.responses.length - 1];
  assert.equal(res.status, 200);
  assert.match(res.contentType || '', /^text\/plain; ?charset=utf-8$/i, 'Content-Type');
  assert.equal(res.dataStream, 'v1', 'X-Vercel-AI-Data-Stream');
  assert.equal(res.threadId, threadId, 'X-Thread-Id equals the finish threadId');
  assert.equal(seen.finishes.length, turns, 'onFinish once per turn');
  const fin = seen.finishes[seen.finishes.length - 1];
  assert.equal(fin.message.content, msg.content, 'onFinish message content');
  assert.equal(fin.info.finishReason, 'stop', 'finishReason');
  return { threadId, msg, search };
}

for (const client of CLIENTS) {
  describe(`useChat ${client.name}`, () => {
    test('the installed packages are the pinned versions', () => {
      const v = client.versions();
      assert.equal(v.ai, client.ai);
      assert.equal(v.react, client.react, '@ai-sdk/react resolved for this ai version');
    });

    describe('a question the docs answer, then the same thread', () => {
      let chat, seen, first;
      before(async () => {
        const o = chatOptions();
        seen = o.seen;
        chat = await mountChat(client.useChat, o.options);
      });
      after(async () => chat?.unmount());

      test('streams an answer with a search tool call and a finish threadId', async (t) => {
        await chat.run((h) => h.append({ role: 'user', content: QUESTION }));
        first = assertAnsweredTurn(client, chat, seen, { turns: 1 });

        const res = seen.responses[0];
        assert.ok(res.threadKey, 'X-Thread-Key on the reply that starts a thread');
        first.threadKey = res.threadKey;

        // The question is answered from the page that explains it.
        const hits = first.search.result.map((r) => r.path || r.url);
        assert.ok(
          hits.some((h) => /quickstart/.test(h)),
          `the quickstart page is not among the results: ${JSON.stringify(hits)}`,
        );
        if (!/make run/.test(first.msg.content)) t.diagnostic(`answer does not mention make run: ${first.msg.content}`);

        // What the client sent (body options and message objects of this version).
        const req = seen.requests[0];
        assert.equal(req.headers.Authorization, `Bearer ${config.assistantKey}`);
        assert.equal(req.body.fp, 'anonymous');
        assert.equal(req.body.retrievalPageSize, 5);
        assert.equal(typeof req.body.id, 'string', 'chat id in the body');
        const sent = req.body.messages[0];
        assert.equal(sent.role, 'user');
        assert.equal(sent.content, QUESTION);
        assert.equal(typeof sent.id, 'string', 'sendExtraMessageFields sends the message id');
        if (client.modern) assert.deepEqual(sent.parts, [{ type: 'text', text: QUESTION }]);
        else assert.equal(sent.parts, undefined, 'ai@4.1 sends no parts');
      });

      test('the conversation shows in the assistant export', async () => {
        assert.ok(first, 'needs the first answer');
        const { conversation: c } = await findConversation((c) => c.threadId === first.threadId && c.query === QUESTION);
        assert.equal(typeof c.id, 'string');
        assert.match(c.timestamp, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/, 'timestamp: RFC 3339 UTC with milliseconds');
        assert.equal(c.query, QUESTION);
        assert.equal(typeof c.response, 'string');
        assert.ok(c.response.trim().length > 0, 'empty response');
        assert.ok(Array.isArray(c.sources), 'sources');
        assert.ok(c.sources.length > 0, 'no sources for an answered question');
        for (const s of c.sources) {
          assert.equal(typeof s.title, 'string', `source title: ${JSON.stringify(s)}`);
          assert.ok(s.title.length > 0, 'empty source title');
          assert.equal(typeof s.url, 'string', `source url: ${JSON.stringify(s)}`);
          assert.ok(s.url.length > 0, 'empty source url');
        }
        const titles = new Set(first.search.result.map((r) => r.metadata.title));
        assert.ok(
          c.sources.some((s) => titles.has(s.title)),
          `no source among the search results: ${JSON.stringify(c.sources)} vs ${JSON.stringify([...titles])}`,
        );
        assert.ok(['answered', 'unanswered'].includes(c.resolutionStatus), `resolutionStatus ${c.resolutionStatus}`);
        assert.equal(c.resolutionStatus, 'answered', 'a question the docs answer');
        assert.equal(c.threadId, first.threadId);
      });

      test('continues the thread with threadId and threadKey in the append options', async () => {
        assert.ok(first, 'needs the first answer');
        await chat.run((h) =>
          h.append({ role: 'user', content: FOLLOW_UP }, { body: { threadId: first.threadId, threadKey: first.threadKey } }),
        );
        const second = assertAnsweredTurn(client, chat, seen, { turns: 2 });
        assert.equal(second.threadId, first.threadId, 'same threadId in the finish annotation');
        const res = seen.responses[1];
        assert.equal(res.threadId, first.threadId, 'X-Thread-Id');
        assert.equal(res.threadKey, null, 'no new X-Thread-Key on a continued thread');

        const req = seen.requests[1];
        assert.equal(req.body.threadId, first.threadId);
        assert.equal(req.body.threadKey, first.threadKey);
        assert.equal(req.body.fp, 'anonymous', 'hook-level body is kept beside the append body');
        assert.equal(req.body.messages.length, 3, 'the whole conversation is sent');
        const prev = req.body.messages[1];
        assert.equal(prev.role, 'assistant');
        assert.ok(Array.isArray(prev.toolInvocations), 'earlier assistant message carries toolInvocations');
        assert.ok(Array.isArray(prev.annotations), 'earlier assistant message carries annotations');
      });

      test('continues the thread with handleSubmit after re-rendering with the thread in the hook body', async () => {
        assert.ok(first, 'needs the first answer');
        await chat.rerender({
          ...chat.options,
          body: { ...chat.options.body, threadId: first.threadId, threadKey: first.threadKey },
        });
        await chat.run(async (h) => h.handleInputChange({ target: { value: 'And how do I run the tests?' } }));
        assert.equal(chat.current.input, 'And how do I run the tests?');
        await chat.run(async (h) => {
          // handleSubmit does not return the request's promise: wait for its end inside act.
          h.handleSubmit({ preventDefault() {} });
          await waitFor(() => seen.finishes.length === 3 || seen.errors.length > 0, { what: 'the third reply' });
          await waitFor(() => !chat.current.isLoading, { what: 'isLoading false' });
        });
        const third = assertAnsweredTurn(client, chat, seen, { turns: 3 });
        assert.equal(third.threadId, first.threadId);
        assert.equal(seen.responses[2].threadKey, null, 'no new X-Thread-Key');
        assert.equal(seen.requests[2].body.threadId, first.threadId);
        assert.equal(seen.requests[2].body.threadKey, first.threadKey);
      });

      test('a threadId without its key, as Mintlify clients send, is answered in a new thread', async () => {
        assert.ok(first, 'needs the first answer');
        const o = chatOptions();
        const c = await mountChat(client.useChat, o.options);
        try {
          await c.run((h) => h.append({ role: 'user', content: QUESTION }, { body: { threadId: first.threadId } }));
          const answered = assertAnsweredTurn(client, c, o.seen, { turns: 1 });
          assert.notEqual(answered.threadId, first.threadId, 'the thread named without its key is not continued');
          assert.match(o.seen.responses[0]?.threadKey ?? '', /^tk_/, "the new thread's key");
        } finally {
          await c.unmount();
        }
      });

      test('a threadId with a wrong key is a 404 the hook surfaces as error', async () => {
        assert.ok(first, 'needs the first answer');
        for (const body of [{ threadId: first.threadId, threadKey: 'not-the-key' }]) {
          const o = chatOptions();
          const c = await mountChat(client.useChat, o.options);
          try {
            await c.run((h) => h.append({ role: 'user', content: 'Continue please' }, { body }));
            const err = c.current.error;
            assert.ok(err instanceof Error, `no error for ${JSON.stringify(body)}`);
            assert.equal(o.seen.responses[0]?.status, 404, 'status');
            assert.match(err.message, /not found/i);
            const parsed = parseErrorBody(err);
            assert.equal(typeof parsed?.error, 'string', `error body is not the JSON envelope: ${err.message}`);
            assert.equal(o.seen.errors.length, 1, 'onError once');
            assert.equal(o.seen.finishes.length, 0, 'no onFinish');
            assert.equal(c.current.isLoading, false);
            if (client.modern) assert.equal(c.current.status, 'error');
          } finally {
            await c.unmount();
          }
        }
      });
    });

    describe('bad requests surface as hook errors', () => {
      const cases = [
        {
          name: 'retrievalPageSize 0',
          body: { fp: 'anonymous', retrievalPageSize: 0 },
          status: 400,
          field: /retrievalPageSize/,
        },
        { name: 'missing fp', body: { retrievalPageSize: 5 }, status: 400, field: /\bfp\b/ },
        { name: 'empty fp', body: { fp: '', retrievalPageSize: 5 }, status: 400, field: /\bfp\b/ },
        {
          name: 'unknown key',
          headers: { Authorization: 'Bearer lk_not_a_real_key_0000000000000000' },
          status: 401,
        },
        { name: 'no Authorization header', headers: {}, status: 401 },
        { name: 'the admin key instead of the assistant key', headers: () => ({ Authorization: `Bearer ${config.adminKey}` }), status: [401, 403] },
      ];
      for (const tc of cases) {
        test(tc.name, async () => {
          const over = {};
          if (tc.body) over.body = tc.body;
          if (tc.headers) over.headers = typeof tc.headers === 'function' ? tc.headers() : tc.headers;
          const o = chatOptions(over);
          const c = await mountChat(client.useChat, o.options);
          try {
            await c.run((h) => h.append({ role: 'user', content: QUESTION }));
            const err = c.current.error;
            assert.ok(err instanceof Error, 'the hook has no error');
            const status = o.seen.responses[0]?.status;
            if (Array.isArray(tc.status)) assert.ok(tc.status.includes(status), `status ${status}`);
            else assert.equal(status, tc.status, 'status');
            const parsed = parseErrorBody(err);
            assert.equal(typeof parsed?.error, 'string', `error.message is not the JSON envelope: ${err.message}`);
            if (tc.field) assert.match(parsed.error, tc.field, 'the error names the field');
            assert.equal(o.seen.errors.length, 1, 'onError once');
            assert.equal(o.seen.finishes.length, 0, 'no onFinish');
            assert.equal(c.current.isLoading, false);
            if (client.modern) assert.equal(c.current.status, 'error');
            // keepLastMessageOnError: the user message stays, no assistant message was added.
            assert.deepEqual(
              c.current.messages.map((m) => m.role),
              ['user'],
            );
          } finally {
            await c.unmount();
          }
        });
      }
    });

    test('stop() while streaming ends the turn without an error, and the hook asks again', async () => {
      const gate = gatedFetch(/^0:/);
      const o = chatOptions();
      o.options.fetch = (url, init) => {
        o.seen.requests.push({ url: String(url), body: JSON.parse(init.body) });
        return gate.fetch(url, init);
      };
      const c = await mountChat(client.useChat, o.options);
      try {
        await c.run(async (h) => {
          const pending = h.append({ role: 'user', content: QUESTION });
          await waitFor(
            () => {
              const m = lastAssistant(c.current.messages);
              return gate.held && m && m.content.length > 0 && (!client.modern || c.current.status === 'streaming');
            },
            { what: 'the first text delta in the hook' },
          );
          assert.equal(c.current.isLoading, true, 'isLoading while streaming');
          c.current.stop();
          gate.release();
          await pending;
        });
        const h = c.current;
        assert.equal(h.error, undefined, `error after stop(): ${h.error?.message}`);
        assert.deepEqual(o.seen.errors, [], 'onError after stop()');
        assert.equal(o.seen.finishes.length, 0, 'onFinish after stop()');
        assert.equal(h.isLoading, false);
        if (client.modern) assert.equal(h.status, 'ready');
        assert.equal(gate.linesAfter, 0, 'no line reached the hook after stop()');
        const m = lastAssistant(h.messages);
        assert.ok(m && m.content.length > 0, 'the partial answer stays');
        assert.equal(finishEntries(m.annotations).length, 0, 'the stopped turn has no finish annotation');
        assert.ok(
          gate.linesBefore.map((l) => l[0]).join('').startsWith('f9aef0'),
          `lines before the stop: ${gate.linesBefore.join('')}`,
        );

        // The same hook asks again and gets a whole answer (a new thread: no thread in the body).
        await c.rerender({ ...o.options, fetch: recordingFetch(o.seen.requests) });
        await c.run((h2) => h2.append({ role: 'user', content: QUESTION }));
        assert.equal(c.current.error, undefined, c.current.error?.message);
        const again = lastAssistant(c.current.messages);
        assert.ok(again.content.trim().length > 0);
        assert.equal(finishEntries(again.annotations).length, 1, 'the new answer has its finish annotation');
        assert.equal(o.seen.finishes.length, 1);
      } finally {
        await c.unmount();
      }
    });
  });
}
