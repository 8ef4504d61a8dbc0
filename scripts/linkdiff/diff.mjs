// Mintlify's link checker (@mintlify/link-rot's getBrokenInternalLinks and getBrokenRedirects,
// what `mint broken-links` runs) against `lectern nav links --json`, on each site directory:
// the broken links each reports, as (file, link as written) pairs counted with their repeats.
//   node diff.mjs LECTERN_BIN SITE_DIR...
// Prints one line per site with both counts and their agreement, then each link only one of
// them reports; exit status 1 when any differs.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { buildGraph, getBrokenInternalLinks } from '@mintlify/link-rot';

const [bin, ...sites] = process.argv.slice(2);
// Mintlify's packages log what they cannot read (an OpenAPI file, a spec not fetched); the
// comparison prints only its own lines.
const quiet = (fn) => async (...args) => {
  const { warn, error, log } = console;
  console.warn = console.error = console.log = () => {};
  try {
    return await fn(...args);
  } finally {
    Object.assign(console, { warn, error, log });
  }
};

const count = (keys) => {
  const m = new Map();
  for (const k of keys) m.set(k, (m.get(k) ?? 0) + 1);
  return m;
};

// No OpenAPI document is fetched (the comparison runs offline, as lectern nav links does): a
// spec given by URL generates no endpoint page in either.
const fetchRemoteDocument = async (url) => {
  throw new Error(`offline: ${url} not fetched`);
};

async function mintlify(dir, checkAnchors) {
  const links = await quiet(getBrokenInternalLinks)(dir, { checkAnchors, fetchRemoteDocument });
  const keys = links.map((p) => `${path.join(p.relativeDir, p.filename)}\t${p.originalPath}`);
  const graph = await quiet(buildGraph)(dir, { fetchRemoteDocument });
  const redirects = graph.getBrokenRedirects();
  // A redirect by its paths without a leading slash: docs.json may write either.
  const bare = (p) => p.replace(/^\//, '');
  for (const r of redirects) keys.push(`docs.json\t${bare(r.source)} → ${bare(r.destination)}`);
  return count(keys);
}

function lectern(dir, checkAnchors) {
  const args = ['nav', 'links', '--json', '--check-redirects'];
  if (checkAnchors) args.push('--check-anchors');
  let out;
  try {
    out = execFileSync(bin, [...args, dir], { encoding: 'utf8', maxBuffer: 64 << 20 });
  } catch (err) {
    if (err.status !== 1 || !err.stdout) throw err;
    out = err.stdout;
  }
  const bare = (link) => link.replace(/^\//, '').replace(' → /', ' → ');
  return count(JSON.parse(out).broken.map((b) => `${b.file}\t${b.reason === 'redirect destination resolves to no page' ? bare(b.link) : b.link}`));
}

let differ = 0;
const totals = { mintlify: 0, lectern: 0, agreed: 0 };
for (const checkAnchors of [false, true]) {
  for (const dir of sites) {
    let m;
    try {
      m = await mintlify(dir, checkAnchors);
    } catch (err) {
      console.log(`${dir}${checkAnchors ? ' (anchors)' : ''}: Mintlify's checker fails: ${String(err).slice(0, 200)}`);
      continue;
    }
    const l = lectern(dir, checkAnchors);
    let agreed = 0;
    const only = [];
    for (const k of new Set([...m.keys(), ...l.keys()])) {
      const a = m.get(k) ?? 0;
      const b = l.get(k) ?? 0;
      agreed += Math.min(a, b);
      if (a > b) only.push(`  only Mintlify (${a - b}): ${k}`);
      if (b > a) only.push(`  only Lectern (${b - a}): ${k}`);
    }
    const sum = (c) => [...c.values()].reduce((x, y) => x + y, 0);
    totals.mintlify += sum(m);
    totals.lectern += sum(l);
    totals.agreed += agreed;
    console.log(`${dir}${checkAnchors ? ' (anchors)' : ''}: Mintlify ${sum(m)}, Lectern ${sum(l)}, agreed ${agreed}`);
    for (const o of only) console.log(o);
    if (only.length) differ++;
  }
}
console.log(`total: Mintlify ${totals.mintlify}, Lectern ${totals.lectern}, agreed ${totals.agreed}; ${differ} site runs differ`);
process.exit(differ ? 1 : 0);
