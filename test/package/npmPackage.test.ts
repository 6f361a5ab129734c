// `npm pack` yields an installable CLI: only the bundles and the docs, no runtime dependencies, under
// 3 MB. The tarball is installed (offline: it has nothing to download) into an empty folder outside the
// repository, so that nothing can be resolved from the repository's own node_modules, and run there
// with npx: --version, a report, and the language server.
import assert from "node:assert/strict";
import { spawn, spawnSync, type SpawnSyncOptions } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { after, before, describe, it } from "node:test";
import {
  createProtocolConnection,
  DidOpenTextDocumentNotification,
  ExitNotification,
  HoverRequest,
  InitializeRequest,
  PublishDiagnosticsNotification,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
  type PublishDiagnosticsParams,
} from "vscode-languageserver-protocol/node";
import { REPO } from "../helpers/tempProject";

const VERSION = (JSON.parse(readFileSync(join(REPO, "package.json"), "utf8")) as { version: string }).version;
const MB = 1024 * 1024;

const SERVER = `export class DemoServer {
  static __capabilities__() {
    return { tools: { listChanged: false } };
  }
  handleListTools(ctx: unknown) { return { tools: [] }; }
  handleGetPromt(ctx: unknown, name: string) { return {}; }
}
`;

/** The environment of a user's shell: none of the npm variables `npm test` sets for its scripts. */
function userEnv(home: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!/^npm_/i.test(k) && k !== "NODE_PATH" && k !== "INIT_CWD") env[k] = v;
  return { ...env, npm_config_cache: join(home, ".npm-cache"), npm_config_update_notifier: "false", NO_COLOR: "1", GITHUB_ACTIONS: undefined };
}

function run(cmd: string, args: string[], options: SpawnSyncOptions): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(cmd, args, { encoding: "utf8", timeout: 240_000, ...options });
  return { status: r.status, stdout: String(r.stdout), stderr: String(r.stderr) };
}

/** Entries of a .tgz, without the `package/` prefix. */
function tarEntries(file: string): string[] {
  const r = run("tar", ["tzf", file], {});
  assert.equal(r.status, 0, r.stderr);
  return r.stdout.trim().split("\n").map((e) => e.replace(/^package\//, "")).sort();
}

describe("the npm package", () => {
  let tarball: string;
  let home: string;
  let consumer: string;

  before(() => {
    home = mkdtempSync(join(tmpdir(), "mcp-caps-npm-"));
    const out = join(home, "pack");
    mkdirSync(out);
    // `npm pack` runs `prepack`: the production build.
    const pack = run("npm", ["pack", "--pack-destination", out], { cwd: REPO, env: userEnv(home) });
    assert.equal(pack.status, 0, `npm pack failed:\n${pack.stderr}`);
    const file = readdirSync(out).find((f) => f.endsWith(".tgz"));
    assert.ok(file, "npm pack wrote a tarball");
    tarball = join(out, file);
    consumer = join(home, "consumer");
    mkdirSync(consumer);
    // A folder of its own: npm would otherwise install into the nearest folder above with a package.json.
    writeFileSync(join(consumer, "package.json"), JSON.stringify({ name: "consumer", version: "1.0.0", private: true }));
  }, { timeout: 300_000 });
  after(() => rmSync(home, { recursive: true, force: true }));

  it("holds only dist/ (the bundles and the extension's assets), README, LICENSE, CHANGELOG and package.json, in under 3 MB", () => {
    const entries = tarEntries(tarball);
    assert.deepEqual(entries, [
      "CHANGELOG.md",
      "LICENSE",
      "README.md",
      "dist/cli.js",
      "dist/extension.js",
      "dist/images/icon.png",
      "dist/server.js",
      "dist/syntaxes/mcp-capability-lens.injection.tmLanguage.json",
      "dist/syntaxes/mcp-capability-lens.references.injection.tmLanguage.json",
      "dist/vendor/ts-morph.js",
      "dist/webview/preview.css",
      "dist/webview/preview.js",
      "package.json",
    ]);
    const size = statSync(tarball).size;
    assert.ok(size < 3 * MB, `the tarball is ${(size / MB).toFixed(2)} MB`);
  });

  it("installs offline into an empty folder, with no dependencies", () => {
    const install = run("npm", ["install", "--offline", "--no-audit", "--no-fund", tarball], { cwd: consumer, env: userEnv(home) });
    assert.equal(install.status, 0, `npm install failed:\n${install.stderr}`);
    const installed = join(consumer, "node_modules");
    assert.deepEqual(readdirSync(installed).filter((e) => !e.startsWith(".")), ["mcp-capability-lens"], "nothing but the package itself");
    const manifest = JSON.parse(run("node", ["-p", "JSON.stringify(require('mcp-capability-lens/package.json'))"], { cwd: consumer }).stdout) as Record<string, unknown>;
    for (const field of ["dependencies", "optionalDependencies", "peerDependencies", "bundleDependencies", "bundledDependencies"]) {
      assert.equal(manifest[field], undefined, `no ${field}`);
    }
    assert.deepEqual(manifest.bin, { "mcp-caps": "dist/cli.js" });
  });

  it("npx mcp-caps prints its version and a report", () => {
    const env = userEnv(home);
    const version = run("npx", ["--no-install", "mcp-caps", "--version"], { cwd: consumer, env });
    assert.equal(version.status, 0, version.stderr);
    assert.equal(version.stdout.trim(), VERSION);
    mkdirSync(join(consumer, "src"), { recursive: true });
    writeFileSync(join(consumer, "src", "demo.ts"), SERVER);
    const report = run("npx", ["--no-install", "mcp-caps", "--json", "src"], { cwd: consumer, env });
    assert.equal(report.status, 0, report.stderr);
    const json = JSON.parse(report.stdout) as { servers: { name: string; file: string; legacy: unknown; modern: unknown }[]; diagnostics: { code: string; line: number }[] };
    assert.deepEqual(json.servers.map((s) => [s.name, s.file]), [["DemoServer", "src/demo.ts"]]);
    assert.deepEqual(json.servers[0]!.legacy, { tools: { listChanged: false } });
    assert.deepEqual(json.servers[0]!.modern, { logging: {}, tools: { listChanged: true } });
    assert.deepEqual(json.diagnostics.map((d) => [d.code, d.line]), [["handler-misspelled", 6]]);
    const human = run("npx", ["--no-install", "mcp-caps", "src"], { cwd: consumer, env });
    assert.match(human.stdout, /DemoServer {2}src\/demo\.ts:1:14/);
  });

  it("npx mcp-caps lsp runs the language server on stdio", { timeout: 60_000 }, async () => {
    // Its own process group: npx starts the server as a child of its own, and both must end.
    const child = spawn("npx", ["--no-install", "mcp-caps", "lsp"], { cwd: consumer, env: userEnv(home), stdio: ["pipe", "pipe", "pipe"], detached: true });
    const exited = new Promise((resolve) => child.once("exit", resolve));
    const connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
    const pushed = new Promise<PublishDiagnosticsParams>((resolve) => connection.onNotification(PublishDiagnosticsNotification.type, resolve));
    connection.listen();
    try {
      const rootUri = pathToFileURL(consumer).href;
      const init = await connection.sendRequest(InitializeRequest.type, { processId: process.pid, rootUri, workspaceFolders: [{ uri: rootUri, name: "consumer" }], capabilities: {} });
      assert.equal(init.serverInfo?.name, "mcp-capability-lens");
      assert.equal(init.serverInfo?.version, VERSION);
      await connection.sendNotification("initialized", {});
      const uri = pathToFileURL(join(consumer, "src", "demo.ts")).href;
      await connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: "typescript", version: 1, text: SERVER } });
      const hover = await connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line: 0, character: 16 } });
      assert.match(JSON.stringify(hover?.contents), /Legacy.*initialize.*Modern.*server\/discover/);
      const diagnostics = await pushed;
      assert.deepEqual(diagnostics.diagnostics.map((d) => d.code), ["handler-misspelled"]);
      await connection.sendRequest(ShutdownRequest.type);
      await connection.sendNotification(ExitNotification.type);
      assert.ok(await Promise.race([exited.then(() => true), new Promise((r) => setTimeout(() => r(false), 10_000))]), "the server exits when asked");
    } finally {
      connection.dispose();
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        // already gone
      }
    }
  });
});
