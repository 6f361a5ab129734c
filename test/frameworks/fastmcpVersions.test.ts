// The fastmcp dialect's rules keyed by the installed release (read from node_modules/fastmcp), its
// editor hover and its quick fix, on small in-memory workspaces. The differential test
// (fastmcp.test.ts) proves the current release against the real framework; the older ranges here
// follow fastmcp's own source at the tags that changed them (v3.23.1: completions; v4.8.0:
// listChanged/subscribe).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { InMemoryFileSystemHost } from "ts-morph";
import { Workspace } from "../../server/src/analysis/core/workspace";
import type { Loc } from "../../server/src/analysis/core/evaluate/values";
import { DIALECTS } from "../../server/src/analysis/dialects";
import type { FeatureContext } from "../../server/src/features/context";
import { hoverAt } from "../../server/src/features/hover";
import { quickFixesIn } from "../../server/src/features/actions";

const SERVER = `import { FastMCP } from "fastmcp";

const server = new FastMCP({ name: "notes", version: "1.0.0" });

server.addResource({ uri: "notes://inbox", name: "Inbox", load: async () => ({ text: "" }) });
server.addPrompt({ name: "summarise", load: async () => "Summarise the inbox" });

await server.start({ transportType: "stdio" });

server.addPrompt({ name: "triage", load: async () => "Triage the inbox" });
server.addTool({ name: "archive", execute: async () => "ok" });
`;

// The SDK a fastmcp before 3.23.1 can start with (from 1.22.0 on its start() throws: fastmcpStartup.test.ts).
function analyse(version: string | undefined, text = SERVER, sdk = "1.21.2"): FeatureContext {
  const fs = new InMemoryFileSystemHost();
  fs.writeFileSync("/w/src/server.ts", text);
  if (version) fs.writeFileSync("/w/node_modules/fastmcp/package.json", JSON.stringify({ name: "fastmcp", version }));
  fs.writeFileSync("/w/node_modules/@modelcontextprotocol/sdk/package.json", JSON.stringify({ name: "@modelcontextprotocol/sdk", version: sdk }));
  const ws = new Workspace({ fileSystem: fs, dialects: DIALECTS, roots: ["/w"] });
  const file = "/w/src/server.ts";
  const analysis = ws.analyzeFile(file, { tasksExtension: false });
  const location = (loc: Loc) => ({ uri: `file://${loc.file}`, range: { start: ws.position(loc.file, loc.span.start), end: ws.position(loc.file, loc.span.end) } });
  return { workspace: ws, file, analysis, location };
}

const codes = (ctx: FeatureContext) => ctx.analysis.diagnostics.map((d) => [d.code, ctx.workspace.position(d.loc.file, d.loc.span.start).line + 1]);

const GUARDED = `import { FastMCP } from "fastmcp";

const server = new FastMCP<{ role: string }>({ name: "admin", version: "1.0.0", authenticate: async () => ({ role: "guest" }) });
server.addTool({ name: "purge", canAccess: (a) => a.role === "admin", execute: async () => "ok" });

await server.start({ transportType: TRANSPORT });
`;

// Trial 91 G06: fastmcp 3.35.0 answered an authenticated guest's initialize without \`tools\` (its one
// tool's canAccess refused the guest); 4.20.10 and later build the capability from every tool.
const CONNECTED = `import { FastMCP } from "fastmcp";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";

const server = new FastMCP({ name: "linked", version: "1.0.0" });
server.addTool({ name: "archive", execute: async () => "ok" });

await server.connect(new StdioServerTransport());
`;

describe("fastmcp methods taken off the server (trial 105)", () => {
  it("`const { addTool } = server`: called alone it throws, so tools is not claimed either way", () => {
    const server = analyse("4.20.16", 'import { FastMCP } from "fastmcp";\n\nconst server = new FastMCP({ name: "d", version: "1.0.0" });\nconst { addTool } = server;\naddTool({ name: "a", execute: async () => "ok" });\nawait server.start({ transportType: "stdio" });\n').analysis.servers[0]!;
    assert.equal(server.exact, false);
    assert.ok(server.unknown.some((u) => u.path[0] === "tools" && /addTool is taken off the server/.test(u.reason)), JSON.stringify(server.unknown));
  });

  it("`tools.forEach(server.addTool)`: the method handed on without its server throws, so the server may not start (trial 123 g04)", () => {
    const server = analyse("4.20.16", 'import { FastMCP } from "fastmcp";\n\nconst tools = [{ name: "a", execute: async () => "ok" }];\nconst server = new FastMCP({ name: "d", version: "1.0.0" });\ntools.forEach(server.addTool);\nawait server.start({ transportType: "stdio" });\n').analysis.servers[0]!;
    assert.equal(server.exact, false);
    assert.ok(server.unknown.some((u) => u.path.length === 0 && /may not start: server\.addTool is passed on without its server/.test(u.reason)), JSON.stringify(server.unknown));
  });

  it("`const { start } = server`: the server may not start", () => {
    const server = analyse("4.20.16", 'import { FastMCP } from "fastmcp";\n\nconst server = new FastMCP({ name: "d", version: "1.0.0" });\nconst { start } = server;\nawait start({ transportType: "stdio" });\n').analysis.servers[0]!;
    assert.ok(server.unknown.some((u) => u.path.length === 0 && /may not start: start\(\) is taken off the server/.test(u.reason)), JSON.stringify(server.unknown));
  });
});

describe("fastmcp: the server reached through an expression choosing among values (trial 107)", () => {
  const text = (choice: string) => `import { FastMCP } from "fastmcp";\n\nconst base = new FastMCP({ name: "d", version: "1.0.0" });\nconst server = ${choice};\nserver.addPrompt({ name: "p", load: async () => "x" });\nawait base.start({ transportType: "stdio" });\n`;

  it("`MODE ? base : base` and `(0, base)` are the server: its prompt counts, exactly", () => {
    for (const choice of ["process.env.MODE ? base : base", "(0, base)", "base ?? base"]) {
      const server = analyse("4.20.16", text(choice)).analysis.servers[0]!;
      assert.equal(server.exact, true, choice);
      assert.ok(server.legacy && "prompts" in server.legacy, `${choice}: ${JSON.stringify(server.legacy)}`);
    }
  });

  it("`if (server && typeof server.stop === \"function\")` hands the server nowhere: still exact", () => {
    const source = 'import { FastMCP } from "fastmcp";\n\nconst server = new FastMCP({ name: "d", version: "1.0.0" });\nserver.addPrompt({ name: "p", load: async () => "x" });\nif (server && typeof server.stop === "function") process.on("SIGINT", () => void server.stop());\nawait server.start({ transportType: "stdio" });\n';
    const server = analyse("4.20.16", source).analysis.servers[0]!;
    assert.equal(server.exact, true, JSON.stringify(server.unknown));
  });

  it("`holder.server || base` may be another server: prompts is not claimed either way", () => {
    for (const choice of ["(globalThis as any).other || base", "process.env.MODE ? (globalThis as any).other : base", "process.env.MODE && base"]) {
      const server = analyse("4.20.16", text(choice)).analysis.servers[0]!;
      assert.equal(server.exact, false, choice);
      assert.ok(server.unknown.some((u) => /one of two values/.test(u.reason)), `${choice}: ${JSON.stringify(server.unknown)}`);
    }
  });
});

describe("fastmcp: an `auth` provider delays the session like `authenticate` (trial 109)", () => {
  const PROVIDER = 'import { FastMCP } from "fastmcp";\nimport { GitHubProvider } from "fastmcp/auth";\n\nconst auth = new GitHubProvider({ baseUrl: "http://localhost:8080", clientId: "id", clientSecret: "secret" });\nconst server = new FastMCP({ name: "d", version: "1.0.0", auth });\n';

  it("a tool added right after an unawaited start(): may be in the session, not claimed absent", () => {
    const server = analyse("3.35.0", PROVIDER + 'server.addPrompt({ name: "p", load: async () => "x" });\nserver.start({ transportType: "stdio" });\nserver.addTool({ name: "late", execute: async () => "ok" });\n').analysis.servers[0]!;
    assert.equal(server.exact, false);
    assert.ok(server.unknown.some((u) => u.path[0] === "tools" && /before or after the session is built/.test(u.reason)), JSON.stringify(server.unknown));
  });

  it("a removal right after an unawaited start(): the tool may be gone, not claimed present", () => {
    const server = analyse("3.35.0", PROVIDER + 'server.addTool({ name: "a", execute: async () => "ok" });\nserver.start({ transportType: "stdio" });\nserver.removeTool("a");\n').analysis.servers[0]!;
    assert.equal(server.exact, false);
    assert.ok(server.unknown.some((u) => u.path[0] === "tools" && /removeTool\(\) may run before the session is created/.test(u.reason)), JSON.stringify(server.unknown));
  });
});

describe("fastmcp: a list made by mapping a literal one is not empty (trial 109)", () => {
  it("`addTools([\"a\", \"b\"].map(tool))` adds tools for certain", () => {
    const server = analyse("3.35.0", 'import { FastMCP } from "fastmcp";\n\nconst tool = (name: string) => ({ name, execute: async () => "ok" });\nconst server = new FastMCP({ name: "d", version: "1.0.0" });\nserver.addTools(["a", "b"].map(tool));\nawait server.start({ transportType: "stdio" });\n').analysis.servers[0]!;
    assert.equal(server.exact, true, JSON.stringify(server.unknown));
    assert.ok(server.legacy && "tools" in server.legacy);
  });

  it("`addTools(list.filter(f))` may still be empty", () => {
    const server = analyse("3.35.0", 'import { FastMCP } from "fastmcp";\n\nconst TOOLS = [{ name: "a", execute: async () => "ok" }];\nconst server = new FastMCP({ name: "d", version: "1.0.0" });\nserver.addTools(TOOLS.filter((t) => t.name !== process.env.SKIP));\nawait server.start({ transportType: "stdio" });\n').analysis.servers[0]!;
    assert.equal(server.exact, false);
  });
});

describe("fastmcp before 4.17.1: FastMCP has no connect() of its own", () => {
  it("3.35.0 installed: connect() is a TypeError at start-up, so nothing is served (trial 105)", () => {
    const server = analyse("3.35.0", CONNECTED).analysis.servers[0]!;
    assert.equal(server.legacy, null);
    assert.equal(server.exact, true);
    assert.match(server.eraNotes?.legacy?.text ?? "", /start-up throws: fastmcp 3\.35\.0 has no FastMCP\.connect\(\) \(it came in 4\.17\.1\)/);
  });

  it("4.20.16 installed: connect() starts the session, and the tool is advertised", () => {
    const server = analyse("4.20.16", CONNECTED).analysis.servers[0]!;
    assert.deepEqual(server.legacy?.tools, {});
    assert.equal(server.exact, true);
  });
});

describe("fastmcp before 4.20.10: an authenticated HTTP session advertises only the tools canAccess lets through", () => {
  const legacyOf = (version: string, transport: string, text = GUARDED) => {
    const [s] = analyse(version, text.replace("TRANSPORT", transport)).analysis.servers;
    return { legacy: s!.legacy, exact: s!.exact, unknown: s!.unknown.map((u) => u.path.join(".")) };
  };
  it("3.35.0 over httpStream, every tool guarded: tools unknown", () => {
    assert.deepEqual(legacyOf("3.35.0", '"httpStream"'), { legacy: { logging: {}, completions: {} }, exact: false, unknown: ["tools"] });
  });
  it("3.35.0 over stdio: the session keeps every tool", () => {
    assert.deepEqual(legacyOf("3.35.0", '"stdio"'), { legacy: { tools: {}, logging: {}, completions: {} }, exact: true, unknown: [] });
  });
  it("3.35.0 with a tool added in place without canAccess: tools certain", () => {
    const text = GUARDED.replace("server.addTool({ name: \"purge\"", 'server.addTool({ name: "ping", execute: async () => "pong" });\nserver.addTool({ name: "purge"');
    assert.deepEqual(legacyOf("3.35.0", '"httpStream"', text), { legacy: { tools: {}, logging: {}, completions: {} }, exact: true, unknown: [] });
  });
  it("4.20.10 over httpStream: tools whatever canAccess says", () => {
    assert.deepEqual(legacyOf("4.20.10", '"httpStream"'), { legacy: { tools: {}, logging: {}, completions: {} }, exact: true, unknown: [] });
  });
});

describe("fastmcp rules by installed release", () => {
  it("4.8.0 and later: resources { listChanged, subscribe }, prompts { listChanged }, logging and completions", () => {
    const ctx = analyse("4.20.16");
    const [s] = ctx.analysis.servers;
    assert.equal(s!.frameworkVersion, "4.20.16");
    assert.deepEqual(s!.legacy, { resources: { listChanged: true, subscribe: true }, prompts: { listChanged: true }, logging: {}, completions: {} });
    // The late prompt is fine (listChanged is advertised); the first tool after start throws.
    assert.deepEqual(codes(ctx), [["fastmcp-first-after-start", 11]]);
    assert.match(ctx.analysis.diagnostics[0]!.message, /Server does not support tools \(required for tools\/list\)/);
  });

  it("3.23.1 up to 4.8.0: completions, but resources and prompts without flags, so a late addPrompt's list_changed is unadvertised", () => {
    const ctx = analyse("4.0.0");
    assert.deepEqual(ctx.analysis.servers[0]!.legacy, { resources: {}, prompts: {}, logging: {}, completions: {} });
    assert.deepEqual(codes(ctx), [["fastmcp-list-changed-unadvertised", 10], ["fastmcp-first-after-start", 11]]);
  });

  it("before 3.23.1, with an SDK before 1.22.0: no completions advertised, while completion/complete is served", () => {
    const ctx = analyse("3.20.0");
    assert.deepEqual(ctx.analysis.servers[0]!.legacy, { resources: {}, prompts: {}, logging: {} });
    const d = ctx.analysis.diagnostics.find((x) => x.code === "fastmcp-completions-unadvertised");
    assert.ok(d);
    assert.equal(d.severity, "error");
    assert.match(d.message, /Server does not support completions \(required for completion\/complete\)/);
  });

  it("a missing fastmcp or a release outside the known ranges: the newest rules known, approximate, and said", () => {
    for (const version of [undefined, "5.1.0", "1.2.0"]) {
      const ctx = analyse(version);
      const [s] = ctx.analysis.servers;
      // What 4.8.0 and later advertise for SERVER (a resource and a prompt before start()).
      assert.deepEqual(s!.legacy, { resources: { listChanged: true, subscribe: true }, prompts: { listChanged: true }, logging: {}, completions: {} });
      assert.equal(s!.exact, false);
      const everything = s!.unknown.find((u) => u.path.length === 0);
      assert.match(everything!.reason, version ? new RegExp(`fastmcp ${version.replace(/\./g, "\\.")} is outside`) : /not installed/);
      assert.match(everything!.reason, /the rules of fastmcp 4\.8\.0 to below 5\.0\.0 are shown/);
      assert.ok(ctx.analysis.diagnostics.some((d) => d.code === "fastmcp-version-unknown"));
    }
  });
});

describe("fastmcp in a checkout without node_modules: the release it declares", () => {
  // Without the first tool added after the awaited start() (a throw that may stop the server): what
  // these cases show is the release's rules alone.
  const STARTS = SERVER.replace('server.addTool({ name: "archive", execute: async () => "ok" });\n', "");
  function checkout(files: Record<string, string>): FeatureContext {
    const fs = new InMemoryFileSystemHost();
    fs.writeFileSync("/w/src/server.ts", STARTS);
    for (const [name, text] of Object.entries(files)) fs.writeFileSync(`/w/${name}`, text);
    const ws = new Workspace({ fileSystem: fs, dialects: DIALECTS, roots: ["/w"] });
    const file = "/w/src/server.ts";
    return { workspace: ws, file, analysis: ws.analyzeFile(file, { tasksExtension: false }), location: () => ({ uri: "", range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } }) };
  }
  const manifest = (range: string) => JSON.stringify({ name: "w", type: "module", dependencies: { fastmcp: range } });
  const lock = (version: string, range: string) => JSON.stringify({ name: "w", lockfileVersion: 3, packages: { "": { dependencies: { fastmcp: range } }, "node_modules/fastmcp": { version } } }, null, 2);
  const NEWEST = { resources: { listChanged: true, subscribe: true }, prompts: { listChanged: true }, logging: {}, completions: {} };

  it("a range only: the newest release it allows (what npm install gives), exact, the range shown as the version", () => {
    const ctx = checkout({ "package.json": manifest("^4.0.0") });
    const [s] = ctx.analysis.servers;
    assert.equal(s!.frameworkVersion, "^4.0.0");
    assert.deepEqual(s!.legacy, NEWEST);
    assert.equal(s!.exact, true, JSON.stringify(s!.unknown));
    assert.match(hoverAt(ctx, SERVER.indexOf("server = new") + 1)?.markdown ?? "", /`\^4\.0\.0`/);
  });

  // Review of the editor surfaces: such a range was said to be no range at all.
  it("a range past every release whose rules are known: said as that range, the newest rules shown, approximate", () => {
    const ctx = checkout({ "package.json": manifest("^6.0.0") });
    const [s] = ctx.analysis.servers;
    assert.equal(s!.frameworkVersion, "^6.0.0");
    assert.equal(s!.exact, false);
    const d = ctx.analysis.diagnostics.find((x) => x.code === "fastmcp-version-unknown");
    assert.match(d?.message ?? "", /fastmcp \^6\.0\.0 is outside the releases whose rules are known/);
    assert.doesNotMatch(d?.message ?? "", /no package\.json there names a release range/);
  });

  it("a locked release whose range reaches newer rules: the locked answer, and the keys the newest would change are not known", () => {
    const ctx = checkout({ "package.json": manifest("^4.0.0"), "package-lock.json": lock("4.0.0", "^4.0.0") });
    const [s] = ctx.analysis.servers;
    assert.equal(s!.frameworkVersion, "4.0.0");
    assert.deepEqual(s!.legacy, { resources: {}, prompts: {}, logging: {}, completions: {} });
    assert.deepEqual(s!.unknown.map((u) => u.path.join(".")), ["prompts", "resources"]);
    assert.match(s!.unknown[0]!.reason, /package-lock\.json pins fastmcp 4\.0\.0, but package\.json allows \^4\.0\.0, and the newest release in it may be installed instead: prompts would be \{"listChanged":true\} with it/);
    // Locked in the newest rules: exact.
    assert.equal(checkout({ "package.json": manifest("^4.0.0"), "package-lock.json": lock("4.20.16", "^4.0.0") }).analysis.servers[0]!.exact, true);
  });

  it("a pnpm lock the analysis does not read may pin an older release of the range: the keys it would change are not known", () => {
    const [s] = checkout({ "package.json": manifest("^4.0.0"), "pnpm-lock.yaml": "lockfileVersion: '9.0'\n" }).analysis.servers;
    assert.deepEqual(s!.legacy, NEWEST);
    assert.deepEqual(s!.unknown.map((u) => u.path.join(".")), ["prompts", "resources"]);
    assert.match(s!.unknown[0]!.reason, /package\.json allows fastmcp \^4\.0\.0, whose newest release npm installs, but pnpm-lock\.yaml may pin an older one/);
  });

  // Trial 96: a range and a tool added before start() threw inside the analysis, and no server was reported.
  it("a range with a tool added before start(): tools advertised, exact", () => {
    for (const range of ["^4.20.16", "~4.20.0", "4.x"]) {
      const ctx = checkout({ "package.json": manifest(range), "src/server.ts": SERVER.replace("await server.start", 'server.addTool({ name: "early", execute: async () => "ok" });\nawait server.start') });
      assert.equal(ctx.analysis.skipped, undefined, range);
      const [s] = ctx.analysis.servers;
      assert.deepEqual(s!.legacy, { ...NEWEST, tools: {} }, range);
      assert.equal(s!.exact, true, range);
    }
  });

  it("a range whose newest release filters an authenticated HTTP session's tools: tools not known", () => {
    const guarded = GUARDED.replace("TRANSPORT", '"httpStream"');
    const [old] = checkout({ "package.json": manifest("~4.19.0"), "src/server.ts": guarded }).analysis.servers;
    assert.deepEqual(old!.unknown.map((u) => u.path.join(".")), ["tools"]);
    const [recent] = checkout({ "package.json": manifest("^4.19.0"), "src/server.ts": guarded }).analysis.servers;
    assert.ok(recent!.legacy && "tools" in recent!.legacy, JSON.stringify(recent!.legacy));
  });

  it("neither installed nor declared: the newest rules known, approximate, and said", () => {
    const [s] = checkout({ "package.json": JSON.stringify({ name: "w", dependencies: { fastmcp: "latest" } }) }).analysis.servers;
    assert.deepEqual(s!.legacy, NEWEST);
    assert.equal(s!.exact, false);
    assert.match(s!.unknown.find((u) => u.path.length === 0)!.reason, /not installed .* no package\.json there names a release range/);
  });
});

describe("fastmcp editor features", () => {
  // Review of the editor surfaces: the SDK's `new McpServer` had the server hover, `new FastMCP` nothing.
  it("shows the server hover on the class name of its construction too", () => {
    const ctx = analyse("4.20.16");
    const onName = hoverAt(ctx, SERVER.indexOf("server = new") + 1);
    const onClass = hoverAt(ctx, SERVER.indexOf("new FastMCP") + 5);
    assert.ok(onClass, "a hover on FastMCP");
    assert.equal(onClass.markdown, onName?.markdown);
    assert.equal(hoverAt(ctx, SERVER.indexOf('"notes"') + 2), null, "not on the options");
  });

  it("hovers on the construction (generic, in fastmcp's words) and on each registration and start()", () => {
    const ctx = analyse("4.20.16");
    const onName = hoverAt(ctx, SERVER.indexOf("server = new") + 1);
    assert.ok(onName);
    assert.match(onName.markdown, /`fastmcp/);
    assert.match(onName.markdown, /addResource\(\)/);
    const onResource = hoverAt(ctx, SERVER.indexOf("addResource") + 2);
    assert.ok(onResource);
    assert.match(onResource.markdown, /\*\*`addResource\(\)`\*\* · `notes` · fastmcp 4\.20\.16/);
    assert.match(onResource.markdown, /Adds `resources: \{ listChanged: true, subscribe: true \}` to legacy \(initialize\); modern is not served/);
    const onStart = hoverAt(ctx, SERVER.indexOf("start(") + 1);
    assert.match(onStart!.markdown, /Creates the session/);
    const onTool = hoverAt(ctx, SERVER.indexOf("addTool") + 2);
    assert.match(onTool!.markdown, /is not advertised by it/);
    assert.match(onTool!.markdown, /Server does not support tools/);
  });

  it("offers to move the first late registration before start()", () => {
    const ctx = analyse("4.20.16");
    const at = SERVER.indexOf("addTool");
    const [fix] = quickFixesIn(ctx, { start: at, end: at + 1 });
    assert.ok(fix);
    assert.equal(fix.fix.title, "Move the registration before start()");
    // Apply the edits from the end of the file backwards and re-analyse: the tool is advertised, no error.
    let text = SERVER;
    for (const e of [...fix.fix.edits].sort((a, b) => b.loc.span.start - a.loc.span.start)) text = text.slice(0, e.loc.span.start) + e.newText + text.slice(e.loc.span.end);
    assert.match(text, /server\.addTool\(\{ name: "archive", execute: async \(\) => "ok" \}\);\nawait server\.start/);
    const after = analyse("4.20.16", text);
    assert.deepEqual(Object.keys(after.analysis.servers[0]!.legacy!).sort(), ["completions", "logging", "prompts", "resources", "tools"]);
    assert.deepEqual(after.analysis.diagnostics, []);
  });
});

describe("fastmcp: removals by name that surely run before start() (trial 154)", () => {
  const HEAD = 'import { FastMCP } from "fastmcp";\n\nconst server = new FastMCP({ name: "d", version: "1.0.0" });\nconst helper = async (s: FastMCP) => { await Promise.resolve(); s.addTool({ name: "a", execute: async () => "ok" }); };\n';
  const tools = (version: string, body: string) => {
    const server = analyse(version, HEAD + body + 'await server.start({ transportType: "stdio" });\n').analysis.servers[0]!;
    return { exact: server.exact, has: server.legacy !== null && "tools" in server.legacy, unknown: server.unknown.some((u) => u.path[0] === "tools") };
  };
  const ADD = 'server.addTool({ name: "a", execute: async () => "ok" });\n';

  it("a removal that runs before the add of its name leaves it", () => {
    assert.deepEqual(tools("4.20.16", 'server.removeTool("a");\n' + ADD), { exact: true, has: true, unknown: false });
  });

  it("removing every name added leaves no tools, in each release that removes by name", () => {
    for (const version of ["3.23.1", "3.35.0", "4.20.16"]) assert.deepEqual(tools(version, ADD + 'server.removeTools(["a"]);\n'), { exact: true, has: false, unknown: false }, version);
  });

  it("stays unknown when the removal may not run, names another list, takes a name from a variable, or its order is not known", () => {
    const cases = [
      ADD + 'if (process.env.SAFE) server.removeTool("a");\n',
      ADD + 'const n = process.env.NAME ?? "a";\nserver.removeTool(n);\n',
      ADD + 'for (const n of process.argv) server.removeTool("a");\n',
      'await Promise.all([helper(server), (async () => { server.removeTool("b"); await Promise.resolve(); server.removeTool("a"); })()]);\n',
      'server.addTool({ name: process.env.NAME ?? "a", execute: async () => "ok" });\nserver.removeTool("a");\n',
    ];
    for (const body of cases) assert.deepEqual(tools("4.20.16", body), { exact: false, has: false, unknown: true }, body);
    assert.deepEqual(tools("4.20.16", ADD + 'server.removePrompt("a");\n'), { exact: true, has: true, unknown: false });
  });
});
