// The dashboard in Debian's chromium, under its own Content-Security-Policy: sign-in and its
// errors, the traffic charts and their table, human labels, numbers, percentages and times in
// the reader's locale and time zone, a thread transcript rendered as safe Markdown with its
// sources (opened from the assistant and from a rating), the feedback just posted, a status
// change through the PATCH route seen in the export, the CSV downloads, the date range, the
// layout at 390 px, the Markdown renderer it shares with the widget, axe-core, and screenshots.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { config, launch, admin, waitFor, viewsOf, axeSerious, screenshot, runID, cspViolations, READER_UA } from './lib.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

async function signIn(page, key) {
  await page.goto(`${config.url}/dashboard`);
  await page.getByRole('textbox', { name: 'Project' }).fill(config.project);
  await page.getByLabel('Admin key').fill(key);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('the sign-in form explains its fields; a wrong key or an assistant key says what is wrong', async () => {
  const page = await browser.ctx.newPage();
  await page.goto(`${config.url}/dashboard`);
  const hint = await page.getByRole('textbox', { name: 'Project' }).evaluate((i) => document.getElementById(i.getAttribute('aria-describedby')).textContent);
  assert.match(hint, /project id .*sites file.*lectern-docs/s);
  await signIn(page, 'lk_admin_wrong_key');
  const alert = page.getByRole('alert').filter({ hasText: 'Sign-in failed' });
  await alert.waitFor();
  assert.match(await alert.innerText(), /^Sign-in failed: the admin key was not accepted \(malformed API key\)\. Paste the whole key/);
  assert.doesNotMatch(await alert.innerText(), /undefined/);
  assert.equal(await page.getByRole('heading', { name: 'Feedback' }).isVisible(), false);
  assert.equal(await page.evaluate(() => sessionStorage.getItem('lectern.adminKey')), null);
  await signIn(page, config.assistantKey);
  await page.getByRole('alert').filter({ hasText: 'This is an assistant key; the dashboard needs an admin key' }).waitFor();
  await page.close();
});

/** Asks the assistant a question through the v1 route, reads the reply to its end, returns the thread. */
async function ask(question, currentPath) {
  const res = await fetch(`${config.url}/discovery/v1/assistant/${config.domain}/message`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${config.assistantKey}` },
    body: JSON.stringify({ fp: 'anonymous', currentPath, messages: [{ id: runID(), role: 'user', content: question }] }),
  });
  assert.equal(res.status, 200);
  await res.text();
  return res.headers.get('x-thread-id');
}

/** Downloads what the button saves and returns it as text. */
async function download(page, button) {
  const dl = page.waitForEvent('download');
  await page.getByRole('button', { name: button }).click();
  return (await dl).createReadStream().then((s) => s.toArray()).then((b) => Buffer.concat(b).toString());
}

/** The Top pages row of the page with a thousand views. */
const numbersRowOf = (page) => page.locator('#traffic tr').filter({ has: page.locator('td').filter({ hasText: new RegExp(`^${seeded.numbers}$`) }) });

/** Sends page views, searches and clicks as a docs page's beacon would (key in the body). */
const beacon = (ua, events, anonId = runID()) => fetch(`${config.url}/discovery/v1/events/${config.domain}`, {
  method: 'POST', headers: { 'Content-Type': 'text/plain', 'User-Agent': ua },
  body: JSON.stringify({ key: config.assistantKey, anonId, events }),
});

/** What the main test leaves for the later ones: a page with more than a thousand views (its
 *  count read back from the views route, so a lectern used before counts too). */
const seeded = { numbers: '/introduction', views: 0 };

test('sign in, read the sections in human terms, open a transcript, change a feedback status, download CSV', async () => {
  const comment = `Step 3 needs a screenshot ${runID()}`;
  const res = await fetch(`${config.url}/discovery/v1/feedback/${config.domain}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${config.assistantKey}` },
    body: JSON.stringify({ path: '/quickstart/', source: 'contextual', helpful: false, comment }),
  });
  assert.equal(res.status, 202);
  const { id } = await res.json();
  const posted = await waitFor('the feedback in the export', async () => (await admin('feedback?limit=50')).feedback.find((f) => f.id === id));
  assert.equal(posted.path, '/quickstart', 'the trailing slash is gone at intake');

  // Traffic for the Traffic section (and its screenshot), whatever ran before: a reader today,
  // yesterday and the day before (beacons may be 48 hours old), an AI agent, and a page with
  // more than a thousand views (numbers with separators).
  const ago = (h) => new Date(Date.now() - h * 3600e3).toISOString();
  for (const res of [
    await beacon(READER_UA, [{ type: 'page_view', path: '/quickstart' }, { type: 'page_view', path: '/guides/authentication' },
      { type: 'page_view', path: '/quickstart/index', timestamp: ago(24) }, { type: 'page_view', path: '/guides/widget/', timestamp: ago(47) }]),
    // ChatGPT-User fetches for a person (class ai); GPTBot, a training crawler, counts in no total.
    await beacon('Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot', [{ type: 'page_view', path: '/quickstart', timestamp: ago(24) }]),
    await beacon('Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)', [{ type: 'page_view', path: '/quickstart' }]),
  ]) assert.equal(res.status, 202);
  const before = await viewsOf(seeded.numbers);
  for (let i = 0; i < 11; i++) {
    const r = await beacon(READER_UA, Array.from({ length: 100 }, () => ({ type: 'page_view', path: seeded.numbers })));
    assert.equal(r.status, 202);
  }
  // A search with a click (a click-through rate of 100%) and one without.
  const clicked = `custom domain ${runID()}`, unclicked = `clickhouse ${runID()}`;
  for (const q of [clicked, unclicked]) {
    const r = await fetch(`${config.url}/discovery/v1/search/${config.domain}`, {
      method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${config.assistantKey}` }, body: JSON.stringify({ query: q }),
    });
    assert.equal(r.status, 200);
  }
  assert.equal((await beacon(READER_UA, [{ type: 'search_click', query: clicked, path: '/guides/authentication', position: 1 }])).status, 202);
  // A reader's search (from a page: with Origin) that finds nothing, twice.
  const notFound = `zyzzyva quux ${runID()}`;
  for (let i = 0; i < 2; i++) {
    const r = await fetch(`${config.url}/discovery/v1/search/${config.domain}`, {
      method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${config.assistantKey}`, Origin: 'http://127.0.0.1:9' },
      body: JSON.stringify({ query: notFound }),
    });
    assert.equal(r.status, 200);
  }
  await waitFor('the page views in the views route', async () => (await viewsOf('/quickstart')) >= 3 && (await viewsOf(seeded.numbers)) === before + 1100);
  await waitFor('the training crawler in the traffic route', async () => (await admin('traffic?scope=site')).totals.trainingViews >= 1);
  seeded.views = before + 1100;
  await waitFor('the click in the searches route', async () => (await admin('searches?limit=100')).searches.find((r) => r.searchQuery === clicked)?.ctr === 1);
  const noResult = await waitFor('the search that found nothing in the searches route', async () =>
    (await admin('searches?noResults=true&limit=100')).searches.find((r) => r.searchQuery === notFound && r.noResults === 2));

  // A conversation, a reader's thumbs on its answer, an unanswered question, and a question
  // that carries HTML and a script link (the transcript must show them as text).
  const question = 'How do I run the dashboard tests?';
  const threadId = await ask(question, '/guides/dashboard'); // as the widget asks: from a page
  assert.match(threadId, /^thr_/);
  const thumbs = await fetch(`${config.url}/discovery/v1/feedback/${config.domain}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${config.assistantKey}` },
    body: JSON.stringify({ path: '/quickstart', source: 'thumbs_only', helpful: false, threadId }),
  });
  assert.equal(thumbs.status, 202);
  const { id: thumbsID } = await thumbs.json();
  const rating = await waitFor('the thumbs in the export', async () => (await admin('feedback?limit=50')).feedback.find((f) => f.id === thumbsID));
  const gap = `xyzzy plugh frobnicator ${runID()}`; // nothing in the docs matches
  await ask(gap);
  const hostile = `<img src=x onerror="window.xssHit=1"> [run](javascript:window.xssHit=2) **make test** ${runID()}`;
  const hostileThread = await ask(hostile);
  const conv = await waitFor('the conversations in the export', async () => {
    const cs = (await admin('assistant?limit=50')).conversations;
    return cs.find((c) => c.query === gap)?.resolutionStatus === 'unanswered' && cs.some((c) => c.query === hostile) && cs.find((c) => c.query === question);
  });

  const page = await browser.ctx.newPage();
  const csp = cspViolations(page);
  await signIn(page, config.adminKey);
  for (const h of ['Traffic', 'Searches', 'Assistant', 'Feedback']) {
    await page.getByRole('heading', { name: h, exact: true }).waitFor();
  }
  assert.equal(await page.evaluate(() => document.cookie), '');
  assert.ok(!page.url().includes(config.adminKey), 'the key is not in the URL');
  const row = page.locator('#feedback').getByRole('row').filter({ hasText: comment });
  await row.waitFor();
  assert.match(await row.innerText(), /\/quickstart/);

  // Human labels, never the API's field names.
  const headers = (await page.locator('main th').allTextContents()).map((h) => h.trim());
  assert.ok(headers.length > 20, `${headers.length} column headers`);
  for (const h of headers) assert.ok(/^[A-Z]/.test(h) && !/[a-z][A-Z]|_/.test(h), `column header "${h}" is not a label`);
  assert.deepEqual(await page.locator('#searches table').first().locator('th').allInnerTexts(), ['Query', 'Searches', 'Click-through rate', 'Most clicked page', 'Last searched']);
  // Readers' searches that found nothing, each query with its searches and when last searched.
  const noResults = page.locator('#searches table').filter({ has: page.locator('caption', { hasText: 'Searches with no results' }) });
  assert.deepEqual(await noResults.locator('th').allInnerTexts(), ['Query', 'Searches', 'Found nothing', 'Last searched']);
  const noResultRow = noResults.locator('tr').filter({ hasText: notFound });
  assert.deepEqual((await noResultRow.locator('td').allInnerTexts()).slice(0, 3), [notFound, String(noResult.hits), '2']);
  assert.equal(await noResultRow.locator('time').getAttribute('datetime'), noResult.lastSearchedAt);
  assert.equal(await noResults.locator('tr').filter({ hasText: clicked }).count(), 0, 'a query that found something is not listed');
  // Where readers came from (Mintlify's referrals): the beacons sent no referrer.
  const referrers = page.locator('#traffic table').filter({ has: page.locator('caption', { hasText: 'Where readers came from' }) });
  assert.deepEqual(await referrers.locator('th').allInnerTexts(), ['Referrer', 'Human views']);
  assert.equal(await referrers.getByRole('cell', { name: 'No referrer (typed, bookmarked or withheld)' }).count(), 1);
  // Percentages, numbers with separators, times in the reader's words: as Intl formats them in this browser.
  const fmt = (v, o) => page.evaluate(([v, o]) => new Intl.NumberFormat(undefined, o).format(v), [v, o]);
  const queryRow = page.locator('#searches tr').filter({ hasText: clicked });
  assert.equal(await queryRow.locator('td').nth(2).innerText(), await fmt(1, { style: 'percent' }));
  const numbersRow = numbersRowOf(page);
  const thousands = await numbersRow.locator('td').nth(3).innerText();
  assert.equal(thousands, await fmt(seeded.views));
  assert.match(thousands, /^\d{1,3}(\D\d{3})+$/, 'a thousands separator');
  const when = row.locator('time');
  assert.equal(await when.getAttribute('datetime'), posted.createdAt);
  assert.match(await when.innerText(), /ago|now/);
  assert.equal(await when.getAttribute('title'), await page.evaluate((iso) => new Date(iso).toLocaleString(undefined, { dateStyle: 'full', timeStyle: 'long' }), posted.createdAt));
  assert.match(await page.locator('.stat').filter({ hasText: 'Page views' }).innerText(), /Page views\s+[\d,.\s]+\s+human [\d,.\s]+ · AI \d/i);

  // Traffic over time: two charts with names and descriptions, and the same numbers as a table.
  const today = new Date().toISOString().slice(0, 10);
  for (const name of [/^Views per day, [A-Z][a-z]+ \d+, \d{4} to [A-Z][a-z]+ \d+, \d{4} Human \d/, /^Visitors per day, /]) {
    const chart = page.getByRole('img', { name });
    await chart.waitFor();
    assert.match(await chart.getAttribute('aria-labelledby'), /-t .*-d$/, 'the chart has a title and a description');
  }
  await page.getByText('Views and visitors per day as a table').click();
  const dayLabel = (ymd) => page.evaluate((d) => new Date(d + 'T00:00:00Z').toLocaleDateString(undefined, { timeZone: 'UTC', dateStyle: 'medium' }), ymd);
  const todayRow = page.locator('#traffic details').getByRole('row').filter({ hasText: await dayLabel(today) });
  const cells = (await todayRow.getByRole('cell').allInnerTexts()).map((c, i) => (i ? Number(c.replace(/\D/g, '')) : c));
  assert.ok(cells[1] >= 2 && cells[3] === cells[1] + cells[2], `views of today: ${cells}`);
  assert.ok(cells[4] >= 1, `visitors of today: ${cells}`);
  assert.deepEqual(await axeSerious(page), []);
  await page.getByText('Views and visitors per day as a table').click(); // closed again, for the screenshot

  // The page a question was asked on (the column shows when a conversation has one).
  assert.deepEqual(await page.locator('#assistant th').allInnerTexts(), ['Asked', 'Question', 'Result', 'Rating', 'Asked on', 'Thread']);
  assert.equal(await page.locator('#assistant tr').filter({ hasText: question }).getByRole('cell').nth(4).innerText(), '/guides/dashboard');
  // The reader's thumbs down on the answer (Mintlify's feedback badge), right after the unanswered questions.
  assert.equal(await page.locator('#assistant tr').filter({ hasText: question }).getByRole('cell').nth(3).innerText(), 'Not helpful');

  // Unanswered questions first: the content gaps.
  const statuses = await page.locator('#assistant tbody tr td:nth-child(3)').allInnerTexts();
  assert.ok(statuses.includes('Unanswered') && statuses.includes('Answered'), `statuses ${statuses}`);
  assert.deepEqual(statuses, [...statuses].sort((a, b) => (a === 'Answered') - (b === 'Answered')), 'unanswered rows come first');
  const ratingsShown = await page.locator('#assistant tbody tr td:nth-child(4)').allInnerTexts();
  const firstAnswered = statuses.indexOf('Answered');
  assert.equal(ratingsShown[firstAnswered], 'Not helpful', `the answer rated not helpful comes first of the answered: ${ratingsShown}`);

  // A transcript: the answer as rendered Markdown (a quote holding code, no Markdown markers
  // left), the pages it cited, focus moved to it.
  await page.getByRole('button', { name: `Open thread of: ${question}` }).click();
  const heading = page.getByRole('heading', { name: `Conversation ${threadId}` });
  await heading.waitFor();
  assert.equal(await page.evaluate(() => document.activeElement.textContent), `Conversation ${threadId}`, 'focus moves to the transcript');
  const transcript = page.getByRole('region', { name: `Conversation ${threadId}` });
  await transcript.getByText(question).waitFor();
  const reply = transcript.locator('.msg.assistant');
  assert.ok(await reply.locator('.md blockquote').count() > 0, 'the quote is a blockquote');
  assert.ok(await reply.locator('.md pre > code, .md p code').count() > 0, 'code is code');
  assert.doesNotMatch(await reply.locator('.md').innerText(), /```|^> |\]\(/m);
  assert.ok(conv.sources.length > 0, 'the conversation cites a page');
  assert.equal(await reply.locator('.sources').innerText(), `Sources: ${conv.sources.map((s) => `${s.title} ${s.url}`).join(', ')}`);
  await screenshot(page, 'dashboard.png');
  await transcript.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: `Open thread of the answer rating received ${rating.createdAt}` }).click();
  await page.getByRole('heading', { name: `Conversation ${threadId}` }).waitFor();

  // Stored text is never live HTML: the hostile question shows as text, its script link is none.
  await page.getByRole('button', { name: `Open thread of: ${hostile}` }).click();
  const shown = page.getByRole('region', { name: `Conversation ${hostileThread}` });
  await shown.waitFor();
  const userMsg = shown.locator('.msg.user .md');
  assert.match(await userMsg.innerText(), /<img src=x onerror="window.xssHit=1"> run make test/);
  assert.equal(await userMsg.locator('strong').innerText(), 'make test', 'Markdown is rendered');
  assert.equal(await shown.locator('img, script, [onerror], a[href^="javascript"]').count(), 0);
  assert.equal(await page.evaluate(() => window.xssHit), undefined);

  // One CSV of everything shown: the project and range, then each table under its name.
  const all = await download(page, 'Download CSV (everything shown)');
  const blocks = all.split('\r\n\r\n');
  assert.match(blocks[0], new RegExp(`^Lectern dashboard,${config.project},\\d{4}-\\d\\d-\\d\\d,${today}$`));
  assert.deepEqual(blocks.slice(1).map((b) => b.split('\r\n')[0]), ['daily', 'views', 'referrers', 'crawler-classes', 'top-crawlers', 'crawlers-daily', 'crawled-pages', 'engagement', 'interactions-daily', 'engagement-pages',
    'funnel-search', 'funnel-assistant', 'flows', 'gaps', 'searches', 'no-click', 'no-results', 'assistant', 'ai-platforms', 'mcp-daily', 'mcp-tools', 'mcp-clients',
    'agent-queries', 'agent-no-results', 'agent-pages', 'feedback-daily', 'feedback']);
  assert.match(all, new RegExp(`\r\n${today},\\d+,\\d+,\\d+,\\d+,\\d+,\\d+\r\n`), 'the day rows');
  assert.match(all, /\r\nPage,Human,AI,Views\r\n/, 'labels as the header');
  assert.match(all, new RegExp(`\r\n${seeded.numbers},${seeded.views},0,${seeded.views}\r\n`), 'plain numbers in the CSV');
  assert.match(all, new RegExp(`\r\n${clicked},1,100,/guides/authentication,`), 'the click-through rate in percent');
  assert.match(all, new RegExp(`\r\nno-results\r\nQuery,Searches,Found nothing,Last searched\r\n(.*\r\n)*${notFound},${noResult.hits},2,`), 'the searches that found nothing');
  assert.ok(all.includes(comment) && all.includes(threadId), 'the feedback and the thread');

  const patch = page.waitForResponse((r) => r.request().method() === 'PATCH');
  await row.getByRole('combobox', { name: 'Status' }).selectOption('resolved');
  assert.equal((await patch).status(), 202);
  await row.getByText('saved').waitFor();
  await waitFor('status resolved in the export', async () =>
    (await admin('feedback?limit=50')).feedback.find((f) => f.id === id)?.status === 'resolved');

  // The team's internal note: added in place, kept in the export, never the reader's comment.
  await row.getByRole('button', { name: /^Add note on the feedback/ }).click();
  await row.getByRole('textbox', { name: 'Internal note' }).fill('DOC-42: add the PowerShell command');
  const notePatch = page.waitForResponse((r) => r.request().method() === 'PATCH');
  await row.getByRole('button', { name: 'Save note' }).click();
  assert.equal((await notePatch).status(), 202);
  await row.getByText('DOC-42: add the PowerShell command').waitFor();
  assert.equal(await row.getByRole('button', { name: /^Edit note on the feedback/ }).isVisible(), true);
  await waitFor('the note in the export', async () => {
    const f = (await admin('feedback?limit=50')).feedback.find((x) => x.id === id);
    return f?.note === 'DOC-42: add the PowerShell command' && f.status === 'resolved' && f.comment === comment;
  });

  // The date range drives the sections: a range before the feedback hides it.
  await page.getByLabel('From', { exact: true }).fill('2020-01-01');
  await page.getByLabel('To', { exact: true }).fill('2020-01-02');
  await page.getByRole('button', { name: 'Apply' }).click();
  await row.waitFor({ state: 'detached' });
  assert.equal(await page.getByLabel('Range', { exact: true }).inputValue(), '', 'the range select says Custom');
  await page.getByRole('img', { name: new RegExp(`^Views per day, ${await dayLabel('2020-01-01')} to ${await dayLabel('2020-01-02')}`) }).waitFor();
  await page.getByText('Views and visitors per day as a table').click();
  const zero = (d) => `${d}\t0\t0\t0\t0\t0\t0`;
  assert.deepEqual(await page.locator('#traffic details').getByRole('row').filter({ hasText: '2020' }).allInnerTexts(),
    [zero(await dayLabel('2020-01-01')), zero(await dayLabel('2020-01-02'))]);
  await page.getByLabel('Range', { exact: true }).selectOption('7');
  await page.getByRole('img', { name: new RegExp(`^Views per day, .* to ${await dayLabel(today)} Human`) }).waitFor();

  const csv = await download(page, 'Download CSV (feedback)');
  assert.match(csv, /^Received,Kind,Page,Rating,Comment,Status,Note,Thread\r\n/);
  assert.deepEqual(csp, [], 'the dashboard breaks its own Content-Security-Policy');
  await page.close();
});

// Chromium asks for /favicon.ico from outside the page (playwright's request events do not see
// it; the DevTools protocol's Network domain does) once the page has loaded, unless the page
// names its icon. Signing in and the sections' requests come after that load.
test('no request of the dashboard fails: its icon is inline, so chromium asks for no /favicon.ico', async () => {
  const page = await browser.ctx.newPage();
  const cdp = await browser.ctx.newCDPSession(page);
  const favicons = [];
  const failed = [];
  cdp.on('Network.requestWillBeSent', (e) => { if (e.request.url.endsWith('/favicon.ico')) favicons.push(e.request.url); });
  cdp.on('Network.responseReceived', (e) => { if (e.response.status >= 400) failed.push(`${e.response.status} ${e.response.url}`); });
  cdp.on('Network.loadingFailed', (e) => { if (!e.canceled) failed.push(`${e.errorText} ${e.type}`); });
  await cdp.send('Network.enable');
  await signIn(page, config.adminKey);
  await page.getByRole('heading', { name: 'Feedback', exact: true }).waitFor();
  await page.waitForLoadState('networkidle'); // the sections' requests answered
  assert.deepEqual(favicons, [], 'chromium asked for /favicon.ico');
  assert.deepEqual(failed, [], 'failed requests');
  assert.match(await page.evaluate(() => document.querySelector('head link[rel="icon"]')?.getAttribute('href') ?? ''), /^data:image\/svg\+xml,/);
  await page.close();
});

test('at 390 px wide nothing overflows: sections in one column, table rows as labelled blocks', async () => {
  const page = await browser.ctx.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, config.adminKey);
  await page.getByRole('heading', { name: 'Feedback', exact: true }).waitFor();
  await numbersRowOf(page).waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 390, 'the page scrolls sideways');
  const wide = await page.evaluate(() => [...document.querySelectorAll('main *')].filter((e) => {
    const r = e.getBoundingClientRect();
    return r.width > 0 && (r.left < -1 || r.right > 391) && !e.closest('.tw');
  }).map((e) => e.tagName + '.' + e.className).slice(0, 5));
  assert.deepEqual(wide, [], 'elements wider than the window');
  const cell = numbersRowOf(page).locator('td').first();
  assert.equal(await cell.evaluate((td) => getComputedStyle(td).display), 'grid', 'a row is a block of label and value');
  assert.equal(await cell.evaluate((td) => getComputedStyle(td, '::before').content), '"Page"');
  assert.equal(await numbersRowOf(page).getByRole('cell').count(), 4, 'still a table row for screen readers');
  await page.getByRole('button', { name: /^Open thread of: / }).first().click();
  await page.getByRole('heading', { name: /^Conversation thr_/ }).waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 390, 'the transcript fits');
  assert.deepEqual(await axeSerious(page), []);
  // The new sections at 390 px: the flow's steps stacked, funnels and gaps as labelled blocks.
  await page.locator('#engagement .steps').waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 390, 'the engagement, gaps and agents sections fit');
  await screenshot(page.locator('#engagement'), 'dashboard-engagement-mobile.png');
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, 'dashboard-mobile.png', { fullPage: false });
  await page.close();
});

test('numbers and times follow the reader\'s locale and time zone', async () => {
  const de = await launch({ locale: 'de-DE', timezoneId: 'Asia/Kolkata' });
  try {
    const page = await de.ctx.newPage();
    await signIn(page, config.adminKey);
    const numbersRow = numbersRowOf(page);
    await numbersRow.waitFor();
    assert.equal(await numbersRow.locator('td').nth(3).innerText(), new Intl.NumberFormat('de-DE').format(seeded.views));
    assert.match(await numbersRow.locator('td').nth(3).innerText(), /^\d{1,3}(\.\d{3})+$/);
    const first = page.locator('#feedback time').first();
    const iso = await first.getAttribute('datetime');
    const title = await first.getAttribute('title');
    const local = new Date(iso);
    const hm = new Intl.DateTimeFormat('de-DE', { timeZone: 'Asia/Kolkata', hour: '2-digit', minute: '2-digit' }).format(local);
    const weekday = new Intl.DateTimeFormat('de-DE', { timeZone: 'Asia/Kolkata', weekday: 'long' }).format(local);
    assert.ok(title.includes(hm) && title.includes(weekday), `title "${title}": want ${weekday}, ${hm} (Kolkata)`);
    assert.match(await first.innerText(), /^vor \d+ (Sekunden|Minuten|Minute|Sekunde|Stunden|Stunde)|^jetzt$/);
    await page.close();
  } finally {
    await de.close();
  }
});

test('the Markdown renderer (the widget\'s too) renders the blocks answers use, and no HTML, script or foreign link', async () => {
  const page = await browser.ctx.newPage();
  await page.goto(`${config.url}/dashboard`);
  const html = (md) => page.evaluate((md) => lecternMarkdown({ href: (u) => u })(document.createElement('div'), md).innerHTML, md); // eslint-disable-line no-undef
  const cases = [
    ['| a | b |\n|---|--:|\n| 1 | **2** |\n| `x \\| y` | |',
      '<div class="tw"><table><thead><tr><th scope="col">a</th><th class="r" scope="col">b</th></tr></thead><tbody><tr><td>1</td><td class="r"><strong>2</strong></td></tr><tr><td><code>x | y</code></td><td class="r"></td></tr></tbody></table></div>'],
    ['|  |  |\n| --- | --- |\n| 413 | too large |', '<div class="tw"><table><tbody><tr><td>413</td><td>too large</td></tr></tbody></table></div>'],
    ['- one\n- two\n  - nested\n\n1. first\n2. *second*', '<ul><li>one</li><li>two<ul><li>nested</li></ul></li></ul><ol><li>first</li><li><em>second</em></li></ol>'],
    ['## Run it\ntext\nmore', '<h4>Run it</h4><p>text\nmore</p>'],
    ['> quoted\n>\n> ```bash\n> make test\n> ```', '<blockquote><p>quoted</p><pre><code class="language-bash">make test</code></pre></blockquote>'],
    ['```\nunclosed', '<pre><code>unclosed</code></pre>'],
    ['<script>alert(1)</script> <img src=x onerror=alert(1)>', '<p>&lt;script&gt;alert(1)&lt;/script&gt; &lt;img src=x onerror=alert(1)&gt;</p>'],
    ['[a](javascript:alert(1)) [b](//evil.example/x) [c](data:text/html,x) [d](vbscript:x)', '<p><span>a</span> <span>b</span> <span>c</span> <span>d</span></p>'],
    ['[docs](https://docs.example.com/a?b=1) [page](/quickstart#run) [here](#top)',
      '<p><a href="https://docs.example.com/a?b=1" rel="noopener noreferrer">docs</a> <a href="/quickstart#run">page</a> <a href="#top">here</a></p>'],
    ['\\*not emphasis\\* and \\[not a link\\](x) and snake_case_name', '<p>*not emphasis* and [not a link](x) and snake_case_name</p>'],
    ['__bold__ and __init__.py and a__b__c', '<p><strong>bold</strong> and <strong>init</strong>.py and a__b__c</p>'],
  ];
  for (const [md, want] of cases) assert.equal(await html(md), want, md);
  // Relative links go where the page says (the dashboard shows them as text: it does not know the docs site).
  assert.equal(await page.evaluate(() => { const b = document.createElement('div'); window.LecternDashboard.md(b, '[page](/quickstart) [ext](https://a.example/)'); return b.innerHTML; }),
    '<p><span>page</span> <a href="https://a.example/" target="_blank" rel="noopener noreferrer">ext</a></p>');
  await page.close();
});

/** An MCP client session over Streamable HTTP (JSON-RPC, as the SDKs send it) against the
 *  site's /mcp: initialize with clientInfo, then tool calls. Returns call(name, arguments). */
async function mcpSession(clientName) {
  const url = `${config.url}/sites/${config.domain}/mcp`;
  let session = '', id = 0;
  const rpc = async (method, params, notify = false) => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'User-Agent': `${clientName}/1.0`,
        ...(session ? { 'Mcp-Session-Id': session, 'MCP-Protocol-Version': '2025-06-18' } : {}) },
      body: JSON.stringify(notify ? { jsonrpc: '2.0', method, params } : { jsonrpc: '2.0', id: ++id, method, params }),
    });
    assert.ok(res.ok, `${method}: ${res.status}`);
    session = session || res.headers.get('mcp-session-id') || '';
    const text = await res.text();
    if (notify) return null;
    const json = text.trim().startsWith('{') ? JSON.parse(text) : JSON.parse(text.split('\n').filter((l) => l.startsWith('data:')).pop().slice(5));
    assert.ok(!json.error, `${method}: ${JSON.stringify(json.error)}`);
    return json.result;
  };
  await rpc('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: clientName, version: '1.0.0' } });
  await rpc('notifications/initialized', {}, true);
  return (name, args) => rpc('tools/call', { name, arguments: args });
}

/** Formats as the dashboard promises, with this browser's Intl: numbers, percentages (one
 *  decimal at most), a change against the previous period, a UTC day. */
const intl = (page, what, v) => page.evaluate(([what, v]) => {
  const pf = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 1 });
  if (what === 'number') return new Intl.NumberFormat().format(v);
  if (what === 'ratio') return new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 }).format(v);
  if (what === 'percent') return pf.format(v);
  if (what === 'ms') return new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 }).format(v) + ' ms';
  if (what === 'depth') return pf.format(v / 100);
  if (what === 'duration') { // seconds (one decimal under 10), else minutes and seconds
    const u = (unit, x) => new Intl.NumberFormat(undefined, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(x);
    const sec = Math.round(v / 100) / 10;
    if (sec < 59.5) return u('second', sec < 10 ? sec : Math.round(sec));
    const whole = Math.round(sec);
    return whole % 60 ? `${u('minute', Math.floor(whole / 60))}, ${u('second', whole % 60)}` : u('minute', whole / 60);
  }
  if (what === 'change') return v.change == null ? (v.value > 0 ? 'new' : 'no change') : Math.abs(v.change) < 0.0005 ? 'no change' : (v.change > 0 ? '+' : '\u2212') + pf.format(Math.abs(v.change));
  return String(v);
}, [what, v]);

/** The cells of a table's body rows, as text. */
const cellsOf = (table) => table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((td) => td.innerText.trim())));

test('engagement, content gaps and agents: the sections show the numbers the routes return', async () => {
  // A docs site's readers, through the public beacon route: 15 sessions enter at one page and
  // copy its code, 6 of them opening the search box there (and searching, through the search
  // route with their anonId, as the widget does); 10 go on to a second page and click the CTA; 4
  // go on to a third, use the menu and an outbound link and read it (30 s to 75 s, one of them to
  // its end: its readings show beside its content gap). Each session is one reader (anonId),
  // its events a second apart. Each reads the entry page for i + 1 seconds, the first five to its
  // end (95%), the others to 40%: a median of 8 s and 40%, a third read to the end.
  const run = runID(), base = `/dash-${run}`, entry = `${base}/start`;
  const at = (i, k) => new Date(Date.now() - 20 * 60e3 + i * 10e3 + k * 1e3).toISOString();
  for (let i = 0; i < 15; i++) {
    const ev = [{ type: 'page_view', path: entry }, { type: 'code_copy', path: entry, block: 1, lang: 'bash' },
      { type: 'page_engagement', path: entry, engagedMs: 1000 * (i + 1), scrollDepth: i < 5 ? 95 : 40 }];
    if (i < 6) ev.push({ type: 'search_open', path: entry });
    if (i < 10) ev.push({ type: 'page_view', path: `${base}/keys` }, { type: 'cta_click', path: `${base}/keys`, target: 'https://app.example.com/signup', label: 'Sign up' });
    if (i < 4) ev.push({ type: 'page_view', path: `${base}/limits`, title: `Rate limits ${run}` }, { type: 'menu_action', path: `${base}/limits`, action: 'chatgpt' },
      { type: 'outbound_click', path: `${base}/limits`, target: 'https://github.com/lectern-dev/lectern' },
      { type: 'page_engagement', path: `${base}/limits`, engagedMs: 30000 + 15000 * i, scrollDepth: i ? 50 : 92 });
    const res = await beacon(READER_UA, ev.map((e, k) => ({ ...e, timestamp: at(i, k) })), `${run}-r${i}`);
    assert.equal(res.status, 202);
    if (i < 6) {
      const sr = await fetch(`${config.url}/discovery/v1/search/${config.domain}`, {
        method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${config.assistantKey}`, Origin: 'http://127.0.0.1:9' },
        body: JSON.stringify({ query: 'run the tests', anonId: `${run}-r${i}` }),
      });
      assert.equal(sr.status, 200);
      await sr.arrayBuffer();
    }
  }
  // Signals of content gaps: a page rated down with a comment, a reader's search that finds
  // nothing (from a page: with Origin), and a question the docs cannot answer.
  const comment = `The rate limit table is missing the burst ${run}`;
  const fb = await fetch(`${config.url}/discovery/v1/feedback/${config.domain}`, {
    method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${config.assistantKey}` },
    body: JSON.stringify({ path: `${base}/limits`, source: 'contextual', helpful: false, comment }),
  });
  assert.equal(fb.status, 202);
  const nothing = `teleporter quux ${run}`;
  const s = await fetch(`${config.url}/discovery/v1/search/${config.domain}`, {
    method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${config.assistantKey}`, Origin: 'http://127.0.0.1:9' },
    body: JSON.stringify({ query: nothing }),
  });
  assert.equal(s.status, 200);
  // Readers of other scripts: a right-to-left (Arabic) and a Chinese search that find nothing.
  // (no run id in them: it would make them one topic with this run's other texts)
  const rtl = 'تغيير كلمة المرور', zh = '如何重置密码';
  for (const query of [rtl, zh]) {
    const r = await fetch(`${config.url}/discovery/v1/search/${config.domain}`, {
      method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${config.assistantKey}`, Origin: 'http://127.0.0.1:9' },
      body: JSON.stringify({ query }),
    });
    assert.equal(r.status, 200);
    await r.arrayBuffer();
  }
  await ask(`How do I configure the teleporter quux ${run}?`);
  // Agents: an MCP client that searches (once for nothing) and reads a page, another that only
  // searches; a Markdown page and llms.txt fetched as an agent does.
  const claude = await mcpSession(`claude-code-${run}`);
  await claude('search', { query: 'run the tests' });
  await claude('search', { query: `zyzzyva ${run}` });
  await claude('query_docs_filesystem', { command: 'head -n 3 /quickstart.md' });
  const cursor = await mcpSession(`cursor-${run}`);
  await cursor('search', { query: 'custom domain' });
  for (const p of ['/quickstart.md', '/llms.txt']) {
    const r = await fetch(`${config.url}/sites/${config.domain}${p}`, { headers: { 'User-Agent': 'Claude-User/1.0' } });
    assert.equal(r.status, 200, p);
    await r.text();
  }

  const page = await browser.ctx.newPage();
  const csp = cspViolations(page);
  await signIn(page, config.adminKey);
  await page.getByRole('heading', { name: 'Agents', exact: true }).waitFor();
  const [from, to] = await page.evaluate(() => [document.getElementById('from').value, document.getElementById('to').value]);
  const next = new Date(`${to}T00:00:00Z`); next.setUTCDate(next.getUTCDate() + 1);
  const range = `dateFrom=${from}&dateTo=${next.toISOString().slice(0, 10)}`;
  const reload = async () => { await page.getByRole('button', { name: 'Apply' }).click(); };

  // Wait until the routes hold what was sent, then show the same range again.
  const pagesOf = async () => (await admin(`engagement/pages?limit=250&${range}`)).pages;
  await waitFor('the seeded engagement', async () => (await pagesOf()).find((p) => p.path === `${base}/limits`)?.outboundClicks === 4);
  await waitFor('the seeded opens and searches in the search funnel', async () => (await admin(`engagement/funnels?${range}`)).search.stages[1].count >= 6);
  const agentsJSON = await waitFor('the MCP calls and fetches', async () => {
    const a = await admin(`agents?limit=20&${range}`);
    return a.mcp.clients.some((c) => c.name === `cursor-${run}`) && a.noResultQueries.some((q) => q.query === `zyzzyva ${run}`) &&
      a.pages.some((p) => p.path === '/llms.txt') && a;
  });
  const gapsJSON = await waitFor('the gaps', async () => {
    const g = await admin(`gaps?limit=50&${range}`);
    return g.gaps.some((x) => x.key === `${base}/limits`) && g.gaps.some((x) => x.queries.some((q) => q.text === nothing)) &&
      [rtl, zh].every((t) => g.gaps.some((x) => x.queries.some((q) => q.text === t))) && g;
  });
  await reload();
  const eng = page.locator('#engagement');
  await eng.getByRole('row').filter({ hasText: `${base}/limits` }).waitFor();

  // Totals: every figure of the route, this period and the previous one, and the change.
  const e = await admin(`engagement?${range}`);
  const totals = await cellsOf(eng.locator('table').first());
  const labels = ['Interactions', 'Sessions', 'Active sessions', 'Interactions per session', 'Human page views', 'CTA clicks', 'CTA click rate', 'Actions', 'Action rate',
    'Code copies', 'Menu actions', 'Page ratings', 'Outbound clicks', 'Sources opened',
    "Readings (a visitor's day on a page)", 'Median time on page', 'Median scroll depth', 'Read to the end (90% or more)'];
  const keys = ['interactions', 'sessions', 'activeSessions', 'interactionsPerSession', 'humanViews', 'ctaClicks', 'ctaRate', 'actions', 'actionRate', 'codeCopies', 'menuActions', 'thumbs', 'outboundClicks', 'sourceClicks',
    'readings', 'medianTimeOnPageMs', 'medianScrollDepth', 'readThroughRate'];
  const kinds = { interactionsPerSession: 'ratio', medianTimeOnPageMs: 'duration', medianScrollDepth: 'depth' };
  const wantTotals = [];
  for (const [i, k] of keys.entries()) {
    const m = e.totals[k], kind = /Rate$/.test(k) ? 'percent' : kinds[k] || 'number';
    wantTotals.push([labels[i], await intl(page, kind, m.value), await intl(page, kind, m.previous), await intl(page, 'change', m)]);
  }
  assert.deepEqual(totals, wantTotals);
  assert.match(await page.locator('.stat').filter({ hasText: 'Interactions' }).innerText(),
    new RegExp(`${(await intl(page, 'number', e.totals.interactions.value)).replace(/\W/g, '.')}\\s+${(await intl(page, 'change', e.totals.interactions)).replace(/\W/g, '.')} vs the previous period`));
  // The chart of interactions per day names the same sums.
  const sum = (k) => e.days.reduce((n, d) => n + d[k], 0);
  const chart = eng.getByRole('img', { name: /^Interactions per day, / });
  assert.match(await chart.getAttribute('aria-labelledby'), /-t .*-d$/);
  assert.match(await page.evaluate((id) => document.getElementById(id).textContent, (await chart.getAttribute('aria-labelledby')).split(' ')[1]),
    new RegExp(`^CTA clicks ${(await intl(page, 'number', sum('ctaClicks'))).replace(/\W/g, '.')}, Actions ${(await intl(page, 'number', sum('actions'))).replace(/\W/g, '.')};`));

  // Pages by interactions: the seeded pages' rows as the route has them.
  const pages = await pagesOf();
  for (const path of [entry, `${base}/keys`, `${base}/limits`]) {
    const r = pages.find((p) => p.path === path);
    const want = [path, ...(await Promise.all([['number', r.humanViews], ['number', r.interactions], ['number', r.ctaClicks], ['percent', r.ctaRate],
      ['number', r.actions], ['percent', r.actionRate], ['number', r.codeCopies], ['number', r.menuActions], ['number', r.thumbs], ['number', r.outboundClicks],
      ['number', r.readings], ['duration', r.medianTimeOnPageMs], ['depth', r.medianScrollDepth], ['percent', r.readThroughRate]]
      .map(([k, v]) => intl(page, k, v))))];
    const row = eng.locator('table').filter({ has: page.locator('caption', { hasText: 'Pages by interactions' }) }).getByRole('row').filter({ has: page.getByRole('cell', { name: path, exact: true }) });
    assert.deepEqual(await row.getByRole('cell').allInnerTexts(), want, path);
  }
  assert.deepEqual([pages.find((p) => p.path === entry).codeCopies, pages.find((p) => p.path === `${base}/keys`).ctaClicks], [15, 10], 'the seeded counts');
  const read = pages.find((p) => p.path === entry);
  assert.deepEqual([read.readings, read.medianTimeOnPageMs, read.medianScrollDepth, read.readThroughRate], [15, 8000, 40, 0.3333], 'the seeded readings');
  assert.match(await page.locator('.stat').filter({ hasText: 'Median time on page' }).innerText(),
    new RegExp(`${(await intl(page, 'duration', e.totals.medianTimeOnPageMs.value)).replace(/\W/g, '.')}\\s+${(await intl(page, 'percent', e.totals.readThroughRate.value)).replace(/\W/g, '.')} read to the end`));

  // User flows from the seeded entry page: each step's pages with their sessions and drop-off.
  await eng.getByLabel('Entry page').selectOption(entry);
  const flows = await admin(`engagement/flows?${range}&entry=${encodeURIComponent(entry)}`);
  const steps = eng.getByRole('list', { name: `Where sessions that entered at ${entry} went` });
  await steps.waitFor();
  const shownSteps = await steps.locator(':scope > li').evaluateAll((lis) => lis.map((li) => [li.querySelector('h4').textContent,
    ...[...li.querySelectorAll('.node')].map((n) => `${n.querySelector('.p').textContent} | ${n.querySelector('.muted').textContent}`)]));
  const wantSteps = [];
  for (const c of flows.columns.filter((c) => c.nodes.length)) {
    const col = [c.step ? `Step ${c.step}` : 'Entry page'];
    for (const nd of c.nodes) {
      const name = nd.other ? `${await intl(page, 'number', nd.pages)} other pages` : nd.path;
      col.push(`${name} | ${await intl(page, 'number', nd.in)} sessions${nd.dropOff == null ? '' : ` · ${await intl(page, 'percent', nd.dropOff)} went no further`}`);
    }
    wantSteps.push(col);
  }
  assert.deepEqual(shownSteps, wantSteps);
  assert.deepEqual(flows.columns.slice(0, 3).map((c) => c.nodes.map((n) => [n.path, n.in])),
    [[[entry, 15]], [[`${base}/keys`, 10]], [[`${base}/limits`, 4]]], 'the seeded trail');

  // Both funnels: the stages' counts and rates, as bars and as a table.
  const funnels = await admin(`engagement/funnels?${range}`);
  for (const [name, f, unit, key] of [['Search funnel, in sessions', funnels.search, 'Sessions', 'search'], ['Assistant funnel, in threads', funnels.assistant, 'Threads', 'assistant']]) {
    await eng.getByText(`${name} as a table`).click();
    const t = eng.locator('table').filter({ has: page.locator('caption', { hasText: name }) });
    assert.deepEqual(await t.locator('th').allInnerTexts(), ['Stage', unit, 'Of the first stage', 'Lost since the stage before']);
    const want = [];
    for (const st of f.stages) want.push([st.stage, await intl(page, 'number', st.count), await intl(page, 'percent', st.rate), await intl(page, 'percent', st.dropOff)]);
    assert.deepEqual((await cellsOf(t)).map((r) => r.slice(1)), want.map((r) => r.slice(1)));
    const barsShown = await eng.locator(`#bars-funnel-${key} li`).evaluateAll((lis) => lis.map((li) => `${li.querySelector('.bl').textContent}: ${li.querySelector('.bv').textContent}`));
    const stageNames = { opened: 'Opened search', searched: 'Searched', clicked: 'Clicked a result', landed: 'Read the result', acted: 'Acted on it', asked: 'Asked', answered: 'Got an answer', followedUp: 'Asked a follow-up', engaged: 'Engaged with the answer' };
    const barsWant = [];
    for (const st of f.stages) barsWant.push(`${stageNames[st.stage]}: ${await intl(page, 'number', st.count)} · ${await intl(page, 'percent', st.rate)}`);
    assert.deepEqual(barsShown, barsWant, `the ${name} bars`);
  }
  assert.deepEqual(await eng.locator('table').filter({ has: page.locator('caption', { hasText: 'Search funnel' }) }).locator('tbody td:first-child').allInnerTexts(),
    ['Opened search', 'Searched', 'Clicked a result', 'Read the result', 'Acted on it']);
  assert.ok(funnels.search.stages[0].stage === 'opened' && funnels.search.stages[0].count >= 6 && funnels.search.stages[1].count >= 6,
    `the seeded search opens and searches: ${JSON.stringify(funnels.search.stages.slice(0, 2))}`);

  // Feedback over time: the chart names the route's sums per series, and the table has every day.
  const fd = await admin(`feedback/daily?${range}`);
  const fsum = (f) => fd.days.reduce((n, d) => n + f(d), 0);
  assert.ok(fsum((d) => d.thumbsDown) >= 1 && fsum((d) => d.written) >= 1, 'the seeded page rating in feedback/daily');
  const fsec = page.locator('#feedback');
  const fchart = fsec.getByRole('img', { name: /^Feedback per day, / });
  await fchart.waitFor();
  const num = async (v) => (await intl(page, 'number', v)).replace(/\W/g, '.');
  assert.match(await page.evaluate((id) => document.getElementById(id).textContent, (await fchart.getAttribute('aria-labelledby')).split(' ')[1]),
    new RegExp(`^Helpful ${await num(fsum((d) => d.thumbsUp))}, Not helpful ${await num(fsum((d) => d.thumbsDown))}, Not rated ${await num(fsum((d) => d.total - d.thumbsUp - d.thumbsDown))};`));
  await fsec.getByText('Feedback per day as a table').click();
  const fwant = [];
  const dayOf = (ymd) => page.evaluate((d) => new Date(d + 'T00:00:00Z').toLocaleDateString(undefined, { timeZone: 'UTC', dateStyle: 'medium' }), ymd);
  for (const d of fd.days) fwant.push([await dayOf(d.date), ...(await Promise.all([d.thumbsUp, d.thumbsDown, d.written, d.total].map((v) => intl(page, 'number', v))))]);
  assert.deepEqual(await cellsOf(fsec.locator('table').filter({ has: page.locator('caption', { hasText: 'Feedback per day' }) })), fwant);
  await screenshot(page.locator('#engagement'), 'dashboard-engagement.png');

  // Content gaps: the ranked list as the route ranks it, with its evidence; the CSV is the route's.
  const gaps = page.locator('#gaps');
  const gapRows = await cellsOf(gaps.locator('table').first());
  const g = await admin(`gaps?limit=50&${range}`);
  assert.equal(gapRows.length, g.gaps.length);
  for (const [i, x] of g.gaps.entries()) {
    assert.equal(gapRows[i][0], await intl(page, 'number', x.rank));
    assert.ok(gapRows[i][1].startsWith(`${x.kind === 'page' ? 'Page' : 'Topic'} ${x.title}`), `gap ${x.rank}: ${gapRows[i][1]}`);
    if (x.kind === 'page' && x.title !== x.key) assert.ok(gapRows[i][1].includes(x.key), `gap ${x.rank}: ${gapRows[i][1]} shows its path`);
    assert.equal(gapRows[i][2], await intl(page, 'ratio', x.score));
    const signalLines = gapRows[i][3].split('\n');
    assert.equal(signalLines.length, x.signals.length);
    for (const [j, sg] of x.signals.entries()) { // each signal's points, "1 point" in the singular
      const want = `(${await intl(page, 'ratio', sg.points)} ${sg.points === 1 ? 'point' : 'points'})`;
      assert.ok(signalLines[j].endsWith(want), `gap ${x.rank}, signal ${j}: ${signalLines[j]}; want it to end ${want}`);
    }
  }
  // A page gap is titled by the page's title (what its page views carried), its path beside it.
  assert.equal(g.gaps.find((x) => x.key === `${base}/limits`)?.title, `Rate limits ${run}`);
  const limits = gaps.getByRole('row').filter({ hasText: `${base}/limits` });
  assert.match(await limits.evaluate((tr) => tr.cells[1].innerText.trim()), new RegExp(`^Page Rate limits ${run} ${base}/limits`));
  assert.match(await limits.innerText(), /Page rated not helpful: 1 \(3 points\)\s+Comments: 1 \(2 points\)/);
  await limits.locator('summary').click();
  assert.match(await limits.innerText(), new RegExp(comment));
  // Its page's readings beside the evidence: the figures of the engagement section's pages,
  // formatted as it formats them; a topic has none.
  const lim = g.gaps.find((x) => x.key === `${base}/limits`).page, limPage = pages.find((p) => p.path === `${base}/limits`);
  const figures = (p) => [p.readings, p.medianTimeOnPageMs, p.medianScrollDepth, p.readThroughRate];
  assert.deepEqual(figures(lim), figures(limPage), 'the gap page\'s readings are /engagement/pages\'');
  assert.deepEqual(figures(lim), [4, 52500, 50, 0.25], 'the seeded readings of the limits page');
  assert.equal(await limits.locator('p.readings').innerText(), `${await intl(page, 'number', lim.readings)} readings: median time on page ` +
    `${await intl(page, 'duration', lim.medianTimeOnPageMs)}, median scroll depth ${await intl(page, 'depth', lim.medianScrollDepth)}, ` +
    `${await intl(page, 'percent', lim.readThroughRate)} read to the end`);
  assert.equal(await limits.getByRole('combobox', { name: 'Status' }).inputValue(), 'pending');
  const topic = gaps.getByRole('row').filter({ hasText: nothing });
  await topic.locator('summary').click();
  assert.equal(await topic.locator('p.readings').count(), 0, 'a topic has no readings');
  await topic.getByRole('button', { name: `Open thread of: How do I configure the teleporter quux ${run}?` }).click();
  await gaps.getByRole('region', { name: /^Conversation thr_/ }).waitFor();
  // Text in another script or direction shows as written, and right-to-left text does not pull
  // the figures after it to its left: each reader's text is isolated in its own direction.
  for (const text of [rtl, zh]) {
    const row = gaps.getByRole('row').filter({ hasText: text });
    await row.locator('summary').click();
    const layout = await row.evaluate((tr, t) => {
      const rects = (n) => { const r = document.createRange(); r.selectNodeContents(n); return [...r.getClientRects()].filter((x) => x.width > 0); };
      const li = [...tr.querySelectorAll('li')].find((l) => l.textContent.includes(t));
      const own = [...li.childNodes].find((n) => n.textContent === t), shown = own || [...li.childNodes].find((n) => n.textContent.includes(t));
      const after = li.querySelector('.muted');
      const title = [...tr.cells[1].querySelectorAll('*')].find((n) => n.textContent === t);
      const badge = tr.cells[1].querySelector('.badge');
      return {
        isolated: !!own && !!title && [own, title].every((n) => n.nodeType === 1 && getComputedStyle(n).unicodeBidi === 'isolate'),
        // on each line the text is on, where it ends and where the figures after it start
        lines: rects(shown).map((x) => ({ top: Math.round(x.top), textEnds: x.right,
          figuresStart: Math.min(Infinity, ...rects(after).filter((y) => Math.abs(y.top - x.top) < 2).map((y) => y.left)) })),
        // where the title starts on the badge's line: a title too long for the rest of that line
        // wraps to the next (the cell's width follows the other rows), which is no reordering
        badgeEnds: badge.getBoundingClientRect().right,
        titleStarts: Math.min(Infinity, ...rects(title).filter((x) => Math.abs(x.top - badge.getBoundingClientRect().top) < badge.getBoundingClientRect().height).map((x) => x.left)),
        cellWidth: tr.cells[1].clientWidth, titleLines: rects(title).map((x) => [Math.round(x.left), Math.round(x.top)]),
        overflow: tr.closest('section').scrollWidth > tr.closest('section').clientWidth,
        // the topic's words, each isolated, in their order from left to right as the page runs
        words: [...tr.cells[1].querySelectorAll('.block bdi')].map((b) => [b.textContent, b.getBoundingClientRect().left]),
      };
    }, text);
    assert.ok(layout.lines.length && layout.lines.every((l) => l.figuresStart >= l.textEnds - 0.5), `${text}: the count and signals after the text, not inside it: ${JSON.stringify(layout)}`);
    assert.ok(layout.titleStarts >= layout.badgeEnds - 0.5, `${text}: the title after its badge: ${JSON.stringify(layout)}`);
    assert.ok(!layout.overflow, `${text}: the section does not overflow`);
    assert.ok(layout.isolated, `${text}: its own element, isolated (<bdi>), in the title and the evidence`);
    const terms = g.gaps.find((x) => x.title === text).terms;
    assert.deepEqual(layout.words.map((w) => w[0]), terms);
    assert.ok(layout.words.every((w, i) => i === 0 || w[1] > layout.words[i - 1][1]), `${text}: its words left to right: ${JSON.stringify(layout.words)}`);
  }
  const csvRoute = await fetch(`${config.url}/api/external/v1/analytics/${config.project}/gaps?format=csv&limit=500&${range}`, { headers: { Authorization: `Bearer ${config.adminKey}` } });
  const dl = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV (gaps)' }).click();
  const file = await dl;
  assert.equal(file.suggestedFilename(), `content-gaps-${config.project}-${from}.csv`);
  assert.equal(Buffer.concat(await (await file.createReadStream()).toArray()).toString(), await csvRoute.text());
  assert.ok(gapsJSON.total >= 2);
  await screenshot(page.locator('#gaps'), 'dashboard-gaps.png');

  // Agents: the MCP tools and clients, what agents searched (and found nothing), the pages fetched.
  const agents = page.locator('#agents');
  const a = await admin(`agents?limit=20&${range}`);
  const byCaption = (c) => agents.locator('table').filter({ has: page.locator('caption', { hasText: c }) });
  const mcpRows = async (rows, name) => Promise.all(rows.map(async (r) => [name(r.name), await intl(page, 'number', r.calls), await intl(page, 'number', r.errors), await intl(page, 'number', r.unavailable), await intl(page, 'ms', r.avgDurationMs)]));
  assert.deepEqual(await cellsOf(byCaption('MCP tools')), await mcpRows(a.mcp.tools, String));
  assert.deepEqual(await cellsOf(byCaption('MCP clients')), await mcpRows(a.mcp.clients, (n) => n || 'Not sent'));
  const q = async (rows) => Promise.all(rows.map(async (r) => [r.query, await intl(page, 'number', r.searches), await intl(page, 'number', r.noResults), await intl(page, 'number', r.mcp)]));
  assert.deepEqual((await cellsOf(byCaption('What agents searched'))).map((r) => r.slice(0, 4)), await q(a.queries));
  assert.deepEqual((await cellsOf(byCaption('Agent searches that found nothing'))).map((r) => r.slice(0, 4)), await q(a.noResultQueries));
  assert.deepEqual(await cellsOf(byCaption('Pages fetched by agents')),
    await Promise.all(a.pages.map(async (p) => [p.path, ...(await Promise.all([p.markdown, p.llms, p.llmsFull, p.total].map((v) => intl(page, 'number', v))))])));
  assert.deepEqual(a.mcp.clients.filter((c) => c.name.endsWith(run)).map((c) => [c.name, c.calls]).sort(), [[`claude-code-${run}`, 3], [`cursor-${run}`, 1]]);
  assert.ok(agentsJSON.mcp.calls >= 4);
  const mcpChart = agents.getByRole('img', { name: /^MCP tool calls per day, by tool, / });
  await mcpChart.waitFor();
  assert.match(await page.evaluate((id) => document.getElementById(id).textContent, (await mcpChart.getAttribute('aria-labelledby')).split(' ')[1]),
    new RegExp(`^${a.mcp.tools.slice(0, 5).map((t) => `${t.name} ${t.calls}`).join(', ')}`));
  assert.match(await page.locator('.stat').filter({ hasText: 'MCP tool calls' }).innerText(), new RegExp(`MCP tool calls\\s+${a.mcp.calls}\\s`, 'i'));
  await screenshot(page.locator('#agents'), 'dashboard-agents.png');

  // Human labels everywhere, axe clean with the evidence, a flow and a transcript open.
  const headers = (await page.locator('main th').allTextContents()).map((h) => h.trim());
  for (const h of headers) assert.ok(/^[A-Z]/.test(h) && !/[a-z][A-Z]|_/.test(h), `column header "${h}" is not a label`);
  assert.deepEqual(await axeSerious(page), []);
  assert.deepEqual(csp, [], 'the dashboard breaks its own Content-Security-Policy');
  await page.close();
});

test('crawlers: each class labelled, with the numbers the traffic route returns, per day and per page; an empty range says so', async () => {
  // Crawlers of each class fetch pages of their own (a run's paths), as the beacon and the
  // Markdown route see them; a reader's view of one of the pages counts for people only.
  const run = runID(), base = `/crawl-${run}`;
  const ua = {
    googlebot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    oai: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; OAI-SearchBot/1.0; +https://openai.com/searchbot',
    gptbot: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)',
    claudebot: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)',
    diffbot: 'Mozilla/5.0 (compatible; Diffbot/0.1; +http://www.diffbot.com)',
  };
  const ago = (h) => new Date(Date.now() - h * 3600e3).toISOString();
  const pv = (path, hours) => ({ type: 'page_view', path, ...(hours ? { timestamp: ago(hours) } : {}) });
  const page = await browser.ctx.newPage();
  const csp = cspViolations(page);
  await signIn(page, config.adminKey);
  await page.getByRole('heading', { name: 'Crawlers', exact: true }).waitFor();
  const [from, to] = await page.evaluate(() => [document.getElementById('from').value, document.getElementById('to').value]);
  const next = new Date(`${to}T00:00:00Z`); next.setUTCDate(next.getUTCDate() + 1);
  const range = `dateFrom=${from}&dateTo=${next.toISOString().slice(0, 10)}`;
  const before = (await admin(`traffic?scope=site&${range}`)).totals;
  const agentsBefore = Object.fromEntries((await admin(`traffic?scope=agent&${range}`)).agents.map((a) => [a.agent, a.views]));

  for (const [agent, events] of [
    [ua.googlebot, [pv(`${base}/a`), pv(`${base}/a`, 24), pv(`${base}/b`)]],
    [ua.oai, [pv(`${base}/a`)]],
    [ua.gptbot, [pv(`${base}/a`), pv(`${base}/a`, 24)]],
    [ua.claudebot, [pv(`${base}/c`)]],
    [ua.diffbot, [pv(`${base}/c`, 24)]],
    [READER_UA, [pv(`${base}/a`)]],
  ]) assert.equal((await beacon(agent, events)).status, 202);
  const md = await fetch(`${config.url}/sites/${config.domain}/quickstart.md`, { headers: { 'User-Agent': ua.gptbot } });
  assert.equal(md.status, 200);
  await md.text();
  const want = { searchIndexViews: 4, trainingViews: 3, otherAiViews: 1 }; // and the Markdown fetch: training
  const r = await waitFor('the crawlers in the traffic route', async () => {
    const t = await admin(`traffic?scope=day&${range}`);
    return t.totals.searchIndexViews === before.searchIndexViews + want.searchIndexViews && t.totals.trainingViews === before.trainingViews + want.trainingViews + 1 &&
      t.totals.otherAiViews === before.otherAiViews + want.otherAiViews && t.totals.humanViews > before.humanViews && t;
  });
  await page.getByRole('button', { name: 'Apply' }).click();
  const section = page.locator('#crawlers');
  const byCaption = (c) => section.locator('table').filter({ has: page.locator('caption', { hasText: c }) });
  await byCaption('Requests by class').waitFor();
  const num = (v) => intl(page, 'number', v);

  // The classes, labelled as a docs team reads them, with requests, pages and share.
  const t = r.totals, pc = r.pageCounts, all = t.searchIndexViews + t.trainingViews + t.otherAiViews;
  assert.deepEqual(await cellsOf(byCaption('Requests by class')), [
    ['Search engines', await num(t.searchIndexViews), await num(pc.searchIndexPages), await intl(page, 'percent', t.searchIndexViews / all)],
    ['AI training crawlers', await num(t.trainingViews), await num(pc.trainingPages), await intl(page, 'percent', t.trainingViews / all)],
    ['Other AI', await num(t.otherAiViews), await num(pc.otherAiPages), await intl(page, 'percent', t.otherAiViews / all)],
  ]);
  assert.match(await page.locator('.stat').filter({ hasText: 'Crawler requests' }).innerText(),
    new RegExp(`^Crawler requests\\s+${await num(all)}\\s+search engines ${await num(t.searchIndexViews)} · AI training ${await num(t.trainingViews)} · other AI ${await num(t.otherAiViews)}$`, 'i'));

  // Per day: the chart's description and the table, every day of the route.
  const chart = section.getByRole('img', { name: /^Crawler requests per day, / });
  await chart.waitFor();
  assert.match(await page.evaluate((id) => document.getElementById(id).textContent, (await chart.getAttribute('aria-labelledby')).split(' ')[1]),
    new RegExp(`^Search engines ${await num(t.searchIndexViews)}, AI training crawlers ${await num(t.trainingViews)}, Other AI ${await num(t.otherAiViews)}; the busiest day was `));
  await section.getByText('Crawler requests per day as a table').click();
  const day = (d) => page.evaluate((d) => new Date(`${d}T00:00:00Z`).toLocaleDateString(undefined, { timeZone: 'UTC', dateStyle: 'medium' }), d);
  assert.deepEqual(await cellsOf(byCaption('Crawler requests per day')), await Promise.all(r.days.map(async (d) =>
    [await day(d.date), await num(d.searchIndexViews), await num(d.trainingViews), await num(d.otherAiViews), await num(d.searchIndexViews + d.trainingViews + d.otherAiViews)])));
  const today = new Date().toISOString().slice(0, 10);
  assert.ok(r.days.find((d) => d.date === today).searchIndexViews >= 3, 'today holds the crawlers of today');

  // The pages crawlers fetched most: the run's pages with each class's requests, the reader's view apart.
  const rows = await cellsOf(byCaption('Pages crawlers fetched most'));
  const ours = rows.filter((row) => row[0].startsWith(base)).sort((x, y) => x[0].localeCompare(y[0]));
  assert.deepEqual(ours, [
    [`${base}/a`, await num(3), await num(2), await num(0), await num(5), await num(1)],
    [`${base}/b`, await num(1), await num(0), await num(0), await num(1), await num(0)],
    [`${base}/c`, await num(0), await num(1), await num(1), await num(2), await num(0)],
  ]);
  const route = (await admin(`traffic?sort=crawlerViews&limit=20&${range}`)).pages.filter((p) => p.searchIndexViews + p.trainingViews + p.otherAiViews > 0);
  assert.deepEqual(rows.map((row) => row[0]), route.map((p) => p.path), 'in the order of the route, crawled pages only');
  // Top crawlers: each by its name and class, with the route's numbers; this run's fetches added
  // to what each had (GPTBot's Markdown fetch included), no AI agent among them.
  const byAgent = (await admin(`traffic?scope=agent&${range}`)).agents;
  const crawlers = byAgent.filter((a) => a.class !== 'ai');
  const CLASS = { search_index: 'Search engine', training: 'AI training crawler', other_ai: 'Other AI' };
  assert.deepEqual(await cellsOf(byCaption('Top crawlers')), await Promise.all(crawlers.map(async (a) => [a.agent, CLASS[a.class], await num(a.views), await num(a.pages)])));
  const added = Object.fromEntries(crawlers.map((a) => [a.agent, a.views - (agentsBefore[a.agent] || 0)]));
  assert.deepEqual(added, { ...Object.fromEntries(Object.keys(added).map((k) => [k, 0])), Googlebot: 3, 'OAI-SearchBot': 1, GPTBot: 3, ClaudeBot: 1, Diffbot: 1 });
  assert.deepEqual(await axeSerious(page), []);
  await section.getByText('Crawler requests per day as a table').click(); // closed again, for the screenshot
  await screenshot(section, 'dashboard-crawlers.png');

  // A range without crawlers: the section says so, and the figure reads 0.
  await page.locator('#from').fill('2020-01-01');
  await page.locator('#to').fill('2020-01-07');
  await page.getByRole('button', { name: 'Apply' }).click();
  await section.getByText('No crawler traffic in this range: no search engine, AI training crawler or other AI bot fetched a page.').waitFor();
  assert.equal(await section.locator('table').count(), 0);
  assert.match(await page.locator('.stat').filter({ hasText: 'Crawler requests' }).innerText(), /Crawler requests\s+0\s/i);
  assert.deepEqual(csp, [], 'the dashboard breaks its own Content-Security-Policy');
  await page.close();
});

test('AI platforms: which agents read the docs, by name, with the numbers of the traffic route by agent, per day; an empty range says so', async () => {
  // Assistants fetching for a person, through the beacon and the Markdown route, and a script
  // no list names (Other agents); a crawler and a reader count in no AI platform.
  const run = runID(), base = `/ai-${run}`;
  const ua = {
    chatgpt: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot',
    claude: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-User/1.0; +Claude-User@anthropic.com)',
    perplexity: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Perplexity-User/1.0; +https://perplexity.ai/perplexity-user)',
  };
  const ago = (h) => new Date(Date.now() - h * 3600e3).toISOString();
  const pv = (path, hours) => ({ type: 'page_view', path, ...(hours ? { timestamp: ago(hours) } : {}) });
  const page = await browser.ctx.newPage();
  const csp = cspViolations(page);
  await signIn(page, config.adminKey);
  await page.getByRole('heading', { name: 'Agents', exact: true }).waitFor();
  const [from, to] = await page.evaluate(() => [document.getElementById('from').value, document.getElementById('to').value]);
  const next = new Date(`${to}T00:00:00Z`); next.setUTCDate(next.getUTCDate() + 1);
  const range = `dateFrom=${from}&dateTo=${next.toISOString().slice(0, 10)}`;
  const before = Object.fromEntries((await admin(`traffic?scope=agent&${range}`)).agents.filter((a) => a.class === 'ai').map((a) => [a.agent, a.views]));
  for (const [agent, events] of [
    [ua.chatgpt, [pv(`${base}/a`), pv(`${base}/b`), pv(`${base}/a`, 24)]],
    [ua.perplexity, [pv(`${base}/a`)]],
    ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', [pv(`${base}/a`)]],
    [READER_UA, [pv(`${base}/a`)]],
  ]) assert.equal((await beacon(agent, events)).status, 202);
  for (const [agent, path] of [[ua.claude, 'quickstart.md'], [ua.claude, 'llms.txt'], ['curl/8.5.0', 'quickstart.md']]) {
    const res = await fetch(`${config.url}/sites/${config.domain}/${path}`, { headers: { 'User-Agent': agent } });
    assert.equal(res.status, 200);
    await res.text();
  }
  const want = { 'ChatGPT-User': 3, 'Claude-User': 2, 'Perplexity-User': 1, '': 1 };
  const r = await waitFor('the AI platforms in the traffic route by agent', async () => {
    const t = await admin(`traffic?scope=agent&${range}`);
    const ai = t.agents.filter((a) => a.class === 'ai');
    return Object.entries(want).every(([k, n]) => ai.find((a) => a.agent === k)?.views === (before[k] || 0) + n) && ai;
  });
  await page.getByRole('button', { name: 'Apply' }).click();
  const section = page.locator('#agents');
  const byCaption = (c) => section.locator('table').filter({ has: page.locator('caption', { hasText: c }) });
  const num = (v) => intl(page, 'number', v);
  const all = r.reduce((s, a) => s + a.views, 0);
  const wantRows = await Promise.all(r.map(async (a) => [a.agent || 'Other agents', await num(a.views), await num(a.pages), await intl(page, 'percent', a.views / all)]));
  const rows = await waitFor('the AI platforms of the applied range', async () => {
    const got = await cellsOf(byCaption('AI platforms'));
    return JSON.stringify(got) === JSON.stringify(wantRows) && got;
  });
  assert.deepEqual(rows, wantRows);
  for (const name of ['ChatGPT-User', 'Claude-User', 'Perplexity-User', 'Other agents']) assert.ok(rows.some((row) => row[0] === name), `${name} is listed`);
  assert.ok(!rows.some((row) => /Googlebot/.test(row[0])), 'a crawler is no AI platform');

  // Per day: the chart names the five busiest and sums each over the range.
  const chart = section.getByRole('img', { name: /^AI platform views per day, / });
  await chart.waitFor();
  const desc = await page.evaluate((id) => document.getElementById(id).textContent, (await chart.getAttribute('aria-labelledby')).split(' ')[1]);
  assert.match(desc, new RegExp(`^${r.slice(0, 5).map((a) => `${a.agent || 'Other agents'} ${a.views}`).join(', ')}`));
  const today = new Date().toISOString().slice(0, 10);
  const chatgpt = r.find((a) => a.agent === 'ChatGPT-User');
  assert.ok(chatgpt.days.find((d) => d.date === today).views >= 2, 'today holds ChatGPT-User\'s views of today');
  assert.deepEqual(await axeSerious(page), []);
  await screenshot(section.locator('.ai-platforms'), 'dashboard-ai-platforms.png');

  // A range without agents: the table says so.
  await page.locator('#from').fill('2020-01-01');
  await page.locator('#to').fill('2020-01-07');
  await page.getByRole('button', { name: 'Apply' }).click();
  await byCaption('AI platforms').getByText('No AI agent fetched a page in this range.').waitFor();
  assert.equal(await section.getByRole('img', { name: /^AI platform views per day, / }).count(), 0);
  assert.deepEqual(csp, [], 'the dashboard breaks its own Content-Security-Policy');
  await page.close();
});
