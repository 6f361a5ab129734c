// MCP-Nest 1.x starts its transports with the Nest application: stdio as the application boots
// (`app.init()`, `app.listen()`, or NestFactory.createApplicationContext), SSE and Streamable HTTP only
// once it listens. A package whose applications never do answers nothing, and the analysis says
// "not served" instead of the capabilities (trial 121: n15, n21, n22, n32, each started with the real
// 1.9.11 and never answering). Where an application goes somewhere the text does not settle, nothing is
// claimed.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { InMemoryFileSystemHost } from "ts-morph";
import { Workspace } from "../../server/src/analysis/core/workspace";
import { DIALECTS } from "../../server/src/analysis/dialects";
import type { ServerReport } from "../../server/src/analysis/core/model/serverReport";

const MODULE = (transport: string) => `import { Injectable, Module } from "@nestjs/common";
import { McpModule, McpTransportType, Tool } from "@rekog/mcp-nest";
@Injectable()
export class EchoTool {
  @Tool({ name: "echo", description: "Echo" })
  echo() { return { content: [] }; }
}
@Module({ imports: [McpModule.forRoot({ name: "s", version: "1.0.0", transport: ${transport} })], providers: [EchoTool] })
export class AppModule {}
`;
const MAIN = (body: string) => `import { NestFactory } from "@nestjs/core";
import { AppModule } from "./app.module";
async function bootstrap() {
${body}
}
void bootstrap();
`;
const STDIO = "McpTransportType.STDIO";
const HTTP = "McpTransportType.STREAMABLE_HTTP";

function server(transport: string, main: string): ServerReport {
  const fs = new InMemoryFileSystemHost();
  fs.writeFileSync("/w/package.json", JSON.stringify({ name: "w", private: true, dependencies: { "@rekog/mcp-nest": "1.9.11" } }));
  fs.writeFileSync("/w/src/app.module.ts", MODULE(transport));
  fs.writeFileSync("/w/src/main.ts", MAIN(main));
  const ws = new Workspace({ fileSystem: fs, dialects: DIALECTS, roots: ["/w"] });
  const found = ws.analyzeFile("/w/src/app.module.ts", { tasksExtension: false }).servers;
  assert.equal(found.length, 1);
  return found[0]!;
}

describe("MCP-Nest 1.x: an application that never starts the server's transports", () => {
  it("stdio: served once the application boots (createApplicationContext, init, listen)", () => {
    for (const body of ["  await NestFactory.createApplicationContext(AppModule);", "  const app = await NestFactory.create(AppModule);\n  await app.init();", "  const app = await NestFactory.create(AppModule);\n  await app.listen(3000);"]) {
      assert.deepEqual(server(STDIO, body).legacy, { tools: { listChanged: true } }, body);
    }
  });

  it("stdio: NestFactory.create and never booted → not served, and why", () => {
    for (const body of ["  NestFactory.create(AppModule);", "  const app = await NestFactory.create(AppModule);\n  app.enableShutdownHooks();"]) {
      const s = server(STDIO, body);
      assert.equal(s.legacy, null, body);
      assert.equal(s.exact, true);
      assert.match(s.eraNotes?.legacy?.text ?? "", /^the stdio transport starts as the application boots/);
    }
  });

  it("HTTP only: served once it listens; an application context or an app only init()ed never listens", () => {
    assert.deepEqual(server(HTTP, "  const app = await NestFactory.create(AppModule);\n  await app.listen(3000);").legacy, { tools: { listChanged: true } });
    const context = server(HTTP, "  const app = await NestFactory.createApplicationContext(AppModule);\n  return app;");
    assert.equal(context.legacy, null);
    assert.match(context.eraNotes?.legacy?.text ?? "", /HTTP only.*an application context has no HTTP server/);
    assert.equal(server(HTTP, "  const app = await NestFactory.create(AppModule);\n  await app.init();").legacy, null);
  });

  it("transport: [] serves nothing; a transport list built at run time leaves the whole answer unknown (trial 123 p21, p22)", () => {
    const empty = server("[]", "  await NestFactory.createApplicationContext(AppModule);");
    assert.equal(empty.legacy, null);
    assert.equal(empty.exact, true);
    assert.match(empty.eraNotes?.legacy?.text ?? "", /no transport/);
    const chosen = server('[...(process.env.MCP_STDIO === "1" ? [McpTransportType.STDIO] : [])]', "  await NestFactory.createApplicationContext(AppModule);");
    assert.equal(chosen.exact, false);
    assert.ok(chosen.unknown.some((u) => u.path.length === 0 && !u.spread && /only known at run time/.test(u.reason)), JSON.stringify(chosen.unknown));
  });

  it("an application handed on (returned, passed to a helper) may be listened there: nothing claimed", () => {
    for (const body of ["  const app = await NestFactory.create(AppModule);\n  return app;", "  const app = await NestFactory.create(AppModule);\n  await start(app);"]) {
      assert.deepEqual(server(HTTP, body).legacy, { tools: { listChanged: true } }, body);
    }
  });
});

describe("MCP-Nest 1.x: forRoot held in a const the module imports and re-exports", () => {
  it("`imports: [mcp], exports: [mcp]` is the module's own server (trial 123 p14: not found before)", () => {
    const fs = new InMemoryFileSystemHost();
    fs.writeFileSync("/w/package.json", JSON.stringify({ name: "w", private: true, dependencies: { "@rekog/mcp-nest": "1.9.11" } }));
    fs.writeFileSync("/w/src/app.module.ts", `import { Module } from "@nestjs/common";
import { McpModule, McpTransportType } from "@rekog/mcp-nest";
const mcp = McpModule.forRoot({ name: "m", version: "1.0.0", transport: McpTransportType.STDIO });
@Module({ imports: [mcp], exports: [mcp] })
export class AppModule {}
`);
    fs.writeFileSync("/w/src/main.ts", MAIN("  await NestFactory.createApplicationContext(AppModule);"));
    const ws = new Workspace({ fileSystem: fs, dialects: DIALECTS, roots: ["/w"] });
    const found = ws.analyzeFile("/w/src/app.module.ts", { tasksExtension: false }).servers;
    assert.equal(found.length, 1);
    assert.deepEqual(found[0]!.legacy, {});
    assert.equal(found[0]!.exact, true);
  });
});

// Review of the editor surfaces: `listChanged: false` in forRoot showed true with only the option as its cause.
describe("MCP-Nest 1.x: the SDK's listChanged over the option's", () => {
  it("with SDK v1 1.32 installed, tools.listChanged is true and caused by the SDK, not by the option's false", () => {
    const fs = new InMemoryFileSystemHost();
    fs.writeFileSync("/w/package.json", JSON.stringify({ name: "w", private: true, dependencies: { "@rekog/mcp-nest": "1.9.11" } }));
    fs.writeFileSync("/w/node_modules/@modelcontextprotocol/sdk/package.json", JSON.stringify({ name: "@modelcontextprotocol/sdk", version: "1.32.2" }));
    fs.writeFileSync("/w/src/app.module.ts", MODULE(STDIO).replace('transport: McpTransportType.STDIO', 'transport: McpTransportType.STDIO, capabilities: { tools: { listChanged: false } }'));
    fs.writeFileSync("/w/src/main.ts", MAIN("  await NestFactory.createApplicationContext(AppModule);"));
    const ws = new Workspace({ fileSystem: fs, dialects: DIALECTS, roots: ["/w"] });
    const [s] = ws.analyzeFile("/w/src/app.module.ts", { tasksExtension: false }).servers;
    assert.deepEqual(s!.legacy, { tools: { listChanged: true } });
    const causes = s!.provenance.filter((p) => p.path.join(".") === "tools.listChanged").map((p) => p.because);
    assert.deepEqual(causes, ["sdk v1 eager handlers"]);
  });
});
