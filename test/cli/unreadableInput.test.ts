// A PATH named on the command line that exists but cannot be read (no permission) is exit 2 with one
// plain line (spec/cli.md: "2 ... an input that cannot be read"); a file inside a walked folder that
// cannot be read is a warning in plain words, never Node's `EACCES: ..., open '/abs/path'`.
// chmod 000 stops only a user who is not root: under root the CLI runs as the unprivileged uid 65534.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { chmodSync } from "node:fs";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { CLI, tempProject, type CliRun } from "../helpers/tempProject";

const SERVER = "export class DemoServer {\n  handleListTools(ctx: unknown) { return []; }\n}\n";
const isRoot = process.getuid?.() === 0;

/** `mcp-caps ...args` in `dir`, as a user who is not root (chmod 000 stops them). */
function asUser(dir: string, ...args: string[]): CliRun {
  const user = isRoot ? { uid: 65534, gid: 65534 } : {};
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd: dir, encoding: "utf8", timeout: 60_000, env: { ...process.env, NO_COLOR: "1", GITHUB_ACTIONS: "" }, ...user });
  return { status: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

const locked: string[] = [];
// Readable again, so that the temporary folders can be removed.
after(() => {
  for (const dir of locked) for (const [name, mode] of [["locked.ts", 0o644], ["closed", 0o755]] as const) chmodSync(join(dir, name), mode);
});

/** A project the unprivileged user can enter, with `locked.ts` and the folder `closed/` unreadable. */
function lockedProject(): string {
  const dir = tempProject({ "ok.ts": SERVER, "locked.ts": SERVER.replace("DemoServer", "LockedServer"), "closed/inner.ts": SERVER });
  locked.push(dir);
  chmodSync(dir, 0o755);
  chmodSync(join(dir, "locked.ts"), 0o000);
  chmodSync(join(dir, "closed"), 0o000);
  return dir;
}

describe("an input that cannot be read", { skip: process.platform === "win32" ? "no POSIX permissions" : false }, () => {
  it("a file or a folder named on the command line: exit 2, one plain line, nothing on stdout", () => {
    const dir = lockedProject();
    for (const [args, message] of [
      [["locked.ts"], "mcp-caps: cannot read locked.ts: permission denied\n"],
      [["--strict", "closed"], "mcp-caps: cannot read closed: permission denied\n"],
      [["--json", "ok.ts", "locked.ts"], "mcp-caps: cannot read locked.ts: permission denied\n"],
    ] as const) {
      const r = asUser(dir, ...args);
      assert.equal(r.status, 2, `${args.join(" ")}: ${r.stderr}`);
      assert.equal(r.stderr, message);
      assert.equal(r.stdout, "");
    }
  });

  it("a file or a folder inside a walked folder: a warning in plain words, and the report of the rest", () => {
    const r = asUser(lockedProject(), "--json");
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout).servers.map((s: { name: string }) => s.name), ["DemoServer"]);
    assert.match(r.stderr, /^mcp-caps: warning: skipped locked\.ts: permission denied$/m);
    assert.match(r.stderr, /^mcp-caps: warning: skipped folder closed: permission denied$/m);
    assert.doesNotMatch(r.stderr, /EACCES|open '/, "no raw Node error text");
  });
});
