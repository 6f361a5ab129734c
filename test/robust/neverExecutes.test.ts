// Static means static: test/fixtures/robust/never-run is a project whose every piece of code — top-level
// statements, `__capabilities__` (method, arrow, getter), handlers, decorators, static blocks and
// fields, computed keys, enum initializers, mixins, side-effect imports, a `.js` module, an installed
// package and a tsconfig plugin — writes an EXECUTED-* marker file, flags the global object and throws
// if it runs. The in-memory analysis, the CLI and the language server all analyse it; nothing may run,
// and the answers must still be the sane, static ones.
import { conduitDetails } from "../../server/src/analysis/dialects/conduit/details";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { after, before, describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";
import { LspClient, positionOf } from "../helpers/lspClient";
import { mcpCaps, tempProject } from "../helpers/tempProject";

const FIXTURE = join(__dirname, "..", "fixtures", "robust", "never-run");

/** The fixture's files, with packages/evil-base installed as node_modules/evil-base. */
function fixtureFiles(): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else out[relative(FIXTURE, p).replace(/^packages\//, "node_modules/")] = readFileSync(p, "utf8");
    }
  };
  walk(FIXTURE);
  return out;
}

/** Every EXECUTED-* marker under a folder (and the MCP_LENS_MARKER prefix's folder). */
function markers(dir: string): string[] {
  const found: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (/EXECUTED|^MARKER-/.test(name)) found.push(relative(dir, p));
    }
  };
  walk(dir);
  return found;
}

const executed = () => (globalThis as Record<string, unknown>).__mcpLensExecuted;

describe("static means static: nothing of the user's code ever runs", () => {
  it("the fixture really would leave markers if run (every code path calls mark or writes a file)", () => {
    const files = fixtureFiles();
    const code = Object.entries(files).filter(([f]) => /\.(ts|js)$/.test(f) && !f.endsWith(".d.ts"));
    for (const [name, text] of code) assert.match(text, /mark\(|EXECUTED|__mcpLensExecuted/, `${name} has a marker`);
    const server = files["src/server.ts"]!;
    for (const spot of ["top-level", "capabilities", "static-field", "static-block", "handler", "decorator-factory-", "computed-key", "call-in-literal", "getter", "subscribe", "end-of-module"]) {
      assert.ok(server.includes(`"${spot}`) || server.includes(`\`${spot}`), `server.ts marks ${spot}`);
    }
  });

  it("positive control: running the fixture for real does leave markers (so the detector works)", () => {
    const dir = tempProject(fixtureFiles());
    const r = spawnSync(process.execPath, ["--import", "tsx", "src/server.ts"], { cwd: dir, encoding: "utf8", timeout: 60_000, env: { ...process.env, MCP_LENS_MARKER: "" } });
    assert.notEqual(r.status, 0);
    assert.match(r.stderr, /EXECUTED: /);
    assert.ok(markers(dir).length > 0, "a marker file was written");
  });

  it("the in-memory analysis reads it and runs nothing", () => {
    const files = fixtureFiles();
    const memory: Record<string, string> = {};
    for (const [name, text] of Object.entries(files)) if (!name.endsWith(".md")) memory[name] = text;
    const r = analyze(memory, { tasks: true });
    assert.equal(executed(), undefined, `code ran: ${String(executed())}`);
    const names = r.analysis.servers.map((s) => s.name).sort();
    assert.deepEqual(names, ["ComputedServer", "GetterServer", "PlainDataServer", "SideEffectServer", "never-run"]);
    // Code is reported as dynamic, never guessed; data is read.
    const side = r.servers.get("SideEffectServer")!;
    assert.equal(side.legacy, null);
    assert.equal(side.exact, false);
    assert.ok(conduitDetails(side.details)!.handlers.some((h) => h.handler === "handleReadResource" && h.via === "inherited"), "the .d.ts base of the installed package is read");
    const plain = r.servers.get("PlainDataServer")!;
    assert.deepEqual(plain.legacy?.tools, { listChanged: false });
    assert.deepEqual(plain.legacy?.resources, { listChanged: false, subscribe: true });
    assert.ok(r.codes("capabilities-dynamic").length >= 4);
    assert.ok(r.codes("base-unresolved").some((d) => d.message.includes("WithAudit")), "a mixin that does more than return a class is not called");
    const sdk = r.servers.get("never-run")!;
    assert.deepEqual(Object.keys(sdk.legacy ?? {}).sort(), ["logging", "prompts", "tools"], "the SDK replay follows the helper without running it");
  });

  describe("the CLI and the language server on a copy on disk", () => {
    let dir: string;
    let client: LspClient;
    const envMarker = () => join(dir, "MARKER");

    before(() => {
      dir = tempProject(fixtureFiles());
      process.env.MCP_LENS_MARKER = envMarker(); // inherited by the CLI and the server
    });

    after(async () => {
      delete process.env.MCP_LENS_MARKER;
      await client?.stop();
    });

    it("mcp-caps (human, --json, --strict, snapshots) runs nothing", () => {
      const human = mcpCaps(dir);
      assert.equal(human.status, 0, human.stderr);
      assert.doesNotMatch(human.stdout + human.stderr, /EXECUTED/);
      const json = mcpCaps(dir, "--json", "src");
      assert.equal(json.status, 0, json.stderr);
      const report = JSON.parse(json.stdout);
      assert.equal(report.servers.length, 5);
      assert.equal(report.tasksExtension, true, "package.json is read as data");
      assert.equal(mcpCaps(dir, "--write-snapshot", "caps.json").status, 0);
      assert.equal(mcpCaps(dir, "--check", "caps.json", "--strict").status, 0);
      assert.equal(mcpCaps(dir, "--project", "tsconfig.json", "src/server.ts").status, 0);
      assert.deepEqual(markers(dir), []);
    });

    it("the language server (hover, lenses, diagnostics, quick fixes, preview data, server list) runs nothing", async () => {
      client = await LspClient.start(dir);
      for (const file of ["src/server.ts", "src/caps.ts", "src/sdk-server.ts", "src/mark.ts"]) {
        const text = readFileSync(join(dir, file), "utf8");
        await client.open(file, text);
        await client.diagnostics(file);
        await client.codeLenses(file);
        await client.serverReport(file);
        for (const needle of ["__capabilities__", "handleCallTool", "mark(", "SideEffectServer", "server"]) {
          if (text.includes(needle)) await client.hover(file, positionOf(text, needle));
        }
        await client.codeActions(file, { start: { line: 0, character: 0 }, end: { line: 60, character: 0 } });
      }
      const text = readFileSync(join(dir, "src/server.ts"), "utf8");
      await client.change("src/server.ts", text.replace("mark(\"top-level\");", "mark(\"top-level-edited\");"));
      const report = await client.serverReport("src/server.ts", { name: "PlainDataServer" });
      assert.deepEqual(report.servers[report.selected]!.legacy?.tools, { listChanged: false });
      const { servers } = await client.listServers();
      assert.equal(servers.length, 5);
      assert.ok(client.alive);
      assert.deepEqual(markers(dir), []);
      assert.ok(!client.logs.some((l) => /EXECUTED/.test(l)), client.logs.join("\n"));
    });
  });
});
