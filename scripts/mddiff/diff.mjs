// Mintlify's Markdown export of a page (@mintlify/common's transformContentForMarkdown: the MDX
// parsed, <Visibility> applied, user mentions resolved, stringified back with its components
// as written) against the Markdown Lectern serves agents for it (assistant/sitedocs/mdpages),
// word by word, markup ignored.
//   node diff.mjs PAGES_JSONL ALLOWLIST_JSON [--pages]
// Each piece of Mintlify's tree is a unit with a cause: the text of a component's children
// ("<Tab>"), a string attribute or the strings of an expression attribute ("<Card icon>",
// "<ConnectionTemplate config={}>"), or a construct ("code", "link url", "frontmatter icon",
// "esm"). A unit is kept when its words appear in Lectern's Markdown in order; the words of a
// unit not kept that Lectern's page holds fewer times than Mintlify's are lost, and counted
// under the unit's cause. The allowlist names the causes whose losses are presentation (a
// tag's name, an icon) and the known losses left as they are, each with why; a loss under any
// other cause fails (exit status 1).
// With --pages, every page's losses are printed.
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { getAST, remarkUserMentions, remarkVisibilityForMarkdown } from '@mintlify/common';

const [pagesFile, allowFile, ...flags] = process.argv.slice(2);
const perPage = flags.includes('--pages');
const { presentation, known } = JSON.parse(fs.readFileSync(allowFile, 'utf8'));

// Words: runs of letters and digits, a run of Korean, of Chinese and Japanese, or of other
// scripts apart ("licensing@benzinga.com으로" is "com" and "으로", as Mintlify's link and text).
const cjk = '\\p{sc=Han}\\p{sc=Hiragana}\\p{sc=Katakana}';
const wordRe = new RegExp(`\\p{sc=Hangul}+|[${cjk}]+|[[\\p{L}\\p{N}]--[\\p{sc=Hangul}${cjk}]]+`, 'gv');
const words = (s) => (s.toLowerCase().match(wordRe) ?? []);

// The strings an estree holds (literals, template parts, JSX text), keys of objects left out.
function estreeStrings(node, out) {
  if (Array.isArray(node)) {
    for (const n of node) estreeStrings(n, out);
    return out;
  }
  if (!node || typeof node !== 'object') return out;
  switch (node.type) {
    case 'Literal':
      if (typeof node.value === 'string') out.push(node.value);
      return out;
    case 'TemplateElement':
      out.push(node.value.cooked ?? node.value.raw);
      return out;
    case 'JSXText':
      out.push(node.value);
      return out;
    case 'Property':
      if (node.computed) estreeStrings(node.key, out);
      return estreeStrings(node.value, out);
    case 'JSXAttribute':
      return estreeStrings(node.value, out);
  }
  for (const [k, v] of Object.entries(node)) {
    if (k !== 'loc' && k !== 'range' && k !== 'start' && k !== 'end') estreeStrings(v, out);
  }
  return out;
}

const tagName = (n) => (n.name ? `<${n.name}>` : '<>');

// A word split by a presentational inline element is one word on the page, and in Lectern's
// Markdown, which writes such an element's text as it is: "RP R<span>ULES</span>" shows "RULES"
// (ERLC Russia's changelogs colour a word's first letters). glue moves the part of a word before
// such a boundary into the text after it, so that the word is one unit's, as the page shows it.
const wrappers = new Set(['span', 'font', 'mark', 'u']);
const isWrapper = (n) => n.type === 'mdxJsxTextElement' && wrappers.has(n.name);
const edgeText = (node, last) => {
  if (node.type === 'text') return node;
  if (!isWrapper(node) || !node.children?.length) return undefined;
  return edgeText(node.children[last ? node.children.length - 1 : 0], last);
};
function glue(node) {
  const cs = node.children ?? [];
  for (let i = 0; i + 1 < cs.length; i++) {
    if (!isWrapper(cs[i]) && !isWrapper(cs[i + 1])) continue;
    const a = edgeText(cs[i], true);
    const b = edgeText(cs[i + 1], false);
    const part = a?.value.match(/[\p{L}\p{N}]+$/u)?.[0];
    if (!part || !b || !/^[\p{L}\p{N}]/u.test(b.value)) continue;
    a.value = a.value.slice(0, -part.length);
    b.value = part + b.value;
  }
  for (const c of cs) glue(c);
}

// units walks Mintlify's tree: each piece of text with its cause. Inside an element the
// allowlist knows as a component nothing defines ("<Warn>"), which Mintlify's page draws as
// nothing, content and all, every piece counts under that element.
function units(node, inside, out, under) {
  const push = (cause, text) => {
    const w = words(text ?? '');
    if (w.length) out.push({ cause: under ?? cause, words: w, text });
  };
  switch (node.type) {
    case 'text':
      push(inside ?? 'text', node.value);
      return out;
    case 'inlineCode':
    case 'code':
    case 'math':
    case 'inlineMath':
      push(inside ? `${inside} ${node.type}` : node.type, node.value);
      if (node.type === 'code' && node.lang) {
        // the language and title (bare or title="..."); other attributes are presentation
        const meta = node.meta ?? '';
        const title = meta.match(/(?:^|\s)title=(?:"([^"]*)"|'([^']*)')/);
        push('code info', `${node.lang} ${title ? title[1] ?? title[2] : ''}`);
        push('code attributes', meta.replace(/(?:^|\s)title=(?:"[^"]*"|'[^']*')/, ' '));
      }
      return out;
    case 'yaml':
    case 'toml':
      for (const line of node.value.split('\n')) {
        const m = line.match(/^([A-Za-z_][\w-]*)\s*[:=]\s*(.*)$/);
        if (m) push(`frontmatter ${m[1]}`, m[2]);
        else push('frontmatter', line);
      }
      return out;
    case 'mdxjsEsm':
      for (const st of node.data?.estree?.body ?? []) {
        if (st.source) push('esm import', st.source.value);
        else for (const s of estreeStrings(st, [])) push('esm', s);
      }
      return out;
    case 'mdxFlowExpression':
    case 'mdxTextExpression':
      for (const s of estreeStrings(node.data?.estree, [])) push(inside ? `${inside} {expression}` : '{expression}', s);
      return out;
    case 'link':
    case 'definition': {
      // a literal address GFM made a link of ("alex@company.com", "www.x.com") is its text
      const t = node.children?.length === 1 && node.children[0].type === 'text' ? node.children[0].value : undefined;
      if (t === undefined || ![t, `mailto:${t}`, `http://${t}`].includes(node.url)) push('link url', node.url);
      if (node.title) push('link title', node.title);
      break;
    }
    case 'image':
      push('image url', node.url);
      push('image alt', node.alt);
      if (node.title) push('image title', node.title);
      return out;
    case 'html':
      push('html', node.value);
      return out;
    case 'mdxJsxFlowElement':
    case 'mdxJsxTextElement': {
      const name = tagName(node);
      for (const a of node.attributes) {
        if (a.type === 'mdxJsxExpressionAttribute') {
          for (const s of estreeStrings(a.data?.estree, [])) push(`${name.slice(0, -1)} {...}>`, s);
        } else if (typeof a.value === 'string') {
          push(`${name.slice(0, -1)} ${a.name}>`, a.value);
        } else if (a.value) {
          for (const s of estreeStrings(a.value.data?.estree, [])) push(`${name.slice(0, -1)} ${a.name}={}>`, s);
        }
      }
      inside = name;
      if (under === undefined && name in known) under = name;
      break;
    }
  }
  for (const c of node.children ?? []) units(c, inside, out, under);
  return out;
}

// mintlify returns the units of Mintlify's export of a page's source.
function mintlify(src) {
  const tree = getAST(src);
  remarkVisibilityForMarkdown()(tree);
  remarkUserMentions({})(tree);
  glue(tree);
  return units(tree, undefined, []);
}

// losses compares a page's units with Lectern's Markdown: the words lost, by cause.
function losses(us, md) {
  const seq = words(md.replace(/&(#x?[0-9a-f]+|[a-z]+);/gi, ' ')); // an entity is markup: Mintlify's tree holds the character
  const at = new Map();
  seq.forEach((w, i) => at.has(w) ? at.get(w).push(i) : at.set(w, [i]));
  const kept = (u) => (at.get(u.words[0]) ?? []).some((i) => u.words.every((w, j) => seq[i + j] === w));
  const budget = new Map();
  for (const u of us) for (const w of u.words) budget.set(w, (budget.get(w) ?? 0) + 1);
  for (const [w, n] of budget) budget.set(w, n - (at.get(w)?.length ?? 0));
  const lost = [];
  // Words lost go to the units not kept, attributes and constructs first: a paragraph whose
  // characters Lectern writes differently ("&quot;") keeps its words.
  const text = (u) => u.cause === 'text' || /^<[^ ]*>$/.test(u.cause);
  for (const u of [...us.filter((u) => !text(u)), ...us.filter(text)]) {
    if (kept(u)) continue;
    const gone = u.words.filter((w) => budget.get(w) > 0 && budget.set(w, budget.get(w) - 1));
    if (gone.length) lost.push({ cause: u.cause, words: gone, text: u.text });
  }
  return lost;
}

const label = { presentation: 'presentation', known: 'known', real: 'LOST' };
const causes = new Map(); // cause → {words, pages: Set, examples}
const totals = { pages: 0, failed: 0, withLoss: 0, words: 0, presentation: 0, known: 0, real: 0, realPages: 0, knownPages: 0 };
const failures = [];
const lines = readline.createInterface({ input: fs.createReadStream(pagesFile), crlfDelay: Infinity });
for await (const line of lines) {
  if (!line) continue;
  const p = JSON.parse(line);
  const file = path.join(p.site, p.file);
  let us;
  try {
    us = mintlify(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    totals.failed++;
    failures.push(`${file}: ${String(err.message ?? err).split('\n')[0].slice(0, 160)}`);
    continue;
  }
  totals.pages++;
  const lost = losses(us, p.markdown);
  if (!lost.length) continue;
  totals.withLoss++;
  let real = false;
  let isKnown = false;
  for (const l of lost) {
    totals.words += l.words.length;
    const kind = allowed(l.cause);
    totals[kind] += l.words.length;
    real ||= kind === 'real';
    isKnown ||= kind === 'known';
    const c = causes.get(l.cause) ?? { words: 0, pages: new Set(), examples: [], kind };
    c.words += l.words.length;
    c.pages.add(file);
    if (c.examples.length < 3) c.examples.push(`${file}: ${JSON.stringify(l.text.slice(0, 120))}`);
    causes.set(l.cause, c);
  }
  if (real) totals.realPages++;
  if (isKnown) totals.knownPages++;
  if (perPage) {
    console.log(`${file}:`);
    for (const l of lost) console.log(`  ${label[allowed(l.cause)]} ${l.cause}: ${l.words.join(' ')}`);
  }
}

// allowed tells a cause's losses: "presentation" or "known" when that part of the allowlist
// names the cause, or its attribute for every tag ("<* icon>" for "<Card icon>"), else "real".
function allowed(cause) {
  const attr = cause.match(/^<[^ >]+ (.+)>$/);
  for (const [kind, list] of [['presentation', presentation], ['known', known]]) {
    if (cause in list || (attr && `<* ${attr[1]}>` in list)) return kind;
  }
  return 'real';
}

const sorted = [...causes].sort((a, b) => b[1].words - a[1].words);
for (const [cause, c] of sorted) {
  console.log(`${label[c.kind]} ${cause}: ${c.words} words on ${c.pages.size} pages`);
  if (c.kind === 'real') for (const e of c.examples) console.log(`    ${e}`);
}
for (const f of failures) console.log(`Mintlify's parser fails: ${f}`);
// An entry of the allowlist that no loss matched: a known loss that is gone is taken out.
const used = new Set([...causes.keys()].flatMap((c) => [c, c.replace(/^<[^ >]+ /, '<* ')]));
for (const c of [...Object.keys(presentation), ...Object.keys(known)]) if (!used.has(c)) console.log(`allowlist entry matched nothing: ${c}`);
console.log(`total: ${totals.pages} pages compared (${totals.failed} Mintlify cannot parse), ${totals.withLoss} with a loss, ${totals.words} words lost: ${totals.presentation} presentation, ${totals.known} known on ${totals.knownPages} pages, ${totals.real} on ${totals.realPages} pages not allowed`);
process.exit(totals.real ? 1 : 0);
