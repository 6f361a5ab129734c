// The MCP-Nest dialect's reading of method decorators written in the workspace (followed when their
// body plainly applies MCP-Nest's, unknown when it may) and of uses of the strategy it does not model
// (unknown at their place). The real framework proves fixtures 28-30 of test/fixtures/mcp-nest; these
// are the shapes around them.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { InMemoryFileSystemHost } from "ts-morph";
import { Workspace } from "../../server/src/analysis/core/workspace";
import { DIALECTS } from "../../server/src/analysis/dialects";
import type { ServerReport } from "../../server/src/analysis/core/model/serverReport";

const HEAD = `import { applyDecorators, Controller, Module, SetMetadata, UseGuards } from "@nestjs/common";
import { NestFactory } from "@nestjs/core";
import { McpController, McpStrategy, Prompt, StdioTransport, Tool } from "@rekog/mcp-nest";
`;
const TAIL = `
@Module({ controllers: [C] })
class AppModule {}
export const strategy = new McpStrategy({ name: "s", version: "1.0.0", transports: [new StdioTransport()] });
NestFactory.createMicroservice(AppModule, { strategy });
`;

function server(files: Record<string, string>): ServerReport {
  const fs = new InMemoryFileSystemHost();
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(`/w/src/${name}`, text);
  fs.writeFileSync("/w/node_modules/@rekog/mcp-nest/package.json", JSON.stringify({ name: "@rekog/mcp-nest", version: "2.0.5" }));
  const ws = new Workspace({ fileSystem: fs, dialects: DIALECTS, roots: ["/w"] });
  const servers = ws.analyzeFiles(Object.keys(files).map((n) => `/w/src/${n}`), { tasksExtension: false }).servers;
  assert.equal(servers.length, 1);
  return servers[0]!;
}

const keys = (s: ServerReport) => Object.keys(s.legacy ?? {}).sort();
const unknownKeys = (s: ServerReport) => [...new Set(s.unknown.map((u) => u.path.join(".")))].sort();

describe("MCP-Nest: decorators of the workspace", () => {
  it("other packages' decorators (and globals' members) add nothing and keep the prediction exact", () => {
    const s = server({ "app.ts": `${HEAD}import { Roles } from "some-auth-package";
@McpController()
class C {
  @UseGuards(Object) @SetMetadata("k", 1) @Roles("admin") @Reflect.metadata("k", 1)
  m() {}
}${TAIL}` });
    assert.equal(s.exact, true, JSON.stringify(s.unknown));
    assert.deepEqual(keys(s), ["logging"]);
  });

  it("follows MCP-Nest's Tool re-exported by a barrel of the workspace, in a file that does not import MCP-Nest", () => {
    const s = server({
      "mcp.ts": `export { Tool as McpTool } from "@rekog/mcp-nest";\n`,
      "c.ts": `import { Controller } from "@nestjs/common";\nimport { McpTool } from "./mcp";\n@Controller()\nexport class C {\n  @McpTool({ name: "t", description: "t" })\n  t() {}\n}\n`,
      "app.ts": `${HEAD}import { C } from "./c";${TAIL}`,
    });
    assert.equal(s.exact, true, JSON.stringify(s.unknown));
    assert.deepEqual(keys(s), ["logging", "tools"]);
  });

  it("follows a decorator handed to a composite as its argument", () => {
    const s = server({ "app.ts": `${HEAD}const WithAdmin = (d: MethodDecorator) => applyDecorators(d, SetMetadata("admin", true));
@McpController()
class C {
  @WithAdmin(Prompt({ name: "p", description: "p" }))
  p() {}
}${TAIL}` });
    assert.equal(s.exact, true, JSON.stringify(s.unknown));
    assert.deepEqual(keys(s), ["logging", "prompts"]);
  });

  it("a decorator not followed that names nothing of MCP-Nest adds nothing", () => {
    const s = server({ "app.ts": `${HEAD}function log(key: string | symbol) { return String(key); }
function Audit(): MethodDecorator {
  return (_t, key, d) => { log(key); return d; };
}
@McpController()
class C {
  @Audit()
  m() {}
}${TAIL}` });
    assert.equal(s.exact, true, JSON.stringify(s.unknown));
    assert.deepEqual(keys(s), ["logging"]);
  });

  it("a decorator built from something not known statically makes every kind unknown", () => {
    const s = server({ "app.ts": `${HEAD}let pick: () => MethodDecorator = () => Tool({ name: "t", description: "t" });
@McpController()
class C {
  @pick()
  m() {}
}${TAIL}` });
    assert.equal(s.exact, false);
    assert.deepEqual(unknownKeys(s), ["prompts", "resources", "tools"]);
  });

  it("a decorator of a named controller is unknown only for that server", () => {
    const s = server({ "app.ts": `${HEAD}function Maybe(on: boolean): MethodDecorator { if (on) return Tool({ name: "t", description: "t" }); return () => {}; }
@McpController({ server: "other" })
class C {
  @Maybe(true)
  m() {}
}${TAIL}` });
    assert.equal(s.exact, true, JSON.stringify(s.unknown));
  });
});

describe("MCP-Nest: uses of the strategy not modelled", () => {
  const app = (extra: string) => server({ "app.ts": `${HEAD}@McpController()\nclass C {}${TAIL}${extra}` });

  it("an alias, a helper, a property written on it: unknown at the place", () => {
    for (const extra of ["const s = strategy;\ns.registerTool({} as never);\n", "declare function wire(x: unknown): void;\nwire(strategy);\n", "(strategy as any).options.capabilities = { tools: {} };\n"]) {
      const s = app(extra);
      assert.equal(s.exact, false, extra);
      assert.deepEqual(unknownKeys(s), ["prompts", "resources", "tools"], extra);
    }
  });

  it("listen, close, an export, a same-named parameter or property, and comments keep it exact", () => {
    const s = app(`// the strategy is served by strategy.listen()
strategy.listen(() => {});
strategy.close();
export { strategy as mcpStrategy };
function f(strategy: unknown) { return strategy; }
class Holder { constructor(private readonly strategy: unknown) {} get() { return this.strategy; } }
const o = { strategy: 1 };
`);
    assert.equal(s.exact, true, JSON.stringify(s.unknown));
  });
});
