// The preview's host acts on a webview message only when it names something the host posted itself:
// a webview that ran a foreign script could otherwise open any document (`reveal`), edit any file
// (`applyFix`), read any file through the server (`selectServer`) or open any URL (`openRule`). The
// real host module runs here against a recording stand-in for the `vscode` module.
import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import type { ServerReportResult, WireFix } from "../../../common/protocol";
import { fixture, serverList } from "./markup";
import { effects, installFakeVscode, panel } from "./support/fakeVscode";

installFakeVscode();
// Loaded after the stand-in is installed (a static import would load it first).
const { PreviewManager } = require("../../../client/src/preview/previewPanel") as typeof import("../../../client/src/preview/previewPanel");

const report: ServerReportResult = fixture("inventory");
const listed = serverList();
const server = report.servers[0]!;
const fix = server.diagnostics.flatMap((d) => d.fixes)[0]!;
const asked: { method: string; params: { uri?: string } }[] = [];

const client = {
  async sendRequest(type: { method: string }, params: { uri?: string }) {
    asked.push({ method: type.method, params });
    if (type.method === "mcpCapabilityLens/listServers") return { servers: listed };
    return report;
  },
};

const settle = async () => {
  for (let i = 0; i < 10; i++) await new Promise((r) => setImmediate(r));
};

async function send(message: unknown): Promise<void> {
  panel.handler!(message);
  await settle();
}

const FOREIGN = "file:///etc/passwd";
const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } };

describe("the preview host trusts only what it posted to the webview", () => {
  before(async () => {
    const manager = new PreviewManager({ extensionUri: { toString: () => "file:///ext" } } as never, client as never);
    manager.show(-2 as never, { uri: report.uri, name: server.name });
    await settle();
    assert.ok(panel.posted.some((m) => (m as { type: string }).type === "update"), "the report was posted");
    await send({ type: "listServers" });
    assert.ok(panel.posted.some((m) => (m as { type: string }).type === "serverList"), "the list was posted");
  });

  it("reveal: a location the host never posted opens nothing; a posted one opens its own URI", async () => {
    await send({ type: "reveal", location: { uri: FOREIGN, range } });
    await send({ type: "reveal", location: { uri: "command:workbench.action.terminal.new", range } });
    await send({ type: "reveal", location: { uri: server.location.uri, range: { ...server.location.range, start: { line: 99, character: 0 } } } });
    await send({ type: "reveal", location: null });
    assert.deepEqual(effects.opened, []);
    await send({ type: "reveal", location: server.location });
    assert.deepEqual(effects.opened, [server.location.uri]);
  });

  it("applyFix: a fix the host never posted edits nothing, even under a posted fix's title; a posted one applies", async () => {
    const forged: WireFix = { ...fix, changes: { [FOREIGN]: [{ range, newText: "root::0:0::/:/bin/sh\n" }] } };
    await send({ type: "applyFix", fix: forged });
    await send({ type: "applyFix", fix: { title: fix.title } });
    await send({ type: "applyFix", fix: "x" });
    assert.deepEqual(effects.edited, []);
    await send({ type: "applyFix", fix });
    assert.deepEqual(effects.edited, Object.keys(fix.changes));
  });

  it("selectServer: a server the host never listed is not asked about; a listed one is", async () => {
    const before = asked.length;
    await send({ type: "selectServer", uri: FOREIGN, name: "InventoryServer" });
    await send({ type: "selectServer", uri: report.uri, name: "NoSuchServer" });
    assert.deepEqual(asked.slice(before), [], "no request for a file the host did not offer");
    const pick = listed[0]!;
    await send({ type: "selectServer", uri: pick.uri, name: pick.name });
    assert.deepEqual(asked.slice(before).map((a) => a.params.uri), [pick.uri]);
  });

  it("openRule: only the codes of posted diagnostics (and the preview's own chips) open the rules page", async () => {
    await send({ type: "openRule", code: "x#../../../evil" });
    await send({ type: "openRule", code: 42 });
    assert.deepEqual(effects.external, []);
    const code = server.diagnostics[0]!.code;
    await send({ type: "openRule", code });
    assert.equal(effects.external.length, 1);
    const opened = String(effects.external[0]);
    assert.ok(opened.endsWith(`#rule-${code}`), opened);
  });
});
