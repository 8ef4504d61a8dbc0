// Differential test of docs.json validation: Mintlify's published validator
// (@mintlify/validation, pinned in package.json, as their CLI uses it) against
// `lectern nav validate --json --no-files`, on the real docs.json files of corpus/ (SOURCES
// names each one's repository and commit) and on mutations of them that both must reject.
//
//   node diff.mjs LECTERN_BIN [RULES.json]
//
// RULES.json (run.sh exports it from the rule table of schemas/docsjson) adds each rule case,
// named "rule: <case>", so every rule Lectern checks is settled against the real validator.
//
// Lectern validates the navigation and the top-level fields every docs.json needs (theme, name,
// colors); Mintlify's validator checks the whole file. Mintlify problems elsewhere (logo, fonts,
// integrations...) are out of Lectern's scope and are listed, not compared. Every file must then agree (both accept or both reject), or sit in allowlist.json
// with the reason we differ on purpose. Exits 1 on any disagreement not in the allowlist, and
// on an allowlist entry that no longer differs (so the list cannot rot).
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validateDocsConfig } from '@mintlify/validation';

const here = new URL('.', import.meta.url).pathname;
const bin = process.argv[2];
if (!bin) {
  console.error('usage: node diff.mjs LECTERN_BIN');
  process.exit(2);
}
const rulesFile = process.argv[3];
const allow = JSON.parse(readFileSync(join(here, 'allowlist.json'), 'utf8'));
const work = mkdtempSync(join(tmpdir(), 'navdiff-'));

async function mintlify(config) {
  const r = await validateDocsConfig(config);
  if (r.success) return { ok: true, nav: [], other: [] };
  const issues = r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  // The parts of docs.json Lectern validates: the navigation, the settings that shape it
  // (styling.eyebrows, interaction.drilldown, seo.indexing, api.openapi), and the fields every
  // docs.json needs (the root path: docs.json is not an object).
  const compared = (p) => p === '' || p === 'navigation' || p.startsWith('navigation.') || p === 'styling.eyebrows' || p === 'interaction.drilldown' ||
    p === 'seo.indexing' || p === 'api' || p === 'api.openapi' || p.startsWith('api.openapi.') || p === 'theme' || p === 'name' || p === 'colors' || p.startsWith('colors.');
  const nav = issues.filter((i) => compared(i.path));
  return { ok: nav.length === 0, nav, other: issues.filter((i) => !nav.includes(i)) };
}

function lectern(config, name) {
  const file = join(work, name.replace(/[^a-z0-9.-]/gi, '_'));
  writeFileSync(file, JSON.stringify(config, null, 2));
  let out;
  try {
    out = execFileSync(bin, ['nav', 'validate', '--json', '--no-files', file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (e) {
    if (e.status !== 1) throw new Error(`lectern nav validate ${name}: exit ${e.status}: ${e.stderr}`);
    out = e.stdout;
  }
  const rep = JSON.parse(out);
  return { ok: rep.errors.length === 0, errors: rep.errors, warnings: rep.warnings };
}

// Mutations of each real file. Those marked reject break a rule at the root of the navigation,
// where both validators must refuse the file. The others break a rule inside a tab, anchor,
// dropdown, product, version, language or menu item, or add a second root pattern: Mintlify's
// validator accepts those by dropping the broken part from the site (its division schemas have a
// link-only form that ignores unknown children, and the navigation keeps one root), so Lectern
// accepts them too, with a warning that names the problem; there the two must only agree.
const rootKinds = ['tabs', 'anchors', 'dropdowns', 'products', 'versions', 'languages', 'groups'];
const labelOf = { tabs: 'tab', anchors: 'anchor', dropdowns: 'dropdown', products: 'product', versions: 'version', languages: 'language', groups: 'group' };
const rootList = (c) => rootKinds.find((k) => Array.isArray(c.navigation[k]) && c.navigation[k].length > 0);
const mutations = {
  'drop the label of a root element': {
    want: 'reject',
    apply: (c) => { const k = rootList(c); if (!k) return false; delete c.navigation[k][0][labelOf[k]]; return true; },
  },
  'a root element label that is a number': {
    want: 'reject',
    apply: (c) => { const k = rootList(c); if (!k) return false; c.navigation[k][0][labelOf[k]] = 42; return true; },
  },
  'a root list that is a string': {
    want: 'reject',
    apply: (c) => { const k = rootList(c); if (!k) return false; c.navigation[k] = 'oops'; return true; },
  },
  'drop a nested group label': { apply: (c) => findFirst(c.navigation, (o) => typeof o.group === 'string' && Array.isArray(o.pages), (o) => { delete o.group; }) },
  'nested pages that are a string': { apply: (c) => findFirst(c.navigation, (o) => Array.isArray(o.pages) && o.pages.length > 0, (o) => { o.pages = String(o.pages[0]); }) },
  'a nested empty page path': { apply: (c) => findFirst(c.navigation, (o) => Array.isArray(o.pages) && o.pages.some((p) => typeof p === 'string'), (o) => { o.pages.push(''); }) },
  'two root patterns': {
    apply: (c) => {
      const k = rootList(c);
      if (!k) return false;
      c.navigation[k === 'groups' ? 'tabs' : 'groups'] = k === 'groups' ? [{ tab: 'Extra', pages: ['extra'] }] : [{ group: 'Extra', pages: ['extra'] }];
      return true;
    },
  },
  // color, on an anchor, dropdown or product: both must refuse one that is no hex color at the
  // root, and agree inside a division.
  'a root element color by name': {
    want: 'reject',
    apply: (c) => { const k = ['anchors', 'dropdowns', 'products'].find((x) => Array.isArray(c.navigation[x]) && c.navigation[x].length > 0); if (!k) return false; c.navigation[k][0].color = { light: 'teal' }; return true; },
  },
  'a nested dropdown color by name': { apply: (c) => findFirst(c.navigation, (o) => typeof o.tab === 'string' && Array.isArray(o.groups), (o) => { o.dropdowns = [{ dropdown: 'Colored', color: { dark: 'teal' }, pages: ['colored'] }]; delete o.groups; }) },
  // The top-level fields every docs.json needs: both must refuse a file without them.
  'no theme': { want: 'reject', apply: (c) => { delete c.theme; return true; } },
  'a theme Mintlify does not have': { want: 'reject', apply: (c) => { c.theme = 'midnight'; return true; } },
  'no name': { want: 'reject', apply: (c) => { delete c.name; return true; } },
  'a blank name': { want: 'reject', apply: (c) => { c.name = ' '; return true; } },
  'no colors': { want: 'reject', apply: (c) => { delete c.colors; return true; } },
  'no primary color': { want: 'reject', apply: (c) => { if (typeof c.colors !== 'object') return false; delete c.colors.primary; return true; } },
  'a primary color by name': { want: 'reject', apply: (c) => { c.colors = { ...c.colors, primary: 'teal' }; return true; } },
  'a short hex primary color': { apply: (c) => { c.colors = { ...c.colors, primary: '#0a0' }; return true; } },
  // Deliberately looser (allowlist.json): an unknown language code is indexed, with a warning.
  'an unknown language code': { apply: (c) => findFirst(c.navigation, (o) => typeof o.language === 'string', (o) => { o.language = 'tlh'; }) },
  'mixed children in a tab': { apply: (c) => findFirst(c.navigation, (o) => typeof o.tab === 'string' && Array.isArray(o.groups), (o) => { o.anchors = [{ anchor: 'Mixed', pages: ['mixed'] }]; }) },
};

function findFirst(node, match, apply) {
  if (node === null || typeof node !== 'object') return false;
  if (!Array.isArray(node) && match(node)) {
    apply(node);
    return true;
  }
  for (const v of Object.values(node)) if (findFirst(v, match, apply)) return true;
  return false;
}

const results = [];
const files = readdirSync(join(here, 'corpus')).filter((f) => f.endsWith('.json')).sort();
for (const f of files) {
  const config = JSON.parse(readFileSync(join(here, 'corpus', f), 'utf8'));
  results.push({ name: f, want: null, config });
  for (const [m, { want, apply }] of Object.entries(mutations)) {
    const c = structuredClone(config);
    if (apply(c)) results.push({ name: `${f} / ${m}`, want: want ?? null, config: c });
  }
}

if (rulesFile) {
  // Each rule case is a whole docs.json (the cases of the navigation rules carry the required
  // top-level fields; the cases of those fields leave them out).
  for (const r of JSON.parse(readFileSync(rulesFile, 'utf8'))) {
    results.push({ name: `rule: ${r.name}`, want: null, config: r.config });
  }
}

let bad = 0;
const seen = new Set();
for (const r of results) {
  const mint = await mintlify(r.config);
  const lec = lectern(r.config, r.name);
  const agree = mint.ok === lec.ok && (r.want !== 'reject' || !lec.ok);
  const reason = allow[r.name];
  if (reason) seen.add(r.name);
  const verdict = agree ? (reason ? 'ALLOWLISTED BUT AGREES' : 'agree') : reason ? 'differ (allowlisted)' : 'DIFFER';
  console.log(`${verdict.padEnd(22)} ${r.name}: mintlify ${mint.ok ? 'accepts' : 'rejects'}, lectern ${lec.ok ? 'accepts' : 'rejects'}${lec.warnings.length ? ` (${lec.warnings.length} warnings)` : ''}`);
  if (!agree || reason) {
    for (const i of mint.nav.slice(0, 3)) console.log(`    mintlify: ${i.path}: ${i.message}`);
    for (const e of lec.errors.slice(0, 3)) console.log(`    lectern:  ${e.path}: ${e.message}`);
    if (reason) console.log(`    allowlisted: ${reason}`);
  }
  if (mint.other.length) console.log(`    (outside navigation, not compared: ${mint.other.slice(0, 2).map((i) => `${i.path}: ${i.message}`).join('; ')})`);
  if ((!agree && !reason) || (agree && reason)) bad++;
}
for (const name of Object.keys(allow)) {
  if (!seen.has(name)) {
    console.log(`STALE ALLOWLIST ENTRY   ${name}`);
    bad++;
  }
}
const rules = results.filter((r) => r.name.startsWith('rule: ')).length;
console.log(`${results.length} cases (${files.length} real files, ${results.length - files.length - rules} mutations, ${rules} rule cases); ${bad} problems`);
process.exit(bad ? 1 : 0);
