// The dashboard in Debian's chromium: sign-in, the feedback just posted, a status change through
// the PATCH route seen in the export, a wrong key, axe-core, and its screenshot.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { config, launch, admin, waitFor, viewsOf, axeSerious, screenshot, runID, READER_UA } from './lib.mjs';

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

  // Some traffic for the Traffic section (and its screenshot), whatever ran before.
  const views = await fetch(`${config.url}/discovery/v1/events/${config.domain}`, {
    method: 'POST', headers: { 'Content-Type': 'text/plain', 'User-Agent': READER_UA },
    body: JSON.stringify({ key: config.assistantKey, anonId: runID(), events: [
      { type: 'page_view', path: '/quickstart' }, { type: 'page_view', path: '/guides/authentication' }] }),
  });
  assert.equal(views.status, 202);
  await waitFor('the page views in the views route', async () => (await viewsOf('/quickstart')) > 0);

  const page = await browser.ctx.newPage();
  await signIn(page, config.adminKey);
  for (const h of ['Traffic', 'Searches', 'Assistant', 'Feedback']) {
    await page.getByRole('heading', { name: h, exact: true }).waitFor();
  }
  assert.equal(await page.evaluate(() => document.cookie), '');
  assert.ok(!page.url().includes(config.adminKey), 'the key is not in the URL');
  const row = page.getByRole('row').filter({ hasText: comment });
  await row.waitFor();
  assert.match(await row.innerText(), /\/quickstart/);
  await screenshot(page, 'dashboard.png');
  assert.deepEqual(await axeSerious(page), []);

  const patch = page.waitForResponse((r) => r.request().method() === 'PATCH');
  await row.getByRole('combobox', { name: 'Status' }).selectOption('resolved');
  assert.equal((await patch).status(), 202);
  await row.getByText('saved').waitFor();
  await waitFor('status resolved in the export', async () =>
    (await admin('feedback?limit=50')).feedback.find((f) => f.id === id)?.status === 'resolved');

  // The date range drives the sections: a range before the feedback hides it.
  await page.getByLabel('From').fill('2020-01-01');
  await page.getByLabel('To').fill('2020-01-02');
  await page.getByRole('button', { name: 'Apply' }).click();
  await row.waitFor({ state: 'detached' });

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV (feedback)' }).click();
  const csv = await (await download).createReadStream().then((s) => s.toArray()).then((b) => Buffer.concat(b).toString());
  assert.match(csv, /^createdAt,source,path,helpful,comment,status\r\n/);
  await page.close();
});
