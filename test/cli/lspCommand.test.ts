// `mcp-caps lsp`: the language server from the CLI, which loads the server's bundle at run time and
// never includes its code (the CLI's sources import nothing from server/src/lsp/).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import * as esbuild from "esbuild";
import { CLI, REPO, tempProject } from "../helpers/tempProject";

describe("mcp-caps lsp", () => {
  it("--help describes it; the main help names it", () => {
    const lsp = spawnSync(process.execPath, [CLI, "lsp", "--help"], { encoding: "utf8" });
    assert.equal(lsp.status, 0);
    assert.match(lsp.stdout, /^Usage: mcp-caps lsp \[--stdio/);
    const main = spawnSync(process.execPath, [CLI, "--help"], { encoding: "utf8" });
    assert.match(main.stdout, /mcp-caps lsp +run the language server on stdio/);
  });

  it("a CLI without the server's bundle beside it says so, exit 2", () => {
    const dir = tempProject({});
    mkdirSync(join(dir, "vendor"));
    copyFileSync(CLI, join(dir, "cli.js"));
    copyFileSync(join(REPO, "dist", "vendor", "ts-morph.js"), join(dir, "vendor", "ts-morph.js"));
    const r = spawnSync(process.execPath, [join(dir, "cli.js"), "lsp"], { encoding: "utf8", input: "" });
    assert.equal(r.status, 2);
    assert.match(r.stderr, /^mcp-caps: the language server is not installed beside the CLI \(no .*server\.js\)/);
    assert.equal(r.stdout, "");
  });

  it("the CLI's bundle holds none of the language server's code", async () => {
    const result = await esbuild.build({
      absWorkingDir: REPO,
      entryPoints: ["server/src/cli.ts"],
      bundle: true,
      platform: "node",
      format: "cjs",
      write: false,
      metafile: true,
      outfile: join(REPO, ".tmp", "fence", "cli.js"),
      external: ["ts-morph"],
      logLevel: "silent",
    });
    const inputs = Object.keys(result.metafile.inputs);
    assert.ok(inputs.some((f) => f.startsWith("server/src/cli/")), "the metafile lists the CLI's sources");
    assert.deepEqual(inputs.filter((f) => f.startsWith("server/src/lsp/") || f.includes("vscode-languageserver") || f === "server/src/server.ts"), []);
  });
});
