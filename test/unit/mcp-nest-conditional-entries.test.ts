// A spread of `cond ? [A] : [B]` in @Module's controllers or imports: a class in both branches is
// listed for sure, one in a single branch only on that condition, so what it adds is unknown and the
// rest stays known (fixture 35 proves the controller case against the real framework).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { InMemoryFileSystemHost } from "ts-morph";
import { Workspace } from "../../server/src/analysis/core/workspace";
import { DIALECTS } from "../../server/src/analysis/dialects";
import type { ServerReport } from "../../server/src/analysis/core/model/serverReport";

const CLASSES = `import { Module } from "@nestjs/common";
import { NestFactory } from "@nestjs/core";
import { McpController, McpStrategy, Prompt, Resource, StdioTransport, Tool } from "@rekog/mcp-nest";
@McpController()
class T {
  @Tool({ name: "t", description: "t" })
  t() {}
}
@McpController()
class P {
  @Prompt({ name: "p", description: "p" })
  p() {}
}
@McpController()
class R {
  @Resource({ name: "r", uri: "r://r" })
  r() {}
}
@Module({ controllers: [P] })
class PromptsModule {}
`;
const TAIL = `
export const strategy = new McpStrategy({ name: "s", version: "1.0.0", transports: [new StdioTransport()] });
NestFactory.createMicroservice(AppModule, { strategy });
`;

function server(module: string): ServerReport {
  const fs = new InMemoryFileSystemHost();
  fs.writeFileSync("/w/src/app.ts", `${CLASSES}${module}${TAIL}`);
  fs.writeFileSync("/w/node_modules/@rekog/mcp-nest/package.json", JSON.stringify({ name: "@rekog/mcp-nest", version: "2.0.5" }));
  const ws = new Workspace({ fileSystem: fs, dialects: DIALECTS, roots: ["/w"] });
  const servers = ws.analyzeFiles(["/w/src/app.ts"], { tasksExtension: false }).servers;
  assert.equal(servers.length, 1);
  return servers[0]!;
}

const keys = (s: ServerReport) => Object.keys(s.legacy ?? {}).sort();
const unknownKeys = (s: ServerReport) => [...new Set(s.unknown.map((u) => u.path.join(".")))].sort();

describe("MCP-Nest: conditional entries of @Module", () => {
  it("a controller on one side of a ternary makes only its own kinds unknown", () => {
    const s = server(`@Module({ controllers: [T, ...(process.env.X ? [P] : [])] })\nclass AppModule {}\n`);
    assert.deepEqual(keys(s), ["logging", "tools"]);
    assert.deepEqual(unknownKeys(s), ["prompts"]);
  });

  it("a controller in both branches is listed for sure", () => {
    const s = server(`@Module({ controllers: [...(process.env.X ? [T, P] : [T, R])] })\nclass AppModule {}\n`);
    assert.deepEqual(keys(s), ["logging", "tools"]);
    assert.deepEqual(unknownKeys(s), ["prompts", "resources"]);
  });

  it("a module imported on one side makes its controllers' kinds unknown", () => {
    const s = server(`@Module({ imports: [...(process.env.X ? [PromptsModule] : [])], controllers: [T] })\nclass AppModule {}\n`);
    assert.deepEqual(keys(s), ["logging", "tools"]);
    assert.deepEqual(unknownKeys(s), ["prompts"]);
  });

  it("a module imported both on a condition and surely is read surely", () => {
    const s = server(`@Module({ imports: [...(process.env.X ? [PromptsModule] : []), PromptsModule] })\nclass AppModule {}\n`);
    assert.equal(s.exact, true, JSON.stringify(s.unknown));
    assert.deepEqual(keys(s), ["logging", "prompts"]);
  });

  it("a branch that is not an array literal of classes keeps every kind open", () => {
    const s = server(`const extra = [P];\n@Module({ controllers: [T, ...(process.env.X ? extra : [])] })\nclass AppModule {}\n`);
    assert.deepEqual(unknownKeys(s), ["prompts", "resources"]);
  });
});
