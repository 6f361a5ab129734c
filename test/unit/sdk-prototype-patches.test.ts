// Code replacing a method of the SDK's server class (`McpServer.prototype.registerTool = …`,
// `Object.assign(McpServer.prototype, …)`), in the server's file or a module it imports for its side
// effect, changes what registrations and connect() do (trial 108: a no-op registerResource, a
// registerTool refusing names, a connect() that never connects): the result says so instead of
// modelling the SDK as published.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

const HEAD = 'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nimport { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";\n';
const SERVE = 'const server = new McpServer({ name: "s", version: "1" });\nserver.registerTool("t", {}, async () => ({ content: [] }));\nawait server.connect(new StdioServerTransport());\n';

function only(files: Record<string, string>) {
  const servers = [...analyze(files).servers.values()];
  assert.equal(servers.length, 1);
  return servers[0]!;
}

describe("SDK: the server class's methods replaced by the program", () => {
  it("in the server's file, written plainly, through a cast, or by Object.assign: approximate, said where", () => {
    for (const patch of [
      "McpServer.prototype.registerTool = function () { return undefined as any; } as any;\n",
      "(McpServer.prototype as any).registerTool = () => undefined;\n",
      "Object.assign(McpServer.prototype, { registerTool() { return undefined; } });\n",
    ]) {
      const s = only({ "index.ts": HEAD + patch + SERVE });
      assert.equal(s.exact, false, patch);
      assert.match(s.unknown.map((u) => u.reason).join("\n"), /replaces a method of the SDK's server class \(line 3\)/, patch);
    }
  });

  it("in a module imported for its side effect: said, with the module", () => {
    const s = only({ "index.ts": 'import "./instrument.js";\n' + HEAD + SERVE, "instrument.ts": 'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nconst orig = McpServer.prototype.connect;\nMcpServer.prototype.connect = async function (t) { if (process.env.OFFLINE) return; return orig.call(this, t); };\n' });
    assert.match(s.unknown.map((u) => u.reason).join("\n"), /instrument\.ts:3/);
  });

  it("reading the prototype only (a saved original, a check): exact", () => {
    const s = only({ "index.ts": HEAD + "const original = McpServer.prototype.registerTool;\nif (McpServer.prototype.registerTool === original) console.error(typeof original);\n" + SERVE });
    assert.deepEqual(s.unknown, []);
  });

  // A logging wrapper hands everything to the method it replaced: what the SDK's method does happens.
  const WRAP = (fn: string) => `const original = McpServer.prototype.registerTool;\nMcpServer.prototype.registerTool = ${fn} as any;\n`;

  it("a replacement that hands its own arguments and this to the original on every way out: exact", () => {
    for (const fn of [
      "function (name, config, cb) { console.error('registering', name); return original.call(this, name, config, cb); }",
      "function (...args) { try { return original.apply(this, args); } catch (e) { console.error(e); throw e; } }",
      "function () { return original.apply(this, arguments as any); }",
    ]) {
      const s = only({ "index.ts": HEAD + WRAP(fn) + SERVE });
      assert.deepEqual(s.unknown, [], fn);
      assert.deepEqual(s.legacy, { tools: { listChanged: true } }, fn);
    }
  });

  it("one that changes an argument, may not call the original, uses this otherwise, or is async: approximate", () => {
    for (const fn of [
      "function (name, config, cb) { return original.call(this, `x_${name}`, config, cb); }",
      "function (name, config, cb) { name = name.trim(); return original.call(this, name, config, cb); }",
      "function (name, config, cb) { if (name.startsWith('_')) return undefined; return original.call(this, name, config, cb); }",
      "function (name, config, cb) { if (name) return original.call(this, name, config, cb); }",
      "function (name, config, cb) { this.server.registerCapabilities({ logging: {} }); return original.call(this, name, config, cb); }",
      "function (name, config, cb) { original.call(this, `${name}_alias`, config, cb); return original.call(this, name, config, cb); }",
      "async function (name, config, cb) { return original.call(this, name, config, cb); }",
      "(name, config, cb) => original(name, config, cb)",
    ]) {
      const s = only({ "index.ts": HEAD + WRAP(fn) + SERVE });
      assert.equal(s.exact, false, fn);
      assert.match(s.unknown.map((u) => u.reason).join("\n"), /replaces a method of the SDK's server class/, fn);
    }
  });
});
