// Two Nest applications started in one file, each given its own strategy by name: each strategy is
// paired with the application it is given to (`createMicroservice(Module, { strategy: name })`, or
// `app.connectMicroservice({ strategy: name })` on the application kept in `app`), so each serves its
// own module's controllers, exactly, and their problems are said. Before, both strategies left every
// key unknown ("this file creates more than one Nest application"), hiding a disabled capability.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { InMemoryFileSystemHost } from "ts-morph";
import { Workspace } from "../../server/src/analysis/core/workspace";
import { DIALECTS } from "../../server/src/analysis/dialects";

const APP = (start: string, publicCaps = "") => `import { Module } from "@nestjs/common";
import { NestFactory } from "@nestjs/core";
import { McpController, McpStrategy, Prompt, StdioTransport, Tool } from "@rekog/mcp-nest";

@McpController()
class OpsController {
  @Tool({ name: "restart", description: "Restart" })
  restart() { return "ok"; }
}

@McpController()
class AdminController {
  @Prompt({ name: "incident", description: "Incident report" })
  incident() { return { messages: [] }; }
}

@Module({ controllers: [OpsController] })
class OpsModule {}

@Module({ controllers: [AdminController] })
class AdminModule {}

const ops = new McpStrategy({ name: "ops", version: "1.0.0"${publicCaps}, transports: [new StdioTransport()] });
const admin = new McpStrategy({ name: "admin", version: "1.0.0", transports: [new StdioTransport()] });

async function bootstrap() {
${start}
}
void bootstrap();
`;

function analyse(text: string) {
  const fs = new InMemoryFileSystemHost();
  fs.writeFileSync("/w/package.json", JSON.stringify({ name: "w", private: true }));
  fs.writeFileSync("/w/node_modules/@rekog/mcp-nest/package.json", JSON.stringify({ name: "@rekog/mcp-nest", version: "2.0.5" }));
  fs.writeFileSync("/w/src/app.ts", text);
  const ws = new Workspace({ fileSystem: fs, dialects: DIALECTS, roots: ["/w"] });
  const a = ws.analyzeFile("/w/src/app.ts", { tasksExtension: false });
  return { byName: new Map(a.servers.map((s) => [s.name, s])), codes: a.diagnostics.map((d) => d.code).sort() };
}

const TWO_MICROSERVICES = `  const app = await NestFactory.createMicroservice(OpsModule, { strategy: ops });
  await app.listen();
  const adminApp = await NestFactory.createMicroservice(AdminModule, { strategy: admin });
  await adminApp.listen();`;

describe("MCP-Nest: two applications in one file", () => {
  it("each strategy serves the controllers of the application it is given to, exactly", () => {
    const { byName } = analyse(APP(TWO_MICROSERVICES));
    assert.equal(byName.get("ops")?.exact, true, JSON.stringify(byName.get("ops")?.unknown));
    assert.deepEqual(byName.get("ops")?.legacy, { logging: {}, tools: { listChanged: true } });
    assert.equal(byName.get("admin")?.exact, true, JSON.stringify(byName.get("admin")?.unknown));
    assert.deepEqual(byName.get("admin")?.legacy, { logging: {}, prompts: { listChanged: true } });
  });

  it("connectMicroservice on the application a call keeps: paired the same way", () => {
    const start = `  const app = await NestFactory.createMicroservice(OpsModule, { strategy: ops });
  await app.listen();
  const adminApp = await NestFactory.create(AdminModule);
  adminApp.connectMicroservice({ strategy: admin });
  await adminApp.startAllMicroservices();`;
    const { byName } = analyse(APP(start));
    assert.deepEqual(byName.get("admin")?.legacy, { logging: {}, prompts: { listChanged: true } });
    assert.equal(byName.get("admin")?.exact, true);
  });

  it("a disabled capability of one of them is said, as with one application", () => {
    const { byName, codes } = analyse(APP(TWO_MICROSERVICES, ", capabilities: { tools: false }"));
    assert.equal(byName.get("ops")?.legacy, null);
    assert.deepEqual(codes, ["mcp-nest-capability-disabled"]);
  });

  it("one strategy given to both applications: which controllers it serves stays unknown", () => {
    const start = TWO_MICROSERVICES.replace("{ strategy: admin }", "{ strategy: ops }");
    const { byName } = analyse(APP(start));
    assert.equal(byName.get("ops")?.exact, false);
    assert.match(byName.get("ops")?.unknown.map((u) => u.reason).join("\n") ?? "", /more than one Nest application/);
  });
});

describe("MCP-Nest: strategies made in one file, two applications started in another", () => {
  it("each imported strategy is paired with the application it is given to", () => {
    const fs = new InMemoryFileSystemHost();
    fs.writeFileSync("/w/package.json", JSON.stringify({ name: "w", private: true }));
    fs.writeFileSync("/w/node_modules/@rekog/mcp-nest/package.json", JSON.stringify({ name: "@rekog/mcp-nest", version: "2.0.5" }));
    const [modules, main] = APP("").split("const ops = ");
    fs.writeFileSync("/w/src/app.ts", `${modules!.replace("class OpsModule", "export class OpsModule").replace("class AdminModule", "export class AdminModule")}export const ops = ${main!.slice(0, main!.indexOf("async function bootstrap"))}`.replace("const admin =", "export const admin ="));
    fs.writeFileSync("/w/src/main.ts", `import { NestFactory } from "@nestjs/core";
import { AdminModule, OpsModule, admin, ops } from "./app";
async function bootstrap() {
${TWO_MICROSERVICES}
}
void bootstrap();
`);
    const ws = new Workspace({ fileSystem: fs, dialects: DIALECTS, roots: ["/w"] });
    const byName = new Map(ws.analyzeFiles(["/w/src/app.ts", "/w/src/main.ts"], { tasksExtension: false }).servers.map((s) => [s.name, s]));
    assert.deepEqual(byName.get("ops")?.legacy, { logging: {}, tools: { listChanged: true } });
    assert.deepEqual(byName.get("admin")?.legacy, { logging: {}, prompts: { listChanged: true } });
    assert.equal(byName.get("ops")?.exact, true, JSON.stringify(byName.get("ops")?.unknown));
  });
});
