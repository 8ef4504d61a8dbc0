// The widget on a single-page app, as Mintlify's sites are: following a link or switching the
// language changes the path (history.pushState) and <html lang> without a reload. The widget's
// words, direction, the path its questions, searches and page views name, and the page views
// themselves follow the page the reader is on.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startSite, docsPage, launch, waitFor, viewsOf, recordBeacons, widgetWords, runID } from './lib.mjs';

let browser;
const prefix = `/spa-${runID()}`;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** A site whose pages have the given lang attribute (none when null). */
const siteIn = (lang, extra = 'data-search="true"') => startSite(extra, (x) => docsPage('Running the tests', x)
  .replace('<html lang="en">', lang === null ? '<html>' : `<html lang="${lang}">`));

/** Opens path on site (in browser unless on is given), recording the beacons' events; ready is
 *  the Ask AI button's name. */
async function openOn(site, path, ready, on = browser) {
  const page = await on.ctx.newPage();
  const sent = await recordBeacons(page);
  await page.goto(site.origin + path);
  await page.getByRole('button', { name: ready }).waitFor();
  return { page, sent };
}

/** What a single-page app does when the reader follows a link: the new path in the history,
 *  then the new page's language on <html> (lang undefined: unchanged; null: removed). */
const navigate = (page, path, lang) => page.evaluate(([p, l]) => {
  history.pushState({}, '', p);
  const html = document.documentElement;
  if (l === null) html.removeAttribute('lang');
  else if (l !== undefined) { html.lang = l; html.dir = /^(ar|he)/.test(l) ? 'rtl' : 'ltr'; }
}, [path, lang]);

const pageViews = (sent) => sent.filter((e) => e.type === 'page_view').map((e) => [e.path, e.referrer]);

test('a language switch without a reload: the words, the direction, currentPath and the page view follow; the open thread keeps its messages', async () => {
  const site = await siteIn('en');
  try {
    const en = `${prefix}/guides/run`, ja = `/ja${prefix}/guides/run`, ar = `/ar${prefix}/guides/run`;
    const { page, sent } = await openOn(site, en, 'Ask AI');
    const asks = [], searches = [];
    page.on('request', (r) => {
      if (r.url().includes('/message')) asks.push(JSON.parse(r.postData()));
      if (r.url().includes('/discovery/v1/search/')) searches.push(JSON.parse(r.postData()));
    });
    const dialog = page.getByRole('dialog');
    await page.getByRole('button', { name: 'Ask AI' }).click();
    await dialog.getByRole('textbox', { name: 'Ask a question' }).fill('How do I run the tests?');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.getByRole('button', { name: 'Good answer' }).waitFor();
    const answer = await dialog.locator('.a').first().innerText();
    await dialog.getByRole('button', { name: 'Close' }).click();

    for (const c of [
      { path: ja, lang: 'ja', ask: 'AIに質問', helpful: 'このページは役に立ちましたか？', search: 'ドキュメントを検索', code: 'このコードへのフィードバック', dir: 'ltr' },
      { path: ar, lang: 'ar', ask: 'اسأل الذكاء الاصطناعي', helpful: 'هل كانت هذه الصفحة مفيدة؟', search: 'ابحث في الوثائق', code: 'ملاحظات على هذه الشيفرة', dir: 'rtl' },
    ]) {
      await navigate(page, c.path, c.lang);
      await page.getByRole('button', { name: c.ask }).waitFor();
      await page.getByRole('group', { name: c.helpful }).waitFor();
      await page.getByRole('searchbox', { name: c.search }).waitFor();
      await page.getByRole('button', { name: c.code }).waitFor();
      const got = await widgetWords(page);
      assert.deepEqual([got.lang, got.dir], [c.lang, c.dir], c.path);
      const english = got.words.filter((w) => ['Ask AI', 'Send', 'Close', 'Was this page helpful?', 'Yes', 'No', 'Copy', 'Copy this code', 'Search the docs'].includes(w));
      assert.deepEqual(english, [], `${c.lang}: English words left`);
    }
    // The thread asked on the English page is still there, under the Arabic dialog's words.
    await page.getByRole('button', { name: 'اسأل الذكاء الاصطناعي' }).click();
    assert.deepEqual([await dialog.locator('.q').allInnerTexts(), await dialog.locator('.a').first().innerText()], [['How do I run the tests?'], answer]);
    assert.equal(await dialog.locator('.src .msg').first().innerText(), 'المصادر', 'the labels of the thread follow the language');
    await dialog.getByRole('textbox', { name: 'اطرح سؤالاً' }).fill('And only the Go tests?');
    await dialog.getByRole('button', { name: 'إرسال' }).click();
    await dialog.getByRole('button', { name: 'إجابة جيدة' }).nth(1).waitFor();
    assert.deepEqual(asks.map((a) => a.currentPath), [en, ar], 'each question names the page it was asked on');
    assert.ok(asks[1].threadId, 'the question continues the thread');
    await dialog.getByRole('button', { name: 'إغلاق' }).click();
    // The dialog's close event, a task of its own after the click, gives the focus back to the
    // opener: wait for it, or it can land between the search box's focus and the Enter below
    // (playwright's press is two steps), and the Enter goes to the opener (seen once in CI).
    const opener = page.getByRole('button', { name: 'اسأل الذكاء الاصطناعي' });
    await waitFor('the focus back on the opener', () => opener.evaluate((b) => b.getRootNode().activeElement === b));
    await page.getByRole('searchbox', { name: 'ابحث في الوثائق' }).fill('run the tests');
    await page.getByRole('searchbox', { name: 'ابحث في الوثائق' }).press('Enter');
    await waitFor('the search request', () => searches.length === 1);
    assert.equal(searches[0].currentPath, ar, 'the search is scoped to the page the reader is on');

    await waitFor('three page views', () => pageViews(sent).length === 3);
    assert.deepEqual(pageViews(sent), [[en, undefined], [ja, site.origin + en], [ar, site.origin + ja]]);
    await waitFor(`${ar} in views`, async () => (await viewsOf(ar)) === 1);
    await page.close();
  } finally {
    await site.close();
  }
});

test('a page without lang: the language code that starts the path is followed from page to page', async () => {
  const site = await siteIn(null, '');
  try {
    const { page } = await openOn(site, `${prefix}/guides/run`, 'Ask AI');
    for (const [path, ask, lang] of [[`/es${prefix}/guides/run`, 'Preguntar a la IA', 'es'], [`/de${prefix}/guides/run`, 'KI fragen', 'de'], [`${prefix}/guides/other`, 'Ask AI', 'en']]) {
      await navigate(page, path);
      await page.getByRole('button', { name: ask }).waitFor();
      assert.equal((await widgetWords(page)).lang, lang, path);
    }
    // data-lang stays the widget's language whatever the page does.
    const fixed = await startSite('data-lang="fr"', (x) => docsPage('Running the tests', x));
    try {
      const f = await openOn(fixed, `${prefix}/fixed`, "Demander à l'IA");
      await navigate(f.page, `/ja${prefix}/fixed`, 'ja');
      await f.page.evaluate(() => new Promise((ok) => setTimeout(ok, 0))); // the widget's navigation task runs first
      assert.equal((await widgetWords(f.page)).lang, 'fr');
      await f.page.getByRole('button', { name: "Demander à l'IA" }).waitFor();
      await f.page.close();
    } finally {
      await fixed.close();
    }
    await page.close();
  } finally {
    await site.close();
  }
});

test('pushState, a hash, replaceState and back: one page view per page with its path and referrer; engagement events name the page they happened on', async () => {
  const site = await siteIn('en', '');
  try {
    const [a, b, c] = ['a', 'b', 'c'].map((x) => `${prefix}/views-${x}`);
    const { page, sent } = await openOn(site, a, 'Ask AI');
    await waitFor('the first page view', () => pageViews(sent).length === 1);
    await navigate(page, b);
    await waitFor('the second page view', () => pageViews(sent).length === 2);
    // A copy on b waits up to 2 s to share a beacon; the URL changes meanwhile.
    await page.getByRole('button', { name: 'Copy this code' }).click();
    await page.getByText('Copied').waitFor();
    await page.evaluate(([b, c]) => {
      history.pushState({}, '', `${b}#usage`); // the same page: no view
      history.replaceState({}, '', `${b}?tab=go`); // the same page: no view
      history.replaceState({}, '', c); // the page's URL changes (a redirect): the same page, counted as b
    }, [b, c]);
    await page.evaluate(() => history.back()); // back to b: c's entry was b's, so b again, coming from c
    await waitFor('the page view of the way back', () => pageViews(sent).length === 3);
    await page.evaluate(() => history.back()); // back to a
    await waitFor('the page view of a again', () => pageViews(sent).length === 4);
    await page.evaluate(() => dispatchEvent(new CustomEvent('lectern:event', { detail: { type: 'menu_action', action: 'copy' } })));
    await waitFor('the engagement events', () => sent.some((e) => e.type === 'code_copy') && sent.some((e) => e.type === 'menu_action'));
    assert.deepEqual(pageViews(sent), [[a, undefined], [b, site.origin + a], [b, site.origin + c], [a, site.origin + b]]);
    assert.deepEqual(sent.filter((e) => e.type !== 'page_view' && e.type !== 'page_engagement').map((e) => [e.type, e.path]), [['code_copy', b], ['menu_action', a]]);
    // Each page left reported its time on page, under its own path (reading.test.mjs checks the figures).
    assert.deepEqual(sent.filter((e) => e.type === 'page_engagement').map((e) => e.path), [a, b, b]);
    await waitFor('the views route', async () => (await viewsOf(a)) === 2 && (await viewsOf(b)) === 2);
    assert.equal(await viewsOf(c), 0);
    await page.close();
  } finally {
    await site.close();
  }
});

test('a page the back/forward cache restores is a page view again, as a reload would be', async () => {
  const site = await siteIn('en', '');
  // playwright turns chromium's back/forward cache off by default
  const cached = await launch({ ignoreDefaultArgs: ['--disable-back-forward-cache'] });
  try {
    const [a, b] = ['a', 'b'].map((x) => `${prefix}/bfcache-${x}`);
    const { page, sent } = await openOn(site, a, 'Ask AI', cached);
    await page.evaluate(() => addEventListener('pageshow', (e) => { window.lecternTestRestored = e.persisted; }));
    await waitFor('the first page view', () => pageViews(sent).length === 1);
    await page.goto(site.origin + b); // another document
    await page.getByRole('button', { name: 'Ask AI' }).waitFor();
    await page.goBack({ waitUntil: 'commit' }); // a restored page fires no load event
    await waitFor('the page restored from the back/forward cache', () => page.evaluate(() => window.lecternTestRestored === true));
    await waitFor('three page views', () => pageViews(sent).length === 3);
    assert.deepEqual(pageViews(sent).map(([p]) => p), [a, b, a]);
  } finally {
    await cached.close();
    await site.close();
  }
});
