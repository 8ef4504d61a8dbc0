// The widget in Debian's chromium: a static page on one loopback port embeds /widget.js served
// by lectern on another. Page views, feedback, Ask AI, keyboard use and axe-core.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { config, startSite, docsPage, engagementPage, launch, admin, waitFor, viewsOf, recordBeacons, widgetWords, axeSerious, axeContrast, screenshot, runID } from './lib.mjs';

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

/** The parts of a finished v1 reply: the search results (a:) and the finish item (8:). */
function replyParts(body) {
  const parts = body.split('\n').filter(Boolean).map((l) => [l.slice(0, l.indexOf(':')), JSON.parse(l.slice(l.indexOf(':') + 1))]);
  return { results: parts.find(([c]) => c === 'a')[1].result, finish: parts.find(([c]) => c === '8')[1][0] };
}

/** Asks a question in an open page's Ask AI dialog and waits for the reply to end; returns the
 *  dialog, its log, the answer's block and the reply's parts. */
async function askInDialog(page, question) {
  const dialog = page.getByRole('dialog', { name: 'Ask AI' });
  if (!(await dialog.isVisible())) await page.getByRole('button', { name: 'Ask AI' }).click();
  const res = page.waitForResponse((r) => r.url().includes('/message'));
  await dialog.getByRole('textbox', { name: 'Ask a question' }).fill(question);
  await dialog.getByRole('button', { name: 'Send' }).click();
  const parts = replyParts(await (await res).text());
  await dialog.getByRole('button', { name: 'Stop' }).waitFor({ state: 'hidden' });
  const log = dialog.getByRole('log');
  return { dialog, log, item: log.locator('.item').last(), ...parts };
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
  await screenshot(page, 'widget-closed.png', { fullPage: false });
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
  page.on('request', (r) => { if (r.url().includes('/message')) asks.push(JSON.parse(r.postData())); });
  await page.getByRole('button', { name: 'Ask AI' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ask AI' });
  await dialog.waitFor();
  const log = dialog.getByRole('log');
  const first = page.waitForResponse((r) => r.url().includes('/message'));
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
  // The link row lists the pages the answer cites (the finish item's sources, as the export
  // records them), not every search result.
  const { results, finish } = replyParts(await (await first).text());
  assert.equal(finish.resolution, 'answered');
  assert.ok(finish.sources.length > 0 && finish.sources.length < results.length,
    `cited ${finish.sources.length} of ${results.length} results: the test needs fewer cited pages than hits`);
  const row = log.locator('.src').first();
  assert.deepEqual(await row.getByRole('link').allInnerTexts(), finish.sources.map((c) => c.title));
  assert.deepEqual(await row.getByRole('link').evaluateAll((as) => as.map((a) => new URL(a.href).pathname)), finish.sources.map((c) => c.url));
  // The answer cites its section once, in its lead sentence; the link row is the only list of sources.
  assert.doesNotMatch(await log.innerText(), /^Sources?: /m);
  assert.match(await log.locator('.a p').first().innerText(), /^The documentation covers this in .+ › .+\.$/);
  assert.ok(await page.evaluate((d) => sessionStorage.getItem(`lectern.thread.${d}`), config.domain));
  await screenshot(page, 'widget-answer.png', { fullPage: false });

  const thumbs = page.waitForResponse((r) => r.url().includes('/discovery/v1/feedback/'));
  await dialog.getByRole('button', { name: 'Good answer' }).click();
  const { id: ratingID } = await (await thumbs).json();
  const rating = await waitFor('the thumbs in the feedback export', async () =>
    (await admin('feedback?source=thumbs_only&limit=50')).feedback.find((f) => f.id === ratingID));
  assert.deepEqual([rating.helpful, rating.threadId, rating.path], [true, threadId, `${prefix}/chat`]);

  await dialog.getByRole('textbox', { name: 'Ask a question' }).fill('And only the Go tests?');
  const second = page.waitForResponse((r) => r.url().includes('/message'));
  await dialog.getByRole('button', { name: 'Send' }).click();
  assert.equal((await second).headers()['x-thread-id'], threadId);
  assert.equal(asks[1].threadId, threadId);
  assert.ok(asks[1].threadKey, 'the follow-up sends the thread key');
  await dialog.getByRole('button', { name: 'Good answer' }).nth(1).waitFor();

  // Stop: the reply is held at the network until Stop has been pressed.
  let release;
  const held = new Promise((ok) => { release = ok; });
  await page.route('**/assistant/*/message', async (route) => { await held; await route.continue().catch(() => {}); });
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
  const note = dialog.getByText(/^Error: .*not found/);
  await note.waitFor();
  // The error's own text once: no "undefined" from a detail without a field, no repetition.
  assert.match(await note.textContent(), /^Error: thread thr_01JV3QA2M4T7X9B1C3D5E7G9HK not found: it does not exist, has expired, belongs to another site, or its threadKey is wrong$/);
  await page.close();
});

test('a refused key is shown as the server says it, once', async () => {
  const bad = await startSite('', (x) => docsPage('Running the tests', x).replace(config.assistantKey, 'lk_pub_nope'));
  try {
    const { page } = await open(`${prefix}/badkey`, { on: bad });
    await page.getByRole('button', { name: 'Ask AI' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ask AI' });
    await dialog.getByRole('textbox', { name: 'Ask a question' }).fill('How do I run the tests?');
    await dialog.getByRole('button', { name: 'Send' }).click();
    const note = dialog.getByText(/^Error: /);
    await note.waitFor();
    // Before: "malformed API key: undefined malformed API key" (a detail without a field).
    assert.equal(await note.textContent(), 'Error: malformed API key');
    await page.close();
  } finally {
    await bad.close();
  }
});

test('an unanswered reply shows no sources and no rating buttons', async () => {
  const { page } = await open(`${prefix}/unanswered`);
  const { log, item, finish, results } = await askInDialog(page, `xyzzy plugh frobnicator ${runID()}`);
  assert.deepEqual([finish.resolution, finish.sources], ['unanswered', []]);
  assert.match(await item.innerText(), /could not find anything in the documentation/);
  assert.equal(await item.locator('.src').count(), 0, `a link row under an unanswered reply (the search found ${results.length})`);
  assert.equal(await log.getByRole('button', { name: /Good answer|Bad answer|helpful/i }).count(), 0, 'rating buttons under an unanswered reply');
  // The next, answered, question of the same dialog gets its link row and rating.
  const next = await askInDialog(page, 'How do I run the tests?');
  assert.equal(next.finish.resolution, 'answered');
  assert.equal(await next.item.locator('.src').getByRole('link').count(), next.finish.sources.length);
  await next.item.getByRole('button', { name: 'Good answer' }).waitFor();
  await page.close();
});

test('a declined reply ends with a "Contact support" card linking to the support page with its threadId; axe finds nothing serious', async () => {
  const { page } = await open(`${prefix}/support`);
  const reply = page.waitForResponse((r) => r.url().includes('/message'));
  const { item, finish } = await askInDialog(page, `What will the weather be like in Paris tomorrow? ${runID()}`);
  const threadId = (await reply).headers()['x-thread-id'];
  assert.equal(finish.resolution, 'unanswered');
  assert.equal(finish.support?.mode, 'link', `finish ${JSON.stringify(finish)}`);
  const card = item.getByRole('group', { name: 'Support' });
  const link = card.getByRole('link', { name: 'Contact support' });
  const href = new URL(await link.getAttribute('href'));
  assert.equal(href.searchParams.get('threadId'), threadId, `support link ${href}`);
  assert.equal(href.toString(), finish.support.url);
  assert.equal(await link.getAttribute('target'), '_blank');
  assert.match(await item.locator('.a').innerText(), /contact support: /i, 'the reply text names support too');
  // An answer gets no card.
  const next = await askInDialog(page, 'How do I run the tests?');
  assert.equal(next.finish.support, undefined);
  assert.equal(await next.item.getByRole('group', { name: 'Support' }).count(), 0);
  await page.evaluate(() => { const d = document.querySelector('[data-lectern]').shadowRoot.querySelector('dialog'); d.close(); d.show(); });
  assert.deepEqual(await axeSerious(page), [], 'the support card is accessible');
  await page.close();
});

test('starter questions show as buttons when Ask AI opens with no thread, and a click asks one', async () => {
  const { page } = await open(`${prefix}/starters`);
  const settings = page.waitForResponse((r) => r.url().includes('/settings'));
  await page.getByRole('button', { name: 'Ask AI' }).click();
  const { starterQuestions } = await (await settings).json();
  assert.ok(starterQuestions.length >= 1 && starterQuestions.length <= 3, `starterQuestions ${starterQuestions}`);
  const dialog = page.getByRole('dialog', { name: 'Ask AI' });
  const group = dialog.getByRole('group', { name: 'Suggested questions' });
  await group.waitFor();
  assert.deepEqual(await group.getByRole('button').allInnerTexts(), starterQuestions);
  assert.deepEqual(await axeSerious(page), [], 'the starter questions are accessible');
  const asked = page.waitForRequest((r) => r.url().includes('/message'));
  await group.getByRole('button', { name: starterQuestions[starterQuestions.length - 1] }).click();
  const body = JSON.parse((await asked).postData());
  assert.equal(body.messages.at(-1).content, starterQuestions[starterQuestions.length - 1]);
  await dialog.getByRole('button', { name: 'Stop' }).waitFor({ state: 'hidden' });
  assert.equal(await dialog.locator('.q').first().innerText(), starterQuestions[starterQuestions.length - 1]);
  assert.equal(await group.count(), 0, 'the starter questions are gone once a question is asked');
  // With a thread (a reopened dialog, or a later page of the same session): no starters.
  await dialog.getByRole('button', { name: 'Close' }).click();
  const again = await open(`${prefix}/starters-again`);
  await again.page.evaluate((d) => sessionStorage.setItem(`lectern.thread.${d}`, JSON.stringify({ id: 'thr_01JV3QA2M4T7X9B1C3D5E7G9HK', key: 'k' })), config.domain);
  await again.page.getByRole('button', { name: 'Ask AI' }).click();
  await again.page.getByRole('dialog', { name: 'Ask AI' }).waitFor();
  assert.equal(await again.page.getByRole('group', { name: 'Suggested questions' }).count(), 0);
  await again.page.close();
  await page.close();
});

test('a declined reply names the closest pages as links in its text, with no link row and no rating', async () => {
  const { page } = await open(`${prefix}/declined`);
  const { log, item, finish, results } = await askInDialog(page, `What will the weather be like in Paris tomorrow on the dashboard? ${runID()}`);
  assert.deepEqual([finish.resolution, finish.sources], ['unanswered', []]);
  assert.match(await item.innerText(), /could not find anything in the documentation[\s\S]*These pages come closest:/);
  const links = item.locator('.a li').getByRole('link');
  const paths = await links.evaluateAll((as) => as.map((a) => new URL(a.href).pathname));
  assert.ok(paths.length >= 1 && paths.length <= 3, `links ${paths}`);
  const found = results.map((r) => r.path);
  for (const p of paths) assert.ok(found.includes(p), `a link to ${p}, which the search step did not find (${found})`);
  assert.equal(await item.locator('.src').count(), 0, 'a link row under a declined reply');
  assert.equal(await log.getByRole('button', { name: /Good answer|Bad answer|helpful/i }).count(), 0, 'rating buttons under a declined reply');
  await page.close();
});

test('contrast: every text and link meets WCAG AA in both themes, with an answer (a table) and search results on screen', async () => {
  const wide = await launch({ viewport: { width: 1400, height: 1000 } });
  try {
    for (const theme of ['light', 'dark']) {
      const themed = await startSite(`data-theme="${theme}" data-search="true"`);
      try {
        const page = await wide.ctx.newPage();
        await page.goto(`${themed.origin}${prefix}/contrast-${theme}`);
        await page.getByRole('searchbox', { name: 'Search the docs' }).fill('run the tests');
        await page.getByRole('searchbox', { name: 'Search the docs' }).press('Enter');
        await page.getByRole('search').getByRole('link').nth(3).waitFor();
        // An answer that quotes a table of the widget guide: rendered as a table, no pipes left.
        const { item } = await askInDialog(page, 'Which widget URL pins the v1 line?');
        const table = item.locator('blockquote table');
        assert.deepEqual(await table.locator('thead th').allInnerTexts(), ['URL', 'Cache', 'Use']);
        assert.equal(await table.locator('tbody tr').count(), 2);
        assert.equal(await table.locator('tbody tr').nth(1).locator('td').first().innerText(), '/widget/v1/widget.js');
        assert.doesNotMatch(await item.innerText(), /\|/, 'a pipe of the Markdown table left in the text');
        if (theme === 'dark') await screenshot(page, 'widget-dark.png', { fullPage: false });
        // axe cannot tell backgrounds in the top layer of a modal dialog (dequelabs/axe-core#3463:
        // everything in it is "incomplete"), so the same dialog is shown in place for the check.
        await page.evaluate(() => { const d = document.querySelector('[data-lectern]').shadowRoot.querySelector('dialog'); d.close(); d.show(); });
        const r = await axeContrast(page);
        assert.deepEqual(r.violations, [], `${theme}: contrast violations`);
        assert.deepEqual(r.incomplete, [], `${theme}: nodes axe could not check`);
        const checked = r.passes.join('\n');
        for (const [what, re] of [['search result links', /li:nth-child\(\d\) > a/], ['search result text', /small/], ['the answer', /\.a /],
          ['table cells', / t[dh]/], ['the link row', /\.src/], ['the rating buttons', /button/]]) {
          assert.match(checked, re, `${theme}: axe checked no ${what}:\n${checked}`);
        }
        await page.close();
      } finally {
        await themed.close();
      }
    }
  } finally {
    await wide.close();
  }
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

test('the search box (data-search) finds pages, six by default, and a click is counted in searches; docs.json\'s search.prompt is its placeholder', async () => {
  const searchSite = await startSite('data-search="true"');
  try {
    const page = await browser.ctx.newPage();
    const seen = [];
    page.on('console', (m) => seen.push(m.text()));
    page.on('pageerror', (e) => seen.push(e.message));
    page.on('response', (r) => seen.push(`${r.status()} ${r.url()}`));
    await page.goto(`${searchSite.origin}${prefix}/search`);
    // The empty box shows the served site's search.prompt (docs/docs.json), as Mintlify's search bar does.
    const { search: { prompt } } = JSON.parse(readFileSync(new URL('../../docs/docs.json', import.meta.url), 'utf8'));
    await waitFor('the search prompt as the placeholder', async () =>
      await page.getByRole('searchbox', { name: 'Search the docs' }).getAttribute('placeholder') === prompt);
    const query = 'how do i run the tests'; // each run starts lectern with a fresh data dir
    const asked = page.waitForRequest((r) => r.url().includes('/discovery/v1/search/'));
    const searched = page.waitForResponse((r) => r.url().includes('/discovery/v1/search/')).then((r) => r.json());
    await page.getByRole('searchbox', { name: 'Search the docs' }).fill(query);
    await page.getByRole('searchbox', { name: 'Search the docs' }).press('Enter');
    assert.equal(JSON.parse((await asked).postData()).pageSize, 6, 'six results by default, as Mintlify\'s search bar');
    await page.getByRole('search').getByRole('listitem').first().waitFor({ timeout: 20000 })
      .catch((e) => { throw new Error(`${e.message}\nthe page saw: ${seen.join('\n')}`); });
    const hit = page.getByRole('search').getByRole('link').first();
    assert.ok(await hit.count(), `no result link: ${await page.getByRole('search').innerText()}`);
    const items = await page.getByRole('search').getByRole('listitem').count();
    assert.ok(items > 1 && items <= 6, `${items} results`);
    // Each result's line is the server's snippet (backticks left out), its matched words marked.
    const shown = await page.getByRole('search').getByRole('listitem').evaluateAll((lis) => lis.map((li) => {
      const s = li.querySelectorAll('small');
      const line = s[s.length - 1];
      return { text: line.textContent, marks: [...line.querySelectorAll('mark')].map((m) => m.textContent), html: line.innerHTML };
    }));
    const want = (await searched).map((h) => {
      const sn = h.metadata.snippet;
      return { text: sn.replace(/`/g, ''), marks: h.metadata.snippetMatches.map((x) => sn.slice(x.start, x.end).replace(/`/g, '')) };
    });
    assert.deepEqual(shown.map(({ text, marks }) => ({ text, marks })), want);
    assert.ok(want[0].marks.length > 0, 'the first result has marked words');
    for (const s of shown) assert.doesNotMatch(s.html, /<(?!\/?mark>)/, 'only text and mark elements');
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

test('the search box reports each open once (search_open): moving to its results is the same open; open and search reach the search funnel', async () => {
  const searchSite = await startSite('data-search="true"');
  try {
    const path = `${prefix}/search-open`;
    const stages = async () => Object.fromEntries((await admin(`engagement/funnels?${today()}`)).search.stages.map((st) => [st.stage, st.count]));
    const before = await stages();
    const { page, sent } = await openEngagement(searchSite, path);
    const box = page.getByRole('searchbox', { name: 'Search the docs' });
    await box.click(); // open 1
    await box.fill('run the tests');
    const asked = page.waitForRequest((r) => r.url().includes('/discovery/v1/search/'));
    await box.press('Enter');
    const anonId = await page.evaluate(() => localStorage.getItem('lectern.anon'));
    assert.ok(anonId && JSON.parse((await asked).postData()).anonId === anonId, 'the search names the reader the beacons name');
    const first = page.getByRole('search').getByRole('link').first();
    await first.waitFor({ timeout: 20000 });
    await first.focus(); // within the box: the same open
    await box.focus();
    await page.getByRole('heading', { level: 1 }).click(); // focus leaves the box: closed
    await box.click(); // open 2
    // pagehide sends every event queued (engagement events wait up to 2 s to share a beacon).
    await page.evaluate(() => dispatchEvent(new Event('pagehide')));
    await waitFor('the queued opens in a beacon', () => sent.filter((e) => e.type === 'search_open').length >= 2);
    assert.deepEqual(sent.filter((e) => e.type === 'search_open'), [{ type: 'search_open', path }, { type: 'search_open', path }]);
    // One session opened the search box (twice) and searched (the search route's event carries
    // the reader's anonId): the funnel's first two stages count it.
    await waitFor('the open and the search in the search funnel', async () => {
      const now = await stages();
      return now.opened >= before.opened + 1 && now.searched >= before.searched + 1;
    });
    await page.close();
  } finally {
    await searchSite.close();
  }
});

test('a second click on one search\'s results is a repeat: the searches export\'s ctr counts the search once (Mintlify\'s, the share of searches clicked through)', async () => {
  const searchSite = await startSite('data-search="true"');
  try {
    const path = `${prefix}/search-repeat`;
    const query = 'where are the tests run'; // no other test searches it; lectern starts with a fresh data dir
    const { page, sent } = await openEngagement(searchSite, path);
    const box = page.getByRole('searchbox', { name: 'Search the docs' });
    const links = page.getByRole('search').getByRole('link');
    const search = async () => {
      const done = page.waitForResponse((r) => r.url().includes('/discovery/v1/search/'));
      await box.fill(query);
      await box.press('Enter');
      assert.equal((await done).status(), 200);
      await links.nth(1).waitFor({ timeout: 20000 });
    };
    // A control click opens the result in a tab of its own; the page and its results stay.
    const open = async (i) => {
      const tab = page.context().waitForEvent('page');
      await links.nth(i).click({ modifiers: ['Control'] });
      await (await tab).close();
    };
    const clicks = () => sent.filter((e) => e.type === 'search_click');
    await search();
    await open(0);
    await open(1);
    await waitFor('both clicks in beacons', () => clicks().length >= 2);
    await search(); // searched again (a search of its own), opened nothing
    await search(); // and once more: its first click is no repeat
    await open(2);
    await waitFor('the third click in a beacon', () => clicks().length >= 3);
    assert.deepEqual(clicks().map((e) => [e.query, e.position, e.repeat]),
      [[query, 1, undefined], [query, 2, true], [query, 3, undefined]]);
    // Three searches, two clicked through: ctr 2/3, where counting the clicks read 1.
    const row = await waitFor('the searches and clicks in the export', async () => {
      const r = (await admin('searches?limit=100')).searches.find((x) => x.searchQuery === query);
      return r && r.hits === 3 && Math.abs(r.ctr - 2 / 3) < 1e-9 && r;
    });
    assert.equal(row.hits, 3);
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

test('data-analytics, data-feedback and data-chat set to "false" turn each part off; data-search-results sets the results shown', async () => {
  const off = await startSite('data-analytics="false" data-feedback="false" data-chat="false" data-search="true" data-search-results="3"');
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
    const res = await search;
    assert.equal(res.status(), 200);
    assert.equal(JSON.parse(res.request().postData()).pageSize, 3);
    assert.equal(JSON.parse(res.request().postData()).anonId, undefined, 'with analytics off the search names no reader');
    await page.getByRole('search').getByRole('listitem').first().waitFor();
    assert.equal(await page.getByRole('search').getByRole('listitem').count(), Math.min(3, (await res.json()).length));
    assert.deepEqual(beacons, []);
    assert.equal(await viewsOf(`${prefix}/off`), 0);
    await page.close();
  } finally {
    await off.close();
  }
});

/** The range of the engagement routes that holds today (UTC). */
const today = () => {
  const d = new Date().toISOString().slice(0, 10), t = new Date(`${d}T00:00:00Z`);
  t.setUTCDate(t.getUTCDate() + 1);
  return `dateFrom=${d}&dateTo=${t.toISOString().slice(0, 10)}`;
};
/** The engagement/pages row of path (null when the route has none). */
const engagementOf = async (path) => (await admin(`engagement/pages?limit=250&${today()}`)).pages.find((p) => p.path === path) || null;

/** Opens the engagement page on site at path; records the events of every beacon the widget
 *  sends (recordBeacons). */
async function openEngagement(siteOf, path, { dnt = false } = {}) {
  const page = await browser.ctx.newPage();
  const sent = await recordBeacons(page, { dnt });
  const requests = [];
  page.on('request', (r) => { if (r.url().includes('/discovery/v1/events/')) requests.push(r.url()); });
  await page.goto(siteOf.origin + path);
  await page.getByRole('button', { name: 'Ask AI' }).waitFor();
  return { page, sent, requests };
}

/** Does each engagement action of the page once: a code copy of each kind (a selection copied
 *  with the keyboard in block 1, the page's own copy button of block 2, the widget's Copy button
 *  of block 3), the navbar CTA (which opens a tab), three contextual-menu actions and one sent
 *  through the script hook, and last an outbound link, which leaves the page. */
async function engage(page) {
  await page.locator('pre').first().selectText();
  await page.keyboard.press('Control+C');
  await page.getByRole('button', { name: 'Copy the contents from code block' }).click();
  await page.getByRole('button', { name: 'Copy this code' }).last().click();
  const tab = page.context().waitForEvent('page');
  await page.getByRole('link', { name: 'Get started free' }).click();
  await (await tab).close();
  await page.getByRole('button', { name: 'More' }).click(); // the menu's trigger: no action
  await page.getByRole('button', { name: 'Copy page' }).click();
  await page.getByRole('menuitem', { name: /Open in ChatGPT/ }).click();
  await page.getByRole('menuitem', { name: 'Share in Slack' }).click();
  await page.evaluate(() => dispatchEvent(new CustomEvent('lectern:event', { detail: { type: 'menu_action', action: 'download-pdf' } })));
  await page.getByRole('link', { name: 'the widget guide' }).click({ modifiers: ['Control'] }); // within the site: not outbound
  await page.getByRole('link', { name: 'the source on GitHub' }).click();
  await page.waitForURL('https://github.com/**');
}

test('engagement events: code copies, the CTA, menu actions, outbound links and a source opened reach the engagement routes', async () => {
  const engageSite = await startSite('', engagementPage);
  await browser.ctx.route(/^https:\/\/(github\.com|app\.example\.com)\//, (r) => r.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>elsewhere</title>' }));
  try {
    const path = `${prefix}/engage`;
    const before = (await admin(`engagement?${today()}`)).totals;
    const funnelBefore = (await admin(`engagement/funnels?${today()}`)).assistant.sourceClicked;
    const { page, sent } = await openEngagement(engageSite, path);
    // The widget adds its Copy button where a block has none of its own: blocks 1 and 3.
    assert.equal(await page.getByRole('button', { name: 'Copy this code' }).count(), 2);
    await engage(page);

    const row = await waitFor(`the engagement of ${path}`, async () => {
      const r = await engagementOf(path);
      return r && r.codeCopies === 3 && r.outboundClicks === 1 && r.menuActions === 4 && r.ctaClicks === 1 && r;
    });
    assert.deepEqual({ humanViews: row.humanViews, interactions: row.interactions, ctaRate: row.ctaRate },
      { humanViews: 1, interactions: 1 + 3 + 4, ctaRate: 1 });
    // What the beacons said, as sent: each block's position and language, the CTA's target, the actions.
    const of = (type) => sent.filter((e) => e.type === type);
    assert.deepEqual(of('code_copy').map((e) => [e.path, e.block, e.lang]), [[path, 1, 'bash'], [path, 2, 'python'], [path, 3, 'js']]);
    assert.deepEqual(of('cta_click').map((e) => [e.target, e.label]), [['https://app.example.com/signup', 'Get started free']]);
    assert.deepEqual(of('menu_action').map((e) => e.action), ['copy', 'chatgpt', 'custom:slack', 'download-pdf']);
    await waitFor('the outbound click in the beacons', () => of('outbound_click').length === 1);
    assert.deepEqual(of('outbound_click').map((e) => [e.path, e.target]), [[path, 'https://github.com/lectern-dev/lectern']]);

    // A source opened from an answer: source_click with the thread, counted in the totals and in
    // the assistant funnel (which joins it to the thread asked). The routes that stood in for
    // github.com and app.example.com go first: while a context has a route, playwright holds
    // every request of its pages until the route answers, the beacon of a click that leaves the
    // page too, and a beacon held across the navigation may be dropped, which a reader's
    // browser does not do. (This wait failed twice in about 25 runs with the routes in place;
    // that they were the cause is the likeliest reading, not a proven one.)
    await browser.ctx.unroute(/^https:\/\/(github\.com|app\.example\.com)\//);
    await page.goto(engageSite.origin + `${prefix}/engage-ask`);
    const { item } = await askInDialog(page, 'How do I run the tests?');
    const threadId = await page.evaluate((d) => JSON.parse(sessionStorage.getItem(`lectern.thread.${d}`)).id, config.domain);
    const chip = item.locator('.src').getByRole('link').first();
    const source = new URL(await chip.getAttribute('href')).pathname;
    await chip.click();
    await page.waitForURL(`**${source}`);
    await waitFor('the source click beacon', () => of('source_click').length > 0);
    await waitFor('the source click in the routes', async () => {
      const seen = { clicks: (await admin(`engagement?${today()}`)).totals.sourceClicks.value, funnel: (await admin(`engagement/funnels?${today()}`)).assistant.sourceClicked };
      if (seen.clicks === before.sourceClicks.value + 1 && seen.funnel === funnelBefore + 1) return true;
      throw new Error(`seen ${JSON.stringify(seen)}, before ${JSON.stringify({ clicks: before.sourceClicks.value, funnel: funnelBefore })}`);
    });
    assert.deepEqual(of('source_click').map((e) => [e.path, e.threadId]), [[source, threadId]]);
    const after = (await admin(`engagement?${today()}`)).totals;
    for (const k of ['codeCopies', 'ctaClicks', 'outboundClicks']) assert.ok(after[k].value >= before[k].value + 1, `${k} in the totals`);
    await page.close();
  } finally {
    await browser.ctx.unroute(/^https:\/\/(github\.com|app\.example\.com)\//);
    await engageSite.close();
  }
});

test('engagement events: Do Not Track and data-analytics="false" send none, and the routes store none', async () => {
  const off = await startSite('data-analytics="false"', engagementPage);
  const on = await startSite('', engagementPage);
  await browser.ctx.route(/^https:\/\/(github\.com|app\.example\.com)\//, (r) => r.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>elsewhere</title>' }));
  try {
    const quiet = [];
    for (const [what, siteOf, opts] of [['dnt', on, { dnt: true }], ['off', off, {}]]) {
      const path = `${prefix}/engage-${what}`;
      const { page, sent, requests } = await openEngagement(siteOf, path, opts);
      await engage(page);
      await page.close();
      quiet.push([path, sent, requests]);
    }
    // A page that does track, after them: once its CTA click is stored, theirs would have been.
    const control = `${prefix}/engage-control`;
    const c = await openEngagement(on, control);
    await c.page.getByRole('link', { name: 'Get started free' }).click();
    await waitFor('the control page\'s CTA click', async () => (await engagementOf(control))?.ctaClicks === 1);
    await c.page.close();
    for (const [path, sent, requests] of quiet) {
      assert.deepEqual([sent, requests], [[], []], `${path}: beacons sent`);
      assert.equal(await engagementOf(path), null, `${path}: stored`);
      assert.equal(await viewsOf(path), 0);
    }
  } finally {
    await browser.ctx.unroute(/^https:\/\/(github\.com|app\.example\.com)\//);
    await on.close();
    await off.close();
  }
});

/** A test site whose pages have the given lang attribute (none when null). */
const langSite = (lang, extra = 'data-search="true"') => startSite(extra, (x) => docsPage('Running the tests', x)
  .replace('<html lang="en">', lang === null ? '<html>' : `<html lang="${lang}">`));

// The English words the widget shows before a question is asked.
const ENGLISH = ['Ask AI', 'Ask a question', 'Send', 'Stop', 'Close', 'Conversation', 'Was this page helpful?', 'Yes', 'No',
  'Tell us more', 'Feedback on this code', 'What is wrong with this code?', 'Copy', 'Copy this code', 'Search the docs'];

test('the widget speaks the page\'s language: ja, es (lang or path), data-lang, ar right-to-left, an unknown language English', async () => {
  const cases = [
    { name: 'lang="ja"', lang: 'ja', ask: 'AIに質問', helpful: 'このページは役に立ちましたか？', search: 'ドキュメントを検索', code: 'このコードへのフィードバック', dir: 'ltr', ui: 'ja', none: true },
    { name: 'lang="es-MX"', lang: 'es-MX', ask: 'Preguntar a la IA', helpful: '¿Te resultó útil esta página?', search: 'Buscar en la documentación', code: 'Comentarios sobre este código', dir: 'ltr', ui: 'es' },
    { name: 'no lang, path /es/…', lang: null, path: '/es/guides/run', ask: 'Preguntar a la IA', helpful: '¿Te resultó útil esta página?', search: 'Buscar en la documentación', code: 'Comentarios sobre este código', dir: 'ltr', ui: 'es' },
    { name: 'lang="ja", data-lang="de"', lang: 'ja', extra: 'data-lang="de"', ask: 'KI fragen', helpful: 'War diese Seite hilfreich?', search: 'Dokumentation durchsuchen', code: 'Feedback zu diesem Code', dir: 'ltr', ui: 'de' },
    { name: 'lang="ar"', lang: 'ar', ask: 'اسأل الذكاء الاصطناعي', helpful: 'هل كانت هذه الصفحة مفيدة؟', search: 'ابحث في الوثائق', code: 'ملاحظات على هذه الشيفرة', dir: 'rtl', ui: 'ar', none: true },
    { name: 'lang="xx-YY"', lang: 'xx-YY', path: '/xx/guide', ask: 'Ask AI', helpful: 'Was this page helpful?', search: 'Search the docs', code: 'Feedback on this code', dir: 'ltr', ui: 'en' },
  ];
  for (const c of cases) {
    const s = await langSite(c.lang, `data-search="true" ${c.extra || ''}`);
    try {
      const { page } = await open(c.path || `${prefix}/lang`, { on: s, ready: c.ask });
      await page.getByRole('group', { name: c.helpful }).waitFor();
      await page.getByRole('searchbox', { name: c.search }).waitFor();
      await page.getByRole('button', { name: c.code }).waitFor();
      const got = await widgetWords(page);
      assert.equal(got.roots, 2, `${c.name}: the widget and one code block's buttons`);
      assert.deepEqual([got.lang, got.dir], [c.ui, c.dir], c.name);
      if (c.none) assert.deepEqual(got.words.filter((w) => ENGLISH.includes(w)), [], `${c.name}: English words left`);
      if (c.dir === 'rtl') await rtlLayout(page, c);
      await page.close();
    } finally {
      await s.close();
    }
  }
});

/** An Arabic page: the widget lays out right to left and inside the window, closed and open, and
 *  the labels that come with an answer are Arabic too. */
async function rtlLayout(page, c) {
  const box = async (loc) => { const b = await loc.boundingBox(); assert.ok(b, 'shown'); return b; };
  const view = page.viewportSize();
  const inside = (b, what) => assert.ok(b.x >= 0 && b.y >= 0 && b.x + b.width <= view.width && b.y + b.height <= view.height, `${what} inside the window: ${JSON.stringify(b)}`);
  const group = page.getByRole('group', { name: c.helpful });
  const card = await box(group), opener = await box(page.getByRole('button', { name: c.ask }));
  inside(card, 'the feedback card');
  assert.ok(Math.abs(opener.x + opener.width - (card.x + card.width)) < 1, `the Ask AI button keeps to the corner: ${JSON.stringify([opener, card])}`);
  const q = await box(group.getByText(c.helpful)), yes = await box(group.getByRole('button', { name: 'نعم' }));
  assert.ok(yes.x + yes.width <= q.x, 'the buttons follow the question to its left');
  await page.getByRole('button', { name: c.ask }).click();
  const dialog = page.getByRole('dialog', { name: c.ask });
  inside(await box(dialog), 'the dialog');
  const title = await box(dialog.getByRole('heading', { name: c.ask })), close = await box(dialog.getByRole('button', { name: 'إغلاق' }));
  assert.ok(close.x + close.width <= title.x, 'the close button is on the left of the title');
  await dialog.getByRole('textbox', { name: 'اطرح سؤالاً' }).fill('How do I run the tests?');
  await dialog.getByRole('button', { name: 'إرسال' }).click();
  await dialog.getByRole('button', { name: 'إجابة جيدة' }).waitFor();
  await dialog.getByText('المصادر', { exact: true }).waitFor();
  const answer = await dialog.locator('.a').first().evaluate((a) => getComputedStyle(a).direction);
  assert.equal(answer, 'ltr', 'an English answer keeps its own direction (dir=auto)');
  assert.deepEqual(await axeSerious(page), [], 'axe: nothing serious in the right-to-left widget');
}
