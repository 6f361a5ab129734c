// The bundled language server over stdio, driven by a real LSP client: hovers, lenses, pulled
// diagnostics, quick fixes, the preview's custom request, refreshes across files, settings, and
// hostile files. The workspace is the editor-ux example (InventoryServer extends AuditBase).
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { CodeAction, Diagnostic, TextEdit } from "vscode-languageserver-protocol";
import { applyEdits, LspClient, positionOf } from "../helpers/lspClient";
import { tempProject } from "../helpers/tempProject";

const AUDIT_BASE = `// Shared by every server of the company: log level changes are audited.
export abstract class AuditBase { handleSetLogLevel(ctx: unknown, level: string) { return {}; } }
`;

const INVENTORY = `// Inventory MCP server: stock look-ups and change feeds
import { AuditBase } from "./audit-base";
export class InventoryServer extends AuditBase {
  static __capabilities__() {
    return { tools: { listChanged: false }, resources: { listChanged: false } };
  }
  handleCallTool(ctx: unknown, name: string, args: unknown) { return { content: [] }; }
  handleReadResource(ctx: unknown, uri: string) { return { contents: [] }; }
  handleSubscribeResource(ctx: unknown, uri: string) { return {}; }
  handleCompletion(ctx: unknown, ref: unknown, argument: unknown) { return {}; }
}
`;

const FIXES = `export class KeyTypo {
  static __capabilities__() {
    return { tool: { listChanged: false } };
  }
  handleListTools(ctx: unknown) { return { tools: [] }; }
}

export class NotStatic {
  __capabilities__() { return {}; }
  handleListTools(ctx: unknown) { return { tools: [] }; }
}

export class SubscribeOnly {
  static __capabilities__() {
    return {
      tools: { listChanged: false },
    };
  }
  handleSubscribeResource(ctx: unknown, uri: string) { return {}; }
}

export class NotAServer {
  handleComplete(event: unknown) { return event; }
}
`;

let client: LspClient;
let root: string;

function editsOf(action: CodeAction | undefined, uri: string): TextEdit[] {
  assert.ok(action?.edit?.changes, `action ${action?.title} has an edit`);
  return action.edit.changes[uri] ?? [];
}

describe("language server over stdio", () => {
  before(async () => {
    root = tempProject({ "src/audit-base.ts": AUDIT_BASE, "src/inventory.ts": INVENTORY, "src/fixes.ts": FIXES });
    client = await LspClient.start(root);
    await client.open("src/inventory.ts", INVENTORY);
    await client.open("src/fixes.ts", FIXES);
  });
  after(async () => client.stop());

  it("hover on a server class shows both eras, what modern adds and why each key is there", async () => {
    const hover = await client.hover("src/inventory.ts", positionOf(INVENTORY, "InventoryServer", 3));
    const text = (hover?.contents as { value: string }).value;
    assert.match(text, /MCP server · InventoryServer/);
    assert.match(text, /\*\*Legacy\*\* · initialize · 2025-06-18, 2025-11-25/);
    assert.match(text, /\*\*Modern\*\* · server\/discover · 2026-07-28/);
    assert.ok(text.includes('"resources": { "listChanged": false, "subscribe": true },'), "legacy resources line");
    assert.ok(text.includes('"tools": { "listChanged": true }'), "modern tools line");
    assert.match(text, /Modern adds:\*\* `resources\.listChanged`, `tools\.listChanged`/);
    assert.match(text, /`AuditBase\.handleSetLogLevel` · \[audit-base\.ts:2\]/, "inherited handler with its file:line");
    assert.match(text, /`completions` — not advertised: `handleCompletion`/);
    assert.match(text, /command:mcpCapabilityLens\.openPreviewAt/);
    assert.deepEqual(hover?.range, { start: { line: 2, character: 13 }, end: { line: 2, character: 28 } });
  });

  it("hover on a handler says what it drives in each era; nothing on ordinary classes", async () => {
    const hover = await client.hover("src/inventory.ts", positionOf(INVENTORY, "handleSubscribeResource", 5));
    const text = (hover?.contents as { value: string }).value;
    assert.match(text, /MCP handler · `resources\/subscribe`/);
    assert.match(text, /Legacy\*\* — turns on `resources\.subscribe: true`/);
    assert.match(text, /Modern\*\* — no effect/);
    const caps = await client.hover("src/inventory.ts", positionOf(INVENTORY, "__capabilities__", 2));
    assert.match((caps?.contents as { value: string }).value ?? "", /Base set of InventoryServer/);
    assert.equal(await client.hover("src/fixes.ts", positionOf(FIXES, "NotAServer", 2)), null);
    assert.equal(await client.hover("src/fixes.ts", positionOf(FIXES, "handleComplete(event", 2)), null);
  });

  it("code lenses: one per era and a problem lens, worded as in editor-ux §1", async () => {
    const lenses = await client.codeLenses("src/inventory.ts");
    const titles = lenses.map((l) => l.command?.title);
    assert.deepEqual(titles, [
      "legacy: logging · resources (subscribe) · tools",
      "modern: logging · resources (+listChanged, subscribe) · tools (+listChanged)",
      "$(warning) completions? (handleCompletion)",
    ]);
    assert.equal(lenses[0]!.command?.command, "mcpCapabilityLens.openPreviewAt");
    assert.deepEqual(lenses[0]!.command?.arguments, [client.uri("src/inventory.ts"), "InventoryServer", "legacy"]);
    assert.equal(lenses[2]!.command?.command, "mcpCapabilityLens.reveal");
    assert.deepEqual(lenses[0]!.range.start, { line: 2, character: 13 });
  });

  it("pulled diagnostics carry code, severity, source, a rule link and precise ranges", async () => {
    const items = await client.diagnostics("src/inventory.ts");
    const typo = items.find((d) => d.code === "handler-misspelled");
    assert.ok(typo);
    assert.equal(typo.severity, 2);
    assert.equal(typo.source, "MCP Capability Lens");
    assert.deepEqual(typo.range, { start: { line: 9, character: 2 }, end: { line: 9, character: 18 } });
    assert.match(String(typo.message), /Did you mean handleComplete\?/);
    assert.match(typo.codeDescription?.href ?? "", /#rule-handler-misspelled$/);
    const fixes = await client.diagnostics("src/fixes.ts");
    const byCode = (code: string) => fixes.filter((d) => d.code === code).map((d) => d.range.start.line);
    assert.deepEqual(byCode("unknown-capability-key"), [2]);
    assert.deepEqual(byCode("capabilities-not-static"), [8]);
    assert.deepEqual(byCode("subscribe-without-resources"), [18]);
    assert.equal(fixes.filter((d) => d.range.start.line >= 21).length, 0, "no noise on the ordinary class");
    assert.ok(client.statuses.some((s) => s.uri === client.uri("src/fixes.ts") && s.servers === 3));
  });

  it("each quick fix edits the document as expected", async () => {
    const uri = client.uri("src/inventory.ts");
    const diagnostics = await client.diagnostics("src/inventory.ts");
    const typo = diagnostics.filter((d) => d.code === "handler-misspelled");
    const actions = await client.codeActions("src/inventory.ts", typo[0]!.range, typo);
    const rename = actions.find((a) => a.title === "Rename to handleComplete");
    assert.equal(rename?.isPreferred, true);
    assert.equal(rename?.kind, "quickfix");
    assert.match(applyEdits(INVENTORY, editsOf(rename, uri)), /\n {2}handleComplete\(ctx: unknown, ref: unknown, argument: unknown\)/);
    const stub = actions.find((a) => a.title.startsWith("Add handler stub: handleComplete"));
    const stubbed = applyEdits(INVENTORY, editsOf(stub, uri));
    assert.match(stubbed, /handleCompletion\(/, "the helper is kept");
    assert.match(stubbed, /\n {2}async handleComplete\(ctx: unknown, ref: unknown, argument: unknown\) \{\n {4}\/\/ TODO: serve completion\/complete\n {4}return \{ completion: \{ values: \[\] \} \};\n {2}\}\n\}\n$/);
    assert.ok(actions.some((a) => a.title === "Show in Capability Preview" && a.command?.command === "mcpCapabilityLens.openPreviewAt"));
    // In the order of the editor's spec: the fixes, the preview, then what only silences the warning.
    assert.deepEqual(actions.map((a) => a.title), ["Rename to handleComplete", "Add handler stub: handleComplete(ctx, ref, argument)", "Show in Capability Preview", "Mark as helper (ignore here)"]);
    const helper = actions.find((a) => a.title === "Mark as helper (ignore here)");
    assert.match(applyEdits(INVENTORY, editsOf(helper, uri)), /\n {2}\/\/ mcp-caps-ignore-next-line handler-misspelled\n {2}handleCompletion\(/);
    // A client asking for quick fixes only (as VS Code's Ctrl+. does) gets only quick fixes.
    const onlyFixes = await client.codeActions("src/inventory.ts", typo[0]!.range, typo, ["quickfix"]);
    assert.ok(onlyFixes.some((a) => a.title === "Rename to handleComplete"));
    assert.deepEqual(onlyFixes.filter((a) => a.kind !== "quickfix").map((a) => a.title), []);

    const fixUri = client.uri("src/fixes.ts");
    const all = await client.diagnostics("src/fixes.ts");
    const fixFor = async (code: string) => {
      const d = all.filter((x) => x.code === code);
      const acts = await client.codeActions("src/fixes.ts", d[0]!.range, d);
      return applyEdits(FIXES, editsOf(acts.find((a) => a.kind === "quickfix" && a.isPreferred), fixUri));
    };
    assert.match(await fixFor("unknown-capability-key"), /return \{ tools: \{ listChanged: false \} \};/);
    assert.match(await fixFor("capabilities-not-static"), /\n {2}static __capabilities__\(\) \{ return \{\}; \}/);
    assert.match(await fixFor("subscribe-without-resources"), /return \{\n {6}resources: \{ listChanged: false \},\n {6}tools: \{ listChanged: false \},\n {4}\};/);
  });

  it("offers the missing handlers as stubs: from the Refactor menu in the class, in the lightbulb on its name", async () => {
    const inside = positionOf(INVENTORY, "handleReadResource", 0);
    const refactor = await client.codeActions("src/inventory.ts", { start: inside, end: inside }, [], ["refactor"]);
    const stubs = refactor.filter((a) => a.kind === "refactor.rewrite").map((a) => a.title);
    assert.ok(stubs.includes("Add handler stub: handleListTools(ctx, cursor)"));
    assert.ok(stubs.includes("Add handler stub: handleComplete(ctx, ref, argument)"));
    assert.ok(!stubs.some((s) => s.includes("handleCallTool")), "present handlers are not offered");
    const lightbulbInBody = await client.codeActions("src/inventory.ts", { start: inside, end: inside });
    assert.equal(lightbulbInBody.filter((a) => a.kind === "refactor.rewrite").length, 0, "the body's lightbulb stays short");
    const onName = positionOf(INVENTORY, "InventoryServer", 2);
    const lightbulbOnName = await client.codeActions("src/inventory.ts", { start: onName, end: onName });
    assert.ok(lightbulbOnName.some((a) => a.title === "Add handler stub: handleListTools(ctx, cursor)"));
  });

  it("serverReport returns the server under the cursor, or by name, with its diagnostics", async () => {
    const byPosition = await client.serverReport("src/fixes.ts", { position: positionOf(FIXES, "handleSubscribeResource") });
    assert.equal(byPosition.servers.length, 3);
    assert.equal(byPosition.servers[byPosition.selected]?.name, "SubscribeOnly");
    const byName = await client.serverReport("src/inventory.ts", { name: "InventoryServer" });
    const server = byName.servers[byName.selected]!;
    assert.deepEqual(server.legacy, { logging: {}, resources: { listChanged: false, subscribe: true }, tools: { listChanged: false } });
    assert.deepEqual(server.missing.map((m) => m.path.join(".")), ["completions"]);
    const typo = server.diagnostics.find((d) => d.code === "handler-misspelled");
    assert.deepEqual(typo?.fixes.map((f) => f.title), ["Rename to handleComplete", "Add handler stub: handleComplete(ctx, ref, argument)"]);
    assert.ok(server.diagnostics.some((d) => d.code === "logging-deprecated" && d.location.uri.endsWith("audit-base.ts")), "inherited hint included");
    assert.ok(server.provenance.some((p) => p.cause?.label === "AuditBase.handleSetLogLevel" && p.cause.kind === "inherited"), "the inherited handler is named in the dialect's words");
    assert.equal(byName.tasksExtension, false);
  });

  it("refreshes diagnostics and lenses when a base class in another file changes", async () => {
    await client.open("src/audit-base.ts", AUDIT_BASE);
    await client.diagnostics("src/inventory.ts");
    const before = { ...client.refreshes };
    await client.change("src/audit-base.ts", "export abstract class AuditBase {}\n");
    await waitFor(() => client.refreshes.diagnostics > before.diagnostics && client.refreshes.codeLens > before.codeLens);
    const lenses = await client.codeLenses("src/inventory.ts");
    assert.equal(lenses[0]!.command?.title, "legacy: resources (subscribe) · tools");
    await client.change("src/audit-base.ts", AUDIT_BASE);
  });

  it("settings pulled per file: the tasks switch, lenses off, disabled codes", async () => {
    await client.configurationChanged({ tasksExtension: "on", codeLens: "full", diagnostics: { enabled: true, disabledCodes: ["handler-misspelled"] } });
    const report = await client.serverReport("src/inventory.ts", { name: "InventoryServer" });
    assert.equal(report.tasksExtension, true);
    assert.equal(report.tasksSource, "setting");
    assert.deepEqual(report.servers[0]!.modern?.extensions, { "io.modelcontextprotocol/tasks": {} });
    const lenses = await client.codeLenses("src/inventory.ts");
    assert.match(lenses[1]!.command?.title ?? "", /\+extensions \(tasks\)/);
    assert.ok(!(await client.diagnostics("src/inventory.ts")).some((d: Diagnostic) => d.code === "handler-misspelled"));
    await client.configurationChanged({ codeLens: "off" });
    assert.deepEqual(await client.codeLenses("src/inventory.ts"), []);
    await client.configurationChanged({});
  });

  it("survives files that do not parse, a 5 MB file and a binary file", async () => {
    await client.open("src/broken.ts", "export class Broken {\n  handleListTools(ctx: unknown) { return [\n  handle_complete(\n");
    const broken = await client.diagnostics("src/broken.ts");
    assert.ok(Array.isArray(broken));
    await client.open("src/huge.ts", `export const data = [${"1, ".repeat(1_700_000)}];\nexport class Huge { handleListTools() { return []; } }\n`);
    assert.ok(Array.isArray(await client.diagnostics("src/huge.ts")));
    await client.open("src/blob.ts", "\u0000\u0001\u0002binary\u0000");
    assert.deepEqual(await client.diagnostics("src/blob.ts"), []);
    assert.equal(await client.hover("src/blob.ts", { line: 0, character: 1 }), null);
    assert.ok(client.alive, "the server is still running");
    const hover = await client.hover("src/inventory.ts", positionOf(INVENTORY, "InventoryServer", 1));
    assert.ok(hover, "and still answers");
  });
});

async function waitFor(condition: () => boolean, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > until) throw new Error("timed out waiting for a condition");
    await new Promise((r) => setTimeout(r, 20));
  }
}
