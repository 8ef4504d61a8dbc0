// The reader's selection and code blocks as the assistant's context, as Mintlify's assistant takes
// them: "Add to assistant" near selected text, "Ask about this code" under a code block, the
// attached items shown (removable) in the Ask AI dialog and sent with the next question only,
// the data- attributes that turn either off, and the bound of one item's value.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startSite, docsPage, launch, screenshot, runID } from './lib.mjs';

let site, browser;
const prefix = `/context-${runID()}`;
const PARA = 'Run the whole test suite with one command.';
before(async () => { site = await startSite(); browser = await launch(); });
after(async () => { await browser?.close(); await site?.close(); });

/** Opens path and records the bodies of the assistant requests the widget sends. */
async function open(on, path) {
  const page = await browser.ctx.newPage();
  const asks = [];
  page.on('request', (r) => { if (r.url().includes('/assistant/') && r.url().endsWith('/message')) asks.push(JSON.parse(r.postData())); });
  await page.goto(on.origin + path);
  await page.getByRole('button', { name: 'Ask AI' }).waitFor();
  return { page, asks };
}

/** Asks question in the open dialog; returns the reply's status once it has ended. */
async function ask(page, question) {
  const dialog = page.getByRole('dialog', { name: 'Ask AI' });
  const res = page.waitForResponse((r) => r.url().endsWith('/message'));
  await dialog.getByRole('textbox', { name: 'Ask a question' }).fill(question);
  await dialog.getByRole('button', { name: 'Send' }).click();
  const status = (await res).status();
  await dialog.getByRole('button', { name: 'Stop' }).waitFor({ state: 'hidden' });
  return status;
}

/** Selects the text of the first element matching sel, and resolves once the page has seen the
 *  selection change (the widget's listener, added before, has run by then). */
function select(page, sel) {
  return page.evaluate((sel) => new Promise((ok) => {
    document.addEventListener('selectionchange', () => ok(), { once: true });
    const r = document.createRange();
    r.selectNodeContents(document.querySelector(sel));
    getSelection().removeAllRanges();
    getSelection().addRange(r);
  }), sel);
}

test('context: selected text, Tab to "Add to assistant", Enter: the dialog shows it and the next question carries it as a textSelection, the one after does not', async () => {
  const { page, asks } = await open(site, `${prefix}/selection`);
  // A reader selecting the paragraph with the mouse (a triple click), then the keyboard.
  await page.locator('main p').click({ clickCount: 3 });
  const add = page.getByRole('button', { name: 'Add to assistant' });
  await add.waitFor();
  const [box, para] = [await add.boundingBox(), await page.locator('main p').boundingBox()];
  assert.ok(box.y >= para.y && box.y < para.y + para.height + 60, `the control is near the selection (${box.y}, paragraph at ${para.y})`);
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.shadowRoot?.activeElement?.textContent), 'Add to assistant', 'Tab from the selection reaches the control');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Ask AI' });
  await dialog.waitFor();
  const attached = dialog.getByRole('group', { name: 'Attached to your next question' });
  assert.equal(await attached.getByRole('listitem').count(), 1);
  assert.match(await attached.getByRole('listitem').innerText(), new RegExp(PARA.replace(/\./g, '\\.')));
  assert.equal(await attached.getByRole('button', { name: 'Remove' }).count(), 1);
  assert.equal(await page.getByRole('button', { name: 'Add to assistant' }).count(), 0, 'the control is hidden once used');
  await screenshot(page, 'widget-context.png', { fullPage: false });
  assert.equal(await ask(page, 'What does this sentence mean?'), 200);
  assert.deepEqual(asks.at(-1).context, [{ type: 'textSelection', value: PARA, path: `${prefix}/selection` }]);
  assert.equal(await attached.isVisible(), false, 'nothing shown as attached after the question');
  assert.equal(await ask(page, 'And how long does it take?'), 200);
  assert.equal(asks.at(-1).context, undefined, 'the item went with one question only');
  await page.close();
});

test('context: "Ask about this code" attaches the block as a code item; a removed item is not sent', async () => {
  const { page, asks } = await open(site, `${prefix}/code`);
  await page.getByRole('button', { name: 'Ask about this code' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ask AI' });
  const attached = dialog.getByRole('group', { name: 'Attached to your next question' });
  await attached.getByText('make test').waitFor();
  assert.equal(await dialog.getByRole('textbox', { name: 'Ask a question' }).evaluate((t) => t.getRootNode().activeElement === t), true, 'the question box has focus');
  assert.equal(await ask(page, 'What does this command do?'), 200);
  assert.deepEqual(asks.at(-1).context, [{ type: 'code', value: 'make test', path: `${prefix}/code` }]);
  // Closing the dialog returns focus to the code block's control; attached, then removed.
  await dialog.getByRole('button', { name: 'Close' }).click();
  assert.equal(await page.evaluate(() => document.activeElement?.shadowRoot?.activeElement?.textContent), 'Ask about this code');
  await page.getByRole('button', { name: 'Ask about this code' }).click();
  await attached.getByRole('button', { name: 'Remove' }).click();
  assert.equal(await attached.isVisible(), false);
  assert.equal(await ask(page, 'Which shell runs it?'), 200);
  assert.equal(asks.at(-1).context, undefined, 'a removed item is not sent');
  await page.close();
});

test('context: data-ask-selection="false" and data-ask-code="false" turn the two controls off', async () => {
  const off = await startSite('data-ask-selection="false" data-ask-code="false"');
  try {
    const { page } = await open(off, `${prefix}/off`);
    await page.getByRole('button', { name: 'Feedback on this code' }).waitFor(); // the code block's buttons are there
    assert.equal(await page.getByRole('button', { name: 'Ask about this code' }).count(), 0);
    await select(page, 'main p');
    assert.equal(await page.evaluate(() => getSelection().toString()), PARA);
    assert.equal(await page.getByRole('button', { name: 'Add to assistant' }).count(), 0);
    await page.close();
  } finally {
    await off.close();
  }
  // The same page with them on: the selection shows the control (the check above can fail).
  const { page } = await open(site, `${prefix}/on`);
  await select(page, 'main p');
  assert.equal(await page.getByRole('button', { name: 'Add to assistant' }).count(), 1);
  await screenshot(page, 'widget-selection.png', { fullPage: false });
  await page.close();
});

test('context: a code block over the bound is cut to the 20000 characters the assistant accepts, and the dialog says so; of eleven items the last ten are sent', async () => {
  // 20005 characters outside the BMP: 40010 UTF-16 units; the assistant counts characters.
  const code = '😀'.repeat(20005);
  const big = await startSite('', (x) => docsPage('Big block', x).replace('<code class="language-bash">make test</code>', `<code>${code}</code>`));
  try {
    const { page, asks } = await open(big, `${prefix}/big`);
    await page.getByRole('button', { name: 'Ask about this code' }).click();
    const attached = page.getByRole('dialog', { name: 'Ask AI' }).getByRole('group', { name: 'Attached to your next question' });
    await attached.getByText('Shortened to the first 20,000 characters').waitFor();
    assert.equal(await ask(page, 'Why so many faces?'), 200);
    const sent = asks.at(-1).context;
    assert.equal(sent.length, 1);
    assert.equal(Array.from(sent[0].value).length, 20000);
    assert.equal(sent[0].value, '😀'.repeat(20000));
    await page.close();
  } finally {
    await big.close();
  }
  // Eleven blocks attached (the dialog is modal, so each block's button is clicked by script):
  // the request holds the last ten, as the assistant takes at most ten items.
  const blocks = Array.from({ length: 11 }, (_, i) => `<pre><code>echo ${i + 1}</code></pre>`).join('');
  const many = await startSite('', (x) => docsPage('Many blocks', x).replace('<pre data-filename="test.sh"><code class="language-bash">make test</code></pre>', blocks));
  try {
    const { page, asks } = await open(many, `${prefix}/many`);
    await page.getByRole('button', { name: 'Ask about this code' }).nth(10).waitFor();
    await page.evaluate(() => document.querySelectorAll('pre + span').forEach((s) => [...s.shadowRoot.querySelectorAll('button')]
      .find((b) => b.textContent === 'Ask about this code').click()));
    const attached = page.getByRole('dialog', { name: 'Ask AI' }).getByRole('group', { name: 'Attached to your next question' });
    assert.equal(await attached.getByRole('listitem').count(), 10);
    assert.equal(await ask(page, 'What do these print?'), 200);
    assert.deepEqual(asks.at(-1).context.map((c) => c.value), Array.from({ length: 10 }, (_, i) => `echo ${i + 2}`));
    await page.close();
  } finally {
    await many.close();
  }
});
