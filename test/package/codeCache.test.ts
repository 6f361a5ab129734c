// The V8 code cache the build writes beside the bundled ts-morph: this Node accepts it, and a cache
// that does not fit (another Node, a damaged file) changes nothing a user sees.
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import Module from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { Script } from "node:vm";

const root = new URL("../..", import.meta.url).pathname;
const vendor = join(root, "dist", "vendor", "ts-morph.js");
const cli = (dist: string) => spawnSync(process.execPath, [join(dist, "cli.js"), "--json", "examples"], { cwd: root, encoding: "utf8" });

describe("the code cache of the bundled ts-morph", () => {
  const scratch = mkdtempSync(join(tmpdir(), "mcp-lens-code-cache-"));
  after(() => rmSync(scratch, { recursive: true, force: true }));

  it("is written by the build and accepted by the Node that runs the tests", () => {
    execFileSync(process.execPath, ["scripts/setup.mjs"], { cwd: root, stdio: "ignore" });
    const script = new Script(Module.wrap(readFileSync(vendor, "utf8")), { filename: vendor, cachedData: readFileSync(`${vendor}.v8-cache`) });
    assert.equal(script.cachedDataRejected, false);
  });

  it("--help, --version and a bad command line answer without loading ts-morph (and the compiler inside it)", () => {
    // A preload that lists, at exit, every module the process loaded.
    const hook = join(scratch, "list-modules.cjs");
    writeFileSync(hook, 'process.on("exit", () => process.stderr.write("\\n" + Object.keys(require.cache).join("\\n") + "\\n"));\n');
    const loaded = (args: string[]) => spawnSync(process.execPath, ["-r", hook, join(root, "dist", "cli.js"), ...args], { cwd: root, encoding: "utf8" });
    for (const args of [["--help"], ["--version"], ["--no-such-flag"]]) {
      const r = loaded(args);
      assert.ok(r.status === 0 || r.status === 2, `${args.join(" ")}: exit ${r.status}`);
      assert.doesNotMatch(r.stderr, /vendor[\\/]ts-morph\.js/, `${args.join(" ")} loaded ts-morph`);
    }
    assert.match(loaded(["--json", "examples"]).stderr, /vendor[\\/]ts-morph\.js/, "an analysis loads ts-morph (else this test proves nothing)");
  });

  it("a damaged or missing cache gives the same report as a good one", () => {
    const withCache = cli(join(root, "dist"));
    assert.ok(withCache.stdout.includes('"servers"'), withCache.stderr);
    const damaged = join(scratch, "damaged");
    cpSync(join(root, "dist"), damaged, { recursive: true });
    writeFileSync(join(damaged, "vendor", "ts-morph.js.v8-cache"), Buffer.alloc(4096, 7));
    const missing = join(scratch, "missing");
    cpSync(join(root, "dist"), missing, { recursive: true });
    rmSync(join(missing, "vendor", "ts-morph.js.v8-cache"));
    for (const dist of [damaged, missing]) {
      const run = cli(dist);
      assert.equal(run.status, withCache.status, run.stderr);
      assert.equal(run.stdout, withCache.stdout);
      assert.equal(run.stderr, withCache.stderr);
    }
  });
});
