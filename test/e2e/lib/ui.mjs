// The UI suite: what a person sees in VS Code (code-server), through the DOM with Playwright. Each
// step is a function of a shared context ({ page, shot }); they run in order, each one starting
// where the previous one left the workbench. Selectors: the workbench's (verified on VS Code 1.139)
// and, inside the preview webview, text first (era names, key names, counts).
import assert from "node:assert/strict";

/** The webview of the preview: outer iframe (VS Code's host) → inner iframe (our document). */
const webview = (page) => page.frameLocator("iframe.webview.ready").frameLocator("iframe#active-frame");
/** An era column of the preview, found by its heading text. */
const column = (page, era) => webview(page).locator("section").filter({ hasText: new RegExp(`^\\s*${era}`) });
const editorLine = (page, text) => page.locator(".editor-instance .view-line").filter({ hasText: text });
/** One token of the editor (the innermost span), by its exact text. */
const token = (page, text) => page.locator(".editor-instance .view-line > span > span").filter({ hasText: new RegExp(`^${text}$`) });
const lens = (page, text) => page.locator(".monaco-editor .codelens-decoration a").filter({ hasText: text });

async function palette(page, command) {
  await page.keyboard.press("F1");
  const input = page.locator(".quick-input-widget input");
  await input.waitFor();
  await input.fill(`>${command}`);
  await page.locator(".quick-input-list .monaco-list-row").filter({ hasText: command }).first().waitFor();
  await page.keyboard.press("Enter");
  await page.locator(".quick-input-widget").waitFor({ state: "hidden" });
}

/** Cosmetic waits before a picture: the TypeScript service's "Initializing" status gone (best effort). */
async function settle(page) {
  await page
    .locator(".statusbar-item")
    .filter({ hasText: /Initializing|Loading/ })
    .first()
    .waitFor({ state: "detached", timeout: 20000 })
    .catch(() => {});
}

/** Drags a sash (found by `locator`) by dx, dy; false when there is no such sash. */
async function dragSash(page, locator, dx, dy) {
  const box = await locator.boundingBox().catch(() => null);
  if (!box) return false;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx, y + dy, { steps: 8 });
  await page.mouse.up();
  return true;
}

async function hoverUntil(page, target, expected) {
  const hover = page.locator(".monaco-hover").filter({ hasText: expected });
  // Moving away cancels the hover's request: later tries wait longer for a loaded machine's answer.
  for (const wait of [5000, 5000, 10000, 15000, 20000, 30000]) {
    await page.mouse.move(5, 5);
    await target.hover();
    try {
      await hover.first().waitFor({ timeout: wait });
      return hover.first();
    } catch {
      /* the language server may still be starting: move away and back */
    }
  }
  throw new Error(`no hover with ${JSON.stringify(expected)}`);
}

/** Quick Open (the palette without its ">") on a workspace file, until a line of it is shown. */
async function quickOpen(page, path, lineText) {
  await page.keyboard.press("Escape");
  await page.keyboard.press("F1");
  const input = page.locator(".quick-input-widget input");
  await input.waitFor();
  await input.fill(path);
  const name = path.slice(path.lastIndexOf("/") + 1);
  await page.locator(".quick-input-list .monaco-list-row").filter({ hasText: name }).first().waitFor();
  await page.keyboard.press("Enter");
  await editorLine(page, lineText).first().waitFor();
}

/** A token (exact text) on the editor line that contains `lineText`. */
const tokenOn = (page, lineText, text) => editorLine(page, lineText).locator("span > span").filter({ hasText: new RegExp(`^${text}$`) }).first();
/**
 * Places the cursor on a token by clicking it. The editor redraws a line's spans when lenses, squiggles
 * or decorations arrive, and a span found just before can be gone by the click ("Element is not
 * visible"): the token is looked up again, visible, for each of a few tries.
 */
async function clickToken(page, lineText, text) {
  let last;
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const token = tokenOn(page, lineText, text);
      await token.waitFor({ state: "visible", timeout: 30000 });
      await token.click({ force: true, timeout: 10000 });
      return;
    } catch (e) {
      last = e;
      await page.waitForTimeout(500);
    }
  }
  throw last;
}

/** All code lens titles of the visible editor, once one of them reads `first`. */
async function lensTitles(page, first) {
  await lens(page, first).first().waitFor({ timeout: 90000 });
  return (await page.locator(".monaco-editor .codelens-decoration a").allTextContents()).map((t) => t.trim());
}

/** Clicks a lens until the preview shows `heading` (lenses are replaced when the server refreshes them). */
async function openPreviewFromLens(page, title, heading) {
  const h1 = webview(page).locator("h1").filter({ hasText: new RegExp(`^${heading}$`) });
  for (let i = 0; ; i++) {
    await lens(page, title).first().click();
    try {
      await h1.first().waitFor({ timeout: 10000 });
      return;
    } catch (err) {
      if (i === 2) throw err;
    }
  }
}

/**
 * Ctrl+. at the cursor until the quick fix menu shows `entry` (a locator in it), which it returns. On
 * a loaded machine a Ctrl+. can go unanswered (the actions are still being computed), as a hover can.
 */
async function quickFixMenu(page, entry) {
  // A menu opened before the code actions of a fresh diagnostic arrive never gains the entry, so the
  // first tries are short; but closing the menu cancels its request, and on a loaded machine the
  // answer can take longer than a short try, so later tries wait longer (about two minutes in all).
  const waits = [5000, 5000, 5000, 10000, 15000, 20000, 30000, 30000];
  for (let i = 0; ; i++) {
    await page.keyboard.press("Control+.");
    try {
      await entry.waitFor({ timeout: waits[i] });
      return entry;
    } catch (err) {
      if (i === waits.length - 1) throw err;
      await page.keyboard.press("Escape");
    }
  }
}

/** The hover's text, asserting each of `expected` is in it. */
async function hoverShows(page, target, first, expected) {
  const hover = await hoverUntil(page, target, first);
  const text = await hover.innerText();
  for (const s of expected) assert.ok(text.includes(s), `the hover shows ${JSON.stringify(s)}:\n${text}`);
  assert.ok(!text.includes("$dynamic"), `no $dynamic in the hover:\n${text}`);
  return text;
}

/** A framework server: lenses, hover on its construction, then the preview opened from its lens. */
/** `token`: the word of `line` to hover (the server's binding); `name`: what the hover and the preview call the server. */
function frameworkSteps({ id, file, line, token, name, tag, location, legacy, modern, shot }) {
  return [
    [
      `${tag}: the era lenses, and the hover on the server's construction names the dialect`,
      async ({ page }) => {
        await quickOpen(page, file, line);
        const titles = await lensTitles(page, legacy);
        assert.ok(titles.includes(legacy), `legacy lens among ${JSON.stringify(titles)}`);
        assert.ok(titles.some((t) => t.startsWith(modern)), `modern lens among ${JSON.stringify(titles)}`);
        assert.ok(!titles.some((t) => t.includes("$dynamic")), `no $dynamic in ${JSON.stringify(titles)}`);
        await settle(page);
        await hoverShows(page, tokenOn(page, line, token), `MCP server · ${name}`, [`${tag} dialect`, "Legacy", "initialize", "Modern", "server/discover"]);
      },
      `${shot}-${id}-hover`,
    ],
    [
      `${tag}: the preview opened from its lens shows the dialect`,
      async ({ page }) => {
        await page.keyboard.press("Escape");
        await page.mouse.move(5, 5);
        await openPreviewFromLens(page, legacy, name);
        const view = webview(page);
        await view.locator(".tag").filter({ hasText: `${tag} dialect` }).first().waitFor();
        await view.locator("button.hloc").filter({ hasText: location }).first().waitFor();
        await column(page, "Legacy").waitFor();
        assert.ok(!(await view.locator("body").innerText()).includes("$dynamic"), "no $dynamic in the preview");
      },
      `${Number(shot) + 1}-${id}-preview`,
    ],
  ];
}

export const LENS_LEGACY = "legacy: logging · resources (subscribe) · tools";
export const LENS_MODERN = "modern: logging · resources (+listChanged, subscribe) · tools (+listChanged)";
export const SDK_V1_LEGACY = "legacy: completions · prompts (listChanged) · resources (listChanged) · tools (listChanged)";
export const SDK_V1_MODERN = "modern: not served (SDK v1 answers initialize only)";
export const SDK_INEXACT_LEGACY = "legacy ≈ logging · prompts (listChanged) · tools (listChanged)";
/** The lens of a helper file (weather-alerts.ts): the server it feeds, where, and the keys it adds. */
export const HELPER_LENS = "feeds weather · weather-v1.ts:9 · tools";
/** The constructor of the server the run adds (run.mjs#addQuickFixServer), up to its arguments. */
const QUIET_CONSTRUCTOR = "export const server = new McpServer(";

/** [name, fn, screenshot name] in order. */
export const UI_STEPS = [
  [
    "the workbench opens the examples folder",
    async ({ page, url }) => {
      await page.goto(url, { timeout: 90000 }); // a loaded machine can take longer than the default 30 s
      await page.locator(".monaco-workbench").waitFor({ timeout: 90000 });
      await page.locator(".explorer-folders-view .monaco-list-row").filter({ hasText: /^\s*src\s*$/ }).waitFor({ timeout: 90000 });
    },
    "01-workbench",
  ],
  [
    "open src/inventory.ts from the explorer",
    async ({ page }) => {
      await page.locator(".explorer-folders-view .monaco-list-row").filter({ hasText: /^\s*src\s*$/ }).click();
      await page.locator(".explorer-folders-view .monaco-list-row").filter({ hasText: /^\s*inventory\.ts\s*$/ }).dblclick();
      await editorLine(page, "export class InventoryServer extends AuditBase").waitFor();
    },
    "02-editor",
  ],
  [
    "the code lenses show both eras and the misspelled handler",
    async ({ page }) => {
      await lens(page, LENS_LEGACY).waitFor({ timeout: 90000 });
      const titles = (await page.locator(".monaco-editor .codelens-decoration a").allTextContents()).map((t) => t.trim());
      assert.ok(titles.includes(LENS_LEGACY), `legacy lens among ${JSON.stringify(titles)}`);
      assert.ok(titles.includes(LENS_MODERN), `modern lens among ${JSON.stringify(titles)}`);
      // $(warning) is rendered as a codicon, the rest as text
      const problem = lens(page, "completions? (handleCompletion)");
      await problem.waitFor();
      assert.equal(await problem.locator(".codicon-warning").count(), 1, "the problem lens has a warning icon");
      await page.locator(".monaco-editor .squiggly-warning").first().waitFor();
    },
    "03-lens",
  ],
  [
    "hovering the server class shows both eras",
    async ({ page }) => {
      await settle(page);
      const hover = await hoverUntil(page, token(page, "InventoryServer").first(), "MCP server · InventoryServer");
      const text = await hover.innerText();
      for (const s of ["Legacy", "initialize", "Modern", "server/discover", "Modern adds", "resources.listChanged", "tools.listChanged"]) {
        assert.ok(text.includes(s), `the hover shows ${JSON.stringify(s)}:\n${text}`);
      }
      // for the picture: make the hover tall enough to show all of it (its bottom edge is a sash)
      await dragSash(page, page.locator(".monaco-resizable-hover .monaco-sash.orthogonal-edge-south:not(.disabled)").first(), 0, 330);
      await page.locator(".monaco-hover").filter({ hasText: "MCP server · InventoryServer" }).first().waitFor();
    },
    "04-hover",
  ],
  [
    "the Problems panel lists the misspelled handler",
    async ({ page }) => {
      await page.keyboard.press("Escape");
      await page.mouse.move(5, 5);
      await palette(page, "View: Focus Problems");
      const row = page.locator(".markers-panel .monaco-list-row").filter({ hasText: "Did you mean handleComplete?" });
      await row.first().waitFor();
      await page.locator(".markers-panel .monaco-list-row").filter({ hasText: "inventory.ts" }).first().waitFor();
    },
    "05-problems",
  ],
  [
    "the quick fix menu on the typo offers the rename",
    async ({ page }) => {
      await token(page, "handleCompletion").first().click({ force: true });
      const menu = await quickFixMenu(page, page.locator(".action-widget").filter({ hasText: "Rename to handleComplete" }).first());
      const text = await menu.innerText();
      assert.ok(text.includes("Add handler stub: handleComplete(ctx, ref, argument)"), `the menu offers the stub:\n${text}`);
    },
    "06-quick-fix",
  ],
  [
    "the legacy lens opens the Capability Preview beside the editor",
    async ({ page }) => {
      await page.keyboard.press("Escape");
      const tab = page.locator(".tab").filter({ hasText: "Capabilities: InventoryServer" });
      // the lenses are re-rendered when the server refreshes them: a click can land on one being replaced
      for (let i = 0; ; i++) {
        await lens(page, LENS_LEGACY).click();
        try {
          await tab.waitFor({ timeout: 10000 });
          break;
        } catch (err) {
          if (i === 2) throw err;
        }
      }
      await column(page, "Legacy").waitFor();
    },
    "07-preview",
  ],
  [
    "the preview shows both eras and their causes",
    async ({ page }) => {
      const legacy = column(page, "Legacy");
      const modern = column(page, "Modern");
      await legacy.filter({ hasText: "3 keys" }).waitFor();
      await modern.filter({ hasText: "3 keys" }).waitFor();
      for (const k of ['"logging"', '"resources"', '"subscribe"', '"tools"', '"listChanged"']) {
        await legacy.getByText(k, { exact: true }).first().waitFor();
        await modern.getByText(k, { exact: true }).first().waitFor();
      }
      assert.ok((await legacy.innerText()).includes("handleSubscribeResource"), "legacy names the subscribe handler as the cause");
      assert.ok((await modern.innerText()).includes("modern rule"), "modern names its era rule");
      // the typo costs completions: shown as a ghost row with its cause
      assert.ok((await legacy.innerText()).includes("missing? handleCompletion"), "legacy shows the missing completions");
      // room for the picture: no panel, no side bar, and the preview wide enough for its two columns
      await palette(page, "View: Hide Panel");
      await palette(page, "View: Close Primary Side Bar");
      const sash = page.locator(".part.editor .monaco-sash.vertical:not(.disabled)").first();
      await dragSash(page, sash, -130, 0);
      await webview(page).locator("html").evaluate(() => window.scrollTo(0, 0));
      await settle(page);
      await page.mouse.move(5, 5);
      await webview(page).locator("body").hover();
    },
    "08-preview-beside",
  ],
  [
    "typing in the editor updates the preview",
    async ({ page }) => {
      const typo = token(page, "handleCompletion").first();
      // force: the text cursor, left on this word by the quick fix step, is on top of it
      await typo.dblclick({ force: true });
      await page.keyboard.type("handleComplete");
      await editorLine(page, "handleComplete(ctx, ref, argument)").waitFor();
      const legacy = column(page, "Legacy");
      const modern = column(page, "Modern");
      await legacy.filter({ hasText: "4 keys" }).waitFor();
      await modern.filter({ hasText: "4 keys" }).waitFor();
      await legacy.getByText('"completions"', { exact: true }).first().waitFor();
      assert.ok(!(await legacy.innerText()).includes("missing? handleCompletion"), "the ghost row is gone");
      await lens(page, "legacy: completions · logging").waitFor();
    },
    "09-typed",
  ],
  [
    "clicking a key in the preview lands on its cause",
    async ({ page }) => {
      // from somewhere else in the file (line 1) …
      await editorLine(page, "// Inventory MCP server").first().click({ position: { x: 40, y: 5 } });
      await page.keyboard.press("Control+Home");
      await page.locator(".statusbar-item").filter({ hasText: /Ln 1, Col/ }).waitFor();
      // … the key "subscribe" of the legacy column is set by handleSubscribeResource (line 9)
      await column(page, "Legacy").getByText('"subscribe"', { exact: true }).first().click();
      await page.locator(".statusbar-item").filter({ hasText: /Ln 9, Col \d+ \(23 selected\)/ }).waitFor();
      await page.locator(".editor-instance .selected-text").first().waitFor();
    },
    "10-reveal",
  ],
  [
    "a server whose names and keys are markup payloads renders them as text, and none of them runs",
    async ({ page }) => {
      // Quick Open (the palette without its ">") on the hostile fixture the run put in hostile/
      await page.keyboard.press("F1");
      const input = page.locator(".quick-input-widget input");
      await input.waitFor();
      await input.fill("hostile/server.ts");
      await page.locator(".quick-input-list .monaco-list-row").filter({ hasText: "server.ts" }).filter({ hasText: "hostile" }).first().waitFor();
      await page.keyboard.press("Enter");
      await editorLine(page, "export class Inventory$Server extends PayloadBase").waitFor();
      // the preview was pinned by the lens: let it follow the cursor onto the hostile server
      const view = webview(page);
      await view.getByRole("button", { name: "Follow cursor" }).click();
      await token(page, "Inventory\\$Server").first().click({ force: true });
      await view.locator("h1").filter({ hasText: "Inventory$Server" }).first().waitFor();
      const text = await view.locator("body").innerText();
      for (const payload of ["<img src=x onerror=alert(1)>", "</script><script>alert(1)</script>", "javascript:alert(1)", "window.__lensXss=1"]) {
        assert.ok(text.includes(payload), `the preview shows ${JSON.stringify(payload)} as text`);
      }
      await page.waitForTimeout(1000); // an <img onerror> would have fired by now
      const dom = await view.locator("html").evaluate(() => ({
        xss: window.__lensXss,
        handlers: document.querySelectorAll("[onerror], [onload], [onmouseover], [onfocus], [onclick]").length,
        injected: document.querySelectorAll("img, iframe, object, embed, a[href^='javascript:']").length,
        // (VS Code's webview host adds a script of its own; ours carries the nonce)
        scripts: [...document.scripts].filter((s) => /alert\(|__lensXss/.test(`${s.src} ${s.textContent}`)).length,
      }));
      assert.deepEqual(dom, { xss: undefined, handlers: 0, injected: 0, scripts: 0 }, "no payload became markup, and none ran");
    },
    "11-hostile-inert",
  ],
  [
    "SDK v1: the lenses above the server show its legacy keys, and modern as not served (a fact, not an error)",
    async ({ page }) => {
      await quickOpen(page, "src/sdk/weather-v1.ts", "export const server = new McpServer(");
      const titles = await lensTitles(page, SDK_V1_LEGACY);
      assert.ok(titles.includes(SDK_V1_LEGACY), `legacy lens among ${JSON.stringify(titles)}`);
      assert.ok(titles.includes(SDK_V1_MODERN), `modern lens among ${JSON.stringify(titles)}`);
      assert.equal(await lens(page, SDK_V1_MODERN).first().locator(".codicon-error, .codicon-warning").count(), 0, "not served has no problem icon");
    },
    "12-sdk-v1-lens",
  ],
  [
    "SDK v1: hovering a registerTool call shows what it adds, and to which era",
    async ({ page }) => {
      await quickOpen(page, "src/sdk/plugins-v1.ts", "pluginServer.registerTool(");
      await lensTitles(page, SDK_INEXACT_LEGACY);
      await settle(page);
      // The server is named after its serverInfo ("plugins"), not its variable.
      const text = await hoverShows(page, tokenOn(page, "pluginServer.registerTool(", "registerTool"), "feeds plugins", ["registerTool", "Adds", "tools", "listChanged", "legacy"]);
      assert.match(text, /modern: not served \(SDK v1 answers initialize only\)/, `v1 adds nothing to modern:\n${text}`);
    },
    "13-sdk-hover",
  ],
  [
    "SDK v1, inexact: the preview shows its keys and what is not known statically, and never $dynamic",
    async ({ page }) => {
      await page.keyboard.press("Escape");
      await page.mouse.move(5, 5);
      const titles = await lensTitles(page, SDK_INEXACT_LEGACY);
      assert.ok(!titles.some((t) => t.includes("$dynamic")), `no $dynamic in ${JSON.stringify(titles)}`);
      await openPreviewFromLens(page, SDK_INEXACT_LEGACY, "plugins");
      const view = webview(page);
      await view.locator(".tag").filter({ hasText: "SDK v1 dialect" }).first().waitFor();
      await view.locator(".tag").filter({ hasText: "≈ approximate" }).first().waitFor();
      const legacy = column(page, "Legacy");
      for (const k of ['"logging"', '"prompts"', '"tools"', '"listChanged"']) await legacy.getByText(k, { exact: true }).first().waitFor();
      const text = await view.locator("body").innerText();
      assert.ok(text.includes("not known statically"), `the preview says what is not known statically:\n${text}`);
      assert.ok(text.includes("loadPluginCapabilities"), `the preview names the unknown part:\n${text}`);
      assert.ok(!text.includes("$dynamic"), `no $dynamic in the preview:\n${text}`);
    },
    "14-sdk-inexact-preview",
  ],
  [
    "SDK v1 helper file: a file that registers on a server passed in shows the server it feeds",
    async ({ page }) => {
      await quickOpen(page, "src/sdk/weather-alerts.ts", "export function registerAlerts(server: McpServer)");
      // the server is declared in weather-v1.ts, line 9 (`export const server = new McpServer(`)
      const titles = await lensTitles(page, "feeds weather");
      assert.deepEqual(titles, [HELPER_LENS], "the helper's one lens");
      await settle(page);
      await hoverShows(page, tokenOn(page, "server.registerTool(", "registerTool"), "feeds weather", ["registerTool", "weather-v1.ts:9", "tools", "listChanged"]);
    },
    "15-sdk-helper-lens",
  ],
  [
    "SDK v1: the Declare quick fix adds the options argument to new McpServer({ name, version })",
    async ({ page }) => {
      await page.keyboard.press("Escape");
      await quickOpen(page, "src/sdk/quiet-v1.ts", QUIET_CONSTRUCTOR);
      await page.locator(".monaco-editor .squiggly-warning").first().waitFor({ timeout: 90000 });
      // The server's lens may come after the squiggle and push the lines below it down: a click placed
      // before it lands on the line above (the quick fixes of `connect`, not of the warning).
      await lens(page, "legacy: (nothing)").first().waitFor({ timeout: 90000 });
      await clickToken(page, "await server.sendLoggingMessage(", "sendLoggingMessage");
      const item = await quickFixMenu(page, page.locator(".action-widget .monaco-list-row").filter({ hasText: "Declare logging in the server's capabilities" }).first());
      await item.click();
      // the document now declares logging in a new options argument …
      await editorLine(page, `${QUIET_CONSTRUCTOR}{ name: "quiet", version: "1.0.0" }, { capabilities: { logging: {} } });`).first().waitFor();
      assert.equal(await editorLine(page, `${QUIET_CONSTRUCTOR}{ name: "quiet", version: "1.0.0" });`).count(), 0, "the old constructor line is gone");
      // … and the analysis follows: the warning is gone and the legacy lens has logging
      await lens(page, "legacy: logging").first().waitFor({ timeout: 90000 });
      await page.locator(".monaco-editor .squiggly-warning").first().waitFor({ state: "detached" });
    },
    "16-sdk-declare-fix",
  ],
  [
    "SDK v2: hovering the server shows both eras",
    async ({ page }) => {
      await quickOpen(page, "src/sdk/notes-v2.ts", "const server = new McpServer(");
      await lensTitles(page, "legacy: logging");
      await settle(page);
      const text = await hoverShows(page, tokenOn(page, "const server = new McpServer(", "server"), "MCP server · notes", ["SDK v2 dialect", "Legacy", "initialize", "Modern", "server/discover", '"prompts"', '"tools"', '"listChanged"']);
      assert.ok(!text.includes("not served"), `v2 serves both eras:\n${text}`);
      // both eras hold a JSON block (the same object in v2)
      assert.equal((text.match(/"logging"/g) ?? []).length, 2, `logging in both eras:\n${text}`);
    },
    "17-sdk-v2-hover",
  ],
  ...frameworkSteps({
    id: "fastmcp",
    file: "src/frameworks/fastmcp/recipes.ts",
    line: "const server = new FastMCP(",
    token: "server",
    // named by its name option, as its clients see it
    name: "recipes",
    tag: "fastmcp",
    location: "fastmcp/recipes.ts:7",
    // the example project declares the release it is written for (examples/package.json): exact
    legacy: "legacy: completions · logging · prompts (listChanged) · tools",
    modern: "modern: not served (fastmcp answers initialize only)",
    shot: "18",
  }),
  ...frameworkSteps({
    id: "mcp-framework",
    file: "src/frameworks/mcp-framework/index.ts",
    line: "export const server = new MCPServer(",
    token: "server",
    name: "pantry",
    tag: "mcp-framework",
    location: "mcp-framework/index.ts:6",
    legacy: "legacy: completions · prompts · tools",
    modern: "modern: not served (mcp-framework answers initialize only)",
    shot: "20",
  }),
  ...frameworkSteps({
    id: "mcp-nest",
    file: "src/frameworks/mcp-nest/app.ts",
    line: "export const strategy = new McpStrategy(",
    token: "strategy",
    name: "kitchen",
    tag: "MCP-Nest",
    location: "mcp-nest/app.ts:25",
    legacy: "legacy: logging · prompts (listChanged) · tools (listChanged)",
    modern: "modern: logging · prompts (listChanged) · tools (listChanged)",
    shot: "22",
  }),
  [
    "MCP-Nest: hovering a @Tool decorator says which server it feeds, and what it adds",
    async ({ page }) => {
      await quickOpen(page, "src/frameworks/mcp-nest/app.ts", '@Tool({ name: "timer"');
      await hoverShows(page, tokenOn(page, '@Tool({ name: "timer"', "Tool"), "feeds kitchen", ["@Tool", "KitchenController.timer", "tools", "listChanged: true", "legacy and modern"]);
    },
    "24-mcp-nest-decorator-hover",
  ],
];

/** The screenshots the README shows, by their step's screenshot name. */
export const DOC_IMAGES = { "04-hover": "hover.png", "06-quick-fix": "lens-and-diagnostics.png", "08-preview-beside": "preview.png", "13-sdk-hover": "sdk-hover.png" };
