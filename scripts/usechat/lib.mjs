// Shared helpers of the useChat harness: configuration from the environment, the two real
// ai@4 client versions (ai@5 has its own suite, usechat-v5.test.mjs), a headless mount of the useChat hook (react-test-renderer), fetch wrappers
// that record requests or hold a stream mid-way, and readers of what the hook exposes.
//
// The harness talks to a RUNNING lectern; scripts/usechat/run.sh starts one and sets:
//   LECTERN_URL            base URL, e.g. http://127.0.0.1:18080 (required)
//   LECTERN_ASSISTANT_KEY  assistant key of LECTERN_DOMAIN (required)
//   LECTERN_ADMIN_KEY      admin key of LECTERN_PROJECT (required)
//   LECTERN_DOMAIN         docs domain (default lectern)
//   LECTERN_PROJECT        project id (default lectern-docs)
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import React from 'react';
import TestRenderer from 'react-test-renderer';
import { useChat as useChat43 } from 'ai/react';
import { useChat as useChat41 } from 'ai-4-1/react';

const { act, create } = TestRenderer;

// Tell React that this is a test environment: updates are flushed by act().
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

function required(name) {
  const v = process.env[name];
  if (!v) {
    throw new Error(`${name} is not set: run scripts/usechat/run.sh, or start lectern and export ${name}`);
  }
  return v;
}

export const config = {
  url: required('LECTERN_URL').replace(/\/+$/, ''),
  assistantKey: required('LECTERN_ASSISTANT_KEY'),
  adminKey: required('LECTERN_ADMIN_KEY'),
  domain: process.env.LECTERN_DOMAIN || 'lectern',
  project: process.env.LECTERN_PROJECT || 'lectern-docs',
};

export const messageURL = (domain = config.domain) =>
  `${config.url}/discovery/v1/assistant/${encodeURIComponent(domain)}/message`;

// The v2 route, for ai@5 clients (UI message stream).
export const messageURLV2 = (domain = config.domain) =>
  `${config.url}/discovery/v2/assistant/${encodeURIComponent(domain)}/message`;

export const exportURL = (project = config.project) =>
  `${config.url}/api/external/v1/analytics/${encodeURIComponent(project)}/assistant`;

// A question Lectern's own docs answer (docs/quickstart.mdx: `make run`).
export const QUESTION = 'How do I run Lectern locally?';
export const FOLLOW_UP = 'Which address does it listen on?';

// The installed version of a package, resolved the way Node resolves it from `from`.
const require = createRequire(import.meta.url);
export function installedVersion(pkg, from) {
  const paths = from ? [from] : undefined;
  return require(require.resolve(`${pkg}/package.json`, { paths })).version;
}
const ai43Dir = dirname(require.resolve('ai/package.json'));
const ai41Dir = dirname(require.resolve('ai-4-1/package.json'));

// The two real clients. `modern` tells whether the version has `status` and message `parts`
// (ai >= 4.2); 4.1 exposes only `isLoading` and `toolInvocations`.
export const CLIENTS = [
  {
    name: 'ai@4.3.19',
    ai: '4.3.19',
    react: '1.2.12',
    useChat: useChat43,
    modern: true,
    versions: () => ({ ai: installedVersion('ai'), react: installedVersion('@ai-sdk/react', ai43Dir) }),
  },
  {
    name: 'ai@4.1.15',
    ai: '4.1.15',
    react: '1.1.8',
    useChat: useChat41,
    modern: false,
    versions: () => ({ ai: installedVersion('ai-4-1'), react: installedVersion('@ai-sdk/react', ai41Dir) }),
  },
];

// The options the real service's docs give for useChat, plus what the harness observes.
export function chatOptions(overrides = {}) {
  const seen = { responses: [], finishes: [], errors: [], requests: [] };
  const options = {
    api: messageURL(),
    streamProtocol: 'data',
    sendExtraMessageFields: true,
    headers: { Authorization: `Bearer ${config.assistantKey}` },
    body: { fp: 'anonymous', retrievalPageSize: 5 },
    onResponse(res) {
      seen.responses.push({
        status: res.status,
        contentType: res.headers.get('content-type'),
        dataStream: res.headers.get('x-vercel-ai-data-stream'),
        threadId: res.headers.get('x-thread-id'),
        threadKey: res.headers.get('x-thread-key'),
      });
    },
    onFinish(message, info) {
      seen.finishes.push({ message, info });
    },
    onError(err) {
      seen.errors.push(err);
    },
    fetch: recordingFetch(seen.requests),
    ...overrides,
  };
  return { options, seen };
}

// A fetch that records each request (URL, headers, parsed JSON body) and then calls the real one.
export function recordingFetch(into, next = globalThis.fetch) {
  return async (url, init = {}) => {
    let body;
    try {
      body = JSON.parse(init.body);
    } catch {
      body = init.body;
    }
    into.push({ url: String(url), method: init.method, headers: { ...(init.headers || {}) }, body });
    return next(url, init);
  };
}

// A fetch whose response body is handed on one line at a time and held after the first line
// that matches `holdAfter`, until release() is called. After release, an aborted request's body
// errors with the abort reason, as a browser's does: that makes "stop() while streaming"
// deterministic however fast the server is.
export function gatedFetch(holdAfter = /^0:/) {
  let release;
  const released = new Promise((r) => (release = r));
  const gate = { held: false, release: () => release(), linesBefore: [], linesAfter: 0 };
  gate.fetch = async (url, init = {}) => {
    const res = await globalThis.fetch(url, init);
    if (!res.ok || !res.body) return res;
    const reader = res.body.getReader();
    const enc = new TextEncoder();
    const dec = new TextDecoder();
    let buf = '';
    let done = false;
    const nextLine = async () => {
      for (;;) {
        const i = buf.indexOf('\n');
        if (i >= 0) {
          const line = buf.slice(0, i + 1);
          buf = buf.slice(i + 1);
          return line;
        }
        if (done) {
          const rest = buf;
          buf = '';
          return rest || null;
        }
        const r = await reader.read();
        if (r.done) done = true;
        else buf += dec.decode(r.value, { stream: true });
      }
    };
    const body = new ReadableStream({
      async pull(controller) {
        try {
          if (gate.held) {
            await released;
            if (init.signal?.aborted) {
              reader.cancel().catch(() => {});
              controller.error(init.signal.reason ?? new DOMException('aborted', 'AbortError'));
              return;
            }
          }
          const line = await nextLine();
          if (line == null) {
            controller.close();
            return;
          }
          if (gate.held) gate.linesAfter++;
          else gate.linesBefore.push(line);
          controller.enqueue(enc.encode(line));
          if (!gate.held && holdAfter.test(line)) gate.held = true;
        } catch (err) {
          controller.error(err);
        }
      },
    });
    return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
  };
  return gate;
}

// Mounts a component that calls the real hook; `chat.current` is the hook's latest return value.
export async function mountChat(useChat, options) {
  const chat = { current: null, renders: 0, options };
  function Probe(props) {
    chat.current = useChat(props.options);
    chat.renders++;
    return null;
  }
  let renderer;
  await act(async () => {
    renderer = create(React.createElement(Probe, { options }));
  });
  // Re-render with new hook options (what an app does when its props or state change).
  chat.rerender = async (next) => {
    chat.options = next;
    await act(async () => {
      renderer.update(React.createElement(Probe, { options: next }));
    });
  };
  chat.unmount = async () => {
    await act(async () => renderer.unmount());
  };
  // Runs fn(hook) inside act and waits for it (append/reload resolve when the request ends).
  chat.run = async (fn) => {
    let out;
    await act(async () => {
      out = await fn(chat.current);
    });
    return out;
  };
  return chat;
}

export async function waitFor(cond, { timeout = 10_000, interval = 5, what = 'condition' } = {}) {
  const end = Date.now() + timeout;
  for (;;) {
    const v = cond();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out after ${timeout} ms waiting for ${what}`);
    await sleep(interval);
  }
}

export { act, sleep };

// --- readers of what the hook exposes ---------------------------------------------------------

export function lastAssistant(messages) {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i].role === 'assistant') return messages[i];
  return undefined;
}

export function finishEntries(list) {
  return (list || []).filter((x) => x && typeof x === 'object' && x.type === 'finish');
}

// Tool invocations of a message: from parts (ai >= 4.2) or toolInvocations (every 4.x).
export function toolInvocationsFromParts(message) {
  return (message.parts || []).filter((p) => p.type === 'tool-invocation').map((p) => p.toolInvocation);
}

export function textFromParts(message) {
  return (message.parts || [])
    .filter((p) => p.type === 'text')
    .map((p) => p.text)
    .join('');
}

// The JSON error body a non-2xx answer carried, as the hook exposes it (error.message).
export function parseErrorBody(err) {
  try {
    return JSON.parse(err.message);
  } catch {
    return undefined;
  }
}

// --- the assistant export ---------------------------------------------------------------------

export async function getJSON(url, key = config.adminKey) {
  const res = await fetch(url, { headers: { Authorization: `Bearer ${key}` } });
  const text = await res.text();
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: res.status, body };
}

// Polls the assistant export until a conversation matching `match` appears; pages on with
// nextCursor (limit 10) through at most `pages` pages per poll.
export async function findConversation(match, { timeout = 5_000, pages = 5 } = {}) {
  const end = Date.now() + timeout;
  let last;
  for (;;) {
    let cursor;
    for (let p = 0; p < pages; p++) {
      const u = new URL(exportURL());
      u.searchParams.set('limit', '10');
      if (cursor) u.searchParams.set('cursor', cursor);
      last = await getJSON(u.toString());
      if (last.status !== 200) break;
      const found = (last.body.conversations || []).find(match);
      if (found) return { conversation: found, page: last.body };
      if (!last.body.hasMore || !last.body.nextCursor) break;
      cursor = last.body.nextCursor;
    }
    if (Date.now() > end) {
      const err = new Error(
        `conversation not in the export after ${timeout} ms; last answer ${last?.status}: ${JSON.stringify(last?.body).slice(0, 2000)}`,
      );
      throw err;
    }
    await sleep(100);
  }
}
