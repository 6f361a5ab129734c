// mcp-caps on bad input (what test/cli/cli.test.ts does not cover yet): symlink loops as the PATH
// itself, unreadable and special files, tsconfigs that are not JSON (or not files), a snapshot or report
// that cannot be written, a hostile file among good ones, internal errors with and without --debug, and
// a 10,000-file project. Always: the exit codes of the CLI spec (0 done, 1 check/strict, 2 bad usage or
// unreadable input), one line on stderr, and never a stack trace unless --debug. Each case that could
// hang (a FIFO, a device, a loop walked, a hostile file, 10,000 files), writes to the process's own
// stdout or injects a fault into it spawns dist/cli.js with a time limit; the others run the same
// bundle inside this process (`inProcess`: support/cliRun.ts), a second of start-up less each.
import assert from "node:assert/strict";
import { spawnSync, type SpawnSyncReturns } from "node:child_process";
import { chmodSync, closeSync, mkdirSync, openSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { CLI, tempProject } from "../helpers/tempProject";
import { hostileInputs } from "./fuzz/hostile";
import { runCliInProcess as inProcess } from "./support/cliRun";

const SERVER = "export class DemoServer {\n  handleListTools(ctx) {}\n  handleCompletion(ctx, ref, argument) {}\n}\n";
const STACK = /\n\s+at .+[:(]/;

interface Run {
  readonly status: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly ms: number;
  readonly timedOut: boolean;
}

function run(cwd: string, args: readonly string[], options: { timeoutMs?: number; stdout?: number | "pipe"; nodeArgs?: readonly string[] } = {}): Run {
  const started = performance.now();
  const r: SpawnSyncReturns<string> = spawnSync(process.execPath, [...(options.nodeArgs ?? []), CLI, ...args], {
    cwd,
    encoding: "utf8",
    timeout: options.timeoutMs ?? 60_000,
    killSignal: "SIGKILL",
    maxBuffer: 512 * 1024 * 1024,
    stdio: ["ignore", options.stdout ?? "pipe", "pipe"],
    env: { ...process.env, NO_COLOR: "1" },
  });
  const timedOut = (r.error as NodeJS.ErrnoException | undefined)?.code === "ETIMEDOUT" || r.signal === "SIGKILL";
  return { status: r.status, signal: r.signal, stdout: r.stdout ?? "", stderr: r.stderr ?? "", ms: performance.now() - started, timedOut };
}

/** Exit 2 with exactly one line on stderr matching `message`, and no stack trace. */
function assertOneLineError(r: Run, message: RegExp, what: string): void {
  assert.ok(!r.timedOut, `${what}: no answer within the time limit (killed)`);
  assert.equal(r.status, 2, `${what}: exit ${r.status}; stderr: ${r.stderr.slice(0, 500)}`);
  assert.match(r.stderr, message, what);
  assert.equal(r.stderr.trimEnd().split("\n").length, 1, `${what}: one line on stderr, got:\n${r.stderr.slice(0, 800)}`);
  assert.doesNotMatch(r.stderr, STACK, `${what}: no stack trace`);
  if (!/internal error/.test(message.source)) assert.doesNotMatch(r.stderr, /internal error/, `${what}: a bad input, not an internal error`);
}

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;

describe("mcp-caps on bad input", () => {
  it("a symlink loop, a two-link loop or a dangling link given as the PATH itself: exit 2, one line", () => {
    const dir = tempProject({ "a.ts": SERVER });
    symlinkSync("self", join(dir, "self"));
    symlinkSync("l2", join(dir, "l1"));
    symlinkSync("l1", join(dir, "l2"));
    symlinkSync("nowhere", join(dir, "dangling"));
    symlinkSync(".", join(dir, "here")); // a real folder loop, for the walk below
    assertOneLineError(inProcess(dir, ["self"]), /cannot read self: symbolic link loop/, "self-loop");
    assertOneLineError(inProcess(dir, ["l1"]), /cannot read l1: symbolic link loop/, "two-link loop");
    assertOneLineError(inProcess(dir, ["dangling"]), /cannot read dangling: no such file or folder/, "dangling link");
    assertOneLineError(inProcess(dir, ["a.ts", "self"]), /cannot read self/, "a loop after a good path");
    assertOneLineError(inProcess(dir, ["here/self"]), /cannot read here\/self: symbolic link loop/, "a loop through a folder loop");
    // Inside a walked folder, loops and dangling links are skipped (a folder loop is walked once).
    const walked = run(dir, ["--json"], { timeoutMs: 30_000 });
    assert.equal(walked.status, 0, walked.stderr);
    assert.deepEqual(JSON.parse(walked.stdout).servers.map((s: { name: string }) => s.name), ["DemoServer"]);
  });

  it("unreadable files and folders (chmod 000): a warning or exit 2, never a crash", (t) => {
    const dir = tempProject({ "ok.ts": SERVER, "locked.ts": SERVER.replace("DemoServer", "LockedServer"), "closed/inner.ts": SERVER.replace("DemoServer", "InnerServer") });
    chmodSync(join(dir, "locked.ts"), 0o000);
    chmodSync(join(dir, "closed"), 0o000);
    try {
      const folder = inProcess(dir, ["--json"]);
      const file = inProcess(dir, ["--json", "locked.ts"]);
      if (isRoot) {
        // Root reads through permissions, so nothing is unreadable here: only "no crash" can be checked.
        t.diagnostic("running as root: chmod 000 does not stop root from reading, so the unreadable case cannot be produced here");
        assert.equal(folder.status, 0, folder.stderr);
        assert.equal(file.status, 0, file.stderr);
      } else {
        assert.equal(folder.status, 0, folder.stderr);
        assert.match(folder.stderr, /warning: skipped (folder )?.*(locked\.ts|closed).*permission denied|EACCES/);
        assert.ok(JSON.parse(folder.stdout).servers.some((s: { name: string }) => s.name === "DemoServer"));
        assert.ok(file.status === 0 || file.status === 2, `exit ${file.status}`);
      }
      for (const r of [folder, file]) assert.doesNotMatch(r.stderr, STACK);
    } finally {
      chmodSync(join(dir, "locked.ts"), 0o644);
      chmodSync(join(dir, "closed"), 0o755);
    }
  });

  it("special files: a FIFO or /dev/zero as the PATH is refused, and inside a folder they are skipped (no hang)", () => {
    const dir = tempProject({ "ok.ts": SERVER });
    assert.equal(spawnSync("mkfifo", [join(dir, "pipe.ts")]).status, 0, "mkfifo");
    symlinkSync("/dev/zero", join(dir, "zero.ts"));
    assertOneLineError(run(dir, ["pipe.ts"], { timeoutMs: 20_000 }), /cannot read pipe\.ts: not a file or folder/, "a FIFO");
    assertOneLineError(run(dir, ["/dev/zero"], { timeoutMs: 20_000 }), /cannot read \/dev\/zero: not a file or folder/, "/dev/zero");
    const walked = run(dir, ["--json"], { timeoutMs: 30_000 });
    assert.ok(!walked.timedOut, "walking a folder with a FIFO and a link to /dev/zero does not hang");
    assert.equal(walked.status, 0, walked.stderr);
    assert.deepEqual(JSON.parse(walked.stdout).servers.map((s: { name: string }) => s.name), ["DemoServer"]);
  });

  it("a tsconfig.json that links to /dev/zero, in a walked folder: no hang, a clear answer", () => {
    const dir = tempProject({ "src/ok.ts": SERVER });
    symlinkSync("/dev/zero", join(dir, "src", "tsconfig.json"));
    const r = run(dir, ["src"], { timeoutMs: 30_000 });
    assert.ok(!r.timedOut, `mcp-caps hung reading src/tsconfig.json (a link to /dev/zero) and was killed after ${Math.round(r.ms / 1000)} s`);
    assert.ok(r.status === 0 || r.status === 2, `exit ${r.status}`);
    assert.doesNotMatch(r.stderr, STACK);
    if (r.status === 2) assert.equal(r.stderr.trimEnd().split("\n").length, 1);
  });

  it("a tsconfig with 20,000 include and exclude globs: its options are used, the servers reported (no 15 s wait, no error)", () => {
    const dir = tempProject({
      "src/ok.ts": SERVER,
      "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true }, include: Array.from({ length: 20_000 }, (_, i) => `src/**/x${i}*.ts`), exclude: Array.from({ length: 20_000 }, (_, i) => `**/y${i}/**`) }),
    });
    const r = run(dir, ["--json", "."], { timeoutMs: 30_000 });
    assert.ok(!r.timedOut, `killed after ${Math.round(r.ms / 1000)} s`);
    assert.equal(r.status, 0, r.stderr);
    assert.equal((JSON.parse(r.stdout) as { servers: unknown[] }).servers.length, 1);
    assert.equal(r.stderr, "");
  });

  it("--project with a tsconfig that is not JSON, binary, or a folder: exit 2, one line naming it", () => {
    const dir = tempProject({ "a.ts": SERVER, "bad.json": "{ nope", "binary.json": Buffer.from([0xff, 0xfe, 0x00, 0x01, 0x7b]), "folder/x.txt": "", "self.json": JSON.stringify({ extends: "./self.json" }) });
    assertOneLineError(inProcess(dir, ["--project", "bad.json", "a.ts"]), /bad\.json/, "not JSON");
    assertOneLineError(inProcess(dir, ["--project", "binary.json", "a.ts"]), /binary\.json/, "binary");
    assertOneLineError(inProcess(dir, ["--project", "folder", "a.ts"]), /folder/, "a folder");
    const self = inProcess(dir, ["--project", "self.json", "a.ts"]);
    assert.ok(self.status === 0 || self.status === 2, `a tsconfig that extends itself: exit ${self.status}`);
    assert.doesNotMatch(self.stderr, STACK);
  });

  it("--project naming a FIFO: no hang, exit 2, one line naming it", () => {
    const dir = tempProject({ "a.ts": SERVER });
    assert.equal(spawnSync("mkfifo", [join(dir, "fifo.json")]).status, 0, "mkfifo");
    const fifo = run(dir, ["--project", "fifo.json", "a.ts"], { timeoutMs: 20_000 });
    assert.ok(!fifo.timedOut, `--project fifo.json hung (reading a FIFO blocks) and was killed after ${Math.round(fifo.ms / 1000)} s`);
    assertOneLineError(fifo, /fifo\.json/, "a FIFO");
  });

  it("unknown and malformed flags: exit 2, one line", () => {
    const dir = tempProject({ "a.ts": SERVER });
    const cases: [string[], RegExp][] = [
      [["-x"], /unknown option -x/],
      [["---"], /unknown option ---/],
      [["--JSON"], /unknown option --JSON/],
      [["--json=yes"], /--json takes no value/],
      [["--help=me"], /--help takes no value/],
      [["--era="], /--era needs a value/],
      [["--era", "LEGACY"], /--era must be legacy, modern or both/],
      [["--tasks=ON"], /--tasks must be on or off/],
      [["--check"], /--check needs a value/],
      [[`--${"x".repeat(10_000)}`], /unknown option --x+/],
    ];
    for (const [args, message] of cases) assertOneLineError(inProcess(dir, args), message, args.join(" ").slice(0, 40));
  });

  it("paths that cannot exist: too long, or full of odd characters: exit 2, one line", () => {
    const dir = tempProject({ "a.ts": SERVER });
    assertOneLineError(inProcess(dir, [`${"x/".repeat(3000)}a.ts`]), /cannot read x\/x\//, "a path longer than PATH_MAX");
    assertOneLineError(inProcess(dir, ["\u202e\u0007<img src=x>.ts"]), /cannot read .*: no such file or folder/, "odd characters");
  });

  it("a snapshot or report that cannot be written: exit 2, one line, no stack", () => {
    const dir = tempProject({ "a.ts": SERVER, "deep.json": `${"[".repeat(100_000)}${"]".repeat(100_000)}` });
    assertOneLineError(inProcess(dir, ["--write-snapshot", "/dev/full", "a.ts"]), /cannot write snapshot \/dev\/full/, "snapshot to a full device");
    assertOneLineError(inProcess(dir, ["--write-snapshot", ".", "a.ts"]), /cannot write snapshot \./, "snapshot to a folder");
    assertOneLineError(inProcess(dir, ["--check", "deep.json", "a.ts"]), /deep\.json/, "a snapshot nested 100,000 deep");
    // stdout itself on a full device (a report redirected to a full disk).
    const full = openSync("/dev/full", "w");
    try {
      const r = run(dir, ["a.ts"], { stdout: full });
      assert.doesNotMatch(r.stderr, STACK, `writing the report to a full device: no stack trace\n${r.stderr.slice(0, 600)}`);
      assert.equal(r.status, 2, `exit ${r.status}: an output that cannot be written is an exit-2 error`);
      assert.match(r.stderr, /mcp-caps: .*(write|ENOSPC|space)/i);
    } finally {
      closeSync(full);
    }
  });

  it("an internal error: one line and exit 2; the stack only with --debug", () => {
    const dir = tempProject({ "a.ts": SERVER });
    // A fault injected into the CLI process (the report cannot be serialised), so the internal-error path
    // is exercised whatever the analysis does.
    const fault = join(dir, "fault.cjs");
    writeFileSync(fault, 'const s = JSON.stringify; JSON.stringify = function (v, ...r) { if (v && v.tool === "mcp-caps") throw new TypeError("injected fault"); return s.call(this, v, ...r); };\n');
    const plain = run(dir, ["--json", "a.ts"], { nodeArgs: ["--require", fault] });
    assertOneLineError(plain, /mcp-caps: internal error: injected fault \(run with --debug for details\)/, "internal error");
    const debug = run(dir, ["--json", "--debug", "a.ts"], { nodeArgs: ["--require", fault] });
    assert.equal(debug.status, 2);
    assert.match(debug.stderr, /internal error: injected fault/);
    assert.match(debug.stderr, STACK, "--debug prints the stack");
  });

  it("a hostile file among good ones: the run completes (exit 0) and reports the good servers", () => {
    const files: Record<string, string> = { "good.ts": SERVER };
    for (const name of ["doubling arrays: 30 consts, each spreading the previous twice (2^30 items)", "20,000-deep value built from cached consts", "nesting: 10,000 object literals"]) {
      const h = hostileInputs().find((x) => x.name === name)!;
      for (const [f, text] of Object.entries(h.files)) if (f !== "ok.ts") files[`hostile/${f}`] = text;
    }
    const dir = tempProject(files);
    const r = run(dir, ["--json"], { timeoutMs: 60_000 });
    assert.ok(!r.timedOut, "no hang");
    assert.doesNotMatch(r.stderr, STACK);
    assert.equal(r.status, 0, `one hostile file must not abort the run: exit ${r.status}, ${r.stderr.trim().slice(0, 300)}`);
    assert.ok(JSON.parse(r.stdout).servers.some((s: { name: string }) => s.name === "DemoServer"));
  });

  describe("a 10,000-file project", () => {
    const FILES = 10_000;
    let dir: string;
    const make = () => {
      if (dir) return dir;
      dir = tempProject({ "base.ts": "export class AuditBase {\n  handleSetLogLevel(ctx, level) {}\n}\n" });
      for (let d = 0; d < 100; d++) {
        mkdirSync(join(dir, `d${d}`));
        for (let i = 0; i < FILES / 100; i++) {
          const n = d * 100 + i;
          writeFileSync(
            join(dir, `d${d}`, `s${n}.ts`),
            `import { AuditBase } from "../base";\nexport class S${n} extends AuditBase {\n  static __capabilities__() { return { tools: { listChanged: false } }; }\n  handleCallTool(ctx, name, args) {}\n  handleCompletion(ctx, ref, argument) {}\n}\n`,
          );
        }
      }
      return dir;
    };

    it("--json: exit 0 and every server, in bounded time", (t) => {
      const r = run(make(), ["--json"], { timeoutMs: 180_000 });
      assert.ok(!r.timedOut, `killed after ${Math.round(r.ms / 1000)} s`);
      assert.equal(r.status, 0, r.stderr.slice(0, 500));
      const report = JSON.parse(r.stdout);
      assert.equal(report.servers.length, FILES + 1);
      assert.equal(report.diagnostics.length, FILES + 1);
      t.diagnostic(`mcp-caps --json on ${FILES} files: ${(r.ms / 1000).toFixed(1)} s`);
      console.log(`# mcp-caps --json on ${FILES} files: ${(r.ms / 1000).toFixed(1)} s`);
    });

    // The human report on 3,000 of the files (the paths of 30 folders and the base): what it adds to
    // the --json run is formatting, and a formatter quadratic in the servers shows at that size too,
    // for a third of the run's time.
    it("the human report on 3,000 of them, named as 30 folders: exit 0 within 60 s", (t) => {
      const SOME = 3000;
      const paths = ["base.ts", ...Array.from({ length: SOME / 100 }, (_, d) => `d${d}`)];
      const r = run(make(), paths, { timeoutMs: 60_000 });
      t.diagnostic(`mcp-caps (human report) on ${SOME} files: ${r.timedOut ? "killed after" : ""} ${(r.ms / 1000).toFixed(1)} s`);
      console.log(`# mcp-caps (human report) on ${SOME} files: ${r.timedOut ? "killed after " : ""}${(r.ms / 1000).toFixed(1)} s`);
      assert.ok(!r.timedOut, `the human report of ${SOME} servers did not finish in 60 s`);
      assert.equal(r.status, 0, r.stderr.slice(0, 500));
      assert.match(r.stdout, new RegExp(`${SOME + 1} servers in ${SOME + 1} files`));
    });
  });
});

