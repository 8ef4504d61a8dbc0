// The same endpoint below the hook: the raw bytes of the data stream, the stream parsers of both
// client generations (@ai-sdk/ui-utils 1.2.11 as in ai@4.3.19, 1.1.8 as in ai@4.1.15), and
// callChatApi, the function useChat calls.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { callChatApi, processDataStream as processDataStream12 } from '@ai-sdk/ui-utils';
import { processDataStream as processDataStream11 } from 'ai-4-1';
import { QUESTION, config, messageURL, installedVersion } from './lib.mjs';

const KNOWN_CODES = new Set(['f', '0', '9', 'a', '8', '2', '3', 'e', 'd']);
// f 9 a e (the search step), f 0… 8 2 e d (the answer step).
const ORDER = /^f9aef0+82ed$/;

function requestBody(extra = {}) {
  return {
    id: 'chat-datastream-test',
    messages: [
      {
        id: 'm1',
        createdAt: new Date().toISOString(),
        role: 'user',
        content: QUESTION,
        parts: [{ type: 'text', text: QUESTION }],
      },
    ],
    fp: 'anonymous',
    retrievalPageSize: 5,
    ...extra,
  };
}

/** The finish item (8: and 2:) names the thread, whether the reply answered, and the pages it
 *  cites; QUESTION is one the docs answer. */
function assertFinish(items, threadId) {
  assert.equal(items.length, 1, `finish items ${JSON.stringify(items)}`);
  const { type, threadId: id, resolution, sources } = items[0];
  assert.deepEqual([type, id, resolution], ['finish', threadId, 'answered']);
  assert.ok(sources.length > 0 && sources.every((s) => s.title && s.url.startsWith('/')), `sources ${JSON.stringify(sources)}`);
}

function post(body, { key = config.assistantKey, signal } = {}) {
  return fetch(messageURL(), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    signal,
  });
}

// Every callback processDataStream has; records part types in order.
function recorder() {
  const parts = [];
  const on = (type) => (value) => parts.push({ type, value });
  return {
    parts,
    callbacks: {
      onTextPart: on('text'),
      onReasoningPart: on('reasoning'),
      onReasoningSignaturePart: on('reasoning_signature'),
      onRedactedReasoningPart: on('redacted_reasoning'),
      onSourcePart: on('source'),
      onFilePart: on('file'),
      onDataPart: on('data'),
      onErrorPart: on('error'),
      onMessageAnnotationsPart: on('message_annotations'),
      onToolCallStreamingStartPart: on('tool_call_streaming_start'),
      onToolCallDeltaPart: on('tool_call_delta'),
      onToolCallPart: on('tool_call'),
      onToolResultPart: on('tool_result'),
      onFinishMessagePart: on('finish_message'),
      onFinishStepPart: on('finish_step'),
      onStartStepPart: on('start_step'),
    },
  };
}

const PART_ORDER = /^start_step tool_call tool_result finish_step start_step (text )+message_annotations data finish_step finish_message$/;

describe('data stream protocol, below the hook', () => {
  test('@ai-sdk/ui-utils versions are the ones each ai version ships', () => {
    assert.equal(installedVersion('@ai-sdk/ui-utils'), '1.2.11');
    const ai41 = new URL('.', import.meta.resolve('ai-4-1')).pathname;
    assert.equal(installedVersion('@ai-sdk/ui-utils', ai41), '1.1.8');
  });

  let threadId;
  test('raw bytes: headers, one JSON part per line, part order f,9,a,e,f,0…,8,2,e,d', async () => {
    const res = await post(requestBody());
    const text = await res.text();
    assert.equal(res.status, 200, text);
    assert.match(res.headers.get('content-type') || '', /^text\/plain; ?charset=utf-8$/i);
    assert.equal(res.headers.get('x-vercel-ai-data-stream'), 'v1');
    threadId = res.headers.get('x-thread-id');
    assert.ok(threadId, 'X-Thread-Id');
    assert.ok(res.headers.get('x-thread-key'), 'X-Thread-Key');

    assert.ok(text.endsWith('\n'), 'the stream ends with a newline');
    const lines = text.slice(0, -1).split('\n');
    const parts = lines.map((line, i) => {
      const m = /^([0-9a-z]):(.*)$/s.exec(line);
      assert.ok(m, `line ${i + 1} is not <code>:<JSON>: ${JSON.stringify(line)}`);
      assert.ok(KNOWN_CODES.has(m[1]), `line ${i + 1}: code ${m[1]} is not one every ai@4.1.15+ client knows`);
      let value;
      assert.doesNotThrow(() => (value = JSON.parse(m[2])), `line ${i + 1} is not JSON: ${m[2]}`);
      return { code: m[1], value };
    });
    const codes = parts.map((p) => p.code).join('');
    assert.match(codes, ORDER, `part order ${codes}\n${text}`);

    const [f1, call, result, e1, f2] = parts;
    const rest = parts.slice(5);
    assert.equal(typeof f1.value.messageId, 'string');
    assert.equal(typeof f2.value.messageId, 'string');
    assert.equal(call.value.toolName, 'search');
    assert.equal(typeof call.value.toolCallId, 'string');
    assert.equal(typeof call.value.args?.query, 'string');
    assert.equal(result.value.toolCallId, call.value.toolCallId, 'a: answers the 9: call');
    assert.ok(Array.isArray(result.value.result));
    assert.equal(e1.value.finishReason, 'tool-calls');
    assert.equal(e1.value.isContinued, false);
    const texts = rest.filter((p) => p.code === '0');
    for (const t of texts) assert.equal(typeof t.value, 'string');
    assert.ok(texts.map((t) => t.value).join('').trim().length > 0, 'no answer text');
    const ann = rest.find((p) => p.code === '8').value;
    const data = rest.find((p) => p.code === '2').value;
    assertFinish(ann, threadId);
    assert.deepEqual(data, ann);
    const [e2, d] = rest.slice(-2);
    assert.equal(e2.value.finishReason, 'stop');
    assert.equal(e2.value.isContinued, false);
    assert.equal(typeof e2.value.usage?.promptTokens, 'number');
    assert.equal(typeof e2.value.usage?.completionTokens, 'number');
    assert.equal(d.value.finishReason, 'stop');
    assert.equal(typeof d.value.usage?.promptTokens, 'number');
    assert.equal(typeof d.value.usage?.completionTokens, 'number');
  });

  for (const [name, processDataStream] of [
    ['@ai-sdk/ui-utils 1.2.11 (ai@4.3.19)', processDataStream12],
    ['@ai-sdk/ui-utils 1.1.8 (ai@4.1.15)', processDataStream11],
  ]) {
    test(`processDataStream of ${name} parses every part`, async () => {
      const res = await post(requestBody());
      assert.equal(res.status, 200);
      const r = recorder();
      // Throws "Failed to parse stream string. Invalid code …" on a part this version does not know.
      await processDataStream({ stream: res.body, ...r.callbacks });
      const order = r.parts.map((p) => p.type).join(' ') + ' ';
      assert.match(order.trimEnd(), PART_ORDER, order);
      assert.ok(!r.parts.some((p) => p.type === 'error'), 'an error part');
    });
  }

  test('callChatApi: a declined reply\'s finish annotation carries the support link with its threadId', async () => {
    const question = 'What will the weather be like in Paris tomorrow?';
    let finished;
    let response;
    const body = requestBody();
    body.messages[0] = { ...body.messages[0], content: question, parts: [{ type: 'text', text: question }] };
    await callChatApi({
      api: messageURL(),
      body,
      streamProtocol: 'data',
      headers: { Authorization: `Bearer ${config.assistantKey}` },
      abortController: () => new AbortController(),
      restoreMessagesOnFailure() {
        throw new Error('restoreMessagesOnFailure on a good request');
      },
      onResponse(res) {
        response = res;
      },
      onUpdate() {},
      onFinish(message) {
        finished = message;
      },
      generateId: () => 'generated-id',
      lastMessage: body.messages[0],
    });
    assert.ok(finished, 'onFinish not called');
    const [item] = finished.annotations;
    const threadId = response.headers.get('x-thread-id');
    assert.deepEqual([item.type, item.threadId, item.resolution, item.sources], ['finish', threadId, 'unanswered', []]);
    assert.equal(item.support?.mode, 'link', `annotation ${JSON.stringify(item)}`);
    assert.equal(new URL(item.support.url).searchParams.get('threadId'), threadId);
    assert.match(finished.content, /contact support: /);
  });

  test('callChatApi (what useChat calls) builds the assistant message', async () => {
    const updates = [];
    let finished;
    let response;
    await callChatApi({
      api: messageURL(),
      body: requestBody(),
      streamProtocol: 'data',
      headers: { Authorization: `Bearer ${config.assistantKey}` },
      abortController: () => new AbortController(),
      restoreMessagesOnFailure() {
        throw new Error('restoreMessagesOnFailure on a good request');
      },
      onResponse(res) {
        response = res;
      },
      onUpdate(u) {
        updates.push(u);
      },
      onFinish(message, info) {
        finished = { message, info };
      },
      generateId: () => 'generated-id',
      lastMessage: requestBody().messages[0],
    });
    assert.equal(response.status, 200);
    assert.ok(updates.length > 0, 'no updates');
    assert.ok(finished, 'onFinish not called');
    const { message, info } = finished;
    assert.equal(info.finishReason, 'stop');
    assert.equal(message.role, 'assistant');
    assert.ok(message.content.trim().length > 0);
    assert.notEqual(message.id, 'generated-id', 'the f: messageId becomes the message id');
    const tools = message.toolInvocations || [];
    assert.equal(tools.length, 1);
    assert.equal(tools[0].toolName, 'search');
    assert.equal(tools[0].state, 'result');
    const threadId = response.headers.get('x-thread-id');
    assertFinish(message.annotations, threadId);
    const data = updates[updates.length - 1].data;
    assert.deepEqual(data, message.annotations);
    assert.deepEqual(
      message.parts.map((p) => p.type),
      ['step-start', 'tool-invocation', 'step-start', 'text'],
    );
  });

  test('a client that goes away mid-stream does not break the next request', async () => {
    const ac = new AbortController();
    const res = await post(requestBody(), { signal: ac.signal });
    assert.equal(res.status, 200);
    const reader = res.body.getReader();
    const first = await reader.read();
    assert.ok(!first.done && first.value.length > 0, 'no first chunk');
    ac.abort();
    // A fast server may have sent the whole reply already; then the read ends instead of failing.
    await reader.read().then(
      (r) => assert.ok(r.done || r.value, 'read after abort'),
      (err) => assert.equal(err.name, 'AbortError'),
    );
    const again = await post(requestBody());
    const text = await again.text();
    assert.equal(again.status, 200);
    assert.match(text.split('\n').filter(Boolean).map((l) => l[0]).join(''), ORDER);
  });

  test('a body that is not JSON is a 400 JSON error before any byte of stream', async () => {
    const res = await post('{"fp": "anonymous", "messages": [');
    assert.equal(res.status, 400);
    assert.match(res.headers.get('content-type') || '', /application\/json/);
    const body = await res.json();
    assert.equal(typeof body.error, 'string');
    assert.equal(res.headers.get('x-vercel-ai-data-stream'), null, 'no stream header on an error');
  });

  test('a request without messages is a 400 that names messages', async () => {
    const res = await post(requestBody({ messages: [] }));
    assert.equal(res.status, 400);
    const body = await res.json();
    assert.match(body.error, /messages/);
  });

  test('an unknown domain is a 404', async () => {
    const res = await fetch(messageURL('no-such-domain-zz'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${config.assistantKey}` },
      body: JSON.stringify(requestBody()),
    });
    // The key is bound to another domain: 403 or 404 are both honest answers.
    assert.ok([403, 404].includes(res.status), `status ${res.status}`);
    const body = await res.json();
    assert.equal(typeof body.error, 'string');
  });
});
