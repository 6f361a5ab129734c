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

  it("a program that did not load is not the start-up throw the source predicts: not compared, exit 2", async () => {
    let stdout = "";
    let stderr = "";
    const dir = "test/fixtures/probe/unloadable";
    const status = await runProbe(["--source", dir, "--", "node", `${dir}/main.js`], {
      cwd: REPO,
      stdout: (t) => (stdout += t),
      stderr: (t) => (stderr += t),
      isTty: false,
      env: { ...process.env, NO_COLOR: "1" },
    });
    assert.match(stderr, /its error: SyntaxError: Cannot use import statement outside a module/);
    assert.match(stdout, /\(sdk-v1, exact\)/, "the source predicts that start-up throws");
    assert.match(stdout, /^ {2}legacy: not compared: the program did not load \(its error is on stderr\), so it never reached the predicted start-up throw \(sdk-duplicate-registration\)$/m, stdout);
    assert.doesNotMatch(stdout, /as predicted/);
    assert.equal(status, 2);
  });
});
