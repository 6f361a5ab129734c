// The in-host suite: runs INSIDE the real VS Code extension host (loaded through
// `extensionDevelopmentPath` + `extensionTestsPath`: by code-server in the e2e run, by
// @vscode/test-electron in `npm run test:electron`), on a copy of examples/ opened as the workspace.
// It checks the extension through the public VS Code API only: activation, hovers, code lenses,
// diagnostics, code actions, a quick fix applied to the document, the commands, and the tasks setting.
//
// A tiny mocha-like runner (no dependency, so both hosts can load it from this folder): each test
// prints one `E2E-RESULT {json}` line, which the harness turns into node:test results; `run()`
// rejects when any test failed, which makes the host report exit code 1.
"use strict";
const vscode = require("vscode");
const assert = require("node:assert/strict");

const EXTENSION_ID = "mcp-capability-lens.mcp-capability-lens";
const SOURCE = "MCP Capability Lens";
const LEGACY = { logging: {}, resources: { listChanged: false, subscribe: true }, tools: { listChanged: false } };
const MODERN = { logging: {}, resources: { listChanged: true, subscribe: true }, tools: { listChanged: true } };
const LENS_LEGACY = "legacy: logging · resources (subscribe) · tools";
const LENS_MODERN = "modern: logging · resources (+listChanged, subscribe) · tools (+listChanged)";
const LENS_PROBLEM = "$(warning) completions? (handleCompletion)";
const COMMANDS = ["showPreview", "showPreviewToSide", "openPreviewAt", "copyLegacyJson", "copyModernJson", "reveal"].map((c) => `mcpCapabilityLens.${c}`);

const tests = [];
const test = (name, fn, timeout = 60000) => tests.push({ name, fn, timeout });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Polls `fn` until it returns a truthy value; fails with `what` and the last value or error. */
async function until(what, fn, ms = 30000) {
  const end = Date.now() + ms;
  let last;
  for (;;) {
    try {
      const v = await fn();
      if (v) return v;
      last = v;
    } catch (e) {
      last = e;
    }
    if (Date.now() > end) {
      const detail = last instanceof Error ? last.message : JSON.stringify(last);
      throw new Error(`timed out after ${ms} ms waiting for ${what}; last: ${detail}`);
    }
    await sleep(200);
  }
}

// ---------------------------------------------------------------------------------------------
// Fixtures

let uri;
let api;

const folder = () => {
  const f = vscode.workspace.workspaceFolders && vscode.workspace.workspaceFolders[0];
  if (!f) throw new Error("no workspace folder: the suite must run on a copy of examples/");
  return f.uri;
};

/** Puts the document back as it is on disk (an edit, then a save: no dialog, no dependence on focus). */
async function restore(editor, original) {
  const doc = editor.document;
  if (doc.getText() !== original) {
    const edit = new vscode.WorkspaceEdit();
    edit.replace(doc.uri, new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length)), original);
    await vscode.workspace.applyEdit(edit);
  }
  if (doc.isDirty) await doc.save();
  await until("the original text", () => doc.getText() === original && !doc.isDirty);
}

async function openInventory() {
  const doc = await vscode.workspace.openTextDocument(uri);
  return vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.One, preview: false });
}

const text = (c) => (typeof c === "string" ? c : c.value);

async function hoverText(line, character) {
  const hovers = (await vscode.commands.executeCommand("vscode.executeHoverProvider", uri, new vscode.Position(line, character))) || [];
  return hovers.flatMap((h) => h.contents.map(text)).join("\n---\n");
}

async function lensTitles() {
  const lenses = (await vscode.commands.executeCommand("vscode.executeCodeLensProvider", uri, 50)) || [];
  return lenses.filter((l) => l.command && l.command.title).map((l) => ({ line: l.range.start.line, title: l.command.title, command: l.command }));
}

const ours = () => vscode.languages.getDiagnostics(uri).filter((d) => d.source === SOURCE);
const codeOf = (d) => (d.code && typeof d.code === "object" ? String(d.code.value) : String(d.code));
const misspelled = () => ours().find((d) => codeOf(d) === "handler-misspelled");

const lastUpdate = () => [...api.preview.posted].reverse().find((m) => m.type === "update");
const shown = (m) => m && m.report.servers[m.selected];

// ---------------------------------------------------------------------------------------------
// Tests, in order (the later ones rely on the document the earlier ones opened)

test("activates on a TypeScript file and registers its commands", async () => {
  uri = vscode.Uri.joinPath(folder(), "src", "inventory.ts");
  await openInventory();
  const ext = vscode.extensions.getExtension(EXTENSION_ID);
  assert.ok(ext, `extension ${EXTENSION_ID} is not installed in this host`);
  // (the first start of the language server in this host: longer than 30 s on a loaded machine)
  await until("the extension to activate", () => ext.isActive, 90000);
  api = ext.exports;
  assert.ok(api && api.client && api.preview, "activate() returns { client, preview }");
  await until("the language client to run", () => api.client.isRunning(), 90000);
  const all = await vscode.commands.getCommands(true);
  for (const c of COMMANDS) assert.ok(all.includes(c), `command ${c} is registered`);
});

test("hover on the server class shows both eras and what modern adds", async () => {
  const md = await until("a hover with the server's eras", async () => {
    const t = await hoverText(2, 16); // InventoryServer, line 3 col 14 (1-based)
    return t.includes("MCP server · InventoryServer") && t;
  });
  for (const s of ["**Legacy**", "initialize", "**Modern**", "server/discover", "Modern adds", "`resources.listChanged`", "`tools.listChanged`", "handleSubscribeResource", "did you mean `handleComplete`?"]) {
    assert.ok(md.includes(s), `the hover contains ${JSON.stringify(s)}:\n${md}`);
  }
});

test("code lenses above the class: one per era and the misspelled handler", async () => {
  const lenses = await until("three resolved code lenses", async () => {
    const l = await lensTitles();
    return l.length >= 3 && l;
  });
  assert.deepEqual(lenses.map((l) => l.title), [LENS_LEGACY, LENS_MODERN, LENS_PROBLEM]);
  assert.ok(lenses.every((l) => l.line === 2), "the lenses sit on the class line");
  assert.equal(lenses[0].command.command, "mcpCapabilityLens.openPreviewAt");
  assert.deepEqual(lenses[0].command.arguments.slice(1), ["InventoryServer", "legacy"]);
  assert.deepEqual(lenses[1].command.arguments.slice(1), ["InventoryServer", "modern"]);
  assert.equal(lenses[2].command.command, "mcpCapabilityLens.reveal");
});

test("diagnostic handler-misspelled on handleCompletion", async () => {
  const d = await until("the handler-misspelled diagnostic", misspelled);
  assert.equal(d.severity, vscode.DiagnosticSeverity.Warning);
  assert.equal(d.range.start.line, 9);
  assert.equal(d.range.start.character, 2);
  assert.equal(d.range.end.character, 18);
  assert.match(d.message, /Did you mean handleComplete\?/);
  assert.equal(d.source, SOURCE);
});

let actions;
test("code actions at the typo: rename (preferred), handler stub, show in preview", async () => {
  const d = misspelled();
  actions = await until("our code actions", async () => {
    const a = (await vscode.commands.executeCommand("vscode.executeCodeActionProvider", uri, d.range)) || [];
    return a.some((x) => x.title === "Rename to handleComplete") && a;
  });
  const titles = actions.map((a) => a.title);
  for (const t of ["Rename to handleComplete", "Add handler stub: handleComplete(ctx, ref, argument)", "Show in Capability Preview"]) {
    assert.ok(titles.includes(t), `code action ${JSON.stringify(t)} among ${JSON.stringify(titles)}`);
  }
  const rename = actions.find((a) => a.title === "Rename to handleComplete");
  assert.equal(rename.isPreferred, true);
  assert.ok(rename.kind && vscode.CodeActionKind.QuickFix.contains(rename.kind), `rename is a quick fix (kind ${rename.kind && rename.kind.value})`);
  const show = actions.find((a) => a.title === "Show in Capability Preview");
  assert.equal(show.command && show.command.command, "mcpCapabilityLens.openPreviewAt");
});

test("applying the quick fix renames the member; completions appear, the warning goes", async () => {
  const editor = await openInventory();
  const original = editor.document.getText();
  const rename = actions.find((a) => a.title === "Rename to handleComplete");
  assert.ok(rename.edit, "the quick fix carries an edit");
  try {
    assert.ok(await vscode.workspace.applyEdit(rename.edit), "the edit applies");
    if (rename.command) await vscode.commands.executeCommand(rename.command.command, ...(rename.command.arguments || []));
    assert.equal(editor.document.lineAt(9).text, "  handleComplete(ctx, ref, argument) { /* … */ }");
    await until("the warning to go", () => !misspelled());
    const lenses = await until("the lenses to show completions", async () => {
      const l = await lensTitles();
      return l.length === 2 && l[0].title.includes("completions") && l;
    });
    assert.deepEqual(lenses.map((l) => l.title), [
      "legacy: completions · logging · resources (subscribe) · tools",
      "modern: completions · logging · resources (+listChanged, subscribe) · tools (+listChanged)",
    ]);
  } finally {
    // back to the file as it is on disk, for the tests that follow
    await restore(editor, original);
  }
  await until("the warning to come back", misspelled);
});

test("the handler stub refactoring adds handleComplete", async () => {
  const editor = await openInventory();
  const original = editor.document.getText();
  const stub = actions.find((a) => a.title.startsWith("Add handler stub: handleComplete"));
  try {
    assert.ok(await vscode.workspace.applyEdit(stub.edit), "the stub edit applies");
    const body = editor.document.getText();
    assert.match(body, /\n\s+(async\s+)?handleComplete\(ctx\b[^)]*\)\s*\{/, `a handleComplete member was added:\n${body.split("\n").slice(0, 16).join("\n")}`);
    assert.ok(body.includes("handleCompletion(ctx, ref, argument)"), "the look-alike is left alone");
    await until("legacy to gain completions", async () => (await lensTitles())[0].title.startsWith("legacy: completions"));
  } finally {
    await restore(editor, original);
  }
  await until("the warning to come back", misspelled);
});

/** Resolves once the preview's webview has loaded (its script asks for the server list after its first data). */
const webviewLoaded = () => until("the preview's webview to load", () => api.preview.posted.some((p) => p.type === "serverList"));

/** Resolves once nothing was posted to the preview for `quietMs`. */
async function previewSettled(quietMs = 1500) {
  let seen;
  let since = Date.now();
  await until("the preview to settle", () => {
    const last = api.preview.posted[api.preview.posted.length - 1];
    if (last !== seen) {
      seen = last;
      since = Date.now();
    }
    return Date.now() - since >= quietMs;
  });
}

test("commands: preview to the side, pinned preview, copy JSON, reveal", async () => {
  const editor = await openInventory();
  editor.selection = new vscode.Selection(5, 4, 5, 4); // inside InventoryServer
  await vscode.commands.executeCommand("mcpCapabilityLens.showPreviewToSide");
  await until("the Capabilities tab", () => vscode.window.tabGroups.all.flatMap((g) => g.tabs).some((t) => t.label === "Capabilities: InventoryServer"));
  assert.ok(api.preview.panel, "the preview panel exists");
  await webviewLoaded();
  await previewSettled();
  let m = lastUpdate();
  assert.equal(shown(m).name, "InventoryServer");
  assert.deepEqual(shown(m).legacy, LEGACY);
  assert.deepEqual(shown(m).modern, MODERN);
  assert.equal(m.follow, true, "showPreviewToSide follows the cursor");

  await vscode.commands.executeCommand("mcpCapabilityLens.openPreviewAt", uri.toString(), "InventoryServer", "modern");
  m = await until("a pinned update focused on modern", () => {
    const u = lastUpdate();
    return u !== m && u.focusEra === "modern" && u;
  });
  await previewSettled();
  m = lastUpdate();
  assert.equal(m.follow, false, "openPreviewAt with a server name pins the preview on it");
  assert.equal(shown(m).name, "InventoryServer");

  await vscode.env.clipboard.writeText("");
  await vscode.commands.executeCommand("mcpCapabilityLens.copyLegacyJson", uri.toString(), "InventoryServer");
  assert.deepEqual(JSON.parse(await until("the legacy JSON on the clipboard", () => vscode.env.clipboard.readText())), LEGACY);
  await vscode.env.clipboard.writeText("");
  await vscode.commands.executeCommand("mcpCapabilityLens.copyModernJson", uri.toString(), "InventoryServer");
  assert.deepEqual(JSON.parse(await until("the modern JSON on the clipboard", () => vscode.env.clipboard.readText())), MODERN);

  const range = { start: { line: 8, character: 2 }, end: { line: 8, character: 25 } };
  await vscode.commands.executeCommand("mcpCapabilityLens.reveal", uri.toString(), range);
  const active = await until("an editor on inventory.ts", () => {
    const e = vscode.window.activeTextEditor;
    return e && e.document.uri.toString() === uri.toString() && e;
  });
  assert.deepEqual([active.selection.start.line, active.selection.start.character, active.selection.end.line, active.selection.end.character], [8, 2, 8, 25]);
  assert.equal(active.document.getText(active.selection), "handleSubscribeResource");
});

test("a preview opened on a server (lens, hover link) is still pinned on it once its webview has loaded", async () => {
  await openInventory();
  if (api.preview.panel) {
    api.preview.panel.dispose();
    await until("the preview to close", () => !api.preview.panel);
  }
  api.preview.posted.splice(0); // this test reads only what the new panel is told
  await vscode.commands.executeCommand("mcpCapabilityLens.openPreviewAt", uri.toString(), "InventoryServer", "legacy");
  await until("an update", lastUpdate);
  await webviewLoaded();
  await previewSettled();
  const trail = api.preview.posted.map((p) => (p.type === "update" ? `update(follow=${p.follow}, focusEra=${p.focusEra})` : p.type)).join(" → ");
  const m = lastUpdate();
  assert.equal(shown(m).name, "InventoryServer");
  assert.ok(api.preview.posted.some((p) => p.type === "update" && p.focusEra === "legacy"), `the legacy era was focused; posted: ${trail}`);
  assert.equal(m.follow, false, `after its webview loaded, the preview must still be pinned on InventoryServer (not follow the cursor); posted: ${trail}`);
});

test("the tasks setting adds the tasks extension to the modern era only", async () => {
  await openInventory();
  const config = () => vscode.workspace.getConfiguration("mcpCapabilityLens", uri);
  try {
    await config().update("tasksExtension", "on", vscode.ConfigurationTarget.Workspace);
    const lenses = await until("the modern lens to name the tasks extension", async () => {
      const l = await lensTitles();
      return l.length >= 2 && l[1].title.includes("+extensions (tasks)") && l;
    });
    assert.equal(lenses[0].title, LENS_LEGACY, "legacy is unchanged");
    assert.equal(lenses[1].title, "modern: +extensions (tasks) · logging · resources (+listChanged, subscribe) · tools (+listChanged)");
    const m = await until("the preview to get the modern extensions", () => {
      const u = lastUpdate();
      return shown(u) && shown(u).modern && shown(u).modern.extensions && u;
    });
    assert.deepEqual(shown(m).modern, { ...MODERN, extensions: { "io.modelcontextprotocol/tasks": {} } });
    assert.deepEqual(shown(m).legacy, LEGACY);
    assert.equal(m.report.tasksExtension, true);
    assert.ok((await hoverText(2, 16)).includes("tasks extension on"), "the hover says the tasks extension is on");

    await config().update("tasksExtension", "off", vscode.ConfigurationTarget.Workspace);
    await until("the modern lens without the tasks extension", async () => (await lensTitles())[1].title === LENS_MODERN);
  } finally {
    await config().update("tasksExtension", undefined, vscode.ConfigurationTarget.Workspace);
  }
});

// ---------------------------------------------------------------------------------------------

function withTimeout(promise, ms, name) {
  let timer;
  return Promise.race([promise, new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`"${name}" took longer than ${ms} ms`)), ms)))]).finally(() =>
    clearTimeout(timer),
  );
}

exports.run = async function run() {
  let failed = 0;
  for (const t of tests) {
    const started = Date.now();
    try {
      await withTimeout(Promise.resolve().then(t.fn), t.timeout, t.name);
      console.log(`E2E-RESULT ${JSON.stringify({ name: t.name, ok: true, ms: Date.now() - started })}`);
    } catch (err) {
      failed++;
      const error = err instanceof Error ? err.stack || err.message : String(err);
      console.log(`E2E-RESULT ${JSON.stringify({ name: t.name, ok: false, ms: Date.now() - started, error })}`);
    }
  }
  console.log(`E2E-DONE ${JSON.stringify({ total: tests.length, failed })}`);
  if (failed > 0) throw new Error(`${failed} of ${tests.length} in-host tests failed`);
};
