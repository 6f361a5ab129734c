// `new MCPServer(buildConfig())` (configFactory.ts): the object literal a plain function returns is
// the config (proved against the real framework by fixture 50 of test/fixtures/mcp-framework); a
// promise (async), a literal built from the function's own values, or a body that does more than
// return are not read as a config, and what the config decides stays unknown.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { InMemoryFileSystemHost } from "ts-morph";
import { Workspace } from "../../server/src/analysis/core/workspace";
import { DIALECTS } from "../../server/src/analysis/dialects";

const INDEX = `import { MCPServer } from "mcp-framework";
import { buildConfig } from "./config.js";

const server = new MCPServer(buildConfig());
server.start();
`;

function analyse(config: string) {
  const fs = new InMemoryFileSystemHost();
  fs.writeFileSync("/w/package.json", JSON.stringify({ name: "w", type: "module" }));
  fs.writeFileSync("/w/tsconfig.json", JSON.stringify({ compilerOptions: { outDir: "dist", rootDir: "src" } }));
  fs.writeFileSync("/w/node_modules/mcp-framework/package.json", JSON.stringify({ name: "mcp-framework", version: "0.2.22" }));
  fs.writeFileSync("/w/src/index.ts", INDEX);
  fs.writeFileSync("/w/src/config.ts", config);
  fs.writeFileSync("/w/src/tools/Echo.ts", "import { MCPTool } from \"mcp-framework\";\nexport default class Echo extends MCPTool {}\n");
  fs.writeFileSync("/w/src/prompts/Greet.ts", "import { MCPPrompt } from \"mcp-framework\";\nexport default class Greet extends MCPPrompt {}\n");
  const ws = new Workspace({ fileSystem: fs, dialects: DIALECTS, roots: ["/w"] });
  const [server] = ws.analyzeFile("/w/src/index.ts", { tasksExtension: false }).servers;
  assert.ok(server);
  return { legacy: server.legacy, exact: server.exact, unknown: server.unknown.map((u) => `${u.path.join(".")}: ${u.reason}`) };
}

describe("mcp-framework: the config returned by a function", () => {
  it("a plain function returning an object literal: its keys are read where it is written", () => {
    const got = analyse(`export function buildConfig() {\n  const unused = 1;\n  return { name: "x", logging: true, basePath: import.meta.dirname };\n}\n`);
    assert.deepEqual(got, { legacy: { completions: {}, logging: {}, prompts: {}, tools: {} }, exact: true, unknown: [] });
  });

  it("an arrow function returning a literal is read too", () => {
    assert.equal(analyse(`export const buildConfig = () => ({ name: "x" });\n`).exact, true);
  });

  it("an async function hands MCPServer a promise: not read as the config", () => {
    const got = analyse(`export async function buildConfig() {\n  return { name: "x", logging: true };\n}\n`);
    assert.equal(got.exact, false);
    assert.ok(got.unknown.some((u) => u.startsWith("tools: the MCPServer config is not an object the analysis can read")), got.unknown.join("\n"));
  });

  it("an option reading the function's parameters or locals is said, not guessed; the others are read", () => {
    const got = analyse(`export function buildConfig(debug = false) {\n  return { name: "x", logging: debug };\n}\n`);
    assert.equal(got.exact, false);
    assert.deepEqual(got.unknown.map((u) => u.split(":")[0]), ["logging"], got.unknown.join("\n"));
  });

  it("a literal whose keys come from the parameters (a spread of them) is said, not guessed", () => {
    const got = analyse(`export function buildConfig(extra = {}) {\n  return { name: "x", ...extra };\n}\n`);
    assert.equal(got.exact, false);
    assert.ok(got.unknown.some((u) => /buildConfig\(\) returns is built from the function's parameters or local values/.test(u)), got.unknown.join("\n"));
  });

  it("a body that does more than return a value is not followed", () => {
    const got = analyse(`export function buildConfig() {\n  if (process.env.X) return { name: "y" };\n  return { name: "x" };\n}\n`);
    assert.equal(got.exact, false);
  });
});
