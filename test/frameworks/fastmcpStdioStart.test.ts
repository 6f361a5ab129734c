// fastmcp's stdio start() awaits an `authenticate` option before it builds the session, so a tool added
// right after an unawaited start() is in it: started for real over stdio with `mcp-caps probe` (the
// fixture harness drives start() through an in-memory transport, which skips that await). The
// analysis does not claim either order: approximate, and no error that the tool comes too late.
import assert from "node:assert/strict";
import { join } from "node:path";
import { describe, it } from "node:test";
import { runProbe } from "../../server/src/cli/probe/probeCommand";
import { mcpCapsInProcess } from "../helpers/mcpCapsInProcess";
import { REPO } from "../helpers/tempProject";

const DIR = join("test", "fixtures", "fastmcp-stdio", "authenticate-start-not-awaited");

describe("fastmcp: start() not awaited, with authenticate", () => {
  it("the real server advertises the tool added after the call; the analysis says the order is not known", async () => {
    let stdout = "";
    const status = await runProbe(["--json", "--timeout", "15000", "--", "node", "--import", "tsx", join(DIR, "server.ts")], {
      cwd: REPO,
      stdout: (t) => (stdout += t),
      stderr: () => {},
      isTty: false,
      env: { ...process.env, NO_COLOR: "1" },
    });
    assert.equal(status, 0, stdout);
    const truth = JSON.parse(stdout) as { legacy: { capabilities: Record<string, unknown> } };
    assert.deepEqual(truth.legacy.capabilities, { completions: {}, logging: {}, tools: {} });

    // Analysed from the repository, where fastmcp is installed (as the probe ran it).
    const run = mcpCapsInProcess(REPO, ["--json", DIR]);
    const report = JSON.parse(run.stdout) as { servers: { exact: boolean; legacy: Record<string, unknown>; unknown: { path: string[] }[] }[]; diagnostics: { code: string }[] };
    const [server] = report.servers;
    assert.equal(server!.exact, false);
    assert.ok(server!.unknown.some((u) => u.path.join(".") === "tools"), JSON.stringify(server!.unknown));
    assert.deepEqual(report.diagnostics.map((d) => d.code), []);
  });
});
