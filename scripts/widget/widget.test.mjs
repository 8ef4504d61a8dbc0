// The widget in Debian's chromium: a static page on one loopback port embeds /widget.js served
// by lectern on another. Page views, feedback, Ask AI, keyboard use and axe-core.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { config, startSite, launch, admin, waitFor, viewsOf, axeSerious, screenshot, runID } from './lib.mjs';

let site, browser;
const prefix = `/widget-${runID()}`;
before(async () => { site = await startSite(); browser = await launch(); });
after(async () => { await browser?.close(); await site?.close(); });

/** Opens path on a test site (the default one unless given) and records the requests the widget
 *  sends to the events route and the origins of every request. */
async function open(path, { dnt = false, on = site, colorScheme = 'light', ready = 'Ask AI' } = {}) {
  const page = await browser.ctx.newPage();
  await page.emulateMedia({ colorScheme });
  if (dnt) await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'doNotTrack', { get: () => '1' }));
  const beacons = [], origins = new Set();
  page.on('request', (r) => {
    if (r.url().includes('/discovery/v1/events/')) beacons.push(r.url()); // a beacon's Blob body is not exposed
    if (/^https?:/.test(r.url())) origins.add(new URL(r.url()).origin);
  });
  await page.goto(on.origin + path);
  if (ready) await page.getByRole('button', { name: ready }).waitFor();
  return { page, beacons, origins };
}

/** The widget's look: its theme class, the page feedback card's background, and which half of
 *  the window the Ask AI button is in. */
async function look(page) {
  const card = await page.getByRole('group', { name: 'Was this page helpful?' }).evaluate((g) => getComputedStyle(g).backgroundColor);
  const box = await page.getByRole('button', { name: 'Ask AI' }).boundingBox();
  const theme = await page.evaluate(() => document.querySelector('[data-lectern]').shadowRoot.querySelector('.w').className);
  return { theme, card, side: box.x + box.width / 2 < page.viewportSize().width / 2 ? 'left' : 'right' };
}

test('a page view and a pushState navigation reach the views route', async () => {
  const { page, beacons } = await open(`${prefix}/first`);
  await screenshot(page, 'widget-closed.png');
  await waitFor('a page_view beacon', () => beacons.length >= 1);
  await waitFor(`${prefix}/first in views`, async () => (await viewsOf(`${prefix}/first`)) === 1);
  await page.evaluate((p) => history.pushState({}, '', p), `${prefix}/second`);
  await waitFor(`${prefix}/second in views`, async () => (await viewsOf(`${prefix}/second`)) === 1);
  // The browser may report the second beacon's request after the server stored it: wait for it.
  await waitFor('the second page_view beacon', () => beacons.length >= 2);
  assert.equal(beacons.length, 2, 'one beacon per page');
  assert.equal(await viewsOf(`${prefix}/first`), 1, 'the first page counted once');
  await page.close();
});

test('with doNotTrack set the widget sends no event', async () => {
  const { page, beacons } = await open(`${prefix}/dnt`, { dnt: true });
  await page.evaluate((p) => history.pushState({}, '', p), `${prefix}/dnt-2`);
  // A request that does go out after the navigations: beacons would have been queued before it.
  const fb = page.waitForResponse((r) => r.url().includes('/discovery/v1/feedback/'));
  await page.getByRole('button', { name: 'Yes' }).click();
  await page.getByRole('button', { name: 'Send' }).first().click();
  assert.equal((await fb).status(), 202);
  assert.deepEqual(beacons, []);
  assert.equal(await viewsOf(`${prefix}/dnt`), 0);
  await page.close();
});

test('"No", "Tell us more" and "Send" reach the feedback export with the comment and path', async () => {
  const { page } = await open(`${prefix}/feedback`);
  const group = page.getByRole('group', { name: 'Was this page helpful?' });
  assert.notEqual(await group.getByRole('button', { name: 'Yes' }).evaluate((b) => getComputedStyle(b).color), 'rgb(255, 0, 0)',
    "the page's styles leak into the widget");
  await group.getByRole('button', { name: 'No' }).click();
  const comment = `The port in step 2 is wrong ${runID()}`;
  await page.getByRole('textbox', { name: 'Tell us more' }).fill(comment);
  await group.getByRole('button', { name: 'Send' }).click();
  await page.getByText('Thank you for your feedback.').waitFor();
  const rec = await waitFor('the feedback in the export', async () =>
    (await admin('feedback?limit=50')).feedback.find((f) => f.comment === comment));
  assert.equal(rec.path, `${prefix}/feedback`);
  assert.equal(rec.helpful, false);
  assert.equal(rec.source, 'contextual');
  await page.close();
});

test('"Feedback on this code" posts code_snippet feedback with the code, filename and language', async () => {
  const { page } = await open(`${prefix}/code`);
  await page.getByRole('button', { name: 'Feedback on this code' }).click();
  const comment = `Needs the -race flag ${runID()}`;
  await page.getByRole('textbox', { name: 'What is wrong with this code?' }).fill(comment);
  const res = page.waitForResponse((r) => r.url().includes('/discovery/v1/feedback/'));
  await page.getByRole('textbox', { name: 'What is wrong with this code?' }).press('Tab');
  await page.keyboard.press('Enter');
  assert.equal((await res).status(), 202);
  const rec = await waitFor('the code feedback in the export', async () =>
    (await admin('feedback?limit=50')).feedback.find((f) => f.comment === comment));
  assert.deepEqual([rec.source, rec.code, rec.filename, rec.lang, rec.path], ['code_snippet', 'make test', 'test.sh', 'bash', `${prefix}/code`]);
  await page.close();
});

test('Ask AI streams an answer with a source link, continues the thread, and Stop aborts', async () => {
  const { page, origins } = await open(`${prefix}/chat`);
  const asks = [];
  page.on('request', (r) => { if (r.url().includes('/assistant/')) asks.push(JSON.parse(r.postData())); });
  await page.getByRole('button', { name: 'Ask AI' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ask AI' });
  await dialog.waitFor();
  const log = dialog.getByRole('log');
  const first = page.waitForResponse((r) => r.url().includes('/assistant/'));
  await dialog.getByRole('textbox', { name: 'Ask a question' }).fill('How do I run the tests?');
  await dialog.getByRole('button', { name: 'Send' }).click();
  const threadId = (await first).headers()['x-thread-id'];
  assert.match(threadId, /^thr_/);
  await log.getByRole('link').first().waitFor();
  await dialog.getByRole('button', { name: 'Good answer' }).waitFor();
  assert.ok((await log.innerText()).length > 40, 'an answer is shown');
  // The default answerer quotes the section, code fence included ("> ```bash" ... "> ```"): a
  // quote holding a code block, no Markdown markers left in the text.
  assert.equal(await log.locator('blockquote pre > code.language-bash').first().innerText(), 'make test');
  assert.ok(await log.locator('blockquote p code').count() > 0, 'inline code inside the quote');
  assert.doesNotMatch(await log.innerText(), /```|^>/m);
  assert.ok(await page.evaluate((d) => sessionStorage.getItem(`lectern.thread.${d}`), config.domain));
  await screenshot(page, 'widget-answer.png');

  const thumbs = page.waitForResponse((r) => r.url().includes('/discovery/v1/feedback/'));
  await dialog.getByRole('button', { name: 'Good answer' }).click();
  const { id: ratingID } = await (await thumbs).json();
  const rating = await waitFor('the thumbs in the feedback export', async () =>
    (await admin('feedback?source=thumbs_only&limit=50')).feedback.find((f) => f.id === ratingID));
  assert.deepEqual([rating.helpful, rating.threadId, rating.path], [true, threadId, `${prefix}/chat`]);

  await dialog.getByRole('textbox', { name: 'Ask a question' }).fill('And only the Go tests?');
  const second = page.waitForResponse((r) => r.url().includes('/assistant/'));
  await dialog.getByRole('button', { name: 'Send' }).click();
  assert.equal((await second).headers()['x-thread-id'], threadId);
  assert.equal(asks[1].threadId, threadId);
  assert.ok(asks[1].threadKey, 'the follow-up sends the thread key');
  await dialog.getByRole('button', { name: 'Good answer' }).nth(1).waitFor();

  // Stop: the reply is held at the network until Stop has been pressed.
  let release;
  const held = new Promise((ok) => { release = ok; });
  await page.route('**/assistant/**', async (route) => { await held; await route.continue().catch(() => {}); });
  await dialog.getByRole('textbox', { name: 'Ask a question' }).fill('What does make bench do?');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await dialog.getByRole('button', { name: 'Stop' }).click();
  await log.getByText('Stopped.').waitFor();
  release();
  assert.equal(await dialog.getByRole('button', { name: 'Stop' }).isVisible(), false);
  assert.deepEqual([...origins].sort(), [site.origin, config.url].sort(), 'requests only to the page and to lectern');
  await page.close();
});

test('an error from the assistant is shown', async () => {
  const { page } = await open(`${prefix}/err`);
  await page.evaluate((d) => sessionStorage.setItem(`lectern.thread.${d}`,
    JSON.stringify({ id: 'thr_01JV3QA2M4T7X9B1C3D5E7G9HK', key: 'wrong' })), config.domain);
  await page.getByRole('button', { name: 'Ask AI' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ask AI' });
  await dialog.getByRole('textbox', { name: 'Ask a question' }).fill('How do I run the tests?');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await dialog.getByText(/^Error: .*not found/).waitFor();
  await page.close();
});

test('keyboard only: Enter opens, focus stays in the dialog, Escape closes and returns focus; axe finds nothing serious', async () => {
  const { page } = await open(`${prefix}/keys`);
  assert.deepEqual(await axeSerious(page), []);
  await page.getByRole('button', { name: 'Ask AI' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('dialog', { name: 'Ask AI' }).waitFor();
  const where = () => page.evaluate(() => {
    const a = document.querySelector('[data-lectern]').shadowRoot.activeElement;
    return a ? `${a.closest('dialog') ? 'dialog' : 'outside'}:${a.getAttribute('aria-label') || a.textContent || a.tagName}` : 'none';
  });
  assert.match(await where(), /^dialog:/);
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Tab');
    assert.match(await where(), /^dialog:/, `Tab ${i + 1} left the dialog`);
  }
  await page.keyboard.press('Shift+Tab');
  assert.match(await where(), /^dialog:/);
  assert.deepEqual(await axeSerious(page), []);
  await page.keyboard.press('Escape');
  await page.getByRole('dialog', { name: 'Ask AI' }).waitFor({ state: 'hidden' });
  assert.equal(await where(), 'outside:Ask AI');
  await page.close();
});

test('the search box (data-search) finds pages and a click is counted in searches', async () => {
  const searchSite = await startSite('data-search="true"');
  try {
    const page = await browser.ctx.newPage();
    const seen = [];
    page.on('console', (m) => seen.push(m.text()));
    page.on('pageerror', (e) => seen.push(e.message));
    page.on('response', (r) => seen.push(`${r.status()} ${r.url()}`));
    await page.goto(`${searchSite.origin}${prefix}/search`);
    const query = 'how do i run the tests'; // each run starts lectern with a fresh data dir
    await page.getByRole('searchbox', { name: 'Search the docs' }).fill(query);
    await page.getByRole('searchbox', { name: 'Search the docs' }).press('Enter');
    await page.getByRole('search').getByRole('listitem').first().waitFor({ timeout: 20000 })
      .catch((e) => { throw new Error(`${e.message}\nthe page saw: ${seen.join('\n')}`); });
    const hit = page.getByRole('search').getByRole('link').first();
    assert.ok(await hit.count(), `no result link: ${await page.getByRole('search').innerText()}`);
    await hit.click();
    await waitFor('the click in the searches route', async () => {
      const row = (await admin('searches?limit=100')).searches.find((r) => r.searchQuery === query);
      return row && row.ctr > 0;
    });
    await page.close();
  } finally {
    await searchSite.close();
  }
});

test('data-theme, data-position and data-path: dark or auto, bottom-left, and the path reported', async () => {
  const spa = `${prefix}/spa/${runID()}`;
  const custom = await startSite(`data-theme="dark" data-position="bottom-left" data-path="${spa}"`);
  const auto = await startSite('data-theme="auto"');
  try {
    const light = await open(`${prefix}/look`);
    assert.deepEqual(await look(light.page), { theme: 'w light', card: 'rgb(255, 255, 255)', side: 'right' });
    await light.page.close();

    const { page, beacons } = await open('/any/url/of/the/single-page/app', { on: custom });
    assert.deepEqual(await look(page), { theme: 'w dark', card: 'rgb(30, 31, 34)', side: 'left' });
    assert.deepEqual(await axeSerious(page), [], 'the dark theme is accessible (contrast included)');
    await waitFor(`${spa} in views`, async () => (await viewsOf(spa)) === 1);
    await page.evaluate(() => history.pushState({}, '', '/another/url'));
    await page.getByRole('button', { name: 'Yes' }).click();
    const fb = page.waitForResponse((r) => r.url().includes('/discovery/v1/feedback/'));
    await page.getByRole('group', { name: 'Was this page helpful?' }).getByRole('button', { name: 'Send' }).click();
    const { id } = await (await fb).json();
    const rec = await waitFor('the feedback in the export', async () => (await admin('feedback?limit=50')).feedback.find((f) => f.id === id));
    assert.equal(rec.path, spa, 'feedback names the data-path page');
    assert.equal(beacons.length, 1, 'a navigation that keeps data-path is the same page');
    assert.equal(await viewsOf('/another/url'), 0);
    await page.close();

    for (const [colorScheme, theme] of [['dark', 'w dark'], ['light', 'w light']]) {
      const p = await open(`${prefix}/auto-${colorScheme}`, { on: auto, colorScheme });
      assert.equal((await look(p.page)).theme, theme, `data-theme="auto" under prefers-color-scheme: ${colorScheme}`);
      await p.page.close();
    }
  } finally {
    await custom.close();
    await auto.close();
  }
});

test('data-analytics, data-feedback and data-chat set to "false" turn each part off', async () => {
  const off = await startSite('data-analytics="false" data-feedback="false" data-chat="false" data-search="true"');
  try {
    const { page, beacons } = await open(`${prefix}/off`, { on: off, ready: '' });
    await page.getByRole('searchbox', { name: 'Search the docs' }).waitFor(); // the widget is there
    assert.equal(await page.getByRole('button', { name: 'Ask AI' }).count(), 0);
    assert.equal(await page.getByRole('group', { name: 'Was this page helpful?' }).count(), 0);
    assert.equal(await page.getByRole('button', { name: 'Feedback on this code' }).count(), 0);
    // A request that does go out: a page view would have been sent before it.
    const search = page.waitForResponse((r) => r.url().includes('/discovery/v1/search/'));
    await page.getByRole('searchbox', { name: 'Search the docs' }).fill('run the tests');
    await page.getByRole('searchbox', { name: 'Search the docs' }).press('Enter');
    assert.equal((await search).status(), 200);
    assert.deepEqual(beacons, []);
    assert.equal(await viewsOf(`${prefix}/off`), 0);
    await page.close();
  } finally {
    await off.close();
  }
});
