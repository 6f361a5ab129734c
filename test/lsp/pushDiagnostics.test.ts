// Diagnostics for every kind of client: pushed (`textDocument/publishDiagnostics`) to a client that
// does not declare pull support, as most editors other than VS Code are; pulled, and never pushed, by
// one that does. The bundled server over stdio, a real JSON-RPC client.
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { FileChangeType, type PublishDiagnosticsParams } from "vscode-languageserver-protocol";
import { LspClient } from "../helpers/lspClient";
import { tempProject } from "../helpers/tempProject";

const AUDIT_BASE = `export abstract class AuditBase { handleSetLogLevel(ctx: unknown, level: string) { return {}; } }
`;

const INVENTORY = `import { AuditBase } from "./audit-base";
export class InventoryServer extends AuditBase {
  static __capabilities__() {
    return { tools: { listChanged: false } };
  }
  handleCallTool(ctx: unknown, name: string, args: unknown) { return { content: [] }; }
  handleCompletion(ctx: unknown, ref: unknown, argument: unknown) { return {}; }
}
`;

async function waitFor<T>(find: () => T | undefined, what: string, ms = 15_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const textOf = (message: string | { value: string }) => (typeof message === "string" ? message : message.value);

/** The first publication for `uri` after the `from`-th one that satisfies `accept`. */
function published(client: LspClient, uri: string, from: number, accept: (p: PublishDiagnosticsParams) => boolean = () => true) {
  return () => client.published.slice(from).find((p) => p.uri === uri && accept(p));
}

describe("diagnostics pushed to a client that does not pull", () => {
  let client: LspClient;
  let root: string;
  let uri: string;

  before(async () => {
    root = tempProject({ "src/audit-base.ts": AUDIT_BASE, "src/inventory.ts": INVENTORY });
    client = await LspClient.start(root, {}, { pullDiagnostics: false });
    uri = client.uri("src/inventory.ts");
  });
  after(async () => client.stop());

  it("the server does not offer pull diagnostics to it", () => {
    assert.equal(client.initialized?.capabilities.diagnosticProvider, undefined);
    assert.equal(client.initialized?.capabilities.hoverProvider, true);
  });

  it("opening a file pushes its diagnostics, those of inherited members included, for that version", async () => {
    await client.open("src/inventory.ts", INVENTORY);
    const p = await waitFor(published(client, uri, 0), "diagnostics after opening");
    assert.equal(p.version, 1);
    const typo = p.diagnostics.find((d) => d.code === "handler-misspelled");
    assert.ok(typo, JSON.stringify(p.diagnostics));
    assert.deepEqual(typo.range, { start: { line: 6, character: 2 }, end: { line: 6, character: 18 } });
    assert.match(textOf(typo.message), /handleCompletion is not a handler/);
    const inherited = p.diagnostics.find((d) => d.code === "logging-deprecated");
    assert.ok(inherited, "the base class's hint is shown on the server");
    assert.match(textOf(inherited.message), /^audit-base\.ts:1: /);
  });

  it("an edit pushes the new list; a burst of edits ends with the list of the last version", async () => {
    const from = client.published.length;
    const fixed = INVENTORY.replace("handleCompletion", "handleComplete");
    for (let i = 0; i < 5; i++) await client.change("src/inventory.ts", i % 2 === 0 ? fixed : INVENTORY);
    const last = client.version("src/inventory.ts")!;
    const p = await waitFor(published(client, uri, from, (x) => x.version === last), "diagnostics of the last version");
    assert.ok(!p.diagnostics.some((d) => d.code === "handler-misspelled"), "the typo is gone");
    await new Promise((r) => setTimeout(r, 300));
    const versions = client.published.slice(from).filter((x) => x.uri === uri).map((x) => x.version!);
    assert.deepEqual(versions, [...versions].sort((a, b) => a - b), "never an older version after a newer one");
    assert.equal(versions.at(-1), last);
  });

  it("a base class changed on disk pushes the open file's list again", async () => {
    const from = client.published.length;
    writeFileSync(join(root, "src/audit-base.ts"), "export abstract class AuditBase {}\n");
    await client.watched([{ uri: client.uri("src/audit-base.ts"), type: FileChangeType.Changed }]);
    const p = await waitFor(published(client, uri, from), "diagnostics after the base changed");
    assert.ok(!p.diagnostics.some((d) => d.code === "logging-deprecated"), "the inherited hint went with the handler");
  });

  it("closing a file clears its diagnostics", async () => {
    const from = client.published.length;
    await client.close("src/inventory.ts");
    const p = await waitFor(published(client, uri, from), "diagnostics after closing");
    assert.deepEqual(p.diagnostics, []);
  });
});

describe("diagnostics pulled by a client that declares pull support", () => {
  let client: LspClient;

  before(async () => {
    client = await LspClient.start(tempProject({ "src/audit-base.ts": AUDIT_BASE, "src/inventory.ts": INVENTORY }));
  });
  after(async () => client.stop());

  it("are answered on request and never pushed", async () => {
    assert.equal(client.initialized?.capabilities.diagnosticProvider?.interFileDependencies, true);
    await client.open("src/inventory.ts", INVENTORY);
    await client.change("src/inventory.ts", INVENTORY.replace("handleCallTool", "handleCallTools"));
    const pulled = await client.diagnostics("src/inventory.ts");
    assert.ok(pulled.some((d) => d.code === "handler-misspelled"));
    await new Promise((r) => setTimeout(r, 500));
    assert.deepEqual(client.published, []);
  });
});
