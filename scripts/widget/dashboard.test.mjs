// The dashboard in Debian's chromium, under its own Content-Security-Policy: sign-in, the traffic
// charts and their table, a thread transcript opened from the assistant and from a rating, the
// feedback just posted, a status change through the PATCH route seen in the export, the CSV
// downloads, the date range, a wrong key, axe-core, and its screenshot.
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

test('a wrong key shows an error and keeps the dashboard closed', async () => {
  const page = await browser.ctx.newPage();
  await signIn(page, 'lk_admin_wrong_key');
  await page.getByRole('alert').filter({ hasText: 'Sign-in failed' }).waitFor();
  assert.equal(await page.getByRole('heading', { name: 'Feedback' }).isVisible(), false);
  assert.equal(await page.evaluate(() => sessionStorage.getItem('lectern.adminKey')), null);
  await page.close();
});

/** Asks the assistant a question through the v1 route, reads the reply to its end, returns the thread. */
async function ask(question) {
  const res = await fetch(`${config.url}/discovery/v1/assistant/${config.domain}/message`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${config.assistantKey}` },
    body: JSON.stringify({ fp: 'anonymous', messages: [{ id: runID(), role: 'user', content: question }] }),
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

test('sign in, see the feedback just posted, change its status, see the export change', async () => {
  const comment = `Step 3 needs a screenshot ${runID()}`;
  const res = await fetch(`${config.url}/discovery/v1/feedback/${config.domain}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${config.assistantKey}` },
    body: JSON.stringify({ path: '/quickstart', source: 'contextual', helpful: false, comment }),
  });
  assert.equal(res.status, 202);
  const { id } = await res.json();
  await waitFor('the feedback in the export', async () => (await admin('feedback?limit=50')).feedback.some((f) => f.id === id));

  // Some traffic for the Traffic section (and its screenshot), whatever ran before: a reader
  // today, yesterday and the day before (beacons may be 48 hours old), and an AI agent.
  const ago = (h) => new Date(Date.now() - h * 3600e3).toISOString();
  const beacon = (ua, events) => fetch(`${config.url}/discovery/v1/events/${config.domain}`, {
    method: 'POST', headers: { 'Content-Type': 'text/plain', 'User-Agent': ua },
    body: JSON.stringify({ key: config.assistantKey, anonId: runID(), events }),
  });
  for (const res of [
    await beacon(READER_UA, [{ type: 'page_view', path: '/quickstart' }, { type: 'page_view', path: '/guides/authentication' },
      { type: 'page_view', path: '/quickstart', timestamp: ago(24) }, { type: 'page_view', path: '/guides/widget', timestamp: ago(47) }]),
    await beacon('Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot)', [{ type: 'page_view', path: '/quickstart', timestamp: ago(24) }]),
  ]) assert.equal(res.status, 202);
  await waitFor('the page views in the views route', async () => (await viewsOf('/quickstart')) >= 3);

  // A conversation, and a reader's thumbs on its answer.
  // Unique among the suites' questions (each run starts a fresh lectern), in the docs' words: a
  // made-up token would make the question one the docs do not cover.
  const question = 'How do I run the dashboard tests?';
  const threadId = await ask(question);
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
  await waitFor('the conversations in the export', async () => {
    const cs = (await admin('assistant?limit=50')).conversations;
    return cs.some((c) => c.query === question) && cs.find((c) => c.query === gap)?.resolutionStatus === 'unanswered';
  });

  const page = await browser.ctx.newPage();
  const csp = cspViolations(page);
  await signIn(page, config.adminKey);
  for (const h of ['Traffic', 'Searches', 'Assistant', 'Feedback']) {
    await page.getByRole('heading', { name: h, exact: true }).waitFor();
  }
  assert.equal(await page.evaluate(() => document.cookie), '');
  assert.ok(!page.url().includes(config.adminKey), 'the key is not in the URL');
  const row = page.getByRole('row').filter({ hasText: comment });
  await row.waitFor();
  assert.match(await row.innerText(), /\/quickstart/);
  // Traffic over time: two charts with names and descriptions, and the same numbers as a table.
  const today = new Date().toISOString().slice(0, 10);
  for (const name of [/^Views per day, human and AI, \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d/, /^Visitors per day, human and AI/]) {
    const chart = page.getByRole('img', { name });
    await chart.waitFor();
    assert.match(await chart.getAttribute('aria-labelledby'), /-t .*-d$/, 'the chart has a title and a description');
  }
  await screenshot(page, 'dashboard.png');
  await page.getByText('Views and visitors per day as a table').click();
  const todayRow = page.locator('#traffic-chart details').getByRole('row').filter({ hasText: today });
  const cells = await todayRow.getByRole('cell').allInnerTexts();
  assert.equal(cells[0], today);
  assert.ok(Number(cells[1]) >= 2 && Number(cells[3]) === Number(cells[1]) + Number(cells[2]), `views of today: ${cells}`);
  assert.ok(Number(cells[4]) >= 1, `visitors of today: ${cells}`);
  assert.deepEqual(await axeSerious(page), []);

  // Unanswered questions first: the content gaps.
  const statuses = await page.locator('#assistant tbody tr td:nth-child(3)').allInnerTexts();
  assert.ok(statuses.includes('unanswered') && statuses.includes('answered'), `statuses ${statuses}`);
  assert.deepEqual(statuses, [...statuses].sort((a, b) => (a === 'answered') - (b === 'answered')), 'unanswered rows come first');

  // A thread opens from the assistant table and from the rating of its answer.
  await page.getByRole('button', { name: `Open thread of: ${question}` }).click();
  await page.getByRole('heading', { name: `Thread ${threadId}` }).waitFor();
  await page.locator('#transcript').getByText(question).waitFor();
  await page.locator('#transcript').evaluate((n) => { n.textContent = ''; });
  await page.getByRole('button', { name: `Open thread of the thumbs only feedback of ${rating.createdAt}` }).click();
  await page.getByRole('heading', { name: `Thread ${threadId}` }).waitFor();
  assert.equal(await page.evaluate(() => document.activeElement.textContent), `Thread ${threadId}`, 'focus moves to the transcript');

  // One CSV of everything shown: the project and range, then each table under its name.
  const all = await download(page, 'Download CSV (everything shown)');
  const blocks = all.split('\r\n\r\n');
  assert.match(blocks[0], new RegExp(`^Lectern dashboard,${config.project},\\d{4}-\\d\\d-\\d\\d,${today}$`));
  assert.deepEqual(blocks.slice(1).map((b) => b.split('\r\n')[0]), ['daily', 'views', 'searches', 'no-click', 'assistant', 'feedback']);
  assert.match(all, new RegExp(`\r\n${today},\\d+,\\d+,\\d+,\\d+,\\d+,\\d+\r\n`), 'the day rows');
  assert.match(all, /\r\n\/quickstart,\d+,\d+,\d+\r\n/, 'the top pages');
  assert.ok(all.includes(comment) && all.includes(threadId), 'the feedback and the thread');

  const patch = page.waitForResponse((r) => r.request().method() === 'PATCH');
  await row.getByRole('combobox', { name: 'Status' }).selectOption('resolved');
  assert.equal((await patch).status(), 202);
  await row.getByText('saved').waitFor();
  await waitFor('status resolved in the export', async () =>
    (await admin('feedback?limit=50')).feedback.find((f) => f.id === id)?.status === 'resolved');

  // The date range drives the sections: a range before the feedback hides it.
  await page.getByLabel('From', { exact: true }).fill('2020-01-01');
  await page.getByLabel('To', { exact: true }).fill('2020-01-02');
  await page.getByRole('button', { name: 'Apply' }).click();
  await row.waitFor({ state: 'detached' });
  await page.getByRole('img', { name: /^Views per day, human and AI, 2020-01-01 to 2020-01-02/ }).waitFor();
  await page.getByText('Views and visitors per day as a table').click();
  assert.deepEqual(await page.locator('#traffic-chart details').getByRole('row').filter({ hasText: '2020-01-0' }).allInnerTexts(),
    ['2020-01-01\t0\t0\t0\t0\t0\t0', '2020-01-02\t0\t0\t0\t0\t0\t0']);

  const csv = await download(page, 'Download CSV (feedback)');
  assert.match(csv, /^createdAt,source,path,helpful,comment,status,threadId\r\n/);
  assert.deepEqual(csp, [], 'the dashboard breaks its own Content-Security-Policy');
  await page.close();
});
