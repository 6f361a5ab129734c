// `mcp-caps` as a user runs it (spec/cli.md): the built bundle, real folders, exit codes, stdout/stderr.
// The bundle runs inside this process (its exported entry, builtCliInProcess.ts), but for the cases a
// hang would stall: what the process itself adds is test/cli/executable.test.ts.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { mcpCaps } from "../helpers/builtCliInProcess";
import { mcpCaps as mcpCapsSpawned, REPO, tempProject, writeFile } from "../helpers/tempProject";

const SERVER = `export class DemoServer {
  static __capabilities__() {
    return { tools: { listChanged: false }, resources: { listChanged: false } };
  }
  handleListTools(ctx: unknown) { return { tools: [] }; }
  handleSubscribeResource(ctx: unknown, uri: string) { return {}; }
  handleComplete(ctx: unknown, ref: unknown, argument: unknown) { return { completion: { values: [] } }; }
}
`;

const TYPO = `export class TypoServer {
  handleListTools(ctx: unknown) { return { tools: [] }; }
  handleCompletion(ctx: unknown, ref: unknown, argument: unknown) { return {}; }
}
`;

function sortedDeep(v: unknown): boolean {
  if (Array.isArray(v)) return v.every(sortedDeep);
  if (v && typeof v === "object") {
    const keys = Object.keys(v);
    return keys.join("\0") === [...keys].sort().join("\0") && Object.values(v).every(sortedDeep);
  }
  return true;
}

describe("mcp-caps CLI", () => {
  it("--help and --version exit 0", () => {
    const help = mcpCaps(REPO, "--help");
    assert.equal(help.status, 0);
    assert.match(help.stdout, /Usage: mcp-caps/);
    const version = mcpCaps(REPO, "--version");
    assert.equal(version.status, 0);
    assert.equal(version.stdout.trim(), JSON.parse(readFileSync(join(REPO, "package.json"), "utf8")).version);
  });

  it("--json prints the report of cli.md: relative paths, 1-based positions, sorted keys", () => {
    const dir = tempProject({ "src/demo.ts": SERVER });
    const r = mcpCaps(dir, "--json");
    assert.equal(r.status, 0, r.stderr);
    const report = JSON.parse(r.stdout);
    assert.ok(sortedDeep(report), "keys sorted at every level");
    assert.equal(report.tool, "mcp-caps");
    assert.equal(report.tasksExtension, false);
    const [server] = report.servers;
    assert.equal(server.name, "DemoServer");
    assert.equal(server.file, "src/demo.ts");
    assert.equal(server.line, 1);
    assert.equal(server.column, 14);
    assert.equal(server.dialect, "conduit");
    assert.equal(server.exact, true);
    assert.deepEqual(server.legacy, { completions: {}, resources: { listChanged: false, subscribe: true }, tools: { listChanged: false } });
    assert.deepEqual(server.modern, {
      completions: {},
      logging: {},
      resources: { listChanged: true, subscribe: true },
      tools: { listChanged: true },
    });
    const prov = (era: string, path: string[]) => server.provenance.find((p: { era: string; path: string[] }) => p.era === era && p.path.join(".") === path.join("."));
    assert.deepEqual(prov("both", ["completions"]), { era: "both", path: ["completions"], because: "handleComplete", file: "src/demo.ts", line: 7 });
    assert.deepEqual(prov("modern", ["logging"]), { era: "modern", path: ["logging"], because: "era" });
    assert.equal(prov("legacy", ["resources", "subscribe"]).because, "handleSubscribeResource");
    assert.equal(prov("modern", ["resources", "subscribe"]).because, "era");
    assert.equal(prov("both", ["tools"]).because, "base");
  });

  it("the human report shows both eras side by side, what modern adds, and diagnostics with file:line", () => {
    const dir = tempProject({ "typo.ts": TYPO });
    const r = mcpCaps(dir);
    assert.equal(r.status, 0);
    assert.match(r.stdout, /TypoServer\s+typo\.ts:1:14/);
    assert.match(r.stdout, /legacy · initialize\s+modern · server\/discover/);
    assert.match(r.stdout, /modern adds: .*tools\.listChanged/);
    assert.match(r.stdout, /typo\.ts:3:3\s+warning\s+handler-misspelled/);
    assert.match(r.stdout, /Did you mean handleComplete\?/);
    const legacyOnly = mcpCaps(dir, "--era", "legacy");
    assert.doesNotMatch(legacyOnly.stdout, /server\/discover/);
    assert.match(legacyOnly.stdout, /legacy · initialize/);
  });

  it("--era shows one era only: its rows, its causes, nothing of the other", () => {
    const dir = tempProject({ "demo.ts": SERVER });
    const legacy = mcpCaps(dir, "--era", "legacy").stdout;
    assert.match(legacy, /resources\.subscribe\s+true\s+handleSubscribeResource demo\.ts:6/);
    assert.doesNotMatch(legacy, /modern|era rule/, "no modern column, cause or summary");
    assert.doesNotMatch(legacy, /^\s+logging/m, "logging is modern-only here: no row");
    const modern = mcpCaps(dir, "--era", "modern").stdout;
    assert.match(modern, /^\s+logging\s+\{\} \+\s+era rule$/m, "modern-only logging, marked as added");
    assert.match(modern, /resources\.subscribe\s+true\s+era rule$/m, "legacy's cause (the handler) is not shown");
    assert.doesNotMatch(modern, /legacy · initialize|legacy:/);
  });

  it("a flag whose value was forgotten does not swallow the next option, and --write-snapshot never overwrites a source file", () => {
    const dir = tempProject({ "demo.ts": SERVER });
    const forgot = mcpCaps(dir, "--write-snapshot", "--json");
    assert.equal(forgot.status, 2);
    assert.match(forgot.stderr, /--write-snapshot needs a value, not the option --json/);
    const overwrite = mcpCaps(dir, "--write-snapshot", "demo.ts");
    assert.equal(overwrite.status, 2);
    assert.match(overwrite.stderr, /refusing to overwrite demo\.ts: it is not an mcp-caps snapshot/);
    assert.equal(readFileSync(join(dir, "demo.ts"), "utf8"), SERVER, "the source file is untouched");
    // An existing snapshot is overwritten as before.
    assert.equal(mcpCaps(dir, "--write-snapshot", "caps.json").status, 0);
    assert.equal(mcpCaps(dir, "--write-snapshot", "caps.json").status, 0);
    const folder = mcpCaps(dir, "--check", ".");
    assert.equal(folder.status, 2);
    assert.match(folder.stderr, /cannot read snapshot \.: it is a folder/);
  });

  it("a tsconfig whose extends chain is broken is used with a warning line naming the problem", () => {
    const dir = tempProject({
      "tsconfig.json": JSON.stringify({ extends: "./missing-base.json", compilerOptions: { strict: true } }),
      "demo.ts": SERVER,
    });
    const r = mcpCaps(dir, "--json");
    assert.equal(r.status, 0, r.stderr);
    assert.equal(JSON.parse(r.stdout).servers.length, 1);
    assert.match(r.stderr, /^mcp-caps: warning: tsconfig\.json: Cannot read file '.*missing-base\.json'/m);
  });

  it("--check passes against its own snapshot and fails with a readable diff after a handler is removed", () => {
    const dir = tempProject({ "demo.ts": SERVER });
    const write = mcpCaps(dir, "--write-snapshot", "caps.json");
    assert.equal(write.status, 0, write.stderr);
    assert.equal(mcpCaps(dir, "--check", "caps.json").status, 0);
    writeFile(dir, "demo.ts", SERVER.replace(/\n {2}handleComplete.*\n/, "\n"));
    const check = mcpCaps(dir, "--check", "caps.json");
    assert.equal(check.status, 1);
    assert.match(check.stdout, /Capabilities changed since caps\.json/);
    assert.match(check.stdout, /~ demo\.ts#DemoServer/);
    assert.match(check.stdout, /- legacy\.completions: \{\}/);
    assert.match(check.stdout, /- modern\.completions: \{\}/);
    const json = mcpCaps(dir, "--json", "--check", "caps.json");
    assert.equal(json.status, 1);
    JSON.parse(json.stdout); // the diff goes to stderr, so stdout stays JSON
    assert.match(json.stderr, /legacy\.completions/);
  });

  it("--check's human report is its result under the header, then the diagnostics: no server tables before it", () => {
    const dir = tempProject({ "demo.ts": SERVER });
    assert.equal(mcpCaps(dir, "--write-snapshot", "caps.json").status, 0);
    const same = mcpCaps(dir, "--check", "caps.json");
    assert.equal(same.status, 0);
    const sameLines = same.stdout.split("\n");
    assert.match(sameLines[0]!, /^mcp-caps .* · 1 server in 1 file/);
    assert.equal(sameLines[2], "Capabilities match caps.json (1 server).");
    assert.doesNotMatch(same.stdout, /capability\s+legacy/, "no table");
    writeFile(dir, "demo.ts", SERVER.replace(/\n {2}handleComplete.*\n/, "\n"));
    const changed = mcpCaps(dir, "--check", "caps.json");
    assert.equal(changed.status, 1);
    assert.equal(changed.stdout.split("\n")[2], "Capabilities changed since caps.json (1 server):");
    assert.doesNotMatch(changed.stdout, /capability\s+legacy/, "no table");
    assert.match(changed.stdout, /without --check/);
  });

  it("--check names a key with dots or slashes unambiguously in its diff", () => {
    const dir = tempProject({ "demo.ts": SERVER });
    assert.equal(mcpCaps(dir, "--write-snapshot", "caps.json", "--tasks", "off").status, 0);
    const check = mcpCaps(dir, "--check", "caps.json", "--tasks", "on");
    assert.equal(check.status, 1);
    assert.match(check.stdout, /\+ modern\.extensions\["io\.modelcontextprotocol\/tasks"\]: \{\}/);
    // The command it suggests writes the snapshot of what was checked: same options, same paths.
    assert.match(check.stdout, /update the snapshot: mcp-caps --tasks on --write-snapshot caps\.json$/m);
    const named = mcpCaps(dir, "--check", "caps.json", "--tasks", "on", "demo.ts");
    assert.match(named.stdout, /update the snapshot: mcp-caps --tasks on --write-snapshot caps\.json demo\.ts$/m);
  });

  it("--check and --write-snapshot report bad snapshot files with exit 2", () => {
    const dir = tempProject({ "demo.ts": SERVER, "bad.json": "{ nope" });
    const missing = mcpCaps(dir, "--check", "none.json");
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /none\.json/);
    const bad = mcpCaps(dir, "--check", "bad.json");
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /bad\.json.*not JSON/);
  });

  it("--strict exits 1 on a warning, 0 without", () => {
    assert.equal(mcpCaps(tempProject({ "typo.ts": TYPO }), "--strict").status, 1);
    assert.equal(mcpCaps(tempProject({ "demo.ts": SERVER }), "--strict").status, 0);
  });

  it("a server whose file does not parse is an error where it breaks, and --strict fails on it", () => {
    const broken = [
      'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";',
      'export const server = new McpServer({ name: "broken", version: "1.0.0" });',
      'server.registerTool("t", {}, async () => ({ content: [] })));',
      "",
    ].join("\n");
    const dir = tempProject({ "server.ts": broken });
    const strict = mcpCaps(dir, "--strict");
    assert.equal(strict.status, 1);
    const report = JSON.parse(mcpCaps(dir, "--json").stdout) as { servers: { exact: boolean; legacy: unknown }[]; diagnostics: { code: string; severity: string; line: number }[] };
    assert.deepEqual(report.diagnostics.map((d) => [d.code, d.severity, d.line]), [["source-does-not-parse", "error", 3]]);
    assert.equal(report.servers[0]!.exact, false);
  });

  it("--tasks overrides package.json, which overrides the default", () => {
    const key = "io.modelcontextprotocol/tasks";
    const plain = tempProject({ "demo.ts": SERVER });
    assert.equal(JSON.parse(mcpCaps(plain, "--json").stdout).servers[0].modern.extensions, undefined);
    const on = JSON.parse(mcpCaps(plain, "--json", "--tasks", "on").stdout);
    assert.equal(on.tasksExtension, true);
    assert.deepEqual(on.servers[0].modern.extensions, { [key]: {} });
    assert.equal(on.servers[0].legacy.extensions, undefined);
    const withPackage = tempProject({ "demo.ts": SERVER, "package.json": JSON.stringify({ mcpCapabilityLens: { tasksExtension: true } }) });
    assert.equal(JSON.parse(mcpCaps(withPackage, "--json").stdout).tasksExtension, true);
    assert.equal(JSON.parse(mcpCaps(withPackage, "--json", "--tasks", "off").stdout).tasksExtension, false);
  });

  it("bad usage and unreadable inputs exit 2 with one line naming the problem", () => {
    const dir = tempProject({ "demo.ts": SERVER, "broken/tsconfig.json": "{ not json", "broken/a.ts": SERVER, "broken/deeper/b.ts": SERVER });
    const cases: [string[], RegExp][] = [
      [["/no/such/path"], /cannot read \/no\/such\/path: no such file or folder/],
      [["--bogus"], /unknown option --bogus/],
      [["--era", "both-ish"], /--era must be legacy, modern or both/],
      [["--tasks", "maybe"], /--tasks must be on or off/],
      [["--project"], /--project needs a value/],
      [["--project", "nope.json"], /cannot read tsconfig nope\.json/],
      // Where in the file, as tsc says it.
      [["broken"], /cannot use .*broken\/tsconfig\.json: line 1, column 7: .,. expected/],
      // A file or a folder below it uses that tsconfig too: it is checked however the PATH is written.
      [["broken/a.ts"], /cannot use .*broken\/tsconfig\.json/],
      [["broken/deeper"], /cannot use .*broken\/tsconfig\.json/],
      [["--check", "a.json", "--write-snapshot", "b.json"], /cannot be used together/],
    ];
    for (const [args, message] of cases) {
      const r = mcpCaps(dir, ...args);
      assert.equal(r.status, 2, `${args.join(" ")}: ${r.stderr}`);
      assert.match(r.stderr, message);
      assert.equal(r.stderr.trim().split("\n").length, 1, `one line for ${args.join(" ")}`);
      assert.doesNotMatch(r.stderr, /\n\s+at /, "no stack trace");
    }
  });

  it("a tsconfig that governs no analysed file is a warning, not the end of the run; --project is the only tsconfig read", () => {
    const dir = tempProject({ "src/s.ts": SERVER, "fixtures/broken/tsconfig.json": "{ oops", "fixtures/broken/notes.md": "x" });
    const r = mcpCaps(dir, "--json");
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stderr, /warning: skipped fixtures\/broken\/tsconfig\.json: .*no file analysed is in its folder/);
    assert.deepEqual(JSON.parse(r.stdout).servers.map((x: { name: string }) => x.name), ["DemoServer"]);
    // --project replaces every other tsconfig (a broken one included), and its output folder is skipped.
    const project = tempProject({ "tsconfig.json": "{ oops", "tsconfig.build.json": JSON.stringify({ compilerOptions: { outDir: "lib" } }), "src/s.ts": SERVER, "lib/x.ts": TYPO.replace("TypoServer", "InLib") });
    const p = mcpCaps(project, "--json", "--project", "tsconfig.build.json");
    assert.equal(p.status, 0, p.stderr);
    assert.deepEqual(JSON.parse(p.stdout).servers.map((x: { name: string }) => x.name), ["DemoServer"]);
  });

  it("an extended tsconfig that is not JSON gets a warning line; a package.json with a byte order mark is read", () => {
    const dir = tempProject({
      "tsconfig.json": JSON.stringify({ extends: "./base.json" }),
      "base.json": '{ "compilerOptions": { "baseUrl": ".", ',
      "demo.ts": SERVER,
      "package.json": "\ufeff" + JSON.stringify({ mcpCapabilityLens: { tasksExtension: true } }),
    });
    const r = mcpCaps(dir, "--json");
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stderr, /warning: tsconfig\.json: .*base\.json \(which it extends\) is not valid JSON/);
    assert.equal(JSON.parse(r.stdout).tasksExtension, true, r.stderr);
  });

  it("a FIFO, a link to a device, a dangling link and a loop of links with a source name are each a warning line", () => {
    const dir = tempProject({ "demo.ts": SERVER });
    execFileSync("mkfifo", [join(dir, "fifo.ts")]);
    symlinkSync("/dev/zero", join(dir, "zero.ts"));
    symlinkSync("nowhere.ts", join(dir, "dangling.ts"));
    symlinkSync("y.ts", join(dir, "x.ts"));
    symlinkSync("x.ts", join(dir, "y.ts"));
    const r = mcpCaps(dir, "--json");
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout).servers.map((x: { name: string }) => x.name), ["DemoServer"]);
    for (const name of ["fifo.ts", "zero.ts", "dangling.ts", "x.ts", "y.ts"]) assert.match(r.stderr, new RegExp(`warning: skipped ${name.replace(".", "\\.")}: `), r.stderr);
  });

  it("two servers of one name in one file each keep their snapshot entry, so a change to either is caught", () => {
    const dir = tempProject({ "s.ts": "export class S { static __capabilities__() { return { tools: {} }; } }\nclass S { static __capabilities__() { return { prompts: {} }; } }\n" });
    assert.equal(mcpCaps(dir, "--write-snapshot", "snap.json").status, 0);
    assert.deepEqual(Object.keys(JSON.parse(readFileSync(join(dir, "snap.json"), "utf8")).servers), ["s.ts#S@1", "s.ts#S@2"]);
    writeFile(dir, "s.ts", "export class S { static __capabilities__() { return { resources: {} }; } }\nclass S { static __capabilities__() { return { prompts: {} }; } }\n");
    assert.equal(mcpCaps(dir, "--check", "snap.json").status, 1);
  });

  it("an empty PATH is exit 2, and --write-snapshot may fill an empty file (mktemp)", () => {
    const dir = tempProject({ "demo.ts": SERVER, "snap.json": "" });
    const empty = mcpCaps(dir, "");
    assert.equal(empty.status, 2);
    assert.match(empty.stderr, /cannot read "": an empty path/);
    assert.equal(mcpCaps(dir, "--write-snapshot", "snap.json").status, 0);
    assert.match(readFileSync(join(dir, "snap.json"), "utf8"), /DemoServer/);
    assert.equal(mcpCaps(dir, "--check", "snap.json").status, 0);
  });

  it("walks folders: skips node_modules, .git, output folders and .d.ts; binary files are skipped with a warning", () => {
    const dir = tempProject({
      "tsconfig.json": JSON.stringify({ compilerOptions: { outDir: "out" } }),
      "src/a.ts": SERVER,
      "node_modules/pkg/index.ts": TYPO.replace("TypoServer", "InNodeModules"),
      ".git/x.ts": TYPO.replace("TypoServer", "InGit"),
      "out/b.ts": TYPO.replace("TypoServer", "InOut"),
      "types.d.ts": "export declare class InDts { handleListTools(): void; }",
      "blob.ts": Buffer.from([0x65, 0x00, 0x01, 0x02, 0x00]),
    });
    const r = mcpCaps(dir, "--json");
    assert.equal(r.status, 0, r.stderr);
    const names = JSON.parse(r.stdout).servers.map((s: { name: string }) => s.name);
    assert.deepEqual(names, ["DemoServer"]);
    assert.match(r.stderr, /warning: skipped blob\.ts: not a text file/);
  });

  it("a symlink loop is walked once and a file that does not parse is still analysed", () => {
    const dir = tempProject({ "a.ts": `${SERVER}\nexport class Broken {\n  handleListTools(ctx: unknown) { return [] \n  handleCallTool(ctx, name, \n` });
    symlinkSync(dir, join(dir, "loop"));
    const r = mcpCapsSpawned(dir, "--json"); // a process: a walk that loops would be cut by its time limit
    assert.equal(r.status, 0, r.stderr);
    const names = JSON.parse(r.stdout).servers.map((s: { name: string }) => s.name);
    assert.deepEqual(names.sort(), ["Broken", "DemoServer"]);
  });

  it("a file reached through links is reported once, under its own path", () => {
    const dir = tempProject({ "src/demo.ts": SERVER });
    symlinkSync(join(dir, "src", "demo.ts"), join(dir, "link.ts"));
    symlinkSync(join(dir, "src"), join(dir, "alias"));
    const r = mcpCaps(dir, "--json");
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout).servers.map((s: { file: string }) => s.file), ["src/demo.ts"]);
  });

  it("the human report's header counts the files analysed, not the ones skipped", () => {
    const dir = tempProject({ "demo.ts": SERVER });
    writeFile(dir, "blob.ts", "abc\u0000def");
    const r = mcpCaps(dir);
    assert.match(r.stdout, /1 server in 1 file/);
    assert.match(r.stderr, /skipped blob\.ts: not a text file/);
  });

  it("a folder of JavaScript only: no servers, and the report says JavaScript is not read", () => {
    const js = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nconst server = new McpServer({ name: "x", version: "1" });\n`;
    const dir = tempProject({ "src/server.js": js, "src/tools.mjs": "export const t = 1;\n", "node_modules/dep/index.js": "module.exports = 1;\n" });
    const r = mcpCaps(dir);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /No MCP servers found/);
    assert.match(r.stdout, /Only TypeScript is analysed \(\.ts, \.tsx, \.mts, \.cts\): 2 JavaScript files were not read\./);
    const withTs = tempProject({ "src/server.js": js, "src/a.ts": "export const a = 1;\n" });
    assert.match(mcpCaps(withTs).stdout, /1 JavaScript file was not read/);
    // --json keeps stdout for the document: the note goes to stderr, and the document is unchanged.
    const json = mcpCaps(dir, "--json");
    assert.equal(json.status, 0, json.stderr);
    assert.deepEqual(JSON.parse(json.stdout).servers, []);
    assert.match(json.stderr, /mcp-caps: warning: no server found; only TypeScript is analysed \(\.ts, \.tsx, \.mts, \.cts\): 2 JavaScript files were not read/);
  });

  it("--project uses one tsconfig (its paths) for every file", () => {
    const dir = tempProject({
      "cfg/tsconfig.json": JSON.stringify({ compilerOptions: { baseUrl: "..", paths: { "@base/*": ["lib/*"] } } }),
      "lib/base.ts": "export class CompletingBase { handleComplete(ctx: unknown, ref: unknown, arg: unknown) { return {}; } }\n",
      "src/server.ts": 'import { CompletingBase } from "@base/base";\nexport class S extends CompletingBase { handleListTools(ctx: unknown) { return []; } }\n',
    });
    const withProject = JSON.parse(mcpCaps(dir, "--json", "--project", "cfg/tsconfig.json", "src").stdout);
    assert.deepEqual(withProject.servers[0].legacy.completions, {});
    assert.equal(withProject.servers[0].exact, true);
    const without = JSON.parse(mcpCaps(dir, "--json", "src").stdout);
    assert.equal(without.servers[0].exact, false, "without the paths the base is unresolved");
  });
});
