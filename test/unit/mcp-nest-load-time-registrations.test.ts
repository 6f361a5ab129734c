// A strategy's registerTool()/registerResource()/registerPrompt() written at a module's top level runs
// as the module loads: in the strategy's own module after it is made, or in the module that gives it
// to Nest, it has run before any client's first request is read (McpStrategy builds a connection's
// capabilities then), so it counts for every client. Anything that may run later or not at all (a
// function, a callback, a branch, after a top-level await, another importer, a removal) stays unknown.
// Fixtures 21, 22, 68–72 prove the shapes against the real framework.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { InMemoryFileSystemHost } from "ts-morph";
import { Workspace } from "../../server/src/analysis/core/workspace";
import { DIALECTS } from "../../server/src/analysis/dialects";
import type { ServerReport } from "../../server/src/analysis/core/model/serverReport";

const CONTROLLER = `import { McpController, Resource } from "@rekog/mcp-nest";
@McpController()
export class C {
  @Resource({ uri: "s://x", name: "x" })
  x() {}
}
`;
const STRATEGY = (after = "") => `import { McpStrategy, StdioTransport } from "@rekog/mcp-nest";
export const strategy = new McpStrategy({ name: "s", version: "1.0.0", transports: [new StdioTransport()] });
${after}
`;
const REGISTER = `strategy.registerTool({ name: "t", description: "t", handler: async () => "ok" });`;
const MAIN = (top = "", body = "", call = "bootstrap();") => `import { Module } from "@nestjs/common";
import { NestFactory } from "@nestjs/core";
import { C } from "./c";
import { strategy } from "./strategy";
@Module({ controllers: [C] })
class AppModule {}
${top}
async function bootstrap() {
  const app = await NestFactory.createMicroservice(AppModule, { strategy });
  await app.listen();
  ${body}
}
${call}
`;

function analyse(files: Record<string, string>): { server: ServerReport; codes: string[] } {
  const fs = new InMemoryFileSystemHost();
  fs.writeFileSync("/w/package.json", JSON.stringify({ name: "w", private: true }));
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(`/w/src/${name}`, text);
  fs.writeFileSync("/w/node_modules/@rekog/mcp-nest/package.json", JSON.stringify({ name: "@rekog/mcp-nest", version: "2.0.5" }));
  const ws = new Workspace({ fileSystem: fs, dialects: DIALECTS, roots: ["/w"] });
  const result = ws.analyzeFiles(Object.keys(files).map((n) => `/w/src/${n}`), { tasksExtension: false });
  assert.equal(result.servers.length, 1);
  return { server: result.servers[0]!, codes: result.diagnostics.map((d) => d.code) };
}

const keys = (s: ServerReport) => Object.keys(s.legacy ?? {}).sort();
const unknownKeys = (s: ServerReport) => [...new Set(s.unknown.map((u) => u.path.join(".")))].sort();
const certain = (s: ServerReport) => {
  assert.equal(s.exact, true, JSON.stringify(s.unknown));
  assert.deepEqual(keys(s), ["logging", "resources", "tools"]);
};
const open = (s: ServerReport) => {
  assert.equal(s.exact, false);
  assert.deepEqual(unknownKeys(s), ["tools"]);
  assert.deepEqual(keys(s), ["logging", "resources"]);
};

describe("MCP-Nest: registrations made as a module loads", () => {
  it("at the top level of the strategy's module, after it is made: every client (trial 155 c076), no list-changed notice", () => {
    const { server, codes } = analyse({ "c.ts": CONTROLLER, "strategy.ts": STRATEGY(REGISTER), "main.ts": MAIN() });
    certain(server);
    assert.deepEqual(codes, []);
  });

  it("at the top level of the module that gives it to Nest, before or after the bootstrap() call (trial 155 v76)", () => {
    certain(analyse({ "c.ts": CONTROLLER, "strategy.ts": STRATEGY(), "main.ts": MAIN(REGISTER) }).server);
    // bootstrap() gets no further than NestFactory's first await before the rest of the module runs.
    certain(analyse({ "c.ts": CONTROLLER, "strategy.ts": STRATEGY(), "main.ts": MAIN("", "", `bootstrap();\n${REGISTER}`) }).server);
  });

  it("in the strategy's own file, which bootstraps it too", () => {
    const own = `import { Module } from "@nestjs/common";
import { NestFactory } from "@nestjs/core";
import { McpStrategy, StdioTransport } from "@rekog/mcp-nest";
import { C } from "./c";
@Module({ controllers: [C] })
class AppModule {}
const strategy = new McpStrategy({ name: "s", version: "1.0.0", transports: [new StdioTransport()] });
${REGISTER}
async function bootstrap() {
  const app = await NestFactory.createMicroservice(AppModule, { strategy });
  await app.listen();
}
void bootstrap();
`;
    certain(analyse({ "c.ts": CONTROLLER, "main.ts": own }).server);
  });

  it("after a top-level await: the process reads requests while it waits", () => {
    open(analyse({ "c.ts": CONTROLLER, "strategy.ts": STRATEGY(`await new Promise((r) => setTimeout(r, 10));\n${REGISTER}`), "main.ts": MAIN() }).server);
    open(analyse({ "c.ts": CONTROLLER, "strategy.ts": STRATEGY(), "main.ts": MAIN("", "", `await bootstrap();\n${REGISTER}`) }).server);
    // An await inside a function written at the top level is not the module's own.
    certain(analyse({ "c.ts": CONTROLLER, "strategy.ts": STRATEGY(`const later = async () => { await 1; };\n${REGISTER}`), "main.ts": MAIN() }).server);
  });

  it("under a condition, in a callback, in bootstrap() after listen(): unknown, as before", () => {
    open(analyse({ "c.ts": CONTROLLER, "strategy.ts": STRATEGY(`if (process.env.X) ${REGISTER}`), "main.ts": MAIN() }).server);
    open(analyse({ "c.ts": CONTROLLER, "strategy.ts": STRATEGY(`setTimeout(() => ${REGISTER.slice(0, -1)}, 10);`), "main.ts": MAIN() }).server);
    open(analyse({ "c.ts": CONTROLLER, "strategy.ts": STRATEGY(`try { ${REGISTER} } catch {}`), "main.ts": MAIN() }).server);
    open(analyse({ "c.ts": CONTROLLER, "strategy.ts": STRATEGY(), "main.ts": MAIN("", REGISTER) }).server);
  });

  it("in another module that imports the strategy but does not give it to Nest: it may load late, or never", () => {
    const extra = `import { strategy } from "./strategy";\n${REGISTER}\n`;
    open(analyse({ "c.ts": CONTROLLER, "strategy.ts": STRATEGY(), "main.ts": MAIN(), "extra.ts": extra }).server);
  });

  it("a removal written in any file holding the strategy keeps the registration from being certain", () => {
    open(analyse({ "c.ts": CONTROLLER, "strategy.ts": STRATEGY(REGISTER), "main.ts": MAIN(`strategy.removeTool("t");`) }).server);
    open(analyse({ "c.ts": CONTROLLER, "strategy.ts": STRATEGY(`${REGISTER}\nstrategy.removeTool("t");`), "main.ts": MAIN() }).server);
  });

  it("on the strategy an exported factory makes, kept at the top level of the module that gives it to Nest: after the call", () => {
    const factory = `import { McpStrategy, StdioTransport } from "@rekog/mcp-nest";
export function createMcpStrategy() {
  return new McpStrategy({ name: "s", version: "1.0.0", transports: [new StdioTransport()] });
}
`;
    const main = (order: string) => MAIN().replace(`import { strategy } from "./strategy";`, `import { createMcpStrategy } from "./strategy";`).replace("class AppModule {}", `class AppModule {}\n${order}`);
    certain(analyse({ "c.ts": CONTROLLER, "strategy.ts": factory, "main.ts": main(`const strategy = createMcpStrategy();\n${REGISTER}`) }).server);
  });

  it("the stdio list-changed notice stays on a registration of the strategy's file made after the application listens", () => {
    const own = `import { Module } from "@nestjs/common";
import { NestFactory } from "@nestjs/core";
import { McpStrategy, StdioTransport } from "@rekog/mcp-nest";
import { C } from "./c";
@Module({ controllers: [C] })
class AppModule {}
const strategy = new McpStrategy({ name: "s", version: "1.0.0", transports: [new StdioTransport()] });
async function bootstrap() {
  const app = await NestFactory.createMicroservice(AppModule, { strategy });
  await app.listen();
  ${REGISTER}
}
void bootstrap();
`;
    const { server, codes } = analyse({ "c.ts": CONTROLLER, "main.ts": own });
    open(server);
    assert.deepEqual(codes, ["mcp-nest-stdio-no-list-changed"]);
  });
});
