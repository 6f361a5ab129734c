// An MCP-Nest server is listed under its `name` option (what clients see as serverInfo.name), as the
// SDK dialects list a server under its serverInfo name, whenever the options give it statically:
// written in place, or through consts, imports and spreads (trial 155 c077: `{ ...MCP_BASE_OPTIONS,
// transports }` was listed as "strategy"). Otherwise, by the name that holds the strategy.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { InMemoryFileSystemHost } from "ts-morph";
import { Workspace } from "../../server/src/analysis/core/workspace";
import { DIALECTS } from "../../server/src/analysis/dialects";

const MAIN = `import { Module } from "@nestjs/common";
import { NestFactory } from "@nestjs/core";
import { strategy } from "./strategy";
@Module({})
class AppModule {}
async function bootstrap() {
  const app = await NestFactory.createMicroservice(AppModule, { strategy });
  await app.listen();
}
void bootstrap();
`;
const IMPORTS = `import { McpStrategy, StdioTransport } from "@rekog/mcp-nest";\n`;

function nameOf(strategy: string, config = ""): string {
  const fs = new InMemoryFileSystemHost();
  fs.writeFileSync("/w/package.json", JSON.stringify({ name: "w", private: true }));
  fs.writeFileSync("/w/src/main.ts", MAIN);
  fs.writeFileSync("/w/src/strategy.ts", IMPORTS + strategy);
  fs.writeFileSync("/w/src/config.ts", config);
  fs.writeFileSync("/w/node_modules/@rekog/mcp-nest/package.json", JSON.stringify({ name: "@rekog/mcp-nest", version: "2.0.5" }));
  const ws = new Workspace({ fileSystem: fs, dialects: DIALECTS, roots: ["/w"] });
  const servers = ws.analyzeFiles(["/w/src/main.ts", "/w/src/strategy.ts", "/w/src/config.ts"], { tasksExtension: false }).servers;
  assert.equal(servers.length, 1);
  return servers[0]!.name;
}

const CONFIG = `export const MCP_BASE_OPTIONS = { name: "config-driven", version: "3.1.0", instructions: "x" };\n`;

describe("MCP-Nest: the server's name", () => {
  it("written in place", () => {
    assert.equal(nameOf(`export const strategy = new McpStrategy({ name: "in-place", version: "1", transports: [new StdioTransport()] });`), "in-place");
  });

  it("from a spread of an imported const (trial 155 c077)", () => {
    const strategy = `import { MCP_BASE_OPTIONS } from "./config";
export const strategy = new McpStrategy({ ...MCP_BASE_OPTIONS, transports: [new StdioTransport()] });`;
    assert.equal(nameOf(strategy, CONFIG), "config-driven");
  });

  it("the last one written wins over a spread's", () => {
    const strategy = `import { MCP_BASE_OPTIONS } from "./config";
export const strategy = new McpStrategy({ ...MCP_BASE_OPTIONS, name: "overridden", transports: [new StdioTransport()] });`;
    assert.equal(nameOf(strategy, CONFIG), "overridden");
  });

  it("from a const options object, and a const name", () => {
    const strategy = `const NAME = "by-const";
const options = { name: NAME, version: "1", transports: [new StdioTransport()] };
export const strategy = new McpStrategy(options);`;
    assert.equal(nameOf(strategy), "by-const");
  });

  it("not known statically: the name that holds the strategy", () => {
    assert.equal(nameOf(`export const strategy = new McpStrategy({ name: process.env.NAME ?? "x", version: "1", transports: [new StdioTransport()] });`), "strategy");
    // A spread only known when it runs may bring its own name.
    const spread = `declare function load(): { name: string };
export const strategy = new McpStrategy({ ...load(), transports: [new StdioTransport()] });`;
    assert.equal(nameOf(spread), "strategy");
  });
});
