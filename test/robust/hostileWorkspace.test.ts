// mcp-caps on workspaces built to hurt it: what a pull request can commit to a repository that CI then
// checks. Each case is a row of the hostile-workspace review: the tool must end, read nothing outside
// the folder, write nothing outside it, and print nothing a terminal would act on. The cases where
// nothing could hang (no device, FIFO, huge file or deep folder) run the bundle inside this process.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, symlinkSync, truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { tempProject } from "../helpers/tempProject";
import { assertOneLineError, assertTerminalClean, runCli, runCliInProcess, STACK } from "./support/cliRun";

const SERVER = "export class DemoServer {\n  handleListTools(ctx) {}\n  handleComplete(ctx, ref, argument) {}\n}\n";
const names = (stdout: string) => (JSON.parse(stdout) as { servers: { name: string; file: string }[] }).servers.map((s) => s.name);

function mkfifo(path: string): void {
  assert.equal(spawnSync("mkfifo", [path]).status, 0, "mkfifo");
}

/** A sparse file of `bytes` (no disk space used), full of zero bytes when read. */
function sparse(path: string, bytes: number): void {
  writeFileSync(path, "");
  truncateSync(path, bytes);
}

describe("mcp-caps on hostile workspaces", () => {
  it("row 1: a tsconfig whose `extends` target is a link to /dev/zero: the run ends, with one warning naming it", () => {
    const dir = tempProject({ "a.ts": SERVER, "tsconfig.json": JSON.stringify({ extends: "./base.json", compilerOptions: { strict: true } }) });
    symlinkSync("/dev/zero", join(dir, "base.json"));
    const r = runCli(dir, ["--json"], { timeoutMs: 30_000 });
    assert.ok(!r.timedOut, `mcp-caps read /dev/zero through the extends chain until killed after ${Math.round(r.ms / 1000)} s`);
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(names(r.stdout), ["DemoServer"]);
    const lines = r.stderr.trimEnd().split("\n");
    assert.equal(lines.length, 1, r.stderr);
    // The link leads out of the workspace (to /dev/zero), which is refused before the file's kind is asked.
    assert.match(lines[0]!, /^mcp-caps: warning: tsconfig\.json: cannot read .*base\.json: it is outside the workspace, which the analysis does not read/);
  });

  it("row 2: links leaving the folder (to /, into /proc, to a sibling with servers) are not followed, and said so once", () => {
    const sibling = tempProject({ "outside.ts": SERVER.replace("DemoServer", "OutsideServer") });
    const dir = tempProject({ "a.ts": SERVER, "inner/b.ts": SERVER.replace("DemoServer", "InnerServer") });
    symlinkSync("/", join(dir, "root"));
    symlinkSync("/proc", join(dir, "proc"));
    symlinkSync(sibling, join(dir, "sibling"));
    symlinkSync(join(sibling, "outside.ts"), join(dir, "outside.ts"));
    symlinkSync("inner", join(dir, "inner-again")); // inside: followed (and not reported twice)
    const r = runCli(dir, ["--json"], { timeoutMs: 30_000 });
    assert.ok(!r.timedOut, `the walk followed a link out of the folder and was killed after ${Math.round(r.ms / 1000)} s`);
    assert.equal(r.status, 0, r.stderr.slice(0, 500));
    assert.deepEqual(names(r.stdout).sort(), ["DemoServer", "InnerServer"]);
    const warnings = r.stderr.trimEnd().split("\n");
    assert.equal(warnings.length, 1, r.stderr);
    assert.match(warnings[0]!, /^mcp-caps: warning: did not follow 4 links leading outside the folder \(/);
  });

  it("row 3: control characters and bidi overrides in keys, file names and snapshots never reach the terminal raw", () => {
    const keys = ["\u001b[2J\u001b[31mtools", "\u009b31mresources", "a\rb", "\u202eevil", "bell\u0007", "osc\u001b]0;pwned\u0007"];
    const caps = `{ ${keys.map((k, i) => `${JSON.stringify(k)}: { n: ${i} }`).join(", ")} }`;
    const evil = `evil\u001b]0;title\u0007\u202e.ts`;
    const dir = tempProject({
      [evil]: `export class EvilServer {\n  static __capabilities__() { return ${caps}; }\n  handleListTools(ctx) {}\n}\n`,
      "binary\u001b[31m.ts": Buffer.from([0x65, 0x00, 0x01, 0x1b, 0x5b]),
    });
    const human = runCliInProcess(dir, ["--no-color"]);
    assert.equal(human.status, 0, human.stderr);
    assert.match(human.stdout, /EvilServer/);
    assert.match(human.stdout, /\\u001b\[2J/, "the key is shown, escaped");
    assertTerminalClean(human.stdout, "the human report");
    assertTerminalClean(human.stderr, "the warnings");
    assert.match(human.stderr, /warning: skipped binary\\u001b\[31m\.ts: not a text file/);

    // --json: the same keys, as JSON escapes (parsing gives them back), nothing raw.
    const json = runCliInProcess(dir, ["--json"]);
    assertTerminalClean(json.stdout, "the JSON report");
    assert.deepEqual(Object.keys((JSON.parse(json.stdout) as { servers: { legacy: object }[] }).servers[0]!.legacy).filter((k) => keys.includes(k)).sort(), [...keys].sort());

    // --check: a snapshot whose server keys and values carry escapes, and one that is not JSON.
    writeFileSync(
      join(dir, "caps.json"),
      JSON.stringify({ format: "mcp-caps-snapshot/1", tasksExtension: false, servers: { "\u001b[31mx.ts#S\u202e": { exact: true, legacy: { "\u009bk": 1 }, modern: {} } } }),
    );
    const diff = runCliInProcess(dir, ["--check", "caps.json"]);
    assert.equal(diff.status, 1, diff.stderr);
    assert.match(diff.stdout, /\\u001b\[31mx\.ts#S\\u202e/);
    assertTerminalClean(diff.stdout, "the --check diff");
    writeFileSync(join(dir, "bad.json"), `{"format": \u001b]0;pwned\u0007 \u009b2J}`);
    const notJson = runCliInProcess(dir, ["--check", "bad.json", evil]);
    assertOneLineError(notJson, /cannot use snapshot bad\.json: not JSON/, "a snapshot that is not JSON");
    assertTerminalClean(notJson.stderr, "the not-JSON error");
    const badName = runCliInProcess(dir, ["--check", "\u001b[31mmissing\u202e.json", evil]);
    assertOneLineError(badName, /cannot read snapshot \\u001b\[31mmissing\\u202e\.json: no such file/, "a snapshot name with escapes");
    assertTerminalClean(badName.stderr, "an error naming a file");
    assertTerminalClean(runCliInProcess(dir, ["--\u001b[31mx"]).stderr, "a usage error echoing an option");
  });

  it("row 5: --check of a link to /dev/zero, a FIFO, or a 1 GB file: exit 2 at once, one line", () => {
    const dir = tempProject({ "a.ts": SERVER });
    symlinkSync("/dev/zero", join(dir, "zero.json"));
    mkfifo(join(dir, "fifo.json"));
    sparse(join(dir, "huge.json"), 1024 * 1024 * 1024);
    for (const [name, why] of [["zero.json", /it leads outside the working directory/], ["fifo.json", /not a regular file \(a named pipe\)/], ["huge.json", /larger than 32 MB/]] as const) {
      const r = runCli(dir, ["--check", name, "a.ts"], { timeoutMs: 20_000 });
      assertOneLineError(r, new RegExp(`cannot read snapshot ${name.replace(".", "\\.")}: ${why.source}`), `--check ${name}`);
      assert.ok(r.ms < 10_000, `--check ${name} took ${Math.round(r.ms)} ms`);
    }
  });

  it("row 6: --write-snapshot refuses a dangling link out of the repository, links, and special files, and writes atomically", () => {
    const outer = tempProject({});
    const dir = join(outer, "repo");
    mkdirSync(join(outer, "victim"));
    mkdirSync(dir);
    writeFileSync(join(dir, "a.ts"), SERVER);
    symlinkSync("../victim/new", join(dir, "caps.json"));
    assertOneLineError(runCliInProcess(dir, ["--write-snapshot", "caps.json", "a.ts"]), /cannot write snapshot caps\.json: it is a symbolic link/, "a dangling link");
    assert.ok(!existsSync(join(outer, "victim", "new")), "nothing was created outside the repository");
    // A link to a real snapshot inside the repository is refused too: the file itself must be named.
    assert.equal(runCliInProcess(dir, ["--write-snapshot", "real.json", "a.ts"]).status, 0);
    symlinkSync("real.json", join(dir, "alias.json"));
    assertOneLineError(runCliInProcess(dir, ["--write-snapshot", "alias.json", "a.ts"]), /cannot write snapshot alias\.json: it is a symbolic link/, "a link to a snapshot");
    // A folder on the way that leads out of the working directory.
    symlinkSync("../victim", join(dir, "out"));
    assertOneLineError(runCliInProcess(dir, ["--write-snapshot", "out/caps.json", "a.ts"]), /cannot write snapshot out\/caps\.json: it leads outside the working directory/, "a folder link out");
    assert.deepEqual(readdirSync(join(outer, "victim")), []);
    mkfifo(join(dir, "fifo.json"));
    assertOneLineError(runCli(dir, ["--write-snapshot", "fifo.json", "a.ts"], { timeoutMs: 20_000 }), /cannot write snapshot fifo\.json: not a regular file \(a named pipe\)/, "a FIFO");
    // Rewriting a snapshot replaces it whole (a new file renamed over it) and leaves no temporary file.
    const before = lstatSync(join(dir, "real.json")).ino;
    assert.equal(runCliInProcess(dir, ["--write-snapshot", "real.json", "a.ts"]).status, 0);
    assert.notEqual(lstatSync(join(dir, "real.json")).ino, before, "written to a new file, then renamed");
    assert.deepEqual(readdirSync(dir).filter((f) => f.endsWith(".tmp")), []);
    assert.equal(runCliInProcess(dir, ["--check", "real.json", "a.ts"]).status, 0);
  });

  it("row 10: an 8 MB file of 170,000 classes is skipped at once by the per-file budget; the other files are analysed", () => {
    const line = (i: number) => `export class C${i} { handleListTools(ctx) {} }\n`;
    const parts: string[] = [];
    let size = 0;
    for (let i = 0; size + 60 < 8 * 1024 * 1024; i++) {
      parts.push(line(i));
      size += parts.at(-1)!.length;
    }
    const dir = tempProject({ "a.ts": SERVER, "generated.ts": parts.join("") });
    const r = runCli(dir, ["--json"], { timeoutMs: 40_000 });
    assert.ok(!r.timedOut, `killed after ${Math.round(r.ms / 1000)} s`);
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(names(r.stdout), ["DemoServer"]);
    assert.match(r.stderr, /warning: skipped generated\.ts: more than 20,000 classes, over the per-file analysis budget/);
    assert.ok(r.ms < 20_000, `${Math.round(r.ms)} ms`);
  });

  it("row 11: snapshot keys __proto__ and constructor diff as plain servers; a literal __proto__ key sets the prototype and is not advertised", () => {
    const dir = tempProject({
      "p.ts": [
        'export class ProtoServer { static __capabilities__() { return { "__proto__": { tools: {} }, prompts: {} }; } }',
        'export class ComputedServer { static __capabilities__() { return { ["__proto__"]: { x: 1 }, prompts: {} }; } }',
        "",
      ].join("\n"),
    });
    const report = JSON.parse(runCliInProcess(dir, ["--json"]).stdout) as { servers: { name: string; legacy: Record<string, unknown> }[] };
    const legacy = (name: string) => report.servers.find((s) => s.name === name)!.legacy;
    assert.deepEqual(Object.keys(legacy("ProtoServer")), ["prompts"], "`__proto__: {...}` adds no key, and what it holds is inherited, not serialised");
    assert.ok(Object.hasOwn(legacy("ComputedServer"), "__proto__"), "a computed `[\"__proto__\"]` is an own key");
    assert.deepEqual(legacy("ComputedServer")["__proto__"], { x: 1 });

    writeFileSync(join(dir, "caps.json"), `{"format": "mcp-caps-snapshot/1", "tasksExtension": false, "servers": {"__proto__": {"exact": true, "legacy": {}, "modern": {}}, "constructor": {"exact": true, "legacy": {}, "modern": {}}}}`);
    const r = runCliInProcess(dir, ["--check", "caps.json"]);
    assert.equal(r.status, 1, r.stderr);
    const lines = r.stdout.split("\n");
    assert.ok(lines.includes("- __proto__  (server removed)"), r.stdout);
    assert.ok(lines.includes("- constructor  (server removed)"), r.stdout);
    assert.ok(lines.includes("+ p.ts#ProtoServer  (new server)"), r.stdout);
    for (const l of lines) assert.doesNotMatch(l, /^\s*[-+~] ?:|^\s+[-+] : /, `a bogus diff line: ${l}`);
  });

  it("row 12: a folder deeper than PATH_MAX is named in a warning, not skipped silently", () => {
    const dir = tempProject({ "a.ts": SERVER });
    const segment = "d".repeat(250);
    // Built with relative steps (an absolute path that long cannot be used).
    const made = spawnSync("bash", ["-c", `cd "$1" && for i in $(seq 1 20); do mkdir "$2" && cd "$2" || exit 1; done && printf '%s' "$3" > deep.ts`, "_", dir, segment, SERVER.replace("DemoServer", "DeepServer")]);
    assert.equal(made.status, 0, String(made.stderr));
    try {
      const r = runCli(dir, ["--json"], { timeoutMs: 30_000 });
      assert.equal(r.status, 0, r.stderr);
      assert.deepEqual(names(r.stdout), ["DemoServer"]);
      assert.match(r.stderr, /^mcp-caps: warning: skipped folder d+…d+: the path is longer than the system allows$/m);
      assert.ok(r.stderr.split("\n").every((l) => l.length < 400), "the path is shortened in the message");
    } finally {
      spawnSync("rm", ["-rf", join(dir, segment)]);
    }
  });

  it("row 13: an `extends` target of 1 GB and a 600 MB package.json: warnings at once, no read", () => {
    const dir = tempProject({ "a.ts": SERVER, "tsconfig.json": JSON.stringify({ extends: "./huge.json" }) });
    sparse(join(dir, "huge.json"), 1024 * 1024 * 1024);
    sparse(join(dir, "package.json"), 600 * 1024 * 1024);
    const r = runCli(dir, ["--json"], { timeoutMs: 30_000 });
    assert.ok(!r.timedOut, `killed after ${Math.round(r.ms / 1000)} s`);
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(names(r.stdout), ["DemoServer"]);
    assert.match(r.stderr, /warning: tsconfig\.json: cannot read .*huge\.json: larger than 4 MB/);
    assert.match(r.stderr, /warning: cannot read .*package\.json: larger than 4 MB/);
    assert.doesNotMatch(r.stderr, STACK);
    assert.ok(r.ms < 10_000, `${Math.round(r.ms)} ms before the warnings`);
  });

  it("a read-only analysis: the tool writes nothing into the folder it analyses", () => {
    const dir = tempProject({ "a.ts": SERVER, "tsconfig.json": JSON.stringify({ compilerOptions: { outDir: "out", declaration: true } }) });
    const before = readdirSync(dir).sort();
    assert.equal(runCliInProcess(dir, ["--json"]).status, 0);
    assert.deepEqual(readdirSync(dir).sort(), before);
    assert.equal(readFileSync(join(dir, "a.ts"), "utf8"), SERVER);
  });
});
