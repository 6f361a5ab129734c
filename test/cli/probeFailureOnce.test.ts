// `mcp-caps probe` on a server that fails at start-up: each era's reason is printed once, as its line
// on stderr (spec/cli.md); the text on stdout says the era got no answer without repeating the reason.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { runProbe } from "../../server/src/cli/probe/probeCommand";
import { REPO } from "../helpers/tempProject";

describe("probe: a server that fails at start-up", () => {
  it("prints each era's error once, on stderr", async () => {
    let stdout = "";
    let stderr = "";
    const status = await runProbe(["--", "node", "test/fixtures/probe/misbehaving/crashes.mjs"], {
      cwd: REPO,
      stdout: (t) => (stdout += t),
      stderr: (t) => (stderr += t),
      isTty: false,
      env: { ...process.env, NO_COLOR: "1" },
    });
    assert.equal(status, 2);
    const reason = "the server exited with code 3 before answering";
    assert.equal(stderr.split(reason).length - 1, 2, `one line per era on stderr:\n${stderr}`);
    assert.ok(!stdout.includes(reason), `not repeated on stdout:\n${stdout}`);
    assert.match(stdout, /^legacy · initialize \(2025-11-25\)\n {2}no answer \(the reason is on stderr\)$/m);
    assert.match(stdout, /^modern · server\/discover \(2026-07-28\)\n {2}no answer \(the reason is on stderr\)$/m);
  });
});
