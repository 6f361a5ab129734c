// The mcp-framework dialect reads the compiled server: a source in a loader folder counts only if tsc
// writes it into outDir (in memory). Fixtures 42–45 check against the real framework the cases a run
// decides (exclude, an include subset, a .js file without allowJs, an excluded file an input
// imports); these cover what the tsconfig settles in other ways, and where it cannot be read exactly.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { InMemoryFileSystemHost } from "ts-morph";
import { Workspace } from "../../server/src/analysis/core/workspace";
import { DIALECTS } from "../../server/src/analysis/dialects";

const START = 'import { MCPServer } from "mcp-framework";\nconst server = new MCPServer({ name: "fx", version: "1.0.0" });\nserver.start();\n';
const TOOL = 'import { MCPTool } from "mcp-framework";\nexport default class EchoTool extends MCPTool { name = "echo"; description = "e"; schema = {}; async execute() { return "ok"; } }\n';
const PROMPT = 'import { MCPPrompt } from "mcp-framework";\nexport default class GreetPrompt extends MCPPrompt { name = "greet"; description = "g"; schema = {}; async generateMessages() { return []; } }\n';
const OPTIONS = { outDir: "dist", rootDir: "src" };

function analyse(tsconfig: object, files: Record<string, string>) {
  const fs = new InMemoryFileSystemHost();
  fs.writeFileSync("/w/package.json", JSON.stringify({ name: "w", type: "module" }));
  fs.writeFileSync("/w/tsconfig.json", JSON.stringify(tsconfig));
  fs.writeFileSync("/w/node_modules/mcp-framework/package.json", JSON.stringify({ name: "mcp-framework", version: "0.2.22" }));
  fs.writeFileSync("/w/src/index.ts", START);
  fs.writeFileSync("/w/src/tools/EchoTool.ts", TOOL);
  for (const [path, text] of Object.entries(files)) fs.writeFileSync(path, text);
  const ws = new Workspace({ fileSystem: fs, dialects: DIALECTS, roots: ["/w"] });
  const server = ws.analyzeFile("/w/src/index.ts", { tasksExtension: false }).servers[0]!;
  return { server, unknown: server.unknown.map((u) => u.path.join(".")), reason: (key: string) => server.unknown.find((u) => u.path[0] === key)?.reason ?? "" };
}

describe("mcp-framework: only the sources tsc compiles are loaded", () => {
  it("a .js prompt is copied with allowJs (and not without)", () => {
    const js = { "/w/src/prompts/GreetPrompt.js": PROMPT };
    assert.deepEqual(analyse({ compilerOptions: { ...OPTIONS, allowJs: true } }, js).server.legacy, { completions: {}, prompts: {}, tools: {} });
    assert.deepEqual(analyse({ compilerOptions: OPTIONS }, js).server.legacy, { tools: {} });
  });

  it("files lists a prompt that include leaves out; a dot-folder is skipped by wildcards", () => {
    const listed = analyse({ compilerOptions: OPTIONS, include: ["src/index.ts", "src/tools"], files: ["src/prompts/GreetPrompt.ts"] }, { "/w/src/prompts/GreetPrompt.ts": PROMPT });
    assert.deepEqual(listed.server.legacy, { completions: {}, prompts: {}, tools: {} });
    assert.equal(listed.server.exact, true);
    const dotted = analyse({ compilerOptions: OPTIONS, include: ["src/**/*"] }, { "/w/src/prompts/.wip/GreetPrompt.ts": PROMPT });
    assert.deepEqual(dotted.server.legacy, { tools: {} });
  });

  it("a prompt an included file imports is compiled, through a chain of imports and a re-export", () => {
    const r = analyse({ compilerOptions: OPTIONS, include: ["src/index.ts", "src/tools"] }, {
      "/w/src/tools/EchoTool.ts": `import "../lib/registry.js";\n${TOOL}`,
      "/w/src/lib/registry.ts": 'export * from "../prompts/GreetPrompt.js";\n',
      "/w/src/prompts/GreetPrompt.ts": PROMPT,
    });
    assert.deepEqual(r.server.legacy, { completions: {}, prompts: {}, tools: {} });
    assert.equal(r.server.exact, true);
  });

  it("a base config that cannot be found may set include or exclude: the prompt is unknown, never claimed", () => {
    const r = analyse({ extends: "@tsconfig/missing/tsconfig.json", compilerOptions: OPTIONS }, { "/w/src/prompts/GreetPrompt.ts": PROMPT });
    assert.deepEqual(r.server.legacy, {});
    // "": with no tool loaded, start() throws, so the server may not start.
    assert.deepEqual(r.unknown, ["", "completions", "prompts", "tools"]);
    assert.match(r.reason("prompts"), /GreetPrompt\.ts, loaded only if its compiled form reaches the folder the loader reads, which is not known: the config it extends \(@tsconfig\/missing\/tsconfig\.json\) is not found/);
    // The child setting include and exclude itself settles it.
    const settled = analyse({ extends: "@tsconfig/missing/tsconfig.json", compilerOptions: OPTIONS, include: ["src"], exclude: ["src/prompts"] }, { "/w/src/prompts/GreetPrompt.ts": PROMPT });
    assert.deepEqual(settled.server.legacy, { tools: {} });
    assert.equal(settled.server.exact, true);
  });

  it("an include pattern the analysis does not model leaves the prompt unknown", () => {
    const r = analyse({ compilerOptions: OPTIONS, include: ["src/{index,tools/*}.ts"] }, { "/w/src/prompts/GreetPrompt.ts": PROMPT });
    assert.equal(r.server.exact, false);
    assert.ok(r.unknown.includes("prompts"));
  });

  it("reads include and exclude through extends, relative to the config that sets them", () => {
    const base = { "/w/config/base.json": JSON.stringify({ include: ["../src/**/*"], exclude: ["../src/**/drafts"] }) };
    const r = analyse({ extends: "./config/base.json", compilerOptions: OPTIONS }, { ...base, "/w/src/prompts/drafts/GreetPrompt.ts": PROMPT });
    assert.deepEqual(r.server.legacy, { tools: {} });
    assert.equal(r.server.exact, true);
  });
});
