// Starts every mcp-framework fixture with the real framework, one after the other in this one process,
// and records what each answers to `initialize` (protocol 2025-11-25) and to `server/discover`.
// Each fixture is built as its tsconfig says (sources transpiled into outDir) in a temporary copy whose
// node_modules links to the repository's, run from that copy as its working directory, and served over
// stdio, whose streams are swapped for in-memory ones for the duration of the fixture: nothing binds a
// port. The entry script stands in process.argv[1], where releases before 0.2.20 look for the loaders'
// folders; process.exit() is held back, since stop() of 0.1.x exits. After --modules=DIR the copies of
// the fixtures that follow link DIR (an install of another mcp-framework release) instead of the
// repository's node_modules; each install is loaded apart (its own module URLs), so one process can
// run several releases. Usage: node worker.mjs OUT.json [--modules=DIR] FIXTURE_DIR...
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";
import { PassThrough } from "node:stream";
import { pathToFileURL } from "node:url";
// esbuild rather than the TypeScript compiler: loading `typescript` alone takes seconds.
import { transformSync } from "esbuild";

const repo = join(import.meta.dirname, "..", "..", "..");
const [outFile, ...args] = process.argv.slice(2);
const exit = process.exit.bind(process);
process.exit = () => {};
const ANSWER_MS = 5000;

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]));
}

/** A copy of the fixture with its sources compiled into outDir, as `tsc` lays them out. */
function build(fixture, modules) {
  const dir = mkdtempSync(join(tmpdir(), "mcpfw-fixture-"));
  cpSync(fixture, dir, { recursive: true });
  symlinkSync(modules, join(dir, "node_modules"), "dir");
  const tsconfig = JSON.parse(readFileSync(join(dir, "tsconfig.json"), "utf8"));
  const { compilerOptions = {} } = tsconfig;
  const outDir = join(dir, compilerOptions.outDir ?? "dist");
  // Without include/files/exclude/extends/allowJs every .ts file of the fixture is an input; without
  // rootDir, tsc mirrors their common folder (TypeScript 5; 6 takes the tsconfig's folder, and
  // fixtures keep the two equal). A fixture that sets them gets what TypeScript itself compiles.
  const chosen = ["include", "files", "exclude", "extends"].some((k) => k in tsconfig) || "allowJs" in compilerOptions;
  const inputs = chosen ? programFiles(dir) : filesUnder(dir).filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts") && !f.startsWith(`${join(dir, "node_modules")}/`) && !f.startsWith(`${outDir}/`));
  const rootDir = compilerOptions.rootDir ? join(dir, compilerOptions.rootDir) : commonFolder(inputs);
  for (const file of inputs) {
    if (!file.startsWith(`${rootDir}/`)) continue;
    const out = join(outDir, relative(rootDir, file)).replace(/\.ts$/, ".js");
    mkdirSync(dirname(out), { recursive: true });
    const js = transformSync(readFileSync(file, "utf8"), { loader: file.endsWith(".ts") ? "ts" : "js", format: "esm", target: "es2022", tsconfigRaw: { compilerOptions: { useDefineForClassFields: true } } }).code;
    writeFileSync(out, js);
  }
  return { dir, entry: join(outDir, relative(rootDir, join(dir, "src", "index.js"))) };
}

let typescript;
/**
 * The sources tsc emits for the fixture's tsconfig, asked of TypeScript itself: the files its
 * include/files/exclude (and extends, allowJs) give, and those they import. Only the workspace's own
 * modules are resolved (the packages' declarations are never emitted, and reading them takes seconds).
 */
function programFiles(dir) {
  typescript ??= createRequire(import.meta.url)("typescript");
  const ts = typescript;
  const { config } = ts.readConfigFile(join(dir, "tsconfig.json"), ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, dir);
  const options = { ...parsed.options, types: [], noLib: true };
  const host = ts.createCompilerHost(options);
  host.resolveModuleNames = (names, containing) => names.map((n) => (n.startsWith(".") ? ts.resolveModuleName(n, containing, options, host).resolvedModule : undefined));
  const program = ts.createProgram({ rootNames: parsed.fileNames, options, host });
  return program.getSourceFiles().filter((f) => !f.isDeclarationFile).map((f) => f.fileName);
}

function commonFolder(files) {
  let common = dirname(files[0]).split("/");
  for (const f of files) {
    const parts = dirname(f).split("/");
    let i = 0;
    while (i < common.length && common[i] === parts[i]) i++;
    common = common.slice(0, i);
  }
  return common.join("/");
}

let failure;
process.on("unhandledRejection", (err) => {
  failure = err instanceof Error ? err.message : String(err);
});

async function runOne(fixture, modules) {
  const { dir, entry } = build(fixture, modules ?? join(repo, "node_modules"));
  const input = new PassThrough();
  const output = new PassThrough();
  const saved = { stdin: Object.getOwnPropertyDescriptor(process, "stdin"), stdout: Object.getOwnPropertyDescriptor(process, "stdout") };
  Object.defineProperty(process, "stdin", { configurable: true, get: () => input });
  Object.defineProperty(process, "stdout", { configurable: true, get: () => output });
  const cwd = process.cwd();
  const script = process.argv[1];
  process.argv[1] = entry;
  process.chdir(dir);
  failure = undefined;
  const answers = new Map();
  let buffer = "";
  output.on("data", (chunk) => {
    buffer += chunk.toString("utf8");
    let nl;
    while ((nl = buffer.indexOf("\n")) >= 0) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      try {
        const msg = JSON.parse(line);
        if (msg.id !== undefined) answers.set(msg.id, msg);
      } catch {
        // not a JSON-RPC line
      }
    }
  });
  let mod;
  const record = { fixture: relative(repo, fixture), ...(modules ? { modules } : {}) };
  try {
    mod = await import(pathToFileURL(entry).href);
    const send = (m) => input.write(`${JSON.stringify(m)}\n`);
    send({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "fixture-runner", version: "1.0.0" } } });
    const deadline = Date.now() + ANSWER_MS;
    while (!answers.has(1) && failure === undefined && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    if (answers.has(1)) {
      send({ jsonrpc: "2.0", method: "notifications/initialized" });
      send({ jsonrpc: "2.0", id: 2, method: "server/discover", params: {} });
      while (!answers.has(2) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    }
    const init = answers.get(1);
    if (init?.result) record.initialize = { protocolVersion: init.result.protocolVersion, capabilities: init.result.capabilities };
    else record.error = failure ?? (init?.error ? init.error.message : "no answer to initialize");
    const discover = answers.get(2);
    if (discover) record.discover = discover.error ? { error: discover.error.code } : { capabilities: discover.result?.capabilities };
  } catch (err) {
    record.error = err instanceof Error ? err.message : String(err);
  } finally {
    try {
      await mod?.server?.stop?.();
    } catch {
      // a server that never started
    }
    process.chdir(cwd);
    process.argv[1] = script;
    Object.defineProperty(process, "stdin", saved.stdin);
    Object.defineProperty(process, "stdout", saved.stdout);
    rmSync(dir, { recursive: true, force: true });
  }
  return record;
}

const results = [];
let modules;
for (const arg of args) {
  if (arg.startsWith("--modules=")) modules = arg.slice("--modules=".length);
  else results.push(await runOne(arg, modules));
}
writeFileSync(outFile, JSON.stringify(results, null, 2));
exit(0);
