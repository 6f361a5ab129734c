// `serverMutator: addExtras`: a function the options name rather than write in place is read as an
// inline mutator is, wherever the name is declared (this file, a module it imports, through a barrel):
// trial 156 c058, fixture 73. A name that may hold another function (`let`, a function assigned again)
// is not followed. A serverMutator that comes through a spread of a const, or in the literal a function
// returns, is the one read (it was looked for only in the options as written at `new McpStrategy`).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { InMemoryFileSystemHost } from "ts-morph";
import { Workspace } from "../../server/src/analysis/core/workspace";
import { DIALECTS } from "../../server/src/analysis/dialects";
import type { ServerReport } from "../../server/src/analysis/core/model/serverReport";

const APP = (head: string, options: string) => `import { Module } from "@nestjs/common";
import { NestFactory } from "@nestjs/core";
import { McpController, McpStrategy, StdioTransport, Tool } from "@rekog/mcp-nest";
${head}
@McpController()
class C {
  @Tool({ name: "t", description: "t" })
  t() {}
}
@Module({ controllers: [C] })
class AppModule {}
export const strategy = new McpStrategy(${options});
NestFactory.createMicroservice(AppModule, { strategy });
`;
const OPTIONS = `{ name: "app", version: "1.0.0", transports: [new StdioTransport()], serverMutator: addExtras }`;
const BODY = `(server: any) {\n  server.registerPrompt("p", { description: "p" }, () => ({ messages: [] }));\n  return server;\n}`;

function only(files: Record<string, string>): ServerReport {
  const fs = new InMemoryFileSystemHost();
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(`/w/src/${name}`, text);
  fs.writeFileSync("/w/node_modules/@rekog/mcp-nest/package.json", JSON.stringify({ name: "@rekog/mcp-nest", version: "2.0.5" }));
  const ws = new Workspace({ fileSystem: fs, dialects: DIALECTS, roots: ["/w"] });
  const found = ws.analyzeFiles(Object.keys(files).map((n) => `/w/src/${n}`), { tasksExtension: false }).servers.filter((s) => s.dialect === "mcp-nest");
  assert.equal(found.length, 1);
  return found[0]!;
}

const WITH_PROMPT = { logging: {}, prompts: { listChanged: true }, tools: { listChanged: true } };

describe("MCP-Nest: a serverMutator named, not written in place", () => {
  for (const [what, files] of [
    ["a function declared in the file", { "app.ts": APP(`function addExtras${BODY}`, OPTIONS) }],
    ["a const arrow of the file", { "app.ts": APP(`const addExtras = ${BODY.replace(") {", ") => {")};`, OPTIONS) }],
    ["a function imported through a barrel", { "extras.ts": `export function addExtras${BODY}\n`, "index.ts": `export * from "./extras";\n`, "app.ts": APP(`import { addExtras } from "./index";`, OPTIONS) }],
    ["a spread const of another module holding it", { "config.ts": `export function addExtras${BODY}\nexport const BASE = { name: "app", version: "1.0.0", serverMutator: addExtras };\n`, "app.ts": APP(`import { BASE } from "./config";`, `{ ...BASE, transports: [new StdioTransport()] }`) }],
  ] as const) {
    it(`reads ${what}`, () => {
      const s = only(files);
      assert.equal(s.exact, true, JSON.stringify(s.unknown));
      assert.deepEqual(s.legacy, WITH_PROMPT);
    });
  }

  for (const [what, head] of [
    ["a let", `let addExtras = function ${BODY};\nif (process.env.X) addExtras = (s: any) => s;`],
    ["a function assigned again", `function addExtras${BODY}\n// eslint-disable-next-line no-func-assign\naddExtras = ((s: any) => s) as never;`],
    ["a function of a package", `import { addExtras } from "some-mcp-extras";`],
  ] as const) {
    it(`leaves every key open for ${what}`, () => {
      const s = only({ "app.ts": APP(head, OPTIONS) });
      assert.equal(s.exact, false);
      assert.ok(s.unknown.some((u) => u.path.length === 0 && u.spread && /serverMutator/.test(u.reason)), JSON.stringify(s.unknown));
    });
  }
});
