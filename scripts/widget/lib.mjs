// Shared helpers of the widget harness: configuration from the environment (set by run.sh), the
// static test page on its own loopback port, Debian's chromium through playwright-core, the admin
// API and a condition wait with a deadline.
import { createServer } from 'node:http';
import { mkdtemp, readFile, rm, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium } from 'playwright-core';

function required(name) {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is not set: run scripts/widget/run.sh`);
  return v;
}

export const config = {
  url: required('LECTERN_URL').replace(/\/+$/, ''),
  assistantKey: required('LECTERN_ASSISTANT_KEY'),
  adminKey: required('LECTERN_ADMIN_KEY'),
  domain: process.env.LECTERN_DOMAIN || 'lectern',
  project: process.env.LECTERN_PROJECT || 'lectern-docs',
  chromium: process.env.CHROMIUM || '/usr/bin/chromium',
  screenshots: process.env.SCREENSHOT_DIR || '',
};

// A desktop Chrome User-Agent: headless chromium's own names it a robot.
export const READER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

/** The documentation page the widget is embedded in; every run uses its own path prefix. */
export function docsPage(title, extra = '') {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<style>body{font:16px/1.5 Georgia,serif;max-width:720px;margin:32px auto;color:#222}button{color:red !important}</style></head>
<body><main><h1>${title}</h1><p>Run the whole test suite with one command.</p>
<pre data-filename="test.sh"><code class="language-bash">make test</code></pre></main>
<script src="${config.url}/widget.js" data-domain="${config.domain}" data-key="${config.assistantKey}" ${extra} defer></script>
</body></html>`;
}

/** A docs page with what the engagement events need, Mintlify-like: a navbar with its primary
 *  call to action (#topbar-cta-button), the page's contextual menu (#page-context-menu), three
 *  code blocks (the second with a copy button of the page's own, as Mintlify's code blocks
 *  have), an outbound link and a link within the site. */
export function engagementPage(extra = '') {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Engagement</title></head>
<body><nav id="navbar" aria-label="Site"><a href="/">Home</a>
<span id="topbar-cta-button"><a href="https://app.example.com/signup" target="_blank">Get started free</a></span></nav>
<main><h1>Engagement</h1>
<div id="page-context-menu"><button type="button">Copy page</button><button type="button" id="page-context-menu-button" aria-haspopup="menu">More</button>
<div role="menu" aria-label="Page actions"><div role="menuitem" tabindex="-1">Open in ChatGPT<small>Ask questions about this page</small></div>
<div role="menuitem" tabindex="-1" data-lectern-action="custom:slack">Share in Slack</div></div></div>
<pre><code class="language-bash">make test</code></pre>
<div class="code-block"><div class="code-head"><span>example.py</span><button type="button" aria-label="Copy the contents from code block">&#x2398;</button></div>
<pre><code class="language-python">print("hello")</code></pre></div>
<pre data-language="js"><code>console.log(1)</code></pre>
<p>Read <a href="https://github.com/lectern-dev/lectern">the source on GitHub</a> or <a href="/guides/widget">the widget guide</a>.</p></main>
<script src="${config.url}/widget.js" data-domain="${config.domain}" data-key="${config.assistantKey}" ${extra} defer></script>
</body></html>`;
}

/** Starts the static site on a free loopback port; any path answers the same page (html(extra),
 *  docsPage by default). */
export async function startSite(extra = '', html = (x) => docsPage('Running the tests', x)) {
  const server = createServer((req, res) => {
    if (req.url === '/favicon.ico') { res.writeHead(404).end(); return; }
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(html(extra));
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  // close() ends the connections the browser still holds: chromium opens a spare connection it
  // may never send a request on, and server.close() alone waits for Node's headersTimeout (60 s,
  // checked every 30 s) to drop it, which made the search-box test take 100 s.
  const close = () => new Promise((ok) => { server.close(ok); server.closeAllConnections(); });
  return { origin: `http://127.0.0.1:${server.address().port}`, close };
}

/** Launches chromium with a fresh profile; pages keep their Content-Security-Policy. Options
 *  (locale, timezoneId, viewport) are those of playwright's browser contexts. */
export async function launch(options = {}) {
  const dir = await mkdtemp(join(tmpdir(), 'lectern-chromium-'));
  const ctx = await chromium.launchPersistentContext(dir, {
    executablePath: config.chromium,
    headless: true,
    userAgent: READER_UA,
    viewport: { width: 1100, height: 760 },
    ...options,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  return { ctx, close: async () => { await ctx.close(); await rm(dir, { recursive: true, force: true }); } };
}

/** Records the events of every beacon the widget sends from page into the returned array
 *  (sendBeacon's Blob body is read in the page; playwright does not expose it). Call before
 *  page.goto; with dnt, the page's navigator says Do Not Track. */
export async function recordBeacons(page, { dnt = false } = {}) {
  const sent = [];
  await page.exposeFunction('lecternTestBeacon', (body) => sent.push(...JSON.parse(body).events));
  await page.addInitScript((dnt) => {
    if (dnt) Object.defineProperty(Navigator.prototype, 'doNotTrack', { get: () => '1' });
    // The body is read as it is sent: a Blob read afterwards (data.text()) is lost when the beacon
    // leaves the page, as a source click's does, though the server stores the event.
    const texts = new WeakMap();
    const NativeBlob = window.Blob;
    window.Blob = class extends NativeBlob {
      constructor(parts, options) { super(parts, options); if (Array.isArray(parts) && parts.every((p) => typeof p === 'string')) texts.set(this, parts.join('')); }
    };
    const send = Navigator.prototype.sendBeacon;
    Navigator.prototype.sendBeacon = function (url, data) {
      const text = typeof data === 'string' ? data : texts.get(data);
      if (text !== undefined) window.lecternTestBeacon(text); else data.text().then((t) => window.lecternTestBeacon(t));
      return send.call(this, url, data);
    };
  }, dnt);
  return sent;
}

/** The widget's words (every leaf element's text and every aria-label in its shadow roots, the
 *  hidden ones included), its lang and its computed direction. */
export function widgetWords(page) {
  return page.evaluate(() => {
    const roots = [document.querySelector('[data-lectern]').shadowRoot]
      .concat([...document.querySelectorAll('pre + span')].map((s) => s.shadowRoot).filter(Boolean));
    const words = new Set();
    for (const r of roots) {
      for (const n of r.querySelectorAll('*')) {
        if (n.tagName === 'STYLE') continue;
        if (n.getAttribute('aria-label')) words.add(n.getAttribute('aria-label'));
        if (!n.children.length && n.textContent.trim()) words.add(n.textContent.trim());
      }
    }
    const w = roots[0].querySelector('.w');
    return { words: [...words], lang: w.lang, dir: getComputedStyle(w).direction, roots: roots.length };
  });
}

/** Calls an admin analytics route of the project; returns the parsed body or throws. */
export async function admin(path, init = {}) {
  const res = await fetch(`${config.url}/api/external/v1/analytics/${config.project}/${path}`, {
    ...init, headers: { Authorization: `Bearer ${config.adminKey}`, ...(init.headers || {}) },
  });
  const body = await res.json();
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** Polls fn until it returns a truthy value; fails with what it last saw after the deadline. */
export async function waitFor(what, fn, ms = 45000) {
  const end = Date.now() + ms;
  let last;
  for (;;) {
    try { const v = await fn(); if (v) return v; last = v; } catch (e) { last = e; }
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}; last: ${last}`);
    await sleep(250);
  }
}

/** Page views of path in the views route (0 when absent). */
export async function viewsOf(path) {
  const v = await admin('views?limit=250');
  const row = v.views.find((r) => r.path === path);
  return row ? row.total : 0;
}

/** Runs axe-core in the page and returns its serious and critical violations. It is evaluated
 *  through the DevTools protocol, which a page's CSP does not govern (an inline script tag would
 *  need 'unsafe-inline'). */
export async function axeSerious(page) {
  const src = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  if (!(await page.evaluate(() => Boolean(window.axe)))) await page.evaluate(src);
  const r = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Runs axe-core's color-contrast rule alone (WCAG AA: 4.5:1 for text, 3:1 for large text)
 *  and returns, for the nodes inside the widget's shadow root, the violations, the passes and
 *  the nodes axe could not decide ("incomplete"), each as "selector: summary". */
export async function axeContrast(page) {
  const src = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  if (!(await page.evaluate(() => Boolean(window.axe)))) await page.evaluate(src);
  const r = await page.evaluate(() => window.axe.run(document, { runOnly: ['color-contrast'], resultTypes: ['violations', 'passes', 'incomplete'] }));
  const inWidget = (results) => results.flatMap((v) => v.nodes)
    .filter((n) => Array.isArray(n.target[0])) // a node in a shadow root: its target names the host, then the node
    .map((n) => `${[].concat(...n.target).join(' >> ')}: ${(n.any[0] && n.any[0].message) || n.failureSummary || ''}`);
  return { violations: inWidget(r.violations), passes: inWidget(r.passes), incomplete: inWidget(r.incomplete) };
}

/** Writes a screenshot to the docs images directory when SCREENSHOT_DIR is set: the whole page,
 *  or what the window shows when fullPage is false; given a locator, that element. */
export async function screenshot(page, name, { fullPage = true } = {}) {
  if (!config.screenshots) return;
  await mkdir(config.screenshots, { recursive: true });
  const isPage = typeof page.goto === 'function';
  await page.screenshot(isPage ? { path: join(config.screenshots, name), fullPage } : { path: join(config.screenshots, name) });
}

/** Collects the page's Content-Security-Policy violations (the console reports each one). */
export function cspViolations(page) {
  const seen = [];
  page.on('console', (m) => { if (/Content Security Policy/i.test(m.text())) seen.push(m.text()); });
  return seen;
}

export const runID = () => Math.random().toString(36).slice(2, 10);
