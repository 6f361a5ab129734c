// `--check SNAPSHOT`: a snapshot that is missing or broken is found before anything is analysed or
// printed (exit 2, one line, an empty stdout), and the exit status of a run does not depend on whether
// the reader of stdout stayed to the end (`mcp-caps --check caps.json | head -3`).
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { describe, it } from "node:test";
import { mcpCaps } from "../helpers/builtCliInProcess";
import { CLI, tempProject } from "../helpers/tempProject";

const SERVER = `export class DemoServer {
  handleListTools(ctx: unknown) { return { tools: [] }; }
  handleCompletion(ctx: unknown, ref: unknown, argument: unknown) { return {}; }
}
`;
const EMPTY_SNAPSHOT = JSON.stringify({ format: "mcp-caps-snapshot/1", tasksExtension: false, servers: {} });

/** `node dist/cli.js ...args` whose stdout reader goes away at once, as `| head -0` would: its exit status and stderr. */
function withStdoutClosed(dir: string, ...args: string[]): Promise<{ status: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd: dir, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, NO_COLOR: "1", GITHUB_ACTIONS: "" } });
    child.stdout.destroy();
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
    child.on("error", reject);
    child.on("close", (status) => {
      clearTimeout(timer);
      resolve({ status, stderr });
    });
  });
}

describe("--check reads its snapshot first", () => {
  it("a missing or broken snapshot: exit 2 and one line, with no report printed before it", () => {
    const dir = tempProject({ "demo.ts": SERVER, "broken.json": "{ nope" });
    for (const [args, message] of [
      [["--check", "missing.json"], /^mcp-caps: cannot read snapshot missing\.json: no such file/],
      [["--check", "broken.json", "--format", "github"], /^mcp-caps: cannot use snapshot broken\.json: not JSON/],
      [["--json", "--check", "missing.json"], /^mcp-caps: cannot read snapshot missing\.json/],
    ] as const) {
      const r = mcpCaps(dir, ...args);
      assert.equal(r.status, 2, args.join(" "));
      assert.equal(r.stdout, "", `${args.join(" ")}: nothing on stdout`);
      assert.match(r.stderr, message);
      assert.equal(r.stderr.trimEnd().split("\n").length, 1);
    }
  });
});

describe("the exit status when stdout is closed early", () => {
  it("is the status of the same run with stdout open: 2, 1 and 1", async () => {
    const dir = tempProject({ "demo.ts": SERVER, "empty.json": EMPTY_SNAPSHOT });
    const missing = await withStdoutClosed(dir, "--check", "missing.json");
    assert.equal(missing.status, 2, missing.stderr);
    assert.match(missing.stderr, /cannot read snapshot missing\.json/);
    const changed = await withStdoutClosed(dir, "--check", "empty.json");
    assert.equal(changed.status, 1, changed.stderr);
    const strict = await withStdoutClosed(dir, "--strict");
    assert.equal(strict.status, 1, strict.stderr);
    assert.doesNotMatch(strict.stderr, /EPIPE|cannot write/, "a closed pipe is not an error");
  });
});
