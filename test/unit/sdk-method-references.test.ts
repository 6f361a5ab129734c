// SDK v2 entry points given a method by reference (`createMcpHandler(FeedServer.create)`,
// `serveStdio(factories.create)`) call it with no `this`. The exact cases are checked against the real
// SDK by the differential fixtures 669-671 (672: a reference replaced by another module stays
// approximate); these pin the other references that must stay approximate, and the legacy `reject`
// option read through them.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyze } from "../helpers/memoryWorkspace";

const HEAD = 'import { createMcpHandler, McpServer } from "@modelcontextprotocol/server";\n';
const BODY = '    const server = new McpServer({ name: "s", version: "1" });\n    server.registerTool("t", { description: "d" }, async () => ({ content: [] }));\n    return server;\n';
const TOOLS = { tools: { listChanged: true } };

/** The server named "s" (the method's): the source may build others. */
function only(source: string) {
  const s = analyze({ "index.ts": source }).servers.get("s");
  assert.ok(s, "the server s is found");
  return s;
}

/** The approximation the method's unresolved return leaves: what its callers add is not followed. */
const returnedOpen = (s: ReturnType<typeof only>) => s.unknown.some((u) => /is returned by .*what its callers add is not followed/.test(u.reason));

describe("SDK v2: a method handed by reference to an entry point", () => {
  it("a static method reading no this: exact, with the entry point's options", () => {
    const s = only(`${HEAD}class F {\n  static create() {\n${BODY}  }\n}\nexport const handler = createMcpHandler(F.create, { legacy: "reject" });\n`);
    assert.deepEqual(s.unknown, []);
    assert.equal(s.legacy, null);
    assert.deepEqual(s.modern, TOOLS);
  });

  it("an object literal's arrow property, and the arrow form calling an object's method: exact", () => {
    const arrowProperty = only(`${HEAD}const f = {\n  create: () => {\n${BODY}  },\n};\nexport const handler = createMcpHandler(f.create);\n`);
    assert.deepEqual(arrowProperty.unknown, []);
    assert.deepEqual(arrowProperty.modern, TOOLS);
    const called = only(`${HEAD}const f = {\n  create() {\n${BODY}  },\n};\nexport const handler = createMcpHandler(() => f.create());\n`);
    assert.deepEqual(called.unknown, []);
    assert.deepEqual(called.legacy, TOOLS);
  });
});

describe("SDK v2: method references that stay approximate", () => {
  it("a static method that reads this (undefined when the entry point calls it)", () => {
    const s = only(`${HEAD}class F {\n  static title = "s";\n  static create() {\n    const server = new McpServer({ name: "s", version: this.title });\n    return server;\n  }\n}\nexport const handler = createMcpHandler(F.create);\n`);
    assert.equal(s.exact, false);
    assert.ok(returnedOpen(s), JSON.stringify(s.unknown));
  });

  it("an object whose other method may replace it through this", () => {
    const s = only(`${HEAD}const f = {\n  create() {\n${BODY}  },\n  wrap() { this.create = () => new McpServer({ name: "other", version: "1" }); },\n};\nexport const handler = createMcpHandler(f.create);\n`);
    assert.equal(s.exact, false);
  });

  it("an exported object, one written to, one handed whole to a function", () => {
    const literal = `const f = {\n  create() {\n${BODY}  },\n};\n`;
    for (const [what, source] of [
      ["exported", `${HEAD}export ${literal}export const handler = createMcpHandler(f.create);\n`],
      ["written", `${HEAD}${literal}declare const other: () => McpServer;\nif (process.env.X) f.create = other;\nexport const handler = createMcpHandler(f.create);\n`],
      ["handed on", `${HEAD}${literal}declare function patch(x: object): void;\npatch(f);\nexport const handler = createMcpHandler(f.create);\n`],
    ] as const) {
      const s = only(source);
      assert.equal(s.exact, false, what);
      assert.ok(returnedOpen(s), `${what}: ${JSON.stringify(s.unknown)}`);
    }
  });

  it("a name that, where the reference is written, is a parameter rather than the class", () => {
    const s = only(`${HEAD}class F {\n  static create() {\n${BODY}  }\n}\nexport function serve(F: { create: () => McpServer }) {\n  return createMcpHandler(F.create);\n}\nserve(F);\n`);
    assert.equal(s.exact, false);
  });
});
