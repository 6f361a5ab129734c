// `mcp-caps` as a process (`node dist/cli.js`): what the suites that run the bundle's entry in their own
// process (builtCliInProcess.ts) cannot show. The exit status becomes the process's exit code, the
// report and the errors go to the right stream, GITHUB_ACTIONS comes from the process's environment,
// and a run prints exactly what the in-process entry returns for the same arguments.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { mcpCaps as inProcess } from "../helpers/builtCliInProcess";
import { mcpCaps, mcpCapsWithEnv, REPO, tempProject } from "../helpers/tempProject";

const SERVER = `export class DemoServer {
  static __capabilities__() {
    return { tools: { listChanged: false }, resources: { listChanged: false } };
  }
  handleListTools(ctx: unknown) { return { tools: [] }; }
  handleSubscribeResource(ctx: unknown, uri: string) { return {}; }
  handleCompletion(ctx: unknown, ref: unknown, argument: unknown) { return {}; }
}
`;

describe("mcp-caps as a process", () => {
  it("--help and --version: exit 0, the text on stdout, nothing on stderr", () => {
    const help = mcpCaps(REPO, "--help");
    assert.equal(help.status, 0);
    assert.match(help.stdout, /Usage: mcp-caps/);
    assert.equal(help.stderr, "");
    const version = mcpCaps(REPO, "--version");
    assert.equal(version.status, 0);
    assert.equal(version.stdout.trim(), JSON.parse(readFileSync(join(REPO, "package.json"), "utf8")).version);
  });

  it("a report: exit 0, and the same stdout and stderr as the in-process entry", () => {
    const dir = tempProject({ "src/demo.ts": SERVER, "blob.ts": Buffer.from([0x65, 0x00, 0x01]) });
    for (const args of [["--json"], ["src"]]) {
      const spawned = mcpCaps(dir, ...args);
      assert.equal(spawned.status, 0, `${args.join(" ")}: ${spawned.stderr}`);
      assert.deepEqual(spawned, inProcess(dir, ...args), `mcp-caps ${args.join(" ")}`);
    }
    const json = mcpCaps(dir, "--json");
    assert.equal(JSON.parse(json.stdout).servers[0].name, "DemoServer", "the report on stdout");
    assert.match(json.stderr, /^mcp-caps: warning: skipped blob\.ts: not a text file\n$/, "warnings on stderr");
  });

  it("--strict with a warning, and a failed --check: exit 1; GITHUB_ACTIONS=true in the environment: annotations", () => {
    const dir = tempProject({ "demo.ts": SERVER, "snap.json": JSON.stringify({ format: "mcp-caps-snapshot/1", tasksExtension: false, servers: {} }) });
    const strict = mcpCapsWithEnv(dir, { GITHUB_ACTIONS: "true" }, "--strict");
    assert.equal(strict.status, 1);
    assert.match(strict.stdout, /^::warning file=demo\.ts,line=7,.*title=handler-misspelled::/m);
    const check = mcpCaps(dir, "--check", "snap.json");
    assert.equal(check.status, 1);
    assert.match(check.stdout, /Capabilities changed since snap\.json/);
  });

  it("bad usage: exit 2, one line on stderr, nothing on stdout", () => {
    const r = mcpCaps(REPO, "--bogus");
    assert.equal(r.status, 2, r.stderr);
    assert.match(r.stderr, /^mcp-caps: unknown option --bogus/);
    assert.equal(r.stderr.trimEnd().split("\n").length, 1);
    assert.equal(r.stdout, "");
  });
});
