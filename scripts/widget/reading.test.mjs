// Time on page and scroll depth: the widget's page_engagement reports, on a long page whose
// clock the test moves (playwright's page.clock: no sleeps) and whose visibility it sets, as a
// tab switch does (document.visibilityState and a visibilitychange event; headless chromium
// never hides a page by itself).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startSite, docsPage, launch, waitFor, recordBeacons, runID, admin } from './lib.mjs';

let browser;
const prefix = `/reading-${runID()}`;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** A page about five times the window's height. */
const longPage = (x) => docsPage('A long page', x).replace('</main>', '<div style="height:3600px">The rest of the page.</div></main>');

/** Opens path on site with a paused clock and a settable visibility, recording the beacons. */
async function openPaused(site, path) {
  const page = await browser.ctx.newPage();
  const sent = await recordBeacons(page);
  await page.addInitScript(() => {
    let state = 'visible';
    Object.defineProperty(Document.prototype, 'visibilityState', { configurable: true, get: () => state });
    Object.defineProperty(Document.prototype, 'hidden', { configurable: true, get: () => state === 'hidden' });
    window.lecternTestShow = (s) => { state = s; document.dispatchEvent(new Event('visibilitychange')); };
  });
  // The installed clock runs until it is paused, so the pause is set an hour after it: pausing at
  // the install time itself fails ("Cannot fast-forward to the past") once a busy machine has let
  // a millisecond pass between the two calls.
  await page.clock.install({ time: new Date('2026-11-27T09:00:00Z') });
  await page.clock.pauseAt(new Date('2026-11-27T10:00:00Z'));
  await page.goto(site.origin + path);
  await page.getByRole('button', { name: 'Ask AI' }).waitFor();
  await waitFor('the page view', () => sent.some((e) => e.type === 'page_view' && e.path === path));
  return { page, sent };
}

/** Scrolls so that the bottom of the window is at pct percent of the page (100: the end). */
const scrollTo = (page, pct) => page.evaluate((p) => {
  const h = document.documentElement.scrollHeight;
  scrollTo(0, Math.max(0, h * p / 100 - innerHeight));
  document.dispatchEvent(new Event('scroll')); // at once, not at the next frame
}, pct);
const show = (page, state) => page.evaluate((s) => window.lecternTestShow(s), state);
const navigate = async (page, path) => {
  await page.evaluate((p) => history.pushState({}, '', p), path);
  await page.clock.runFor(0); // the widget follows the history in a task of its own, at once
};
const reports = (sent) => sent.filter((e) => e.type === 'page_engagement').map((e) => [e.path, e.engagedMs, e.scrollDepth]);

test('time on page and scroll depth: a report when the page is hidden or left, the hidden time left out, another after a return only for more', async () => {
  const site = await startSite('', longPage);
  try {
    const [a, b, c] = ['a', 'b', 'c'].map((x) => `${prefix}/${x}`);
    const { page, sent } = await openPaused(site, a);
    const top = await page.evaluate(() => Math.round(innerHeight / document.documentElement.scrollHeight * 100));

    // a: 4 s at the top, scrolled to half the page, 6 s more, then another tab for a minute.
    await page.clock.runFor(4000);
    await scrollTo(page, 50);
    await page.clock.runFor(6000);
    await show(page, 'hidden');
    await waitFor('the report of a', () => reports(sent).length === 1);
    await page.clock.runFor(60_000);
    // Back for 2 s without scrolling further, then the app goes to b: nothing new to report.
    await show(page, 'visible');
    await page.clock.runFor(2000);
    await scrollTo(page, 0); // the app shows b from its top
    await navigate(page, b);
    await waitFor('the page view of b', () => sent.some((e) => e.type === 'page_view' && e.path === b));

    // b: 3 s at the top, hidden for two minutes, back for 4 s to read it to the end, then c.
    await page.clock.runFor(3000);
    await show(page, 'hidden');
    await page.clock.runFor(120_000);
    await show(page, 'visible');
    await page.clock.runFor(4000);
    await scrollTo(page, 100);
    await page.clock.runFor(0);
    await scrollTo(page, 0); // c from its top
    await navigate(page, c);
    await waitFor('the page view of c and the reports of b', () => sent.some((e) => e.type === 'page_view' && e.path === c) && reports(sent).length === 3);

    const got = reports(sent);
    assert.ok(Math.abs(got[0][2] - 50) <= 1, `a's depth ${got[0][2]}; want about 50`);
    assert.deepEqual(got.map(([p, ms, d], i) => [p, ms, i === 0 ? 50 : d]), [[a, 10_000, 50], [b, 3000, top], [b, 4000, 100]]);

    // c is left for good, as a closing tab goes: hidden, then pagehide; one report.
    await page.clock.runFor(1500);
    await show(page, 'hidden');
    await page.evaluate(() => dispatchEvent(new Event('pagehide')));
    await waitFor("c's report", () => reports(sent).length === 4);
    await page.evaluate(() => dispatchEvent(new Event('pagehide')));
    assert.deepEqual(reports(sent).slice(3), [[c, 1500, top]]);
    await page.close();

    // The engagement route has a's reading (the reports reach the store as any beacon's events).
    await waitFor('the readings of a in the engagement pages', async () => {
      const day = new Date().toISOString().slice(0, 10), next = new Date(Date.now() + 864e5).toISOString().slice(0, 10);
      const p = await admin(`engagement/pages?dateFrom=${day}&dateTo=${next}&limit=250`);
      const row = p.pages.find((r) => r.path === b);
      return row && row.readings === 1 && row.medianTimeOnPageMs === 7000 && row.medianScrollDepth === 100 && row.readThroughRate === 1;
    });
  } finally {
    await site.close();
  }
});
