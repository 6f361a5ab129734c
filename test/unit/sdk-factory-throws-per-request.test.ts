// An SDK v2 factory that throws under a condition on the context it is called with (a header, the
// auth info), other than its era: each request decides, so whether one is answered is left open.
// A throw under a condition on the environment stays what it was (the prediction is what a started
// server sends). Fixture 524 proves the first with the real SDK (trial 144 c96, c103).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

const FACTORY = (check: string) =>
  `import { McpServer } from "@modelcontextprotocol/server";\nexport function build(ctx: any) {\n${check}\n  const s = new McpServer({ name: "f", version: "1" });\n  s.registerTool("t", {}, async () => ({ content: [] }));\n  return s;\n}\n`;
const HTTP = 'import { createMcpHandler } from "@modelcontextprotocol/server";\nimport { build } from "./factory";\nexport const handler = createMcpHandler(build);\n';
const STDIO = 'import { serveStdio } from "@modelcontextprotocol/server/stdio";\nimport { build } from "./factory";\nserveStdio(build);\n';

describe("SDK v2: a factory that throws for some requests", () => {
  for (const [label, check, entry] of [
    ["a header read into a local", '  const key = ctx.requestInfo?.headers.get("x-api-key");\n  if (!key) throw new Error("unauthorized");', HTTP],
    ["the auth info, under serveStdio", '  if (!ctx.authInfo) throw new Error("unauthenticated");', STDIO],
  ] as const) {
    it(`${label}: approximate, the request decides`, () => {
      const s = analyze({ "factory.ts": FACTORY(check), "main.ts": entry }).servers.get("f")!;
      assert.equal(s.exact, false);
      assert.deepEqual(s.legacy, { tools: { listChanged: true } });
      assert.ok(s.unknown.some((u) => u.path.length === 0 && !u.spread && /throws under a condition on the context it is called with/.test(u.reason)), JSON.stringify(s.unknown));
    });
  }

  it("a condition on the environment, or on the era (its own rule), is not this", () => {
    const s = analyze({ "factory.ts": FACTORY('  if (!process.env.API_KEY) throw new Error("no key");'), "main.ts": HTTP }).servers.get("f")!;
    assert.ok(!s.unknown.some((u) => /condition on the context/.test(u.reason)), JSON.stringify(s.unknown));
    for (const [param, check] of [["{ era }: any", 'if (era === "legacy") throw new Error("upgrade");'], ["ctx: any", 'if (ctx.era === "legacy") throw new Error("upgrade");']]) {
      const source = `import { McpServer } from "@modelcontextprotocol/server";\nimport { serveStdio } from "@modelcontextprotocol/server/stdio";\nserveStdio((${param}) => {\n  ${check}\n  const s = new McpServer({ name: "f", version: "1" });\n  s.registerTool("t", {}, async () => ({ content: [] }));\n  return s;\n});\n`;
      const era = analyze({ "main.ts": source }).servers.get("f")!;
      assert.ok(!era.unknown.some((u) => /condition on the context/.test(u.reason)), `${param}: ${JSON.stringify(era.unknown)}`);
      assert.ok(era.unknown.some((u) => u.era === "legacy"), `${param}: ${JSON.stringify(era.unknown)}`);
    }
  });
});
