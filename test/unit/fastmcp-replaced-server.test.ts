// A fastmcp server whose field is given another server before it is started is never served: only the
// second one answers (as the real fastmcp did when this shape was probed), and the draft's prompt is
// not credited to anything that is served.
import assert from "node:assert/strict";
import { join, resolve } from "node:path";
import { describe, it } from "node:test";
import { Project } from "ts-morph";
import { Workspace } from "../../server/src/analysis/core/workspace";
import { DIALECTS } from "../../server/src/analysis/dialects";

const REPO = resolve(__dirname, "..", "..");

describe("fastmcp: a server replaced before it is started", () => {
  it("reports the draft not served and the started server exactly", () => {
    const fileSystem = new Project({ skipLoadingLibFiles: true }).getFileSystem();
    const ws = new Workspace({ fileSystem, dialects: DIALECTS, roots: [REPO] });
    const a = ws.analyzeFile(join(REPO, "test", "fixtures", "fastmcp-replaced", "server.ts"), { tasksExtension: false });
    const served = a.servers.filter((s) => s.legacy !== null);
    assert.equal(a.servers.length, 2);
    assert.equal(served.length, 1);
    assert.deepEqual(served[0]!.legacy, { completions: {}, logging: {}, tools: {} });
    assert.equal(served[0]!.exact, true);
    const draft = a.servers.find((s) => s.legacy === null)!;
    assert.deepEqual(draft.unknown, []);
  });
});
