// Differential test of the mint.json upgrade: Mintlify's upgradeToDocsConfig (@mintlify/validation,
// pinned in package.json, what their build runs on a site that has only mint.json) against
// `lectern nav upgrade`, field by field, on the real mint.json files of mintcorpus/ (SOURCES
// names each one's repository and commit) and the hand-made shapes of
// schemas/docsjson/testdata/mint/ (their golden docs.json files are Lectern's output; this
// settles them against Mintlify's), and on mutations of the real files into the other shapes
// mint.json allows (below).
//
//   node upgradediff.mjs LECTERN_BIN
//
// Every field must be equal, and the text the same (key order and indentation), or its path
// ("text" for the text) sit in mintallowlist.json ("file": {"path": "reason"})
// with the reason we differ. Then the upgraded site must be accepted or refused alike: Mintlify's
// validateDocsConfig on its upgrade (the parts Lectern validates, as diff.mjs compares them)
// against `lectern nav validate --no-files` on a site holding the file as mint.json (path
// "validate" in the allowlist). Exits 1 on a difference not in the allowlist, and on an
// allowlist entry that no longer differs (so the list cannot rot).
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { upgradeToDocsConfig, validateDocsConfig } from '@mintlify/validation';

const here = new URL('.', import.meta.url).pathname;
const bin = process.argv[2];
if (!bin) {
  console.error('usage: node upgradediff.mjs LECTERN_BIN');
  process.exit(2);
}
const allow = JSON.parse(readFileSync(join(here, 'mintallowlist.json'), 'utf8'));

// diff lists the paths where a and b differ: a value on one side only, or unequal leaves.
function diff(a, b, path, out) {
  const kind = (v) => (Array.isArray(v) ? 'array' : v === null ? 'null' : typeof v);
  if (kind(a) !== kind(b)) {
    out.push({ path, mintlify: a, lectern: b });
    return out;
  }
  if (kind(a) === 'array') {
    for (let i = 0; i < Math.max(a.length, b.length); i++) diff(a[i], b[i], `${path}[${i}]`, out);
  } else if (kind(a) === 'object') {
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) diff(a[k], b[k], path ? `${path}.${k}` : k, out);
  } else if (a !== b) {
    out.push({ path, mintlify: a, lectern: b });
  }
  return out;
}

// Mutations of each real file into the other shapes mint.json allows, so every branch of the
// upgrade meets real navigation: the divisions swapped, versions or locales over its groups, a
// division nested in another's url, the divisions made external links, icons with a style; and
// a group without its name, which both validators must refuse once upgraded.
const groupsOf = (c) => (Array.isArray(c.navigation) ? c.navigation : []);
const firstURL = (c, k) => (Array.isArray(c[k]) ? c[k].find((d) => typeof d.url === 'string' && !d.url.startsWith('http'))?.url : undefined);
const mutations = {
  'tabs become anchors': (c) => { if (!c.tabs?.length) return false; [c.tabs, c.anchors] = [c.anchors, c.tabs]; return true; },
  'versions over its groups': (c) => {
    if (groupsOf(c).length < 2 || c.versions) return false;
    c.versions = ['v2', 'v1'];
    groupsOf(c).forEach((g, i) => { if (i % 2) g.version = i % 4 === 1 ? 'v2' : 'v1'; });
    for (const [i, d] of (c.tabs ?? []).entries()) if (i === 0) d.version = 'v2';
    return true;
  },
  'locales over its groups': (c) => {
    if (groupsOf(c).length < 2 || c.versions) return false;
    c.versions = [{ name: 'English', locale: 'en', default: true }, { name: 'Français', locale: 'fr' }];
    groupsOf(c).forEach((g, i) => { if (i % 2) g.version = 'Français'; });
    return true;
  },
  'an anchor inside a tab': (c) => {
    const url = firstURL(c, 'tabs');
    if (!url) return false;
    const page = groupsOf(c).flatMap((g) => g.pages).find((p) => typeof p === 'string' && p.startsWith(url + '/'));
    if (!page) return false;
    c.anchors = [...(c.anchors ?? []), { name: 'Inner', url: page.split('/').slice(0, -1).join('/'), icon: 'star', color: { from: '#111111', to: '#222222' } }];
    return true;
  },
  'a primary tab and a top anchor': (c) => { c.primaryTab = { name: 'Home', isDefaultHidden: false }; c.topAnchor = { name: 'Start', icon: 'house', iconType: 'solid' }; return true; },
  'every division external': (c) => {
    let n = 0;
    for (const k of ['tabs', 'anchors']) for (const d of c[k] ?? []) { d.url = `https://example.com/${d.url}`; n++; }
    return n > 0;
  },
  // Both must refuse what this makes: a group without its name, in docs.json too.
  'a group without its name': (c) => { const g = groupsOf(c)[0]; if (!g) return false; delete g.group; return true; },
  'icons with a style': (c) => { let n = 0; for (const g of groupsOf(c)) { g.icon = 'book'; g.iconType = 'duotone'; n++; } return n > 0; },
};

const dirs = [join(here, 'mintcorpus'), join(here, '../../schemas/docsjson/testdata/mint')];
const cases = [];
for (const d of dirs) {
  for (const f of readdirSync(d).filter((f) => f.endsWith('.json')).sort()) {
    const file = join(d, f);
    const name = d.endsWith('mintcorpus') ? f : `testdata/mint/${f}`;
    const config = JSON.parse(readFileSync(file, 'utf8'));
    cases.push({ name, config });
    if (!d.endsWith('mintcorpus')) continue;
    for (const [m, apply] of Object.entries(mutations)) {
      const c = structuredClone(config);
      if (apply(c)) cases.push({ name: `${f} / ${m}`, config: c });
    }
  }
}
const work = mkdtempSync(join(tmpdir(), 'upgradediff-'));
// The parts of docs.json Lectern validates (diff.mjs's compared()).
const compared = (p) => p === '' || p === 'navigation' || p.startsWith('navigation.') || p === 'styling.eyebrows' || p === 'interaction.drilldown' ||
  p === 'seo.indexing' || p === 'api' || p === 'api.openapi' || p.startsWith('api.openapi.') || p === 'theme' || p === 'name' || p === 'colors' || p.startsWith('colors.');

async function mintlifyAccepts(docs) {
  const r = await validateDocsConfig(docs);
  return r.success || !r.error.issues.some((i) => compared(i.path.join('.')));
}

function lecternAccepts(file) {
  const dir = mkdtempSync(join(tmpdir(), 'upgradediff-'));
  try {
    copyFileSync(file, join(dir, 'mint.json'));
    let out;
    try {
      out = execFileSync(bin, ['nav', 'validate', '--json', '--no-files', dir], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (e) {
      if (e.status !== 1) throw new Error(`lectern nav validate ${file}: exit ${e.status}: ${e.stderr}`);
      out = e.stdout;
    }
    const rep = JSON.parse(out);
    if (!rep.warnings.some((w) => w.file === 'mint.json')) throw new Error(`lectern nav validate ${file}: no mint.json warning`);
    return rep.errors.length === 0;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

let bad = 0;
let fields = 0;
const seen = new Set();
for (const { name, config: mint } of cases) {
  const file = join(work, `${name.replace(/[^a-z0-9.-]/gi, '_')}`);
  writeFileSync(file, JSON.stringify(mint, null, 2));
  const text = JSON.stringify(upgradeToDocsConfig(mint), undefined, 2) + '\n';
  const out = execFileSync(bin, ['nav', 'upgrade', file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const [want, got] = [JSON.parse(text), JSON.parse(out)];
  const diffs = diff(want, got, '', []);
  // The same fields in the same order, indented alike: the docs.json reads as Mintlify's.
  if (!diffs.length && out !== text) diffs.push({ path: 'text', mintlify: 'JSON.stringify(docs, undefined, 2)', lectern: 'other key order or spacing' });
  const [mintOK, lecOK] = [await mintlifyAccepts(want), lecternAccepts(file)];
  if (mintOK !== lecOK) diffs.push({ path: 'validate', mintlify: mintOK ? 'accepts' : 'rejects', lectern: lecOK ? 'accepts' : 'rejects' });
  const allowed = allow[name] ?? {};
  const count = (v) => (v !== null && typeof v === 'object' ? Object.values(v).reduce((n, e) => n + count(e), 0) : 1);
  fields += count(want);
  const open = diffs.filter((d) => !allowed[d.path]);
  for (const d of diffs) if (allowed[d.path]) seen.add(`${name} ${d.path}`);
  console.log(`${open.length ? 'DIFFER' : 'agree '} ${name}: ${count(want)} fields, ${mintOK ? 'accepted' : 'refused'} by both${diffs.length - open.length ? `, ${diffs.length - open.length} allowlisted` : ''}`);
  for (const d of open.slice(0, 10)) console.log(`    ${d.path}: mintlify ${JSON.stringify(d.mintlify)}, lectern ${JSON.stringify(d.lectern)}`);
  bad += open.length;
}
for (const [name, paths] of Object.entries(allow)) {
  for (const p of Object.keys(paths)) {
    if (!seen.has(`${name} ${p}`)) {
      console.log(`ALLOWLISTED BUT AGREES ${name} ${p}`);
      bad++;
    }
  }
}
rmSync(work, { recursive: true, force: true });
console.log(`upgradediff: ${cases.length} mint.json cases, ${fields} fields, ${bad} unexplained differences`);
process.exit(bad ? 1 : 0);
