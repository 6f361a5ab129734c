// The mcp-framework dialect against the real framework: every fixture in test/fixtures/mcp-framework is
// started with mcp-framework (one worker process for all of them) and asked `initialize` (2025-11-25)
// and `server/discover`; the analysis of the same sources (one CLI call) must agree with what it
// answered, name what it cannot know, and report the diagnostics the fixture's meta.json expects.
// Older releases (the oldest and newest published release of each range of rules.ts that npm has) are
// installed from their committed lock files (mcp-framework/releases/) into .tmp/ and run the same way
// on the fixtures where the ranges differ: there every prediction must be exact and match.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { InMemoryFileSystemHost } from "ts-morph";
import { runCli } from "../../server/src/cli/main";
import { Workspace } from "../../server/src/analysis/core/workspace";
import { DIALECTS } from "../../server/src/analysis/dialects";
import { CODES } from "../../server/src/analysis/dialects/mcp-framework/codes";
import { rulesFor } from "../../server/src/analysis/dialects/mcp-framework/rules";
import type { FeatureContext } from "../../server/src/features/context";
import { hoverAt } from "../../server/src/features/hover";
import { runCommand } from "../helpers/runCommand";

const repo = join(import.meta.dirname, "..", "..");
const fixturesDir = join(repo, "test", "fixtures", "mcp-framework");
const fixtures = readdirSync(fixturesDir).filter((n) => /^\d\d-/.test(n)).sort();
const WORKER_LIMIT_MS = 50_000;

interface Meta {
  exact: boolean;
  diagnostics: string[];
  throws?: boolean | string;
  /** The keys the prediction leaves open, when it is approximate: those and no others. */
  unknown?: string[];
}
interface RealRun {
  fixture: string;
  modules?: string;
  initialize?: { protocolVersion: string; capabilities: Record<string, unknown> };
  discover?: { error?: number; capabilities?: unknown };
  error?: string;
}
interface Reported {
  file: string;
  dialect: string;
  frameworkVersion?: string;
  exact: boolean;
  legacy: Record<string, unknown> | null;
  modern: Record<string, unknown> | null;
  unknown: { path: string[]; spread?: boolean; reason?: string }[];
}

const real = new Map<string, RealRun>();
let report: { servers: Reported[]; diagnostics: { file: string; code: string }[] };
let outDir: string;
let releasesRun: Promise<RealRun[]>;

// The oldest and newest release npm has of each range of rules.ts before 0.2.20 (0.2.22 is the
// project's own, above): 0.1.26–0.1.29 and 0.2.9–0.2.13 have one each there, 0.2.19 none.
const RELEASES = ["0.1.29", "0.2.11", "0.2.15", "0.2.16"];
// Where the ranges differ: the capability shape, tools without a tool, completions, logging (ignored
// before 0.2.20), nested folders, which folder basePath names, a tool's MCP App (0.2.20), and the
// folder scanned without basePath when the output is laid out from above src/.
const RELEASE_FIXTURES = ["01-tools-folder", "02-tools-and-prompts", "04-all-three", "05-logging-true", "09-prompts-only-throws", "11-nested-tool-folder", "18-subscribe-not-advertised", "20-basepath-module-folder", "26-basepath-relative-literal", "37-tool-app", "40-no-rootdir-extra-file"];
// The repository's own install has zod 4, so mcp-framework 0.2.22 gets zod 3 of its own, and its
// `schema instanceof z.ZodObject` is false for the fixtures' schemas: it checks no description. A
// project on zod 3 (as the framework's templates are) shares one zod with it, and then every field
// (nested objects' too) must have a description. That project is made without installing anything:
// a node_modules of links to the repository's packages, where `zod` is the framework's own zod 3.
const ZOD3_MODULES = join(repo, ".tmp", "mcp-framework-zod3", "node_modules");
/** What each fixture does on that install: addTool() throws (the message's start), or the server answers (exact). */
const ZOD3_FIXTURES: Record<string, { readonly throws: RegExp } | { readonly exact: true }> = {
  "57-addtool-schema-extends-a-const": { throws: /Missing descriptions for fields in list_users: page, perPage/ },
  "58-addtool-nested-object-fields-without-descriptions": { throws: /Missing descriptions for fields in query: range\.from, range\.to/ },
  "59-addtool-schema-inherited-from-abstract-base": { throws: /Missing descriptions for fields in list_repos: page, perPage/ },
  // .refine() drops the description: the loader drops the tool and its MCP App (no resources).
  "60-tools-folder-refine-drops-description": { exact: true },
  "37-tool-app": { exact: true },
};

const INSTALL_LIMIT_MS = 180_000;
const modulesOf = (version: string) => join(repo, ".tmp", "mcp-framework-releases", version, "node_modules");

/** `args`: fixture names, each `--modules=DIR` switching the install the fixtures after it link. */
function runWorker(outFile: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const paths = args.map((a) => (a.startsWith("--") ? a : join(fixturesDir, a)));
    const child = spawn(process.execPath, [join(repo, "test", "frameworks", "mcp-framework", "worker.mjs"), outFile, ...paths], { stdio: ["ignore", "ignore", "pipe"], detached: true });
    let stderr = "";
    child.stderr.on("data", (c: Buffer) => (stderr = (stderr + c.toString()).slice(-4000)));
    const timer = setTimeout(() => {
      process.kill(-child.pid!, "SIGKILL");
      reject(new Error(`the fixture worker took longer than ${WORKER_LIMIT_MS} ms`));
    }, WORKER_LIMIT_MS);
    child.on("exit", (code) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`the fixture worker exited with ${code}: ${stderr}`));
    });
  });
}

before(async () => {
  outDir = mkdtempSync(join(tmpdir(), "mcpfw-results-"));
  const outFile = join(outDir, "results.json");
  // The older releases run beside, in one more process (their results are read in their own suite).
  releasesRun = runReleases(outDir);
  // Awaited in its suite; a failure is reported there, not as an unhandled rejection meanwhile.
  releasesRun.catch(() => {});
  await runWorker(outFile, fixtures);
  for (const r of JSON.parse(readFileSync(outFile, "utf8")) as RealRun[]) real.set(r.fixture.split("/").filter(Boolean).pop()!, r);
  let out = "";
  const io = { cwd: repo, stdout: (t: string) => (out += t), stderr: () => {}, isTty: false, env: {} };
  runCli(["--json", "test/fixtures/mcp-framework"], io);
  report = JSON.parse(out);
});

after(() => rmSync(outDir, { recursive: true, force: true }));

const meta = (name: string): Meta => JSON.parse(readFileSync(join(fixturesDir, name, "meta.json"), "utf8"));
const serverOf = (name: string) => report.servers.filter((s) => s.file.startsWith(`test/fixtures/mcp-framework/${name}/`));
const codesOf = (name: string) => report.diagnostics.filter((d) => d.file.startsWith(`test/fixtures/mcp-framework/${name}/`)).map((d) => d.code).sort();

describe("mcp-framework fixtures, started with the real framework and analysed", () => {
  it("has at least 20 fixtures, each run", () => {
    assert.ok(fixtures.length >= 20);
    assert.deepEqual([...real.keys()].sort(), fixtures);
  });

  for (const name of fixtures) {
    it(name, () => {
      const m = meta(name);
      const run = real.get(name)!;
      const servers = serverOf(name);
      assert.equal(servers.length, 1, "one server found");
      const s = servers[0]!;
      assert.equal(s.dialect, "mcp-framework");
      assert.equal(s.frameworkVersion, "0.2.22");
      assert.equal(s.exact, m.exact, "exact as meta.json says");
      assert.equal(s.exact, s.unknown.length === 0);
      if (m.unknown) assert.deepEqual([...new Set(s.unknown.map((u) => u.path[0] ?? "(all)"))].sort(), [...m.unknown].sort(), "the keys left open");
      assert.deepEqual(codesOf(name), [...m.diagnostics].sort());
      // No server/discover: the SDK v1 Server answers it "method not found", and the prediction has no modern era.
      assert.equal(s.modern, null);
      if (run.discover) assert.equal(run.discover.error, -32601);
      if (m.throws) {
        // `true`: the tools/list registration mcp-framework-no-tools names; a string: the error the program stops with.
        assert.match(run.error ?? "", typeof m.throws === "string" ? new RegExp(m.throws.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) : /Server does not support tools \(required for tools\/list\)/);
        assert.equal(s.legacy, null);
        return;
      }
      if (run.error) {
        // Only a prediction that does not know whether tools exist may meet a server that failed to start.
        assert.ok(!s.exact && s.unknown.some((u) => u.path[0] === "tools" || (u.path.length === 0 && u.spread)), `the server failed (${run.error}) but the prediction claims it starts`);
        return;
      }
      assert.ok(run.initialize, "the server answered initialize");
      assert.equal(run.initialize.protocolVersion, "2025-11-25");
      const caps = run.initialize.capabilities;
      if (m.exact) {
        assert.deepEqual(s.legacy, caps);
        return;
      }
      for (const [key, value] of Object.entries(s.legacy ?? {})) assert.deepEqual(value, caps[key], `predicted ${key}`);
      for (const key of Object.keys(caps)) {
        if (key in (s.legacy ?? {})) continue;
        assert.ok(s.unknown.some((u) => u.path[0] === key || (u.path.length === 0 && u.spread)), `${key} is advertised but neither predicted nor named unknown`);
      }
    });
  }

  it("has a fixture for every diagnostic code but the version one (checked below without a real run)", () => {
    const used = new Set(fixtures.flatMap((f) => meta(f).diagnostics));
    assert.deepEqual(Object.keys(CODES).filter((c) => !used.has(c)), ["mcp-framework-version-unverified"]);
  });
});

const INDEX = `import { MCPServer } from "mcp-framework";
import EchoTool from "./lib/EchoTool.js";

export const server = new MCPServer({ name: "notes" });
server.addTool(EchoTool);
server.start();
server.sendLog("info", "notes", "up");
`;

function workspace(version: string | undefined, files: Record<string, string> = {}, index = INDEX): FeatureContext {
  const fs = new InMemoryFileSystemHost();
  for (const [path, text] of Object.entries(files)) fs.writeFileSync(path, text);
  fs.writeFileSync("/w/package.json", JSON.stringify({ name: "w", type: "module" }));
  fs.writeFileSync("/w/tsconfig.json", JSON.stringify({ compilerOptions: { outDir: "dist", rootDir: "src" } }));
  fs.writeFileSync("/w/src/index.ts", index);
  fs.writeFileSync("/w/src/lib/EchoTool.ts", "export default class EchoTool {}\n");
  if (version) fs.writeFileSync("/w/node_modules/mcp-framework/package.json", JSON.stringify({ name: "mcp-framework", version }));
  const ws = new Workspace({ fileSystem: fs, dialects: DIALECTS, roots: ["/w"] });
  const file = "/w/src/index.ts";
  const analysis = ws.analyzeFile(file, { tasksExtension: false });
  const location = (loc: { file: string; span: { start: number; end: number } }) => ({ uri: `file://${loc.file}`, range: { start: ws.position(loc.file, loc.span.start), end: ws.position(loc.file, loc.span.end) } });
  return { workspace: ws, file, analysis, location };
}

/** A server adding `tool` (the source of src/lib/Tool.ts) with addTool(), on 0.2.22. */
function addedTool(tool: string, index = 'import { MCPServer } from "mcp-framework";\nimport { SearchTool } from "./lib/Tool.js";\n\nconst server = new MCPServer({ name: "search" });\nserver.addTool(SearchTool);\nserver.start();\n', extra: Record<string, string> = {}) {
  const fs = new InMemoryFileSystemHost();
  for (const [path, text] of Object.entries(extra)) fs.writeFileSync(path, text);
  fs.writeFileSync("/w/package.json", JSON.stringify({ name: "w", type: "module" }));
  fs.writeFileSync("/w/tsconfig.json", JSON.stringify({ compilerOptions: { outDir: "dist", rootDir: "src" } }));
  fs.writeFileSync("/w/src/index.ts", index);
  fs.writeFileSync("/w/src/lib/Tool.ts", tool);
  fs.writeFileSync("/w/node_modules/mcp-framework/package.json", JSON.stringify({ name: "mcp-framework", version: "0.2.22" }));
  const ws = new Workspace({ fileSystem: fs, dialects: DIALECTS, roots: ["/w"] });
  return ws.analyzeFile("/w/src/index.ts", { tasksExtension: false }).servers[0]!;
}

const SEARCH_TOOL = (fields: string, app = "") => `import { MCPTool } from "mcp-framework";
import { z } from "zod";
export class SearchTool extends MCPTool {
  name = "search";
  description = "Search";
  schema = z.object({ ${fields} });${app}
  async execute() { return "ok"; }
}
`;

describe("mcp-framework addTool(): the tool is validated where it is added (trial 105)", () => {
  it("a schema field without .describe() makes addTool() throw: the server stops at start-up", () => {
    const server = addedTool(SEARCH_TOOL('query: z.string(), limit: z.number().describe("How many")'));
    assert.equal(server.exact, false);
    assert.ok(server.unknown.some((u) => u.path.length === 0 && /stops at start-up: addTool\(\) validates the tool where it is called, and SearchTool's schema has a field without \.describe\(\) \(query\)/.test(u.reason)), JSON.stringify(server.unknown));
  });

  it("an app config validate() refuses makes addTool() throw", () => {
    const server = addedTool(SEARCH_TOOL('query: z.string().describe("Words")', '\n  app = { resourceUri: "https://example.com/dash", resourceName: "Dash", content: "<html></html>" };'));
    assert.ok(server.unknown.some((u) => u.path.length === 0 && /resourceUri "https:\/\/example\.com\/dash" is refused by validate\(\)/.test(u.reason)), JSON.stringify(server.unknown));
  });

  it("a for … of loop over a literal list of tool classes adds them for certain (trial 105)", () => {
    const server = addedTool(SEARCH_TOOL('query: z.string().describe("Words")'), 'import { MCPServer } from "mcp-framework";\nimport { SearchTool } from "./lib/Tool.js";\n\nconst server = new MCPServer({ name: "search" });\nfor (const T of [SearchTool]) server.addTool(T);\nserver.start();\n');
    assert.equal(server.exact, true, JSON.stringify(server.unknown));
    assert.deepEqual(server.legacy, { tools: {} });
  });

  it("every field described: exact; a field held in a name the analysis does not read: the server may stop, said", () => {
    const described = addedTool(SEARCH_TOOL('query: z.string().describe("Words"), limit: LIMIT') + 'const LIMIT = z.number().int().describe("How many");\n');
    assert.equal(described.exact, true, JSON.stringify(described.unknown));
    assert.deepEqual(described.legacy, { tools: {} });
    const unread = addedTool(SEARCH_TOOL('query: z.string().describe("Words"), limit: limitField()'));
    assert.equal(unread.exact, false);
    assert.ok(unread.unknown.some((u) => u.path.length === 0 && /may stop at start-up: .*SearchTool's schema may have fields without \.describe\(\).*field limit \(limitField\(\)\) is not read statically/.test(u.reason)), JSON.stringify(unread.unknown));
  });

  it("the schema followed where tools keep it: a const, an import, .extend(), .strict(), .describe() on the object, spread fields (trial 111)", () => {
    const schemaTool = (schema: string, extra = "") => `import { MCPTool } from "mcp-framework";\nimport { z } from "zod";\n${extra}export class SearchTool extends MCPTool {\n  name = "search";\n  description = "Search";\n  schema = ${schema};\n  async execute() { return "ok"; }\n}\n`;
    const missing = (server: ReturnType<typeof addedTool>) => server.unknown.find((u) => u.path.length === 0 && /stops at start-up/.test(u.reason))?.reason.match(/without \.describe\(\) \(([^)]*)\)/)?.[1];
    assert.equal(missing(addedTool(schemaTool("Search", "const Search = z.object({ q: z.string(), n: z.number().describe(\"How many\") });\n"))), "q");
    assert.equal(missing(addedTool(schemaTool("Base.extend({ q: z.string().describe(\"Words\") })", "const Base = z.object({ page: z.number() });\n"))), "page");
    assert.equal(missing(addedTool(schemaTool("z.object({ id: z.string() }).strict().describe(\"Lookup\")"))), "id");
    assert.equal(missing(addedTool(schemaTool("z.object({ ...paging, q: z.string().describe(\"Words\") })", "const paging = { page: z.number(), size: z.number().describe(\"Size\") };\n"))), "page");
    const fs = addedTool(schemaTool("z.object({ q: z.string().describe(\"Words\"), page: Page })", "import { Page } from \"./fields.js\";\n"));
    assert.equal(fs.exact, false, "an import the workspace does not hold is not read");
    const legacy = addedTool(schemaTool("{ q: { type: z.string(), description: \"Words\" } }"));
    assert.equal(legacy.exact, true, JSON.stringify(legacy.unknown));
  });
});

describe("mcp-framework transports checked by MCPServer's constructor (trial 109)", () => {
  const serverWith = (config: string) => addedTool(SEARCH_TOOL('query: z.string().describe("Words")'), `import { MCPServer } from "mcp-framework";\nimport { SearchTool } from "./lib/Tool.js";\n\nconst server = new MCPServer({ name: "search", ${config} });\nserver.addTool(SearchTool);\nserver.start();\n`);

  it("a configuration the constructor refuses: the server is never made, an error says why (trial 130 c64, c69)", () => {
    for (const config of [
      'transport: { type: "stdio" }, transports: [{ type: "stdio" }]',
      'transports: [{ type: "stdio" }, { type: "stdio" }]',
      'transports: [{ type: "sse" }, { type: "http-stream" }]',
    ]) {
      const server = serverWith(config);
      assert.equal(server.exact, true, `${config}: ${JSON.stringify(server.unknown)}`);
      assert.equal(server.legacy, null, config);
      assert.equal(server.startupThrows?.code, "mcp-framework-transport-conflict", config);
    }
  });

  it("no transport at all: the server may not answer, said", () => {
    const server = serverWith("transports: []");
    assert.equal(server.exact, false);
    assert.ok(server.unknown.some((u) => u.path.length === 0 && /starts no transport/.test(u.reason)), JSON.stringify(server.unknown));
  });

  it("stdio beside HTTP transports on their own ports: exact", () => {
    const server = serverWith('transports: [{ type: "stdio" }, { type: "sse", options: { port: 3001 } }, { type: "http-stream" }]');
    assert.equal(server.exact, true, JSON.stringify(server.unknown));
  });
});

describe("mcp-framework basePath: __dirname in an ES module (trial 105)", () => {
  const analyse = (type: string | undefined) => {
    const fs = new InMemoryFileSystemHost();
    fs.writeFileSync("/w/package.json", JSON.stringify({ name: "w", ...(type ? { type } : {}) }));
    fs.writeFileSync("/w/tsconfig.json", JSON.stringify({ compilerOptions: { outDir: "dist", rootDir: "src" } }));
    fs.writeFileSync("/w/src/index.ts", 'import { MCPServer } from "mcp-framework";\n\nconst server = new MCPServer({ name: "dn", basePath: __dirname });\nserver.start();\n');
    fs.writeFileSync("/w/src/tools/Echo.ts", 'import { MCPTool } from "mcp-framework";\nexport default class Echo extends MCPTool {\n  name = "echo";\n  description = "Echo";\n  schema = {};\n  async execute() { return "ok"; }\n}\n');
    fs.writeFileSync("/w/node_modules/mcp-framework/package.json", JSON.stringify({ name: "mcp-framework", version: "0.2.22" }));
    return new Workspace({ fileSystem: fs, dialects: DIALECTS, roots: ["/w"] }).analyzeFile("/w/src/index.ts", { tasksExtension: false }).servers[0]!;
  };

  it('"type": "module": __dirname is a ReferenceError when the compiled entry runs, so the server never starts (trial 150 c26)', () => {
    const server = analyse("module");
    assert.equal(server.exact, true, JSON.stringify(server.unknown));
    assert.equal(server.legacy, null);
    assert.equal(server.startupThrows?.code, "mcp-framework-dirname-in-esm");
  });

  it("CommonJS output: __dirname is the compiled module's folder, and its tools/ is read", () => {
    const server = analyse(undefined);
    assert.equal(server.exact, true, JSON.stringify(server.unknown));
    assert.deepEqual(server.legacy, { tools: {} });
  });
});

describe("mcp-framework versions, hover and quick fix (in memory)", () => {
  it("applies the 0.2.22 rules exactly to 0.2.22", () => {
    const { analysis } = workspace("0.2.22");
    const [server] = analysis.servers;
    assert.equal(server?.frameworkVersion, "0.2.22");
    assert.deepEqual(server?.legacy, { tools: {} });
    assert.equal(server?.exact, true);
  });

  it("before 0.2.20 addTool() does not exist, so the call is named unknown; 0.2.19 adds completions, 0.1.x shapes { enabled: true }", () => {
    // No tools/ folder and no addTool(): the server is not served (start() or the call throws).
    assert.equal(workspace("0.2.19").analysis.servers[0]?.legacy, null);
    const old = workspace("0.1.29");
    assert.deepEqual(old.analysis.servers[0]?.legacy, { tools: { enabled: true } });
    assert.deepEqual(old.analysis.servers[0]?.unknown.map((u) => [u.path.join("."), /addTool\(\) does not exist in mcp-framework 0\.1\.29/.test(u.reason)]), [["tools", true]]);
    assert.ok(!old.analysis.diagnostics.some((d) => d.code === "mcp-framework-log-dropped"), "no sendLog() before 0.2.20");
    assert.match(hoverAt(old, INDEX.indexOf("addTool") + 2)?.markdown ?? "", /\*\*server\.addTool\(\)\*\* \(mcp-framework\) does not exist in mcp-framework 0\.1\.29/);
  });

  it("says so when a version outside every range read is installed, or none is found", () => {
    // Between ranges the nearest range of the same minor line is taken (0.2.0–0.2.8: 0.2.9–0.2.13).
    assert.equal(rulesFor("0.2.5").rules.text, "0.2.9–0.2.13");
    assert.equal(rulesFor("0.2.5").exact, false);
    for (const [version, range] of [["0.2.23", "0.2.20–0.2.22"], ["0.3.0", "0.2.20–0.2.22"], ["0.1.12", "0.1.26–0.1.29"]] as const) {
      const older = workspace(version);
      assert.equal(older.analysis.servers[0]?.exact, false);
      assert.equal(older.analysis.servers[0]!.unknown[0]!.reason, `mcp-framework ${version} is installed; the rules applied were read in ${range}`);
      assert.ok(older.analysis.diagnostics.some((d) => d.code === "mcp-framework-version-unverified"));
    }
    const missing = workspace(undefined);
    assert.equal(missing.analysis.servers[0]?.frameworkVersion, "unknown");
    assert.match(missing.analysis.servers[0]!.unknown[0]!.reason, /not found in node_modules/);
  });

  it("without node_modules, takes the version package-lock.json pins (what npm ci installs)", () => {
    const lock = JSON.stringify({ name: "w", lockfileVersion: 3, packages: { "": { dependencies: { "mcp-framework": "^0.1.29" } }, "node_modules/mcp-framework": { version: "0.1.29" } } }, null, 2);
    const [s] = workspace(undefined, { "/w/package-lock.json": lock, "/w/src/tools/EchoTool.ts": "export default class EchoTool {}\n" }).analysis.servers;
    assert.equal(s?.frameworkVersion, "0.1.29");
    // 0.1.x: tools always, as { enabled: true }; addTool() does not exist yet.
    assert.deepEqual(s?.legacy, { tools: { enabled: true } });
    assert.deepEqual(s?.unknown.map((u) => u.path.join(".")), ["tools"]);
  });

  it("a fresh clone (no node_modules, no lock): the newest rules the package.json range reaches (what npm install gives)", () => {
    const clone = (range: string, files: Record<string, string> = {}) => {
      const fs = new InMemoryFileSystemHost();
      fs.writeFileSync("/w/package.json", JSON.stringify({ name: "w", type: "module", dependencies: { "mcp-framework": range } }));
      fs.writeFileSync("/w/tsconfig.json", JSON.stringify({ compilerOptions: { outDir: "dist", rootDir: "src" } }));
      fs.writeFileSync("/w/src/index.ts", 'import { MCPServer } from "mcp-framework";\nconst server = new MCPServer();\nserver.start();\n');
      fs.writeFileSync("/w/src/tools/EchoTool.ts", "export default class EchoTool {}\n");
      fs.writeFileSync("/w/src/prompts/HelloPrompt.ts", "export default class HelloPrompt {}\n");
      for (const [path, text] of Object.entries(files)) fs.writeFileSync(path, text);
      const ws = new Workspace({ fileSystem: fs, dialects: DIALECTS, roots: ["/w"] });
      return ws.analyzeFile("/w/src/index.ts", { tasksExtension: false }).servers[0]!;
    };
    // A caret range: the 0.2.20–0.2.22 rules (completions with prompts); the report shows the range.
    const caret = clone("^0.2.11");
    assert.equal(caret.frameworkVersion, "^0.2.11");
    assert.deepEqual(caret.legacy, { completions: {}, prompts: {}, tools: {} });
    assert.equal(caret.exact, true, JSON.stringify(caret.unknown));
    // A range that ends before them: 0.2.14–0.2.18 (no completions).
    const older = clone(">=0.2.14 <=0.2.18");
    assert.deepEqual(older.legacy, { prompts: {}, tools: {} });
    assert.equal(older.exact, true, JSON.stringify(older.unknown));
    // Beside a pnpm lock, which the analysis does not read, the oldest release the range allows may be installed.
    const pnpm = clone("^0.2.11", { "/w/pnpm-lock.yaml": "lockfileVersion: '9.0'\n" });
    assert.deepEqual(pnpm.legacy, { completions: {}, prompts: {}, tools: {} });
    assert.deepEqual(pnpm.unknown.map((u) => u.path.join(".")), ["completions"]);
    assert.match(pnpm.unknown[0]!.reason, /package\.json allows mcp-framework \^0\.2\.11, whose newest release npm installs, but pnpm-lock\.yaml may pin an older one \(read in 0\.2\.9–0\.2\.13\): completions would be absent with it/);
    // A tag names no release: not known, and said so.
    const tag = clone("latest");
    assert.equal(tag.frameworkVersion, "unknown");
    assert.match(tag.unknown[0]!.reason, /package\.json asks for "latest", which names no release whose rules were read/);
  });

  it("a locked release whose package.json range reaches newer rules: the keys the newest release would change are not known", () => {
    const checkout = (range: string) => {
      const fs = new InMemoryFileSystemHost();
      fs.writeFileSync("/w/package.json", JSON.stringify({ name: "w", type: "module", dependencies: { "mcp-framework": range } }));
      fs.writeFileSync("/w/package-lock.json", JSON.stringify({ name: "w", lockfileVersion: 3, packages: { "": { dependencies: { "mcp-framework": range } }, "node_modules/mcp-framework": { version: "0.2.15" } } }, null, 2));
      fs.writeFileSync("/w/tsconfig.json", JSON.stringify({ compilerOptions: { outDir: "dist", rootDir: "src" } }));
      fs.writeFileSync("/w/src/index.ts", 'import { MCPServer } from "mcp-framework";\nconst server = new MCPServer();\nserver.start();\n');
      fs.writeFileSync("/w/src/tools/EchoTool.ts", "export default class EchoTool {}\n");
      fs.writeFileSync("/w/src/prompts/HelloPrompt.ts", "export default class HelloPrompt {}\n");
      const ws = new Workspace({ fileSystem: fs, dialects: DIALECTS, roots: ["/w"] });
      return ws.analyzeFile("/w/src/index.ts", { tasksExtension: false }).servers[0]!;
    };
    // 0.2.15 advertises what its folders hold; 0.2.19 and later add completions with prompts.
    const caret = checkout("^0.2.11");
    assert.equal(caret.frameworkVersion, "0.2.15");
    assert.deepEqual(caret.legacy, { prompts: {}, tools: {} });
    assert.equal(caret.exact, false);
    assert.deepEqual(caret.unknown.map((u) => u.path.join(".")), ["completions"]);
    assert.match(caret.unknown[0]!.reason, /package-lock\.json pins mcp-framework 0\.2\.15, but package\.json allows \^0\.2\.11, and the newest release in it \(read in 0\.2\.20–0\.2\.22\) may be installed instead: completions would be \{\} with it/);
    // A range that stays in the locked release's rules (0.2.14–0.2.18): exact.
    const tilde = checkout(">=0.2.14 <0.2.19");
    assert.deepEqual(tilde.legacy, { prompts: {}, tools: {} });
    assert.equal(tilde.exact, true, JSON.stringify(tilde.unknown));
  });

  it("hovers addTool and offers logging: true for a dropped sendLog", () => {
    const ctx = workspace("0.2.22");
    const hover = hoverAt(ctx, INDEX.indexOf("addTool") + 2);
    assert.match(hover?.markdown ?? "", /\*\*server\.addTool\(\)\*\* \(mcp-framework\) adds `tools`/);
    const dropped = ctx.analysis.diagnostics.find((d) => d.code === "mcp-framework-log-dropped");
    assert.equal(dropped?.fixes?.[0]?.edits[0]?.newText, " logging: true,");
  });

  it("shows the server hover on MCPServer in its construction, as on its name", () => {
    const ctx = workspace("0.2.22");
    const onClass = hoverAt(ctx, INDEX.indexOf("new MCPServer") + 6);
    assert.ok(onClass, "a hover on MCPServer");
    assert.equal(onClass.markdown, hoverAt(ctx, INDEX.indexOf("server = new") + 1)?.markdown);
  });

  // Review of the editor surfaces: a tool's own this.log() was dropped without a word.
  it("warns on a tool class's this.log() without logging: true, and not with it", () => {
    const tool = `import { MCPTool } from "mcp-framework";\nexport default class StockTool extends MCPTool {\n  name = "stock";\n  async execute() {\n    await this.log("info", "checking");\n    return "ok";\n  }\n}\n`;
    const ctx = workspace("0.2.22", { "/w/src/tools/StockTool.ts": tool });
    const d = ctx.analysis.diagnostics.find((x) => x.code === "mcp-framework-log-dropped" && x.loc.file === "/w/src/tools/StockTool.ts");
    assert.ok(d, JSON.stringify(ctx.analysis.diagnostics.map((x) => [x.code, x.loc.file])));
    assert.equal(tool.slice(d.loc.span.start, d.loc.span.end), "log");
    assert.match(d.message, /this\.log\(\) sends nothing/);
    const on = workspace("0.2.22", { "/w/src/tools/StockTool.ts": tool }, INDEX.replace('{ name: "notes" }', '{ name: "notes", logging: true }'));
    assert.ok(!on.analysis.diagnostics.some((x) => x.code === "mcp-framework-log-dropped"));
  });

  // Review of the editor surfaces: the hover agreed with neither the warning nor the tools/ folder.
  it("hovers an addTool() after start() as adding nothing, one beside a tools/ folder as no change, and not a tool class's own methods", () => {
    const index = `import { MCPServer } from "mcp-framework";
import EchoTool from "./lib/EchoTool.js";

export const server = new MCPServer({ name: "notes" });
server.addTool(EchoTool);
await server.start();
server.addTool(EchoTool);
`;
    const tool = `import { MCPTool } from "mcp-framework";\nexport default class StockTool extends MCPTool {\n  name = "stock";\n  async execute() {\n    await this.sendLog("info", "checking");\n    return "ok";\n  }\n}\n`;
    const ctx = workspace("0.2.22", { "/w/src/tools/StockTool.ts": tool }, index);
    assert.ok(ctx.analysis.diagnostics.some((d) => d.code === "mcp-framework-add-after-start"));
    assert.match(hoverAt(ctx, index.indexOf("addTool") + 2)?.markdown ?? "", /`tools` is advertised anyway, for the class in its tools\/ folder: no change/);
    assert.match(hoverAt(ctx, index.lastIndexOf("addTool") + 2)?.markdown ?? "", /adds nothing: it runs after start\(\)/);
    const toolCtx = { ...ctx, file: "/w/src/tools/StockTool.ts", analysis: ctx.workspace.analyzeFile("/w/src/tools/StockTool.ts", { tasksExtension: false }) };
    assert.doesNotMatch(hoverAt(toolCtx, tool.indexOf("sendLog") + 2)?.markdown ?? "", /sendLog\(\)\*\* \(mcp-framework\)/);
  });
});



/** The release's node_modules, installed from its committed lock file unless that install is there already. */
async function installed(version: string): Promise<string> {
  const source = join(repo, "test", "frameworks", "mcp-framework", "releases", version);
  const dir = join(repo, ".tmp", "mcp-framework-releases", version);
  const lock = readFileSync(join(source, "package-lock.json"), "utf8");
  const stamp = join(dir, "node_modules", ".installed-lock.json");
  if (!existsSync(stamp) || readFileSync(stamp, "utf8") !== lock) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    for (const f of ["package.json", "package-lock.json"]) cpSync(join(source, f), join(dir, f));
    await runCommand("npm", ["ci", "--prefer-offline", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"], dir, INSTALL_LIMIT_MS);
    writeFileSync(stamp, lock);
  }
  return join(dir, "node_modules");
}


/** ZOD3_MODULES: a link to each package of the repository's node_modules, `zod` to mcp-framework's own zod 3. */
function linkZod3Modules(): void {
  const modules = join(repo, "node_modules");
  rmSync(ZOD3_MODULES, { recursive: true, force: true });
  mkdirSync(ZOD3_MODULES, { recursive: true });
  for (const name of readdirSync(modules)) {
    if (name === "zod" || name.startsWith(".")) continue;
    symlinkSync(join(modules, name), join(ZOD3_MODULES, name), "dir");
  }
  symlinkSync(join(modules, "mcp-framework", "node_modules", "zod"), join(ZOD3_MODULES, "zod"), "dir");
}

async function runReleases(dir: string): Promise<RealRun[]> {
  for (const version of RELEASES) await installed(version);
  linkZod3Modules();
  const outFile = join(dir, "releases.json");
  await runWorker(outFile, [...RELEASES.flatMap((v) => [`--modules=${modulesOf(v)}`, ...RELEASE_FIXTURES]), `--modules=${ZOD3_MODULES}`, ...Object.keys(ZOD3_FIXTURES)]);
  return JSON.parse(readFileSync(outFile, "utf8")) as RealRun[];
}

describe("mcp-framework 0.2.22 in a project on zod 3 (one zod for both): Zod schemas' descriptions are checked", () => {
  const runs = new Map<string, RealRun>();
  let servers: Reported[] = [];
  let scratch: string;

  before(async () => {
    scratch = mkdtempSync(join(tmpdir(), "mcpfw-zod3-"));
    for (const r of await releasesRun) if (r.modules === ZOD3_MODULES) runs.set(r.fixture.split("/").pop()!, r);
    // The analysis reads both installed versions from node_modules beside each copy.
    for (const name of Object.keys(ZOD3_FIXTURES)) {
      const copy = join(scratch, name);
      cpSync(join(fixturesDir, name), copy, { recursive: true, filter: (src) => !src.endsWith("meta.json") });
      for (const [pkg, version] of [["mcp-framework", "0.2.22"], ["zod", "3.25.76"]]) {
        mkdirSync(join(copy, "node_modules", pkg!), { recursive: true });
        writeFileSync(join(copy, "node_modules", pkg!, "package.json"), JSON.stringify({ name: pkg, version }));
      }
    }
    let out = "";
    runCli(["--json", "."], { cwd: scratch, stdout: (t: string) => (out += t), stderr: () => {}, isTty: false, env: {} });
    servers = (JSON.parse(out) as { servers: Reported[] }).servers;
  });

  after(() => rmSync(scratch, { recursive: true, force: true }));

  for (const [name, expected] of Object.entries(ZOD3_FIXTURES)) {
    it(name, () => {
      const run = runs.get(name)!;
      const found = servers.filter((s) => s.file.startsWith(`${name}/`));
      assert.equal(found.length, 1, "one server found");
      const s = found[0]!;
      if ("throws" in expected) {
        assert.match(run.error ?? "", expected.throws);
        // The prediction says the server stops, never that it answers.
        assert.equal(s.exact, false);
        assert.ok(s.unknown.some((u) => u.path.length === 0 && u.spread && /stops at start-up/.test(u.reason ?? "")), JSON.stringify(s.unknown));
        return;
      }
      assert.ok(run.initialize, `the server answered initialize (${run.error})`);
      assert.deepEqual(s.unknown, []);
      assert.deepEqual(s.legacy, run.initialize.capabilities);
    });
  }
});

describe("older mcp-framework releases, started and analysed on the fixtures where the ranges differ", () => {
  const runs = new Map<string, Map<string, RealRun>>();
  const reports = new Map<string, Reported[]>();
  let scratch: string;

  before(async () => {
    scratch = mkdtempSync(join(tmpdir(), "mcpfw-releases-"));
    for (const r of await releasesRun) {
      const version = RELEASES.find((v) => r.modules === modulesOf(v))!;
      if (!runs.has(version)) runs.set(version, new Map());
      runs.get(version)!.set(r.fixture.split("/").pop()!, r);
    }
    // The analysis reads the installed version from node_modules/mcp-framework/package.json beside each copy.
    for (const version of RELEASES) {
      for (const name of RELEASE_FIXTURES) {
        const copy = join(scratch, version, name);
        cpSync(join(fixturesDir, name), copy, { recursive: true, filter: (src) => !src.endsWith("meta.json") });
        mkdirSync(join(copy, "node_modules", "mcp-framework"), { recursive: true });
        writeFileSync(join(copy, "node_modules", "mcp-framework", "package.json"), JSON.stringify({ name: "mcp-framework", version }));
      }
      let out = "";
      runCli(["--json", version], { cwd: scratch, stdout: (t: string) => (out += t), stderr: () => {}, isTty: false, env: {} });
      reports.set(version, (JSON.parse(out) as { servers: Reported[] }).servers);
    }
  });

  after(() => rmSync(scratch, { recursive: true, force: true }));

  for (const version of RELEASES) {
    for (const name of RELEASE_FIXTURES) {
      it(`${version} ${name}`, () => {
        const run = runs.get(version)!.get(name)!;
        const servers = reports.get(version)!.filter((s) => s.file.startsWith(`${version}/${name}/`));
        assert.equal(servers.length, 1, "one server found");
        const s = servers[0]!;
        assert.equal(s.frameworkVersion, version);
        // Exact but for a relative basePath, which every release resolves against the working directory (the runs start in the fixture's folder).
        assert.deepEqual(s.unknown.filter((u) => !/^the server may not start: basePath "[^"]*" is relative/.test(u.reason ?? "")), [], "exact: the release is inside a range that was read");
        assert.equal(s.modern, null);
        if (run.discover) assert.equal(run.discover.error, -32601);
        if (s.legacy === null) {
          assert.match(run.error ?? "", /Server does not support tools \(required for tools\/list\)/);
          return;
        }
        assert.ok(run.initialize, `the server answered initialize (${run.error})`);
        assert.deepEqual(s.legacy, run.initialize.capabilities);
      });
    }
  }
});

describe("mcp-framework: a field's description as zod 3 keeps it, nested objects, inherited schemas, and zod 4 (trial 113)", () => {
  const tool = (schema: string, extra = "") => `import { MCPTool } from "mcp-framework";\nimport { z } from "zod";\n${extra}export class SearchTool extends MCPTool {\n  name = "search";\n  description = "Search";\n  schema = ${schema};\n  async execute() { return "ok"; }\n}\n`;
  const stops = (server: ReturnType<typeof addedTool>) => server.unknown.find((u) => u.path.length === 0 && /stops at start-up/.test(u.reason))?.reason.match(/without \.describe\(\) \(([^)]*)\)/)?.[1];

  it("methods that keep the description, and those that drop it (zod 3's refine, superRefine, array, readonly, pipe)", () => {
    for (const kept of ['z.string().describe("D").optional()', 'z.string().describe("D").min(1).max(9).default("x")', 'z.string({ description: "D" })', 'z.string().describe("D").transform((s) => s.trim())', 'z.string().refine((s) => s.length > 0).describe("D")']) {
      const server = addedTool(tool(`z.object({ q: ${kept} })`));
      assert.equal(server.exact, true, `${kept}: ${JSON.stringify(server.unknown)}`);
    }
    for (const dropped of ['z.string().describe("D").refine((s) => s.length > 0)', 'z.string().describe("D").superRefine(() => {})', 'z.string().describe("D").array()', 'z.string().describe("")', 'z.string().describe("D").readonly()']) {
      assert.equal(stops(addedTool(tool(`z.object({ q: ${dropped} })`))), "q", dropped);
    }
  });

  it("a nested object's fields need descriptions too (not an array's items); a method the analysis does not know leaves it unknown", () => {
    assert.equal(stops(addedTool(tool('z.object({ range: z.object({ from: z.string(), to: z.string().describe("To") }).describe("Range").optional() })'))), "range.from");
    assert.equal(stops(addedTool(tool('z.object({ range: z.object({ from: z.string() }) })'))), "range, range.from");
    assert.equal(addedTool(tool('z.object({ ids: z.array(z.object({ id: z.string() })).describe("Ids") })')).exact, true);
    const unread = addedTool(tool('z.object({ q: z.string().describe("D").someHelper() })'));
    assert.ok(unread.unknown.some((u) => /may stop at start-up/.test(u.reason)), JSON.stringify(unread.unknown));
  });

  it("merge() and pick()/omit() give the fields they keep; an object wrapped by refine() or optional() is not a ZodObject, and is not checked", () => {
    assert.equal(stops(addedTool(tool('A.merge(B)', 'const A = z.object({ q: z.string().describe("Q") });\nconst B = z.object({ actor: z.string(), reason: z.string() });\n'))), "actor, reason");
    assert.equal(stops(addedTool(tool('A.pick({ id: true })', 'const A = z.object({ id: z.string(), name: z.string().describe("N") });\n'))), "id");
    assert.equal(addedTool(tool('A.omit({ id: true })', 'const A = z.object({ id: z.string(), name: z.string().describe("N") });\n')).exact, true);
    assert.equal(addedTool(tool('z.object({ q: z.string() }).refine((v) => v.q.length > 0)')).exact, true);
  });

  it("a schema inherited from a base class of the workspace is the one validated", () => {
    const base = 'import { MCPTool } from "mcp-framework";\nimport { z } from "zod";\nexport abstract class Paged extends MCPTool {\n  schema = z.object({ page: z.number() });\n}\n';
    const sub = 'import { Paged } from "./Paged.js";\nexport class SearchTool extends Paged {\n  name = "search";\n  description = "Search";\n  async execute() { return "ok"; }\n}\n';
    assert.equal(stops(addedTool(sub, undefined, { "/w/src/lib/Paged.ts": base })), "page");
  });

  it("a schema made with zod 4 (installed, or zod/v4 beside zod 3) is not checked by the framework's zod 3", () => {
    const bare = tool("z.object({ q: z.string() })");
    assert.equal(addedTool(bare, undefined, { "/w/node_modules/zod/package.json": JSON.stringify({ name: "zod", version: "4.6.7" }) }).exact, true);
    assert.equal(stops(addedTool(bare, undefined, { "/w/node_modules/zod/package.json": JSON.stringify({ name: "zod", version: "3.25.76" }) })), "q");
    const v4 = bare.replace('from "zod"', 'from "zod/v4"');
    assert.equal(addedTool(v4, undefined, { "/w/node_modules/zod/package.json": JSON.stringify({ name: "zod", version: "3.25.76" }) }).exact, true);
  });
});
