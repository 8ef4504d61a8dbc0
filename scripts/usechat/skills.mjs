// The real AI SDK clients read an answer in which the model loaded a skill (the loadSkill
// tool step between the search and the text). Run by TestAISDKClientsReadSkillSteps
// (assistant/), which starts the assistant with a fake model and a site with skills:
//
//   node skills.mjs <v1 message URL> <v2 message URL> <assistant key> <question>
//
// It prints one JSON object: what each client made of the reply (part types, tool names and
// states, text), and of ai@5's follow-up; the Go test checks it.
import { callChatApi, processDataStream as processDataStream12 } from '@ai-sdk/ui-utils';
import { processDataStream as processDataStream11 } from 'ai-4-1';
import { AbstractChat, DefaultChatTransport } from 'ai-5';

const [v1URL, v2URL, key, question] = process.argv.slice(2);
const headers = { Authorization: `Bearer ${key}` };
const out = {};

const v1Body = () => ({ fp: 'anonymous', messages: [{ id: 'u1', role: 'user', content: question }] });

// processDataStream of each ai@4 line: the part types in order (it throws on an unknown part).
for (const [name, processDataStream] of [
  ['ui-utils-1.2.11', processDataStream12],
  ['ui-utils-1.1.8', processDataStream11],
]) {
  const res = await fetch(v1URL, { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify(v1Body()) });
  const parts = [];
  const on = (type) => (value) => parts.push({ type, toolName: value?.toolName });
  await processDataStream({
    stream: res.body,
    onTextPart: on('text'),
    onToolCallPart: on('tool_call'),
    onToolResultPart: on('tool_result'),
    onStartStepPart: on('start_step'),
    onFinishStepPart: on('finish_step'),
    onFinishMessagePart: on('finish_message'),
    onMessageAnnotationsPart: on('message_annotations'),
    onDataPart: on('data'),
    onErrorPart: on('error'),
  });
  out[name] = parts.map((p) => (p.toolName ? `${p.type}:${p.toolName}` : p.type)).join(' ');
}

// callChatApi, what useChat of ai@4.3.19 calls: the assistant message it builds.
let finished;
await callChatApi({
  api: v1URL,
  body: v1Body(),
  streamProtocol: 'data',
  headers,
  abortController: () => new AbortController(),
  restoreMessagesOnFailure() {},
  onResponse() {},
  onUpdate() {},
  onFinish(message) {
    finished = message;
  },
  generateId: () => 'generated-id',
  lastMessage: v1Body().messages[0],
});
out.useChat = {
  parts: finished.parts.map((p) => p.type),
  tools: (finished.toolInvocations || []).map((t) => `${t.toolName}:${t.state}:${t.args?.slug ?? ''}`),
  text: finished.content,
};

// AbstractChat of ai@5 on the v2 route.
class State {
  status = 'ready';
  error = undefined;
  messages = [];
  pushMessage = (m) => (this.messages = this.messages.concat(m));
  popMessage = () => (this.messages = this.messages.slice(0, -1));
  replaceMessage = (i, m) => (this.messages = [...this.messages.slice(0, i), structuredClone(m), ...this.messages.slice(i + 1)]);
  snapshot = (v) => structuredClone(v);
}
class Chat extends AbstractChat {
  constructor(init) {
    super({ ...init, state: new State() });
  }
}
const errors = [];
const chat = new Chat({ transport: new DefaultChatTransport({ api: v2URL, headers, body: { fp: 'anonymous' } }), onError: (e) => errors.push(e.message) });
await chat.sendMessage({ text: question });
const msg = chat.messages[chat.messages.length - 1];
out.v5 = {
  status: chat.status,
  errors,
  parts: msg.parts.map((p) => p.type),
  tools: msg.parts.filter((p) => p.type.startsWith('tool-')).map((p) => `${p.type}:${p.state}:${p.input?.slug ?? ''}`),
  text: msg.parts.filter((p) => p.type === 'text').map((p) => p.text).join(''),
};
// A follow-up: the client sends the first turn back, its tool-loadSkill part included.
await chat.sendMessage({ text: 'And in Go?' });
const next = chat.messages[chat.messages.length - 1];
out.v5FollowUp = { status: chat.status, errors, messages: chat.messages.length, parts: next.parts.map((p) => p.type) };
console.log(JSON.stringify(out));
