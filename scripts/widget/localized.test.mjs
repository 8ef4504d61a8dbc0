// The page's own copy buttons and contextual menu on a localized page: told by their structure
// and attributes, not by English words. The page is built from Mintlify's documented markup (no
// rendered localized Mintlify page was at hand): the code block of @mintlify/components
// (packages/components/src/components/code-block/code-block.tsx and copy-button.tsx: the
// header's data-component-part, the copy button's data-testid="copy-code-button" inside the
// .code-block-copy-button wrapper, the feedback and Ask AI buttons beside it, ids from
// customize/custom-scripts.mdx), and #page-context-menu with the options of
// ai/contextual-menu.mdx. The Spanish and Japanese labels are this test's own translations, and
// so is the markup of the Devin, MCP install command and assistant options, which the docs do
// not show: a link to Devin whose address names MCP (devin-mcp), the command npx add-mcp in an
// attribute (add-mcp), and aria-controls naming Mintlify's #chat-assistant-sheet (assistant).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { config, startSite, launch, waitFor, recordBeacons, runID } from './lib.mjs';

let browser;
const prefix = `/localized-${runID()}`;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const icon = '<svg aria-hidden="true" width="16" height="16"><rect width="16" height="16"/></svg>';

/** Mintlify's code block: a header with the file name, then feedback, copy and Ask AI buttons
 *  (copy is the argument: the page's copy button, or none). */
const mintlifyBlock = (copy, lang, code) => `<div class="code-block mt-5 mb-8 not-prose rounded-2xl relative group">
<div class="flex rounded-t-[14px] py-1 pr-2.5 pl-4" data-component-part="code-block-header">
<div class="flex flex-none items-center gap-1.5" data-component-part="code-block-header-filename">ejemplo.${lang}</div>
<div class="flex flex-1 items-center justify-end gap-1.5">
<button type="button" id="code-snippet-feedback-button" aria-label="Enviar comentarios sobre este código">${icon}</button>
${copy}
<button type="button" id="ask-assistant-code-block-button" aria-label="Preguntar al asistente sobre este código">${icon}</button>
</div></div>
<pre><code class="language-${lang}">${code}</code></pre></div>`;

// The blocks, each with one way a copy button is told (or none): what the widget should see.
const BLOCKS = [
  { why: "Mintlify's copy button (data-testid, its wrapper's class), its label in Spanish", own: true, lang: 'python', code: 'print("hola")',
    copy: `<div class="relative z-10 select-none code-block-copy-button"><button aria-label="Copiar el contenido del bloque de código" class="peer group/copy-button flex size-[26px] items-center justify-center rounded-md backdrop-blur" data-testid="copy-code-button" type="button">${icon}</button><div aria-hidden="true" class="absolute top-11 left-1/2 opacity-0 peer-hover:opacity-100">Copiar</div></div>` },
  { why: 'an icon button labelled in Japanese only', own: true, lang: 'bash', code: 'make test',
    copy: `<button type="button" aria-label="コードをコピー">${icon}</button>` },
  { why: 'a clipboard.js button (data-clipboard-target), its title in German without the word', own: true, lang: 'go', code: 'go test ./...',
    copy: `<button type="button" class="btn" data-clipboard-target="#c3" title="In die Zwischenablage">${icon}</button>` },
  { why: 'no copy button: only the feedback and Ask AI buttons', own: false, lang: 'js', code: 'console.log(1)', copy: '' },
];

/** A Spanish Mintlify-like page: the contextual menu (a copy button beside its trigger, then its
 *  items, links where the option opens an address) and the code blocks of BLOCKS. */
const spanishPage = (extra) => `<!doctype html><html lang="es" data-current-path="${prefix}/guia"><head><meta charset="utf-8"><title>Guía</title></head>
<body><main><h1>Guía</h1>
<div id="page-context-menu"><button type="button">Copiar página</button><button type="button" id="page-context-menu-button" aria-haspopup="menu" aria-label="Más opciones">${icon}</button>
<div role="menu" aria-label="Acciones de la página">
<div role="menuitem" tabindex="-1">Copiar página<small>Copiar la página como Markdown para LLMs</small></div>
<a role="menuitem" href="${prefix}/guia.md">Ver como texto plano<small>Ver esta página como texto sin formato</small></a>
<a role="menuitem" href="https://chatgpt.com/?hints=search&amp;q=Lee+https%3A%2F%2Fdocs.example.com%2Fguia.md">Abrir en ChatGPT<small>Haz preguntas sobre esta página</small></a>
<div role="menuitem" tabindex="-1">Copiar la URL del servidor MCP<small>Copia la URL del servidor MCP al portapapeles</small></div>
<a role="menuitem" href="cursor://anysphere.cursor-deeplink/mcp/install?name=docs&amp;config=e30%3D">Conectar con el editor<small>Instalar el servidor MCP</small></a>
<div role="menuitem" tabindex="-1">ページをコピー</div>
<a role="menuitem" href="https://app.devin.ai/?prompt=Lee+https%3A%2F%2Fdocs.example.com%2Fguia.md">Abrir en Devin<small>Crear una sesión con esta página</small></a>
<a role="menuitem" href="https://app.devin.ai/settings/mcp-marketplace/setup?url=https%3A%2F%2Fdocs.example.com%2Fmcp">Conectar con Devin<small>Instalar el servidor en Devin</small></a>
<div role="menuitem" tabindex="-1" data-copy="npx add-mcp https://docs.example.com/mcp">MCPのインストールコマンドをコピー</div>
<div role="menuitem" tabindex="-1" aria-controls="chat-assistant-sheet">Preguntar al asistente<small>Abrir el asistente con esta página</small></div>
</div></div>
${BLOCKS.map((b) => mintlifyBlock(b.copy, b.lang, b.code)).join('\n')}
</main>
<script>document.addEventListener('click', (e) => { if (e.target.closest('a')) e.preventDefault(); });</script>
<script src="${config.url}/widget.js" data-domain="${config.domain}" data-key="${config.assistantKey}" ${extra} defer></script>
</body></html>`;

test('a localized page: its own copy buttons are told by their attributes or a label in another language, and its menu actions by address and name', async () => {
  const site = await startSite('', spanishPage);
  try {
    const page = await browser.ctx.newPage();
    const sent = await recordBeacons(page);
    const path = `${prefix}/guia`;
    await page.goto(site.origin + path);
    await page.getByRole('button', { name: 'Preguntar a la IA' }).waitFor();

    // The widget's Copy button goes only where the block has no copy button of its own.
    const mine = await page.evaluate(() => [...document.querySelectorAll('pre')].map((pre) => {
      const s = pre.nextElementSibling && pre.nextElementSibling.shadowRoot;
      return Boolean(s && s.querySelector('button[aria-label]'));
    }));
    assert.deepEqual(mine.map((m, i) => [BLOCKS[i].why, m]), BLOCKS.map((b) => [b.why, !b.own]));

    // A click on each block's own copy button is a copy of that block; the feedback and Ask AI
    // buttons are not; the widget's Copy button copies the block without one.
    const blocks = page.locator('div.code-block');
    await blocks.nth(0).getByTestId('copy-code-button').click();
    await blocks.nth(1).getByRole('button', { name: 'コードをコピー' }).click();
    await blocks.nth(2).locator('[data-clipboard-target]').click();
    for (let i = 0; i < BLOCKS.length; i++) {
      await blocks.nth(i).locator('#code-snippet-feedback-button').click();
      await blocks.nth(i).locator('#ask-assistant-code-block-button').click();
    }
    await page.getByRole('button', { name: 'Copiar este código' }).click();
    await page.getByText('Copiado', { exact: true }).waitFor();

    await page.locator('#page-context-menu > button').first().click();
    await page.locator('#page-context-menu-button').click(); // the trigger: no action
    for (const item of await page.getByRole('menuitem').all()) await item.click();

    await page.evaluate(() => dispatchEvent(new Event('pagehide'))); // sends what waits
    await waitFor('the copies and menu actions', () => sent.filter((e) => e.type === 'code_copy').length === 4 &&
      sent.filter((e) => e.type === 'menu_action').length === 11);
    assert.deepEqual(sent.filter((e) => e.type === 'code_copy').map((e) => [e.path, e.block, e.lang]),
      BLOCKS.map((b, i) => [path, i + 1, b.lang]));
    assert.deepEqual(sent.filter((e) => e.type === 'menu_action').map((e) => e.action),
      ['copy', 'copy', 'view', 'chatgpt', 'mcp', 'cursor', 'copy', 'devin', 'devin-mcp', 'add-mcp', 'assistant']);
    await page.close();
  } finally {
    await site.close();
  }
});
