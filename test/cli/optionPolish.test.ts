// Small things a first run trips on: --sarif as a shortcut (like --json); --era, which only the human
// report can honour, refused beside json or sarif; --write-snapshot answering with one line instead of
// the whole report; a folder where nothing is read saying which files would be; and a node_modules
// that is a link not warned about, since node_modules is never walked.
import assert from "node:assert/strict";
import { readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { mcpCaps } from "../helpers/builtCliInProcess";
import { tempProject } from "../helpers/tempProject";

const SERVER = "export class DemoServer {\n  handleListTools(ctx: unknown) { return []; }\n}\n";

describe("format shortcuts and --era", () => {
  it("--sarif is --format sarif", () => {
    const dir = tempProject({ "demo.ts": SERVER });
    const r = mcpCaps(dir, "--sarif");
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout), JSON.parse(mcpCaps(dir, "--format", "sarif").stdout));
    const both = mcpCaps(dir, "--sarif", "--json");
    assert.equal(both.status, 2);
    assert.equal(both.stderr, "mcp-caps: --json and --sarif ask for two formats: choose one\n");
  });

  it("--era with --json or --sarif: the report as usual, and a note on stderr that it holds both eras", () => {
    const dir = tempProject({ "demo.ts": SERVER });
    for (const args of [["--json", "--era", "legacy"], ["--era=modern", "--sarif"], ["--format", "json", "--era", "both"]]) {
      const r = mcpCaps(dir, ...args);
      assert.equal(r.status, 0, args.join(" "));
      assert.match(r.stderr, /^mcp-caps: note: --era chooses the eras of the human report; the (json|sarif) report holds both eras\n/);
      assert.doesNotThrow(() => JSON.parse(r.stdout), "the report is printed");
    }
    assert.equal(mcpCaps(dir, "--format", "github", "--era", "legacy").status, 0, "the github format holds the human report");
  });
});

describe("--write-snapshot", () => {
  it("prints one line saying what it wrote, not the report", () => {
    const dir = tempProject({ "demo.ts": SERVER });
    const r = mcpCaps(dir, "--write-snapshot", "caps.json");
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout, "mcp-caps: wrote the capabilities of 1 server (both eras) to caps.json\n");
    assert.equal(r.stderr, "");
    assert.equal(JSON.parse(readFileSync(join(dir, "caps.json"), "utf8")).format, "mcp-caps-snapshot/1");
    // A format asked for as well is printed, and the line goes to stderr, beside the document.
    const json = mcpCaps(dir, "--json", "--write-snapshot", "caps.json");
    assert.equal(JSON.parse(json.stdout).servers.length, 1);
    assert.match(json.stderr, /wrote the capabilities of 1 server/);
  });
});

describe("a folder where no TypeScript file is read", () => {
  it("says which files are read, also when its JavaScript sits in an output folder", () => {
    const dir = tempProject({ "tsconfig.json": JSON.stringify({ compilerOptions: { outDir: "dist" } }), "dist/server.js": "module.exports = 1;\n" });
    const r = mcpCaps(dir);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /0 servers in 0 files/);
    assert.match(r.stdout, /^No TypeScript file was read: only \.ts, \.tsx, \.mts and \.cts files are analysed/m);
    assert.match(mcpCaps(dir, "--json").stderr, /^mcp-caps: warning: No TypeScript file was read/m);
  });
});

describe("a node_modules that is a link", () => {
  // discoverFiles.ts (server/src/files, outside the CLI) checks "leads outside" before "skipped folder":
  // the fix is there (see the CLI defects report); this test turns green with it.
  it("is skipped like any node_modules: no \"did not follow link\" warning", () => {
    const outside = tempProject({ "dep/index.ts": SERVER });
    const dir = tempProject({ "demo.ts": SERVER });
    symlinkSync(outside, join(dir, "node_modules"));
    const r = mcpCaps(dir, "--json");
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stderr, "");
  });
});
